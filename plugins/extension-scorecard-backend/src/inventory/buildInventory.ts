/**
 * The inventory: cluster objects and catalog entities in, extension components out.
 * Pure: no I/O, no clock unless `now` is omitted.
 *
 * 1. Detectors find extensions in each cluster (Seeds), each with its backend.
 * 2. Catalog Components (`spec.type: kubernetes-extension`, or any with `spec.extension`)
 *    claim Seeds whose own objects carry their `backstage.io/kubernetes-id` label (or
 *    match their label selector); failing that, Seeds whose workloads or Services do.
 *    Every other labelled object joins the Component too, with its closure.
 * 3. Unclaimed Seeds are orphans. Seeds sharing a merge key (same Service, same CRD group,
 *    same driver, same name…) are one orphan component, across clusters.
 */
import type { Entity } from '@backstage/catalog-model';
import {
  EXTENSION_KINDS,
  ExtensionKind,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ClusterCollection, KubeObject } from '../collect/types';
import { detectAggregatedApis, detectCrdControllers } from './apis';
import { addServiceBackend, addWorkloadClosure } from './backends';
import {
  EntityLookup,
  entityMatcher,
  EntityMatcher,
  objectsByKubernetesId,
} from './catalogLink';
import { ClusterIndex } from './clusterIndex';
import { parseExtensionDescriptor, ParsedDescriptor } from './descriptor';
import {
  detectDevicePlugins,
  detectDraDrivers,
  replaceDeviceResources,
} from './devices';
import { InstanceBuilder } from './instance';
import {
  CatalogLink,
  ComponentInstance,
  DescriptorFinding,
  ExtensionComponent,
  Inventory,
  RESPONSIBILITIES,
} from './model';
import { detectNetworkPlugins, detectRuntimeClasses } from './nodeAgents';
import { refKey, resolveOwner } from './owners';
import { detectSchedulers } from './scheduling';
import { DetectionHints, Detector, Seed } from './seed';
import { detectCsiDrivers } from './storage';
import { detectAdmissionPolicies, detectAdmissionWebhooks } from './webhooks';

/** @public */
export interface BuildInventoryInput {
  clusters: ClusterCollection[];
  /** Catalog entities: extension Components plus the Groups and Users that own them. */
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

/** Kind used when a Component declares none and nothing was found to infer one from. */
const FALLBACK_KIND: ExtensionKind = 'crd-controller';

/** True for the Components the scorecard covers. @public */
export function isExtensionComponent(entity: Entity): boolean {
  if (entity.kind !== 'Component') return false;
  const spec = (entity.spec ?? {}) as Record<string, unknown>;
  return spec.type === 'kubernetes-extension' || spec.extension !== undefined;
}

interface LinkedEntity {
  entity: Entity;
  ref: string;
  matcher: EntityMatcher;
  descriptor: ParsedDescriptor | null;
  findings: DescriptorFinding[];
  builders: Map<string, InstanceBuilder>;
  seedKinds: ExtensionKind[];
}

/**
 * Groups cluster objects into extension components and links them to the catalog.
 * @public
 */
export function buildInventory(input: BuildInventoryInput): Inventory {
  const generatedAt =
    input.now === undefined
      ? new Date().toISOString()
      : new Date(input.now).toISOString();
  const entitiesByRef = new Map<string, Entity>();
  for (const e of input.entities) entitiesByRef.set(refKey(entityRefOf(e)), e);

  const linked: LinkedEntity[] = input.entities
    .filter(isExtensionComponent)
    .map(entity => {
      const ref = entityRefOf(entity);
      const matcher = entityMatcher(entity);
      const parsed = parseExtensionDescriptor((entity.spec as any)?.extension, {
        defaultNamespace: entity.metadata.namespace ?? 'default',
        extraKinds: input.extraKinds,
      });
      const findings = [
        ...matcher.findings,
        ...parsed.findings,
        ...unresolvedRefs(parsed.descriptor, entitiesByRef),
      ];
      return {
        entity,
        ref,
        matcher,
        descriptor: parsed.descriptor,
        findings,
        builders: new Map(),
        seedKinds: [],
      };
    })
    .sort((a, b) => a.ref.localeCompare(b.ref));

  const declaredSchedulers = new Map<string, LinkedEntity>();
  for (const l of linked) {
    const name = l.descriptor?.scheduler?.schedulerName;
    if (name && !declaredSchedulers.has(name)) declaredSchedulers.set(name, l);
  }
  const hints: DetectionHints = {
    schedulerNames: new Set(declaredSchedulers.keys()),
  };

  const lookup = new EntityLookup(linked);
  const orphanSeeds: Seed[] = [];
  for (const collection of input.clusters) {
    const idx = new ClusterIndex(collection);
    const seeds = DETECTORS.flatMap(detect => detect(idx, hints));
    for (const seed of seeds) {
      const owner = claimant(seed, lookup, declaredSchedulers);
      if (!owner) {
        orphanSeeds.push(seed);
        continue;
      }
      builderFor(owner, idx.cluster).merge(seed.builder);
      owner.seedKinds.push(seed.kind);
    }
    const all = Object.values(collection.objects).flatMap(list => list ?? []);
    const labelled = objectsByKubernetesId(all);
    for (const l of linked) {
      const id = l.matcher.selector.kubernetesId;
      const candidates = l.matcher.selector.labelSelector
        ? all
        : (id && labelled.get(id)) || [];
      addLabelledObjects(l, idx, candidates);
    }
  }

  const components: ExtensionComponent[] = [
    ...linked.map(l => linkedComponent(l, entitiesByRef, input.clusters)),
    ...orphanComponents(orphanSeeds, input.clusters),
  ];
  return { generatedAt, clusters: input.clusters, components };
}

function entityRefOf(e: Entity): string {
  return `${e.kind.toLocaleLowerCase('en-US')}:${
    e.metadata.namespace ?? 'default'
  }/${e.metadata.name}`;
}

function builderFor(l: LinkedEntity, cluster: string): InstanceBuilder {
  let b = l.builders.get(cluster);
  if (!b) {
    b = new InstanceBuilder(cluster);
    l.builders.set(cluster, b);
  }
  return b;
}

/**
 * Which Component claims a Seed: one matching its own objects (or declaring the
 * scheduler name it serves) wins over one matching only its backend; ties go to the
 * Component matching more objects, then to the first entity ref.
 */
function claimant(
  seed: Seed,
  lookup: EntityLookup<LinkedEntity>,
  declaredSchedulers: Map<string, LinkedEntity>,
): LinkedEntity | undefined {
  let best: { l: LinkedEntity; strong: boolean; count: number } | undefined;
  const backend = [
    ...seed.builder.objects.deployments,
    ...seed.builder.objects.daemonSets,
    ...seed.builder.objects.services,
  ];
  for (const l of lookup.candidates([...seed.primary, ...backend])) {
    const strongCount = seed.primary.filter(o => l.matcher.matches(o)).length;
    const weakCount = backend.filter(o => l.matcher.matches(o)).length;
    if (strongCount === 0 && weakCount === 0) continue;
    const candidate = {
      l,
      strong: strongCount > 0,
      count: strongCount + weakCount,
    };
    if (
      !best ||
      (candidate.strong && !best.strong) ||
      (candidate.strong === best.strong && candidate.count > best.count)
    ) {
      best = candidate;
    }
  }
  if (best) return best.l;
  if (seed.kind === 'scheduler-plugin') {
    for (const name of seed.builder.schedulerNames) {
      const l = declaredSchedulers.get(name);
      if (l) return l;
    }
  }
  return undefined;
}

/**
 * Every object labelled for the Component joins it, workloads and Services with their
 * closure; then the descriptor's declarations (device resources, scheduler name) apply.
 */
function addLabelledObjects(
  l: LinkedEntity,
  idx: ClusterIndex,
  candidates: KubeObject[],
) {
  const b = l.builders.get(idx.cluster) ?? new InstanceBuilder(idx.cluster);
  for (const obj of candidates) {
    if (!l.matcher.matches(obj)) continue;
    if (obj.kind === 'Deployment' || obj.kind === 'DaemonSet') {
      addWorkloadClosure(b, idx, obj);
    } else if (obj.kind === 'Service') {
      addServiceBackend(b, idx, obj.metadata.namespace!, obj.metadata.name);
    } else {
      b.add(obj);
    }
  }
  if (b.isEmpty()) return; // nothing of this Component runs in this cluster
  const declaredResources = l.descriptor?.deviceResources;
  if (declaredResources && declaredResources.length > 0) {
    replaceDeviceResources(b, idx, declaredResources);
  }
  const schedulerName = l.descriptor?.scheduler?.schedulerName;
  if (schedulerName) {
    b.schedulerNames.add(schedulerName);
    for (const pod of idx.list('pods')) {
      if (pod.spec?.schedulerName === schedulerName) b.add(pod);
    }
  }
  l.builders.set(idx.cluster, b);
}

function linkedComponent(
  l: LinkedEntity,
  entitiesByRef: Map<string, Entity>,
  clusters: ClusterCollection[],
): ExtensionComponent {
  const findings = [...l.findings];
  let kind = l.descriptor?.kind;
  if (!kind) {
    kind = mostCommonKind(l.seedKinds);
    if (!kind) {
      kind = FALLBACK_KIND;
      findings.push({
        path: 'spec.extension.kind',
        message: `not declared and no cluster object to infer it from; shown as ${FALLBACK_KIND}`,
      });
    } else if (l.descriptor || l.seedKinds.length > 0) {
      findings.push({
        path: 'spec.extension.kind',
        message: `not declared; inferred as ${kind} from the cluster objects`,
      });
    }
  }
  const spec = (l.entity.spec ?? {}) as Record<string, any>;
  const catalog: CatalogLink = {
    entityRef: l.ref,
    ...(l.entity.metadata.title ? { title: l.entity.metadata.title } : {}),
    ...(l.entity.metadata.description
      ? { description: l.entity.metadata.description }
      : {}),
    owner: resolveOwner(l.entity, entitiesByRef),
    ...(typeof spec.lifecycle === 'string'
      ? { lifecycle: spec.lifecycle }
      : {}),
    ...(typeof spec.system === 'string' ? { system: spec.system } : {}),
    descriptor: l.descriptor ? { ...l.descriptor, kind } : null,
    selector: l.matcher.selector,
  };
  return {
    id: l.ref,
    name: l.entity.metadata.name,
    kind,
    catalog,
    instances: instancesInClusterOrder(l.builders, clusters),
    descriptorFindings: findings,
  };
}

function mostCommonKind(kinds: ExtensionKind[]): ExtensionKind | undefined {
  if (kinds.length === 0) return undefined;
  const counts = new Map<ExtensionKind, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].sort(
    (a, b) =>
      b[1] - a[1] ||
      EXTENSION_KINDS.indexOf(a[0]) - EXTENSION_KINDS.indexOf(b[0]),
  )[0][0];
}

function instancesInClusterOrder(
  builders: Map<string, InstanceBuilder>,
  clusters: ClusterCollection[],
): ComponentInstance[] {
  return clusters
    .map(c => builders.get(c.cluster))
    .filter((b): b is InstanceBuilder => !!b && !b.isEmpty())
    .map(b => b.build());
}

/** Responsibility and migration owners that name no entity of the catalog. */
function unresolvedRefs(
  descriptor: ParsedDescriptor | null,
  entitiesByRef: Map<string, Entity>,
): DescriptorFinding[] {
  if (!descriptor) return [];
  const out: DescriptorFinding[] = [];
  for (const r of RESPONSIBILITIES) {
    const ref = descriptor.responsibilities[r];
    if (ref && !entitiesByRef.has(refKey(ref))) {
      out.push({
        path: `spec.extension.responsibilities.${r}`,
        message: `'${ref}' is not in the catalog`,
      });
    }
  }
  const owner = descriptor.migration?.owner;
  if (owner && !entitiesByRef.has(refKey(owner))) {
    out.push({
      path: 'spec.extension.migration.owner',
      message: `'${owner}' is not in the catalog`,
    });
  }
  return out;
}

/** Orphan components: unclaimed Seeds joined by shared merge keys, within and across clusters. */
function orphanComponents(
  seeds: Seed[],
  clusters: ClusterCollection[],
): ExtensionComponent[] {
  const parent = seeds.map((_, i) => i);
  const find = (start: number): number => {
    let i = start;
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const byKey = new Map<string, number>();
  seeds.forEach((seed, i) => {
    for (const key of seed.mergeKeys) {
      const other = byKey.get(key);
      if (other === undefined) byKey.set(key, i);
      else parent[find(i)] = find(other);
    }
  });
  const groups = new Map<number, Seed[]>();
  seeds.forEach((seed, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), seed]);
  });

  const components: ExtensionComponent[] = [];
  for (const group of groups.values()) {
    const name = group
      .map(s => s.name)
      .sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
    const kind = group[0].kind;
    const builders = new Map<string, InstanceBuilder>();
    for (const seed of group) {
      const b = builders.get(seed.cluster) ?? new InstanceBuilder(seed.cluster);
      b.merge(seed.builder);
      builders.set(seed.cluster, b);
    }
    components.push({
      id: `orphan:${kind}:${name}`,
      name,
      kind,
      catalog: null,
      instances: instancesInClusterOrder(builders, clusters),
      descriptorFindings: [],
    });
  }
  return components.sort((a, b) => a.id.localeCompare(b.id));
}
