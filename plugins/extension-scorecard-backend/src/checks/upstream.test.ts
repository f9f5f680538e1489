/**
 * Acceptance on real upstream manifests: examples/upstream holds cluster dumps written
 * from upstream projects' released manifests and charts (provenance in each file), a
 * company catalog that was never re-typed for this tool, and one expectation table per
 * project, written by hand from reading the manifests before the code ran.
 *
 * For every table: the project's objects form exactly one component (or none, for what is
 * not an extension), of the expected kind and owner; cluster-shared objects are in no
 * component; the key verdicts hold. Nodes, CSINodes and Pods are shared context:
 * components point at them (a scheduler at the Pods waiting for it), none owns them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {
  CheckResult,
  ComponentScorecard,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { parse, parseAllDocuments } from 'yaml';
import { readCatalogFiles } from '../collect/catalog';
import { readClusterDump } from '../collect/dumps';
import { specForObject } from '../collect/resources';
import type { ClusterCollection, KubeObject } from '../collect/types';
import { buildInventory } from '../inventory/buildInventory';
import type { ExtensionComponent, Inventory } from '../inventory/model';
import { clusterOf } from '../inventory/testdata/fixtures';
import { evaluateInventory } from '../pipeline/evaluate';

const REPO = path.resolve(__dirname, '../../../..');
const UPSTREAM = path.join(REPO, 'examples/upstream');
const NOW = new Date('2026-12-01T00:00:00Z');
/** Shared context: several components may point at one, none owns it. */
const CONTEXT_KINDS = new Set(['Namespace', 'Node', 'CSINode', 'Pod']);

interface Expectation {
  name: string;
  project: string;
  cluster: string;
  file?: string;
  catalog?: string | null;
  kind?: string;
  owner?: string | null;
  components?: 0;
  objects?: string[];
  outside?: string[];
  verdicts?: Record<string, CheckResult['status']>;
}

function loadExpectations(): Expectation[] {
  const dir = path.join(UPSTREAM, 'expectations');
  return fs
    .readdirSync(dir)
    .filter(f => f.endsWith('.yaml'))
    .sort()
    .map(f => ({
      name: f.replace(/\.yaml$/, ''),
      ...(parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Omit<
        Expectation,
        'name'
      >),
    }));
}

/** `Kind ns/name` or `Kind name`, as the tables write objects. */
function describe_(obj: KubeObject): string {
  const ns = obj.metadata.namespace ? `${obj.metadata.namespace}/` : '';
  return `${obj.kind} ${ns}${obj.metadata.name}`;
}

/** The objects of a dump file the collector would keep. */
function fileObjects(cluster: string, file: string): KubeObject[] {
  const text = fs.readFileSync(
    path.join(UPSTREAM, 'clusters', cluster, file),
    'utf8',
  );
  return parseAllDocuments(text)
    .flatMap(doc => {
      const value = doc.toJS();
      if (!value) return [];
      return value.kind === 'List' || Array.isArray(value.items)
        ? value.items
        : [value];
    })
    .filter(
      (o: KubeObject) =>
        !!specForObject(o.apiVersion, o.kind) &&
        (o.kind !== 'Pod' || o.status?.phase === 'Pending'),
    );
}

/** Which components hold each object, per cluster (context kinds left out). */
function holders(inventory: Inventory): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of inventory.components) {
    for (const instance of c.instances) {
      for (const list of Object.values(instance.objects)) {
        for (const obj of list as KubeObject[]) {
          if (CONTEXT_KINDS.has(obj.kind)) continue;
          const key = `${instance.cluster}|${describe_(obj)}`;
          out.set(key, [...(out.get(key) ?? []), c.id]);
        }
      }
    }
  }
  return out;
}

async function loadUpstream() {
  const clusterNames = fs
    .readdirSync(path.join(UPSTREAM, 'clusters'))
    .filter(d => fs.statSync(path.join(UPSTREAM, 'clusters', d)).isDirectory())
    .sort();
  const clusters: ClusterCollection[] = [];
  for (const name of clusterNames) {
    clusters.push(
      await readClusterDump({
        name,
        directory: path.join(UPSTREAM, 'clusters', name),
        now: () => NOW,
      }),
    );
  }
  const catalogDir = path.join(UPSTREAM, 'catalog');
  const entities = await readCatalogFiles(
    fs
      .readdirSync(catalogDir)
      .filter(f => f.endsWith('.yaml'))
      .sort()
      .map(f => path.join(catalogDir, f)),
  );
  const inventory = buildInventory({ clusters, entities, now: NOW });
  const scorecards = evaluateInventory(inventory, { now: NOW });
  return { clusters, inventory, scorecards };
}

describe('no object in two components', () => {
  it('holds for the demo', async () => {
    const clusters = await Promise.all(
      ['prod-eu', 'staging-us'].map(name =>
        readClusterDump({
          name,
          directory: path.join(REPO, 'examples/clusters', name),
          now: () => NOW,
        }),
      ),
    );
    const entities = await readCatalogFiles([
      path.join(REPO, 'examples/org.yaml'),
      path.join(REPO, 'examples/entities.yaml'),
    ]);
    const inventory = buildInventory({ clusters, entities, now: NOW });
    expect(inventory.components.length).toBeGreaterThan(10);
    expect([...holders(inventory)].filter(([, ids]) => ids.length > 1)).toEqual(
      [],
    );
  });

  it('holds for the inventory fixtures, all in one cluster', () => {
    const dir = path.join(__dirname, '../inventory/testdata');
    const objects = fs
      .readdirSync(dir)
      .filter(f => f.endsWith('.yaml'))
      .flatMap(f =>
        parseAllDocuments(fs.readFileSync(path.join(dir, f), 'utf8'))
          .map(d => d.toJS())
          .filter(Boolean),
      );
    const inventory = buildInventory({
      clusters: [clusterOf('fixtures', objects)],
      entities: [],
      now: NOW,
    });
    expect(inventory.components.length).toBeGreaterThan(10);
    expect([...holders(inventory)].filter(([, ids]) => ids.length > 1)).toEqual(
      [],
    );
  });
});

describe('real upstream manifests (examples/upstream)', () => {
  const expectations = loadExpectations();
  let inventory: Inventory;
  let scorecards: Map<string, ComponentScorecard>;
  let held: Map<string, string[]>;

  let clusters: ClusterCollection[];

  beforeAll(async () => {
    const loaded = await loadUpstream();
    clusters = loaded.clusters;
    inventory = loaded.inventory;
    scorecards = new Map(loaded.scorecards.map(s => [s.componentId, s]));
    held = holders(inventory);
  });

  it('reads both clusters completely', () => {
    expect(
      clusters.map(c => ({
        cluster: c.cluster,
        error: c.error,
        problems: Object.entries(c.reads).filter(
          ([, r]) => r && r.state !== 'ok' && r.state !== 'not-served',
        ),
      })),
    ).toEqual([
      { cluster: 'eks-prod', error: undefined, problems: [] },
      { cluster: 'onprem-gpu', error: undefined, problems: [] },
    ]);
  });

  it('has an expectation table for every project file', () => {
    const tables = new Set(
      expectations.map(e => `${e.cluster}/${e.file ?? `${e.name}.yaml`}`),
    );
    const files = fs
      .readdirSync(path.join(UPSTREAM, 'clusters'))
      .flatMap(cluster =>
        fs
          .readdirSync(path.join(UPSTREAM, 'clusters', cluster))
          .filter(f => f.endsWith('.yaml') && f !== 'reads.yaml')
          .map(f => `${cluster}/${f}`),
      );
    expect(files.filter(f => !tables.has(f))).toEqual([]);
  });

  it('puts no object in two components', () => {
    const doubles = [...held].filter(([, ids]) => ids.length > 1);
    expect(doubles).toEqual([]);
  });

  describe.each(expectations.map(e => [e.project, e] as const))(
    '%s',
    (_title, e) => {
      const file = e.file ?? `${e.name}.yaml`;
      const objects = () => {
        const all = fileObjects(e.cluster, file).filter(
          o => !CONTEXT_KINDS.has(o.kind),
        );
        const outside = new Set(e.outside ?? []);
        if (e.objects) {
          const wanted = new Set(e.objects);
          return all.filter(o => wanted.has(describe_(o)));
        }
        return e.components === 0
          ? []
          : all.filter(o => !outside.has(describe_(o)));
      };
      const owners = () =>
        objects().map(o => ({
          object: describe_(o),
          components: held.get(`${e.cluster}|${describe_(o)}`) ?? [],
        }));
      const component = (): ExtensionComponent => {
        const [first] = owners();
        const found = inventory.components.find(
          c => c.id === first?.components[0],
        );
        if (!found) throw new Error(`${first?.object} is in no component`);
        return found;
      };

      if (e.components === 0) {
        it('makes no component of it', () => {
          const inAny = fileObjects(e.cluster, file)
            .filter(o => !CONTEXT_KINDS.has(o.kind))
            .map(describe_)
            .filter(d => held.has(`${e.cluster}|${d}`));
          expect(inAny).toEqual([]);
          expect(inventory.components.map(c => c.id)).not.toContain(
            e.catalog ?? 'no entity',
          );
        });
        return;
      }

      it('is exactly one component holding all of its objects', () => {
        const list = owners();
        expect(list.length).toBeGreaterThan(0);
        const ids = new Set(list.flatMap(o => o.components));
        expect({
          components: [...ids],
          missing: list.filter(o => !o.components.length),
        }).toEqual({
          components: [component().id],
          missing: [],
        });
      });

      it(`is a ${e.kind} owned by ${e.owner ?? 'nobody (orphan)'}`, () => {
        const c = component();
        expect({
          kind: c.kind,
          entity: c.catalog?.entityRef ?? null,
          owner: c.catalog?.owner?.ref ?? null,
        }).toEqual({
          kind: e.kind,
          entity: e.catalog ?? null,
          owner: e.owner ?? null,
        });
      });

      if (e.outside?.length) {
        it('leaves cluster-shared objects out of every component', () => {
          const inside = e
            .outside!.filter(d => !CONTEXT_KINDS.has(d.split(' ')[0]))
            .map(d => ({
              object: d,
              components: held.get(`${e.cluster}|${d}`) ?? [],
            }))
            .filter(o => o.components.length > 0);
          expect(inside).toEqual([]);
        });
      }

      if (e.verdicts) {
        it('has the verdicts read from its manifests', () => {
          const results = scorecards.get(component().id)!.results;
          const actual = Object.keys(e.verdicts!).map(id => {
            const r = results.filter(
              x =>
                x.checkId === id &&
                (x.cluster === null || x.cluster === e.cluster),
            );
            return {
              check: id,
              status: r.map(x => x.status).join(',') || 'missing',
              message: r.map(x => x.message).join(' | '),
            };
          });
          const wrong = actual
            .filter(a => a.status !== e.verdicts![a.check])
            .map(a => ({ ...a, expected: e.verdicts![a.check] }));
          expect(wrong).toEqual([]);
        });
      }
    },
  );
});
