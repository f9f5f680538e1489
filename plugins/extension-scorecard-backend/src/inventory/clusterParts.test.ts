/**
 * An inventory built with the last build's per-cluster parts must be the inventory
 * built from scratch, object for object, whatever changed: nothing, statuses in every
 * cluster, one cluster, the catalog, or which entities own components at all.
 */
import {
  loadDemoFleet,
  loadUpstreamFleet,
  type ExampleFleet,
} from './__testUtils__/exampleFleets';
import { withStatusesMovedOn } from '../testUtils/statusChurn';
import type { ClusterCollection, KubeObject } from '../collect/types';
import {
  catalogFingerprint,
  clusterFingerprint,
  inventoryFingerprint,
} from '../pipeline/fingerprints';
import { canonicalJson } from '../store/encoding';
import { buildInventory, type BuildInventoryInput } from './buildInventory';
import { InventoryParts, objectResolver } from './clusterParts';
import { isExtensionComponent } from './linking';
import type { Inventory } from './model';

jest.setTimeout(60_000);

const NOW = '2026-12-01T08:00:00.000Z';
const FIXTURES: Array<[string, () => Promise<ExampleFleet>]> = [
  ['the demo', () => loadDemoFleet(Date.parse(NOW))],
  ['the upstream fixtures', () => loadUpstreamFleet(Date.parse(NOW))],
];

let latestEntities: BuildInventoryInput['entities'] = [];

/** The keys the refresh memo gives: what the inventory reads of each cluster, with the catalog. */
function keysOf(input: BuildInventoryInput): Map<string, string> {
  const catalog = catalogFingerprint(input.entities);
  return new Map(
    input.clusters.map(c => [
      c.cluster,
      `${inventoryFingerprint(c)} ${catalog}`,
    ]),
  );
}

/** The same read again: equal objects, none of them the same JS object. */
function readAgain(clusters: ClusterCollection[]): ClusterCollection[] {
  return clusters.map(c => structuredClone(c));
}

/** `clusters` with the first non-system Deployment of `cluster` scaled by one (a new generation, as the API server gives a spec change). */
function scaledOne(
  clusters: ClusterCollection[],
  cluster: string,
): ClusterCollection[] {
  return readAgain(clusters).map(c => {
    if (c.cluster !== cluster) return c;
    const target = (c.objects.deployments ?? []).find(
      d => d.metadata.namespace !== 'kube-system',
    )!;
    target.metadata.resourceVersion = `${
      Number(target.metadata.resourceVersion ?? 0) + 1
    }`;
    target.spec = {
      ...target.spec,
      replicas: Number(target.spec?.replicas ?? 1) + 1,
    };
    if (target.metadata.generation !== undefined)
      target.metadata.generation += 1;
    return c;
  });
}

function built(
  input: BuildInventoryInput,
  parts: InventoryParts,
): { inventory: Inventory; rebuilt: readonly string[] } {
  const inventory = buildInventory(input, {
    parts,
    keys: keysOf(input),
    catalogKey: catalogFingerprint(input.entities),
  });
  return { inventory, rebuilt: parts.rebuilt };
}

/** Every object of every instance is the very object its cluster's collection holds. */
function expectObjectsOfTheRead(inventory: Inventory) {
  let seen = 0;
  for (const component of inventory.components) {
    for (const instance of component.instances) {
      const collection = inventory.clusters.find(
        c => c.cluster === instance.cluster,
      )!;
      const read = new Set<KubeObject>(
        Object.values(collection.objects).flatMap(list => list ?? []),
      );
      for (const list of Object.values(instance.objects)) {
        for (const object of list as KubeObject[]) {
          expect(read.has(object)).toBe(true);
          seen += 1;
        }
      }
    }
  }
  expect(seen).toBeGreaterThan(0);
}

function expectSameAsFromScratch(inventory: Inventory) {
  const scratch = buildInventory({
    clusters: inventory.clusters,
    entities: latestEntities,
    now: NOW,
  });
  expect(canonicalJson(inventory.components)).toBe(
    canonicalJson(scratch.components),
  );
  expectObjectsOfTheRead(inventory);
}

describe.each(FIXTURES)('inventory parts kept per cluster: %s', (_, loadIt) => {
  it('rebuilds only the clusters read differently, and gives what a full build gives', async () => {
    const { clusters, entities } = await loadIt();
    const names = clusters.map(c => c.cluster);
    expect(names.length).toBeGreaterThanOrEqual(2);
    const parts = new InventoryParts();
    latestEntities = entities;

    // first build: every cluster read
    const first = built({ clusters, entities, now: NOW }, parts);
    expect(first.rebuilt).toEqual(names);
    const parsedFirst = parts.catalog(catalogFingerprint(entities));
    expect(first.inventory.components.length).toBeGreaterThan(3);
    expectSameAsFromScratch(first.inventory);

    // the same read again: no cluster read again, objects those of the new read
    const again = built(
      { clusters: readAgain(clusters), entities, now: NOW },
      parts,
    );
    expect(again.rebuilt).toEqual([]);
    expectSameAsFromScratch(again.inventory);
    // the catalog, read the same, was not parsed again
    const parsed = parts.catalog(catalogFingerprint(entities));
    expect(parsed?.entities.length).toBeGreaterThan(3);
    expect(parsed).toBe(parsedFirst);

    // an hour later every cluster's statuses and EndpointSlices moved on: read
    // differently, grouped the same, so no cluster is read again
    const movedOn = readAgain(clusters).map(c => withStatusesMovedOn(c, 1));
    expect(movedOn.map(clusterFingerprint)).not.toEqual(
      clusters.map(clusterFingerprint),
    );
    const hourLater = built({ clusters: movedOn, entities, now: NOW }, parts);
    expect(hourLater.rebuilt).toEqual([]);
    expectSameAsFromScratch(hourLater.inventory);

    // one Deployment scaled in the second cluster: only that cluster
    const scaled = built(
      { clusters: scaledOne(clusters, names[1]), entities, now: NOW },
      parts,
    );
    expect(scaled.rebuilt).toEqual([names[1]]);
    expectSameAsFromScratch(scaled.inventory);

    // the catalog changed (one entity's description): every cluster again
    const changedCatalog = entities.map((e, i) =>
      i === entities.length - 1
        ? {
            ...e,
            metadata: {
              ...e.metadata,
              description: 'changed',
              etag: 'changed',
            },
          }
        : e,
    );
    latestEntities = changedCatalog;
    const recatalogued = built(
      { clusters: readAgain(clusters), entities: changedCatalog, now: NOW },
      parts,
    );
    expect(recatalogued.rebuilt).toEqual(names);
    expect(parts.catalog(catalogFingerprint(entities))).toBeUndefined();
    expect(parts.catalog(catalogFingerprint(changedCatalog))).not.toBe(
      parsedFirst,
    );
    expectSameAsFromScratch(recatalogued.inventory);
  });
});

it('reads every cluster again when the entities owning components change', async () => {
  // the upstream catalog holds ordinary components naming extensions they run
  const { clusters, entities } = await FIXTURES[1][1]();
  latestEntities = entities;
  const parts = new InventoryParts();
  const first = built({ clusters, entities, now: NOW }, parts).inventory;
  // an entity that owns what it names in one cluster only, without declaring itself
  // an extension: once that cluster no longer runs it, it owns nothing anywhere
  const undeclared = new Set(
    entities.filter(e => !isExtensionComponent(e)).map(e => e.metadata.uid),
  );
  const target = first.components.find(
    c =>
      c.catalog &&
      c.instances.length === 1 &&
      entities.some(
        e =>
          undeclared.has(e.metadata.uid) &&
          `${e.kind.toLowerCase()}:${e.metadata.namespace ?? 'default'}/${
            e.metadata.name
          }` === c.catalog!.entityRef,
      ),
  );
  expect(target).toBeDefined();
  const [instance] = target!.instances;
  const gone = new Set<KubeObject>(
    Object.values(instance.objects).flatMap(l => l as KubeObject[]),
  );
  const without = clusters.map(c =>
    c.cluster !== instance.cluster
      ? structuredClone(c)
      : {
          ...c,
          objects: Object.fromEntries(
            Object.entries(c.objects).map(([list, items]) => [
              list,
              (items ?? []).filter(o => !gone.has(o) || o.kind === 'Node'),
            ]),
          ),
        },
  );
  const after = built({ clusters: without, entities, now: NOW }, parts);
  expect(after.inventory.components.map(c => c.id)).not.toContain(target!.id);
  expect(after.rebuilt).toEqual(clusters.map(c => c.cluster));
  expectSameAsFromScratch(after.inventory);
});

describe('objectResolver', () => {
  it('finds in another read of a cluster each object of the first, and nothing for one gone', async () => {
    const { clusters } = await loadUpstreamFleet(Date.parse(NOW));
    let found = 0;
    for (const collection of clusters) {
      const again = structuredClone(collection);
      const resolve = objectResolver(again);
      for (const [key, list] of Object.entries(collection.objects)) {
        const listAgain = again.objects[key as keyof typeof again.objects]!;
        for (const [i, object] of (list ?? []).entries()) {
          expect(resolve(object)).toBe(listAgain[i]);
          found += 1;
        }
      }
      const gone = structuredClone(collection.objects.deployments![0]);
      gone.metadata = { ...gone.metadata, uid: 'gone', name: 'gone' };
      expect(resolve(gone)).toBeUndefined();
    }
    expect(found).toBeGreaterThan(500);
  });

  it('finds objects of a list that holds several kinds, with or without a uid', () => {
    const chaos = (kind: string, name: string, uid?: string): KubeObject => ({
      apiVersion: 'chaos-mesh.org/v1alpha1',
      kind,
      metadata: { namespace: 'chaos', name, ...(uid ? { uid } : {}) },
    });
    const collection = {
      cluster: 'c',
      objects: {
        chaosmesh: [
          chaos('PodChaos', 'kill-one', 'u1'),
          chaos('NetworkChaos', 'delay', 'u2'),
          chaos('IOChaos', 'slow-disk'),
        ],
      },
    } as unknown as ClusterCollection;
    const resolve = objectResolver(structuredClone(collection));
    for (const object of collection.objects.chaosmesh!) {
      expect(resolve(object)).toEqual(object);
      expect(resolve(object)).not.toBe(object);
    }
    expect(resolve(chaos('IOChaos', 'other'))).toBeUndefined();
  });
});
