/**
 * Catalog entities as owner records of extensions. Any Component or Resource that names
 * cluster objects through the Kubernetes plugin's annotations may own the project groups
 * those objects belong to, whatever its `spec.type`; `spec.type: kubernetes-extension`
 * and `spec.extension` are refinements, not requirements.
 */
import type { Entity } from '@backstage/catalog-model';
import type { ExtensionKind } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ClusterCollection } from '../collect/types';
import { addWithClosure } from './backends';
import {
  EntityLookup,
  entityMatcher,
  EntityMatcher,
  hasKubernetesAnnotations,
} from './catalogLink';
import type { ClusterIndex } from './clusterIndex';
import { parseExtensionDescriptor, ParsedDescriptor } from './descriptor';
import { replaceDeviceResources } from './devices';
import {
  InstanceBuilder,
  instancesInClusterOrder,
  objectIdentity,
} from './instance';
import { FALLBACK_KIND, facetsOf, inferredKind } from './kinds';
import {
  CatalogLink,
  ComponentInstance,
  DescriptorFinding,
  ExtensionComponent,
  RESPONSIBILITIES,
} from './model';
import { ComponentDraft, GroupPart } from './ownership';
import { refKey, resolveOwner } from './owners';
import type { ProjectGroup } from './projectGroups';
import type { Seed } from './seed';
import { runSteps, type Steps } from '../pacing/steps';

/** Entity kinds that may own extensions (Resources: companies model infrastructure so). */
const OWNER_KINDS = new Set(['Component', 'Resource']);

/**
 * True for entities that declare themselves extensions (`spec.type: kubernetes-extension`
 * or a `spec.extension` block): they are scorecard components even where nothing runs.
 * @public
 */
export function isExtensionComponent(entity: Entity): boolean {
  if (!OWNER_KINDS.has(entity.kind)) return false;
  const spec = (entity.spec ?? {}) as Record<string, unknown>;
  return spec.type === 'kubernetes-extension' || spec.extension !== undefined;
}

/** True for entities that may own extensions: declared ones, and any naming cluster objects. */
export function mayOwnExtensions(entity: Entity): boolean {
  return (
    isExtensionComponent(entity) ||
    (OWNER_KINDS.has(entity.kind) && hasKubernetesAnnotations(entity))
  );
}

export interface LinkedEntity {
  entity: Entity;
  ref: string;
  matcher: EntityMatcher;
  descriptor: ParsedDescriptor | null;
  findings: DescriptorFinding[];
  /** Declares itself an extension: a component even where nothing of it runs. */
  declared: boolean;
  /** Owns at least one project group in some cluster. */
  claimed: boolean;
  draft: ComponentDraft;
  /** Kinds of the extensions found among its objects, one per seed. */
  seedKinds: ExtensionKind[];
}

/** The part of a project group an entity takes, and the kinds of the seeds it owns there. */
export interface ClaimedPart {
  part: GroupPart;
  seedKinds: ExtensionKind[];
}

export function entityRefOf(e: Entity): string {
  return `${e.kind.toLocaleLowerCase('en-US')}:${
    e.metadata.namespace ?? 'default'
  }/${e.metadata.name}`;
}

/** What a build reads of an entity that may own extensions (the same in every build of one catalog). */
export type ParsedEntity = Pick<
  LinkedEntity,
  'entity' | 'ref' | 'matcher' | 'descriptor' | 'findings' | 'declared'
>;

/** The catalog as the inventory reads it (kept between builds of the same catalog). */
export interface ParsedCatalog {
  /** In entity ref order. */
  entities: readonly ParsedEntity[];
  entitiesByRef: Map<string, Entity>;
}

/** Parses the entities that may own extensions, in entity ref order. */
export function parseCatalog(
  entities: Entity[],
  extraKinds?: readonly string[],
): ParsedCatalog {
  return runSteps(parseCatalogSteps(entities, extraKinds));
}

/** {@link parseCatalog} in steps: it yields between entities (see pacing/steps). */
export function* parseCatalogSteps(
  entities: Entity[],
  extraKinds?: readonly string[],
): Steps<ParsedCatalog> {
  const entitiesByRef = new Map<string, Entity>();
  for (const e of entities) entitiesByRef.set(refKey(entityRefOf(e)), e);
  yield;
  const parsed: ParsedEntity[] = [];
  for (const entity of entities) {
    if (!mayOwnExtensions(entity)) continue;
    const matcher = entityMatcher(entity);
    const descriptor = parseExtensionDescriptor(
      (entity.spec as any)?.extension,
      {
        defaultNamespace: entity.metadata.namespace ?? 'default',
        extraKinds,
      },
    );
    parsed.push({
      entity,
      ref: entityRefOf(entity),
      matcher,
      descriptor: descriptor.descriptor,
      findings: [
        ...matcher.findings,
        ...descriptor.findings,
        ...unresolvedRefs(descriptor.descriptor, entitiesByRef),
      ],
      declared: isExtensionComponent(entity),
    });
    yield;
  }
  parsed.sort((a, b) => a.ref.localeCompare(b.ref));
  return { entities: parsed, entitiesByRef };
}

/** The entities that may own extensions, ready for one build, in entity ref order. */
export function linkedEntities(catalog: ParsedCatalog) {
  const linked: LinkedEntity[] = catalog.entities.map(parsed => ({
    ...parsed,
    claimed: false,
    draft: new ComponentDraft(parsed.ref, parsed.matcher),
    seedKinds: [],
  }));
  const declaredSchedulers = new Map<string, LinkedEntity>();
  for (const l of linked) {
    const name = l.descriptor?.scheduler?.schedulerName;
    if (name && !declaredSchedulers.has(name)) declaredSchedulers.set(name, l);
  }
  return {
    linked,
    entitiesByRef: catalog.entitiesByRef,
    lookup: new EntityLookup(linked),
    declaredSchedulers,
  };
}

interface Match {
  l: LinkedEntity;
  /** Matches one of the extension objects themselves. */
  strong: boolean;
  count: number;
}

function better(a: Match, b: Match | undefined): boolean {
  return (
    !b ||
    (a.strong && !b.strong) ||
    (a.strong === b.strong && a.count > b.count)
  );
}

/** The entity matching a seed best: its own objects first, then its backend's. */
function seedMatch(
  seed: Seed,
  candidates: LinkedEntity[],
): LinkedEntity | undefined {
  let best: Match | undefined;
  const objects = seed.builder.allObjects();
  for (const l of candidates) {
    const strong = seed.primary.some(o => l.matcher.matches(o));
    const count = objects.filter(o => l.matcher.matches(o)).length;
    if (!strong && count === 0) continue;
    const m = { l, strong, count };
    if (better(m, best)) best = m;
  }
  return best?.l;
}

/**
 * Which entities own a project group. The common case: one entity names some of the
 * group's objects and owns all of it. When entities name different extensions of one
 * installation, each keeps the seeds it names; the rest go to the entity naming most of
 * the group. No entity naming anything: an orphan (empty map). A scheduler whose name a
 * descriptor declares belongs to that entity. Changes no entity: the caller records the
 * claims.
 */
export function assignGroup(
  group: ProjectGroup,
  idx: ClusterIndex,
  lookup: EntityLookup<LinkedEntity>,
  declaredSchedulers: Map<string, LinkedEntity>,
): Map<LinkedEntity, ClaimedPart> {
  const objects = group.builder.allObjects();
  const candidates = lookup.candidates(objects);
  let majority: Match | undefined;
  for (const l of candidates) {
    const strong = group.seeds.some(s =>
      s.primary.some(o => l.matcher.matches(o)),
    );
    const count = objects.filter(o => l.matcher.matches(o)).length;
    if (count === 0) continue;
    const m = { l, strong, count };
    if (better(m, majority)) majority = m;
  }
  const ownerOf = new Map<Seed, LinkedEntity>();
  for (const seed of group.seeds) {
    const owner =
      seedMatch(seed, candidates) ??
      majority?.l ??
      declaredScheduler(seed, declaredSchedulers);
    if (owner) ownerOf.set(seed, owner);
  }
  const owners = new Set(ownerOf.values());
  if (owners.size === 0) return new Map();
  const parts = new Map<LinkedEntity, GroupPart>();
  const fallback = majority?.l ?? [...owners][0];
  if (owners.size === 1) {
    const [owner] = owners;
    parts.set(owner, group);
  } else {
    for (const owner of owners) {
      const part: GroupPart = {
        builder: new InstanceBuilder(group.cluster),
        primaries: new Set(),
        projects: group.projects,
      };
      for (const seed of group.seeds) {
        if (ownerOf.get(seed) !== owner) continue;
        part.builder.merge(seed.builder);
        for (const o of seed.primary) part.primaries.add(objectIdentity(o));
      }
      parts.set(owner, part);
    }
    // seeds no entity names, and the installation's other objects
    for (const seed of group.seeds) {
      if (!ownerOf.has(seed)) parts.get(fallback)!.builder.merge(seed.builder);
    }
    for (const obj of group.members) {
      const named = [...owners].find(o => o.matcher.matches(obj)) ?? fallback;
      addWithClosure(parts.get(named)!.builder, idx, obj);
    }
  }
  const claimed = new Map<LinkedEntity, ClaimedPart>();
  for (const [owner, part] of parts) {
    const seedKinds = group.seeds
      .filter(seed => (ownerOf.get(seed) ?? fallback) === owner)
      .map(seed => seed.kind);
    claimed.set(owner, { part, seedKinds });
  }
  return claimed;
}

function declaredScheduler(
  seed: Seed,
  declared: Map<string, LinkedEntity>,
): LinkedEntity | undefined {
  if (seed.kind !== 'scheduler-plugin') return undefined;
  for (const name of seed.builder.schedulerNames) {
    const l = declared.get(name);
    if (l) return l;
  }
  return undefined;
}

/**
 * Every object the entity names joins its component, workloads and Services with their
 * closure; then the descriptor's declarations (device resources, scheduler name) apply.
 */
export function addLabelledObjects(l: LinkedEntity, idx: ClusterIndex) {
  const id = l.matcher.selector.kubernetesId;
  const required = l.matcher.requiredLabel;
  const candidates = l.matcher.selector.labelSelector
    ? [
        ...(id ? idx.labelledWith(id) : []),
        ...(required ? idx.carrying(required) : idx.allObjects()),
      ]
    : (id && idx.labelledWith(id)) || [];
  const named = candidates.filter(obj => l.matcher.matches(obj));
  const existing = l.draft.builders.get(idx.cluster);
  if (!existing && named.length === 0) return; // nothing of this entity runs here
  const b = existing ?? new InstanceBuilder(idx.cluster);
  for (const obj of named) addWithClosure(b, idx, obj);
  if (b.isEmpty()) return; // nothing of this entity runs in this cluster
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
  l.draft.builders.set(idx.cluster, b);
}

/** `kept`: its instances in clusters whose parts were taken from the last build. */
export function linkedComponent(
  l: LinkedEntity,
  entitiesByRef: Map<string, Entity>,
  clusters: ClusterCollection[],
  kept?: ReadonlyMap<string, ComponentInstance>,
): ExtensionComponent {
  const findings = [...l.findings];
  const inferred = inferredKind(l.seedKinds);
  let kind = l.descriptor?.kind;
  if (kind && inferred && !l.seedKinds.includes(kind)) {
    findings.push({
      path: 'spec.extension.kind',
      message: `declares ${kind}, but its cluster objects form ${listKinds(
        l.seedKinds,
      )}; checked as ${kind}`,
    });
  }
  if (!kind) {
    kind = inferred ?? FALLBACK_KIND;
    if (!inferred) {
      findings.push({
        path: 'spec.extension.kind',
        message: `not declared and no cluster object to infer it from; shown as ${FALLBACK_KIND}`,
      });
    } else if (l.descriptor) {
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
    facets: facetsOf(kind, l.seedKinds),
    catalog,
    instances: instancesInClusterOrder(l.draft.builders, clusters, kept),
    descriptorFindings: findings,
  };
}

function listKinds(kinds: readonly ExtensionKind[]): string {
  const unique = [...new Set(kinds)];
  return unique.length === 1
    ? `a ${unique[0]}`
    : `${unique.slice(0, -1).join(', ')} and ${unique[unique.length - 1]}`;
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
