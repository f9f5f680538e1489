/**
 * The repository's example fleets as a refresh reads them: every cluster dump of a
 * folder and the catalog files beside them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readCatalogFiles } from '../../collect/catalog';
import { readClusterDump } from '../../collect/dumps';
import type { ClusterCollection } from '../../collect/types';

const REPO = path.resolve(__dirname, '../../../../..');

export interface ExampleFleet {
  clusters: ClusterCollection[];
  entities: Awaited<ReturnType<typeof readCatalogFiles>>;
}

/** Every cluster dump under `clusterDir` (by name), read at `now`, and the catalog files. */
export async function loadExampleFleet(
  clusterDir: string,
  catalog: string[],
  now: number,
): Promise<ExampleFleet> {
  const names = fs
    .readdirSync(clusterDir)
    .filter(d => fs.statSync(path.join(clusterDir, d)).isDirectory())
    .sort();
  const clusters = await Promise.all(
    names.map(name =>
      readClusterDump({
        name,
        directory: path.join(clusterDir, name),
        now: () => new Date(now),
      }),
    ),
  );
  return { clusters, entities: await readCatalogFiles(catalog) };
}

/** The demo: `examples/clusters` with `examples/org.yaml` and `examples/entities.yaml`. */
export function loadDemoFleet(now: number): Promise<ExampleFleet> {
  return loadExampleFleet(
    path.join(REPO, 'examples/clusters'),
    [
      path.join(REPO, 'examples/org.yaml'),
      path.join(REPO, 'examples/entities.yaml'),
    ],
    now,
  );
}

/** The upstream fixtures: `examples/upstream/clusters` with every file of its catalog. */
export function loadUpstreamFleet(now: number): Promise<ExampleFleet> {
  const catalog = path.join(REPO, 'examples/upstream/catalog');
  return loadExampleFleet(
    path.join(REPO, 'examples/upstream/clusters'),
    fs
      .readdirSync(catalog)
      .filter(f => f.endsWith('.yaml'))
      .sort()
      .map(f => path.join(catalog, f)),
    now,
  );
}
