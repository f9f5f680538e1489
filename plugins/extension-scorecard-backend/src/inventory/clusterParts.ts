/**
 * What each cluster gave the last inventory build, kept so that the next build redoes
 * only the clusters read differently (buildInventory's `reuse`).
 *
 * A cluster's part of the inventory (the extensions found there, grouped by
 * installation, each given to the entity that owns it or left an orphan, each object
 * kept by one component) depends on that cluster's objects, the catalog and the module
 * kinds — which the caller's key fingerprints — and on which entities own components
 * anywhere (they take the objects they name in every cluster): the owning set is
 * fingerprinted here. A part built from an equal read holds the same objects, so it is
 * taken again with every object replaced by the one just read (checks compare an
 * instance's objects with the cluster's by identity).
 */
import type { ExtensionKind } from '@extension-scorecard/plugin-extension-scorecard-common';
import { createHash } from 'node:crypto';
import type { ClusterCollection, KubeObject } from '../collect/types';
import { rebasedObjects, type InstanceBuilder } from './instance';
import type { ParsedCatalog } from './linking';
import type { ComponentInstance } from './model';

/** An installation no entity owns, as orphan components are made from it. */
export interface OrphanGroup {
  cluster: string;
  keys: readonly string[];
  projectName?: string;
  seeds: ReadonlyArray<{ kind: ExtensionKind; name: string }>;
  builder: InstanceBuilder;
}

/** One cluster's part of an inventory. */
export interface ClusterPart {
  /** The caller's fingerprint of what it was built from (cluster read, catalog, kinds). */
  key: string;
  /** Fingerprint of the entities owning components when it was built. */
  owningKey: string;
  /** Entity ref → kinds of the seeds it owns in this cluster, in the order found. */
  claims: ReadonlyMap<string, readonly ExtensionKind[]>;
  /** Entity ref → its instance in this cluster (none: nothing of it here). */
  instances: ReadonlyMap<string, ComponentInstance>;
  /** The cluster's installations no entity owns. */
  orphans: readonly OrphanGroup[];
}

/** A cluster's part taken again over a new read of the cluster. */
export interface RebasedPart {
  instances: Map<string, ComponentInstance>;
  orphans: OrphanGroup[];
}

/** Identity of an object across two reads of one cluster: its uid, else its name. */
function readIdentity(object: KubeObject): string {
  const { uid, namespace, name } = object.metadata ?? {};
  return (
    uid ?? `${object.apiVersion}|${object.kind}|${namespace ?? ''}|${name}`
  );
}

/**
 * Finds, in a cluster's collection, the object another read of it held. The lists are
 * indexed as the lookups need them: those whose objects are of the kind looked up (a
 * list is of one kind but for Chaos Mesh's), and every list only when one misses. A
 * refresh that keeps a few components rebases them onto a cluster of thousands of
 * objects.
 */
export function objectResolver(
  collection: ClusterCollection | undefined,
): (object: KubeObject) => KubeObject | undefined {
  const lists = Object.values(collection?.objects ?? {});
  const index = (of: ReadonlyArray<KubeObject[] | undefined>) => {
    const byIdentity = new Map<string, KubeObject>();
    for (const list of of)
      for (const object of list ?? [])
        byIdentity.set(readIdentity(object), object);
    return byIdentity;
  };
  const byKind = new Map<string, Map<string, KubeObject>>();
  let all: Map<string, KubeObject> | undefined;
  return object => {
    const identity = readIdentity(object);
    let ofKind = byKind.get(object.kind);
    if (!ofKind) {
      ofKind = index(lists.filter(list => list?.[0]?.kind === object.kind));
      byKind.set(object.kind, ofKind);
    }
    const found = ofKind.get(identity);
    if (found) return found;
    all ??= index(lists);
    return all.get(identity);
  };
}

/** Fingerprint of the entities (refs in order) owning components. */
export function owningKeyOf(refs: readonly string[]): string {
  return createHash('sha256').update(refs.join('\n')).digest('hex');
}

/** The per-cluster parts of the last build (one per pipeline: see EvaluationMemo). */
export class InventoryParts {
  private parts = new Map<string, ClusterPart>();
  private lastRebuilt: readonly string[] = [];
  private parsed?: { key: string; catalog: ParsedCatalog };

  /** The catalog as the last build parsed it, when read from `key`. */
  catalog(key: string): ParsedCatalog | undefined {
    return this.parsed?.key === key ? this.parsed.catalog : undefined;
  }

  /** The part of `cluster` when it was built from `key`. */
  get(cluster: string, key: string | undefined): ClusterPart | undefined {
    const part = this.parts.get(cluster);
    return part && key !== undefined && part.key === key ? part : undefined;
  }

  /** The parts of a new build (those of clusters not in it are dropped). */
  replace(
    parts: ReadonlyMap<string, ClusterPart>,
    rebuilt: string[],
    parsed: { key: string; catalog: ParsedCatalog },
  ): void {
    this.parts = new Map(parts);
    this.lastRebuilt = rebuilt;
    this.parsed = parsed;
  }

  /** The clusters the last build read again (the others' parts were taken). */
  get rebuilt(): readonly string[] {
    return this.lastRebuilt;
  }

  clear(): void {
    this.parsed = undefined;
    this.parts = new Map();
    this.lastRebuilt = [];
  }
}

/** `part` over the new read of its cluster, or undefined when an object is not there. */
export function rebasePart(
  part: ClusterPart,
  collection: ClusterCollection,
): RebasedPart | undefined {
  const resolve = objectResolver(collection);
  const instances = new Map<string, ComponentInstance>();
  for (const [ref, instance] of part.instances) {
    const rebased = rebaseInstance(instance, resolve);
    if (!rebased) return undefined;
    instances.set(ref, rebased);
  }
  const orphans: OrphanGroup[] = [];
  for (const orphan of part.orphans) {
    const builder = orphan.builder.rebased(resolve);
    if (!builder) return undefined;
    orphans.push({ ...orphan, builder });
  }
  return { instances, orphans };
}

/** A built instance over another read of its cluster (its lists keep their order), or undefined when an object is not there. */
export function rebaseInstance(
  instance: ComponentInstance,
  resolve: (object: KubeObject) => KubeObject | undefined,
): ComponentInstance | undefined {
  const objects = rebasedObjects(instance.objects, resolve);
  return objects && { ...instance, objects };
}

/** What an orphan group keeps for the next build (not its seeds' objects). */
export function keptOrphan(group: OrphanGroup): OrphanGroup {
  return {
    cluster: group.cluster,
    keys: group.keys,
    ...(group.projectName ? { projectName: group.projectName } : {}),
    seeds: group.seeds.map(({ kind, name }) => ({ kind, name })),
    builder: group.builder,
  };
}
