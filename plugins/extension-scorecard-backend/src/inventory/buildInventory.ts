/**
 * The inventory: cluster objects and catalog entities in, extension components out.
 * Pure: no I/O, no clock unless `now` is omitted.
 *
 * Per cluster:
 * 1. Detectors find extensions (Seeds), each with its backend.
 * 2. Seeds of one installation (projects.ts: Helm release, part-of, owner references,
 *    dedicated namespace; or a shared backend Service, CRD controller, driver…) form one
 *    group, and the installation's other objects (further controllers, Services, RBAC,
 *    monitors) join it: one upstream project, one component.
 * 3. A catalog entity of any type whose Kubernetes-plugin annotations match objects of a
 *    group owns that group (linking.ts). Groups no entity matches are orphans, joined
 *    across clusters by the keys they share.
 * 4. An object belongs to at most one component (ownership.ts); cluster-shared objects
 *    (aggregated and bootstrap roles) to none.
 *
 * An entity whose objects hold no extension (an ordinary app) gives no component, unless it
 * declares itself one (`spec.type: kubernetes-extension` or a `spec.extension` block).
 */
import type { Entity } from '@backstage/catalog-model';
import type { ExtensionKind } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ClusterCollection } from '../collect/types';
import { detectAggregatedApis, detectCrdControllers } from './apis';
import {
  ClusterPart,
  InventoryParts,
  keptOrphan,
  OrphanGroup,
  owningKeyOf,
  rebasePart,
} from './clusterParts';
import { ClusterIndex } from './clusterIndex';
import { detectDevicePlugins, detectDraDrivers } from './devices';
import { InstanceBuilder, instancesInClusterOrder } from './instance';
import { componentKind, facetsOf } from './kinds';
import {
  addLabelledObjects,
  assignGroup,
  LinkedEntity,
  linkedComponent,
  linkedEntities,
  parseCatalogSteps,
} from './linking';
import type { ComponentInstance, ExtensionComponent, Inventory } from './model';
import { detectNetworkPlugins, detectRuntimeClasses } from './nodeAgents';
import { ComponentDraft, GroupPart, keepOneOwner } from './ownership';
import { groupSeeds, ProjectGroup } from './projectGroups';
import { Partition } from './projects';
import { detectSchedulers } from './scheduling';
import { DetectionHints, Detector, Seed } from './seed';
import { runSteps, Steps } from '../pacing/steps';
import { detectCsiDrivers } from './storage';
import { detectAdmissionPolicies, detectAdmissionWebhooks } from './webhooks';

export { isExtensionComponent } from './linking';

/** @public */
export interface BuildInventoryInput {
  clusters: ClusterCollection[];
  /**
   * Catalog entities: those that may own extensions (any Component or Resource with the
   * Kubernetes plugin's annotations, or declaring `spec.extension`) plus the Groups and
   * Users that own them.
   */
  entities: Entity[];
  /** Time of the run (ISO string or Date); defaults to the current time. */
  now?: Date | string;
  /** Extension kinds registered by backend modules (descriptors may declare them). */
  extraKinds?: readonly string[];
}

const DETECTORS: Detector[] = [
  detectAdmissionWebhooks,
  detectAdmissionPolicies,
  detectAggregatedApis,
  detectCrdControllers,
  detectSchedulers,
  detectRuntimeClasses,
  detectNetworkPlugins,
  detectCsiDrivers,
  detectDevicePlugins,
  detectDraDrivers,
];

/** Parts of the last build to take again (see inventory/clusterParts). */
export interface InventoryReuse {
  parts: InventoryParts;
  /** Cluster → fingerprint of its read, the catalog and the module kinds. */
  keys: ReadonlyMap<string, string>;
  /** Fingerprint of the catalog and the module kinds. */
  catalogKey: string;
}

/** A cluster's extensions, grouped by installation, each owned by an entity or none. */
interface DetectedCluster {
  owned: Array<[LinkedEntity, GroupPart]>;
  orphans: ProjectGroup[];
  /** Entity ref → kinds of the seeds it owns here, in order. */
  claims: Map<string, ExtensionKind[]>;
}

function* detectCluster(
  idx: ClusterIndex,
  hints: DetectionHints,
  links: ReturnType<typeof linkedEntities>,
): Steps<DetectedCluster> {
  const out: DetectedCluster = { owned: [], orphans: [], claims: new Map() };
  // the installation grouping the detectors read, built in steps of its own
  yield* idx.buildProjectsSteps();
  yield;
  const seeds: Seed[] = [];
  for (const detect of DETECTORS) {
    for (const seed of detect(idx, hints)) {
      seeds.push(seed);
      yield;
    }
  }
  for (const group of groupSeeds(idx, seeds)) {
    const owners = assignGroup(
      group,
      idx,
      links.lookup,
      links.declaredSchedulers,
    );
    if (owners.size === 0) out.orphans.push(group);
    for (const [owner, { part, seedKinds }] of owners) {
      out.owned.push([owner, part]);
      const kinds = out.claims.get(owner.ref) ?? [];
      kinds.push(...seedKinds);
      out.claims.set(owner.ref, kinds);
    }
    yield;
  }
  return out;
}

/**
 * Groups cluster objects into extension components and links them to the catalog.
 * With `reuse`, a cluster whose key is the one its kept part was built from is not read
 * again: the part is taken over the new objects (and `reuse.parts` then holds this
 * build's parts).
 * @public
 */
export function buildInventory(
  input: BuildInventoryInput,
  reuse?: InventoryReuse,
): Inventory {
  return runSteps(buildInventorySteps(input, reuse));
}

/** {@link buildInventory} in steps: it yields between clusters, detectors and components. */
export function* buildInventorySteps(
  input: BuildInventoryInput,
  reuse?: InventoryReuse,
): Steps<Inventory> {
  const generatedAt =
    input.now === undefined
      ? new Date().toISOString()
      : new Date(input.now).toISOString();
  const catalog =
    reuse?.parts.catalog(reuse.catalogKey) ??
    (yield* parseCatalogSteps(input.entities, input.extraKinds));
  const links = linkedEntities(catalog);
  yield;
  const { linked, entitiesByRef } = links;
  const byRef = new Map(linked.map(l => [l.ref, l]));
  const hints: DetectionHints = {
    schedulerNames: new Set(links.declaredSchedulers.keys()),
  };

  // 1. per cluster: extensions found, grouped by installation, owned by an entity or
  // orphans (or, for a cluster read as last time, who owned what there)
  const clusters: Array<{
    collection: ClusterCollection;
    kept: ReturnType<InventoryParts['get']>;
    idx?: ClusterIndex;
    detected?: DetectedCluster;
  }> = [];
  for (const collection of input.clusters) {
    const kept = reuse?.parts.get(
      collection.cluster,
      reuse.keys.get(collection.cluster),
    );
    let idx: ClusterIndex | undefined;
    let detected: DetectedCluster | undefined;
    if (!kept) {
      idx = new ClusterIndex(collection);
      yield;
      detected = yield* detectCluster(idx, hints, links);
    }
    for (const [ref, kinds] of (detected ?? kept)!.claims) {
      const l = byRef.get(ref)!;
      l.claimed = true;
      l.seedKinds.push(...kinds);
    }
    clusters.push({ collection, kept, idx, detected });
    yield;
  }

  // 2. what else the owning entities name; then each object kept by one component
  const owning = linked.filter(l => l.declared || l.claimed);
  const owningKey = owningKeyOf(owning.map(l => l.ref));
  const orphanGroups: OrphanGroup[] = [];
  const parts = new Map<string, ClusterPart>();
  const rebuilt: string[] = [];
  /** Cluster read again → entity ref → its instance there, once built. */
  const builtHere = new Map<string, Map<string, ComponentInstance>>();
  /** Entity ref → cluster → its instance there, taken from a kept part. */
  const keptInstances = new Map<string, Map<string, ComponentInstance>>();
  for (const c of clusters) {
    const { cluster } = c.collection;
    const key = reuse?.keys.get(cluster);
    const rebased =
      c.kept && c.kept.owningKey === owningKey
        ? rebasePart(c.kept, c.collection)
        : undefined;
    if (rebased) {
      for (const [ref, instance] of rebased.instances) {
        const kept = keptInstances.get(ref) ?? new Map();
        kept.set(cluster, instance);
        keptInstances.set(ref, kept);
      }
      orphanGroups.push(...rebased.orphans);
      if (key !== undefined) parts.set(cluster, { ...c.kept!, ...rebased });
      // 10–20 ms a cluster of 500: nineteen kept clusters in one go held the loop 200 ms
      yield;
      continue;
    }
    rebuilt.push(cluster);
    const idx = c.idx ?? new ClusterIndex(c.collection);
    const detected = c.detected ?? (yield* detectCluster(idx, hints, links));
    for (const [owner, part] of detected.owned) owner.draft.add(cluster, part);
    for (const l of owning) {
      addLabelledObjects(l, idx);
      yield;
    }
    keepOneOwner(idx, [
      ...owning.map(l => l.draft),
      ...detected.orphans.map(g => ComponentDraft.ofGroup(g)),
    ]);
    orphanGroups.push(...detected.orphans);
    yield;
    if (key !== undefined) {
      // its instances are filled in below, once built
      const instances = new Map<string, ComponentInstance>();
      builtHere.set(cluster, instances);
      parts.set(cluster, {
        key,
        owningKey,
        claims: detected.claims,
        instances,
        orphans: detected.orphans.map(keptOrphan),
      });
    }
  }

  const linkedComponents: ExtensionComponent[] = [];
  for (const l of owning) {
    linkedComponents.push(
      linkedComponent(
        l,
        entitiesByRef,
        input.clusters,
        keptInstances.get(l.ref),
      ),
    );
    yield;
  }
  for (const component of linkedComponents) {
    for (const instance of component.instances)
      builtHere.get(instance.cluster)?.set(component.id, instance);
  }
  reuse?.parts.replace(parts, rebuilt, { key: reuse.catalogKey, catalog });

  const components: ExtensionComponent[] = [
    ...linkedComponents,
    ...(yield* orphanComponents(orphanGroups, input.clusters)),
  ];
  return { generatedAt, clusters: input.clusters, components };
}

/**
 * Orphan components: project groups no entity owns, joined across clusters by the keys
 * they share (the same Helm release, CRD group, webhook Service, driver name…).
 */
function* orphanComponents(
  groups: OrphanGroup[],
  clusters: ClusterCollection[],
): Steps<ExtensionComponent[]> {
  const partition = new Partition();
  groups.forEach((group, i) => {
    partition.union(`group:${i}`, `group:${i}`);
    for (const key of group.keys) partition.union(`key:${key}`, `group:${i}`);
  });
  const joined = new Map<string, OrphanGroup[]>();
  groups.forEach((group, i) => {
    const root = partition.find(`group:${i}`);
    joined.set(root, [...(joined.get(root) ?? []), group]);
  });

  const components: ExtensionComponent[] = [];
  const taken = new Set<string>();
  const ordered = [...joined.values()].sort((a, b) =>
    orphanName(a).localeCompare(orphanName(b)),
  );
  for (const members of ordered) {
    const kinds = members.flatMap(g => g.seeds.map(s => s.kind));
    const kind = componentKind(kinds);
    const name = orphanName(members);
    let id = `orphan:${kind}:${name}`;
    for (let n = 2; taken.has(id); n += 1) id = `orphan:${kind}:${name}-${n}`;
    taken.add(id);
    const builders = new Map<string, InstanceBuilder>();
    for (const group of members) {
      const b =
        builders.get(group.cluster) ?? new InstanceBuilder(group.cluster);
      b.merge(group.builder);
      builders.set(group.cluster, b);
    }
    components.push({
      id,
      name,
      kind,
      facets: facetsOf(kind, kinds),
      catalog: null,
      instances: instancesInClusterOrder(builders, clusters),
      descriptorFindings: [],
    });
    yield;
  }
  return components.sort((a, b) => a.id.localeCompare(b.id));
}

/** Labels naming the application a workload runs, most standard first. */
const WORKLOAD_NAME_LABELS = ['app.kubernetes.io/name', 'app', 'k8s-app'];

/**
 * The project's own name where it has one (Helm release, part-of, namespace), else the
 * name its workloads carry (`app.kubernetes.io/name`, `app`, `k8s-app`), else its shortest
 * seed name.
 */
function orphanName(groups: readonly OrphanGroup[]): string {
  const shortest = (names: string[]) =>
    [...names].sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
  const named = groups.map(g => g.projectName).filter((n): n is string => !!n);
  if (named.length) return shortest(named);
  const workloads = groups.flatMap(g => {
    const { deployments, daemonSets, statefulSets } = g.builder.objects;
    return [...deployments, ...daemonSets, ...statefulSets];
  });
  for (const label of WORKLOAD_NAME_LABELS) {
    const values = workloads
      .map(w => w.metadata.labels?.[label])
      .filter((v): v is string => !!v);
    if (values.length) return shortest(values);
  }
  return shortest(groups.flatMap(g => g.seeds.map(s => s.name)));
}
