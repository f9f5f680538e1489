/**
 * Writes a collection as a dump directory that `readClusterDump` (dumps.ts) reads back
 * into the same objects, reads, version and API server metrics: what `extension-scorecard
 * audit --dump` keeps of a live cluster, for an air-gapped re-audit or a bug report.
 *
 * What it writes:
 * - one `v1 List` YAML per resource of the collector's table, named after its plural
 *   (`deployments.yaml`, `podchaos.yaml`): every resource that has objects, and every
 *   resource read `ok` without any (an empty list says "listed, none");
 * - `version.json`: `{ "serverVersion": {...} }` as `kubectl version -o json` prints it,
 *   when the server version was read;
 * - `reads.yaml`: every resource key's read status (ok with the version, forbidden,
 *   not-served, failed with the reason); a key read through several lists (`chaosmesh`)
 *   is written per list (`podchaos.chaos-mesh.org`) so that reading it back folds into
 *   the same status; a metrics read that was not ok is its `/metrics` entry;
 * - `metrics.txt`: when the metrics read was ok, the `apiserver_requested_deprecated_apis`
 *   series regenerated as Prometheus text (every other family of the API server's
 *   `/metrics` is not kept).
 *
 * What a dump cannot say, and is therefore not kept: a whole-cluster `error` (nothing
 * is written for such a collection) and the reason of a version read that was not ok.
 * The collection holds no Secrets and no credentials, so neither does the dump.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { DEPRECATED_APIS_METRIC } from './metrics';
import { combineReads } from './objects';
import { RESOURCE_KEYS, specForObject, specsForKey } from './resources';
import type {
  ClusterCollection,
  DeprecatedApiRequest,
  KubeObject,
  ReadStatus,
  ResourceSpec,
} from './types';

const VERSION_FILE = 'version.json';
const READS_FILE = 'reads.yaml';
const METRICS_FILE = 'metrics.txt';

/** The file a resource's objects are written to. */
function fileOf(spec: ResourceSpec): string {
  return `${spec.plural}.yaml`;
}

/** Every file name the writer may create (and replaces when the directory is reused). */
function managedFiles(): Set<string> {
  const names = new Set([VERSION_FILE, READS_FILE, METRICS_FILE]);
  for (const key of RESOURCE_KEYS) {
    for (const spec of specsForKey(key)) names.add(fileOf(spec));
  }
  return names;
}

/**
 * Why `directory` cannot take a dump, or undefined when it can: it must be absent, empty,
 * or hold only files this writer writes (an earlier dump of the same cluster, replaced).
 * Anything else would be read back as part of the dump.
 * @public
 */
export async function dumpDirectoryProblem(
  directory: string,
): Promise<string | undefined> {
  let entries: string[];
  try {
    const stat = await fs.stat(directory);
    if (!stat.isDirectory()) return `${directory} is not a directory`;
    entries = await fs.readdir(directory);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return undefined;
    return `cannot read ${directory}: ${describe(e)}`;
  }
  const managed = managedFiles();
  const foreign = entries.filter(name => !managed.has(name)).sort();
  if (foreign.length === 0) return undefined;
  const shown = foreign.slice(0, 5).join(', ');
  return `${directory} holds files that are not part of a dump written by extension-scorecard (${shown}${
    foreign.length > 5 ? ', …' : ''
  }); dump into an empty directory`;
}

/**
 * Writes `collection` as a dump directory (created when absent; an earlier dump written
 * there is replaced). Throws for a collection with a whole-cluster `error` (a dump has no
 * way to say it) and for a directory that holds other files.
 * Returns the files written, relative to `directory`.
 * @public
 */
export async function writeClusterDump(
  collection: ClusterCollection,
  directory: string,
): Promise<string[]> {
  if (collection.error) {
    throw new Error(
      `cluster '${collection.cluster}' could not be read, there is nothing to dump: ${collection.error}`,
    );
  }
  const problem = await dumpDirectoryProblem(directory);
  if (problem) throw new Error(problem);
  await fs.mkdir(directory, { recursive: true });
  const managed = managedFiles();
  for (const name of await fs.readdir(directory)) {
    if (managed.has(name)) await fs.rm(path.join(directory, name));
  }

  const files = new Map<string, string>();
  const header = (what: string) =>
    `# ${what}, cluster ${JSON.stringify(collection.cluster)}, read ${
      collection.collectedAt
    } (extension-scorecard audit --dump)\n`;

  for (const key of RESOURCE_KEYS) {
    const specs = specsForKey(key);
    const objects = collection.objects[key] ?? [];
    for (const spec of specs) {
      const mine = objects.filter(
        o => specForObject(o.apiVersion, o.kind)?.spec === spec,
      );
      const listedNone =
        specs.length === 1 && collection.reads[key]?.state === 'ok';
      if (mine.length === 0 && !listedNone) continue;
      files.set(
        fileOf(spec),
        header(`${spec.plural}${spec.group ? `.${spec.group}` : ''}`) +
          toYaml(vList(mine)),
      );
    }
  }

  const reads: Record<string, unknown> = {};
  for (const key of RESOURCE_KEYS) {
    const status = collection.reads[key];
    if (!status) continue;
    const specs = specsForKey(key);
    const parts = specs.length > 1 ? splitRead(status, specs) : undefined;
    if (!parts) {
      reads[key] = readEntry(status);
      continue;
    }
    for (const [index, spec] of specs.entries())
      reads[`${spec.plural}.${spec.group}`] = readEntry(parts[index]);
  }
  const metricsStatus = collection.apiServerMetrics?.status;
  if (metricsStatus && metricsStatus.state !== 'ok') {
    reads['/metrics'] = readEntry(metricsStatus);
  }
  files.set(
    READS_FILE,
    `${header(
      'How each read went',
    )}# keys: resource keys, or plural.group for a key read through several lists\n${toYaml(
      reads,
    )}`,
  );

  if (collection.version) {
    files.set(
      VERSION_FILE,
      `${JSON.stringify({ serverVersion: collection.version }, null, 2)}\n`,
    );
  }

  if (collection.apiServerMetrics?.status.state === 'ok') {
    files.set(
      METRICS_FILE,
      metricsText(collection.apiServerMetrics.deprecatedApiRequests),
    );
  }

  for (const [name, content] of files)
    await fs.writeFile(path.join(directory, name), content, 'utf8');
  return [...files.keys()].sort();
}

/** A `v1 List` as `kubectl get -o yaml` prints it; items keep their apiVersion and kind. */
function vList(items: KubeObject[]) {
  return {
    apiVersion: 'v1',
    kind: 'List',
    metadata: { resourceVersion: '' },
    items,
  };
}

function toYaml(value: unknown): string {
  // no anchors for objects met twice, no folded long lines: plain data, read back as is
  return stringify(value, { aliasDuplicateObjects: false, lineWidth: 0 });
}

/** A reads.yaml value: `ok`, `{state: ok, version}`, or `{state, reason}`. */
function readEntry(status: ReadStatus): unknown {
  if (status.state === 'ok')
    return status.version ? { state: 'ok', version: status.version } : 'ok';
  return { state: status.state, reason: status.reason };
}

/**
 * The per-list statuses of a key read through several lists that `combineReads` folds
 * back into `status`, or undefined when its reason cannot be split (then the key is
 * written as one entry, whose reason reads back with the list names prefixed).
 */
function splitRead(
  status: ReadStatus,
  specs: ResourceSpec[],
): ReadStatus[] | undefined {
  let parts: ReadStatus[] | undefined;
  if (status.state === 'ok') {
    parts = specs.map(() => status);
  } else if (status.state === 'failed' || status.state === 'forbidden') {
    // combineReads wrote `<plural>: <reason>` of the worst list; the others did no harm
    const index = specs.findIndex(s =>
      status.reason.startsWith(`${s.plural}: `),
    );
    if (index >= 0) {
      parts = specs.map((s, i) =>
        i === index
          ? {
              state: status.state,
              reason: status.reason.slice(s.plural.length + 2),
            }
          : { state: 'ok' as const },
      );
    }
  } else {
    // `<plural1>: <reason1>; <plural2>: <reason2>; …` in table order
    const first = `${specs[0].plural}: `;
    if (!status.reason.startsWith(first)) return undefined;
    const reasons: string[] = [];
    let at = first.length;
    for (const spec of specs.slice(1)) {
      const marker = `; ${spec.plural}: `;
      const start = status.reason.indexOf(marker, at);
      if (start < 0) return undefined;
      reasons.push(status.reason.slice(at, start));
      at = start + marker.length;
    }
    reasons.push(status.reason.slice(at));
    parts = reasons.map(reason => ({ state: 'not-served' as const, reason }));
  }
  if (!parts) return undefined;
  const folded = combineReads(
    specs.map((s, i) => ({ plural: s.plural, status: parts![i] })),
  );
  return JSON.stringify(folded) === JSON.stringify(status) ? parts : undefined;
}

/** The deprecated API requests as the API server's `/metrics` prints the gauge. */
function metricsText(requests: DeprecatedApiRequest[]): string {
  const label = (value: string) =>
    `"${value
      .replace(/\\/g, '\\\\')
      .replace(/"/g, '\\"')
      .replace(/\n/g, '\\n')}"`;
  const lines = [
    `# Only ${DEPRECATED_APIS_METRIC} of the API server's /metrics, written by extension-scorecard audit --dump`,
    `# HELP ${DEPRECATED_APIS_METRIC} [STABLE] Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.`,
    `# TYPE ${DEPRECATED_APIS_METRIC} gauge`,
    ...requests.map(
      r =>
        `${DEPRECATED_APIS_METRIC}{group=${label(r.group)},version=${label(
          r.version,
        )},resource=${label(r.resource)},subresource=${label(
          r.subresource,
        )},removed_release=${label(r.removedRelease)}} 1`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
