/**
 * Fingerprints of what a refresh read: one per cluster collection and one for the
 * catalog. Two reads with the same fingerprint hold the same data for every check, so
 * a component whose clusters and catalog read the same as last run need not be
 * evaluated again (pipeline/incremental).
 *
 * What an API server says about an object's content is its `resourceVersion`: the
 * same uid at the same resourceVersion is the same object. Two kinds are rewritten
 * without a change that matters to any check, so their content is hashed instead,
 * without those fields: Nodes (the kubelet renews `lastHeartbeatTime` of every
 * condition every few minutes) and HorizontalPodAutoscalers (the controller writes
 * `status.currentMetrics` at every sync). An object without uid or resourceVersion
 * (a hand-written dump) is hashed whole. Catalog entities likewise by uid and `etag`.
 * The collection time is left out: checks that count from it say so themselves
 * (checks/timeBound).
 */
import type { Entity } from '@backstage/catalog-model';
import { createHash } from 'node:crypto';
import type {
  ClusterCollection,
  CollectionFingerprint,
  KubeObject,
  ResourceKey,
} from '../collect/types';
import { LIST_PARTS } from '../checks/clusterReads';
import { inventoryViewText } from '../inventory/inventoryView';
import { canonicalJson } from '../store/encoding';

type Normalize = (object: KubeObject) => unknown;

function withoutMetadataNoise(object: KubeObject): KubeObject {
  const {
    resourceVersion: _rv,
    managedFields: _mf,
    ...metadata
  } = object.metadata as KubeObject['metadata'] & Record<string, unknown>;
  return { ...object, metadata } as KubeObject;
}

/** Lists whose objects are rewritten without a change any check reads. */
const NORMALIZED: Partial<Record<ResourceKey, Normalize>> = {
  nodes: node => {
    const plain = withoutMetadataNoise(node);
    const conditions = node.status?.conditions;
    if (!Array.isArray(conditions)) return plain;
    return {
      ...plain,
      status: {
        ...node.status,
        conditions: conditions.map(
          ({ lastHeartbeatTime: _beat, ...condition }) => condition,
        ),
      },
    };
  },
  horizontalpodautoscalers: hpa => {
    const plain = withoutMetadataNoise(hpa);
    if (!hpa.status) return plain;
    const { currentMetrics: _metrics, ...status } = hpa.status;
    return { ...plain, status };
  },
};

/** What stands for one object in its cluster's fingerprint. */
function objectPart(object: KubeObject, normalize?: Normalize): string {
  const { uid, resourceVersion } = object.metadata ?? {};
  if (!normalize && uid && resourceVersion) return `${uid}@${resourceVersion}`;
  // in the order the API server wrote it (deterministic for the same content): a
  // different order would only cost an evaluation, never keep a stale one
  return JSON.stringify(normalize ? normalize(object) : object);
}

/** Names the way {@link readFingerprint} is computed: a stored one of another way is not used. */
const SCHEME = 'read-v2';

/** What stands for one object of a component's instance (see {@link instanceObjectsKey}). */
const NORMALIZED_KINDS: Record<string, Normalize | undefined> = {
  Node: NORMALIZED.nodes,
  HorizontalPodAutoscaler: NORMALIZED.horizontalpodautoscalers,
};

/**
 * Digests of objects compared by content: Nodes are in many components' instances (a
 * node agent's holds every Node of its cluster), so each component's fingerprint hashes
 * a digest per Node, not the Node's text again.
 */
const contentParts = new WeakMap<KubeObject, string>();

/** An object as it stands in a component's fingerprint: by uid and resourceVersion, or a digest of its content. */
export function objectFingerprintPart(object: KubeObject): string {
  const normalize = NORMALIZED_KINDS[object.kind];
  if (!normalize) return objectPart(object);
  let part = contentParts.get(object);
  if (part === undefined) {
    part = createHash('sha256')
      .update(objectPart(object, normalize))
      .digest('base64');
    contentParts.set(object, part);
  }
  return part;
}

/**
 * The fingerprint of what one collection read, whatever became of it afterwards (not
 * `stale`), whole and in parts: the header (version, read statuses, metrics, error) and
 * each list. Equal when every check reads the same. Stored with the collection.
 */
export function readFingerprint(
  collection: ClusterCollection,
): CollectionFingerprint {
  const header = createHash('sha256')
    .update(
      canonicalJson({
        cluster: collection.cluster,
        source: collection.source,
        version: collection.version,
        versionStatus: collection.versionStatus,
        reads: collection.reads,
        error: collection.error ?? null,
        apiServerMetrics: collection.apiServerMetrics ?? null,
      }),
    )
    .digest('hex');
  const whole = createHash('sha256').update(header);
  const lists: Record<string, string> = {};
  for (const list of Object.keys(collection.objects).sort() as ResourceKey[]) {
    const normalize = NORMALIZED[list];
    // one update per list: a call per object would cost more than the hashing
    const parts = (collection.objects[list] ?? []).map(o =>
      objectPart(o, normalize),
    );
    lists[list] = createHash('sha256').update(parts.join('\n')).digest('hex');
    whole.update(`\n#${list}=${lists[list]}`);
  }
  return { scheme: SCHEME, whole: whole.digest('hex'), header, lists };
}

const computed = new WeakMap<ClusterCollection, CollectionFingerprint>();

/** The fingerprint stored with a collection, or computed (once per collection object). */
export function fingerprintOfRead(
  collection: ClusterCollection,
): CollectionFingerprint {
  if (collection.fingerprint?.scheme === SCHEME) return collection.fingerprint;
  let known = computed.get(collection);
  if (!known) {
    known = readFingerprint(collection);
    computed.set(collection, known);
  }
  return known;
}

const partFingerprints = new WeakMap<
  ClusterCollection,
  Map<ResourceKey, Map<string, string>>
>();

/**
 * The fingerprint of one part of a list read by parts (checks/clusterReads
 * `LIST_PARTS`: one namespace's PodDisruptionBudgets, one Service's EndpointSlices);
 * `none` when the list holds nothing of that part. The list's parts are hashed once
 * per collection object.
 */
export function listPartFingerprint(
  collection: ClusterCollection,
  key: ResourceKey,
  part: string,
): string {
  let lists = partFingerprints.get(collection);
  if (!lists) {
    lists = new Map();
    partFingerprints.set(collection, lists);
  }
  let parts = lists.get(key);
  if (!parts) {
    const partOf = LIST_PARTS[key];
    if (!partOf) throw new Error(`${key} is not read by parts`);
    const grouped = new Map<string, string[]>();
    for (const object of collection.objects[key] ?? []) {
      const p = partOf(object);
      if (p === undefined) continue;
      const list = grouped.get(p);
      const text = objectFingerprintPart(object);
      if (list) list.push(text);
      else grouped.set(p, [text]);
    }
    parts = new Map(
      [...grouped].map(([p, texts]) => [
        p,
        createHash('sha256').update(texts.join('\n')).digest('hex'),
      ]),
    );
    lists.set(key, parts);
  }
  return parts.get(part) ?? 'none';
}

/** What stands for one object in its cluster's {@link inventoryFingerprint}. */
function inventoryPart(object: KubeObject): string {
  return inventoryViewText(object) ?? objectPart(object);
}

/** Names the way {@link inventoryFingerprint} is computed. */
const INVENTORY_SCHEME = 'inventory-v2';

/**
 * Each list's part of a cluster's {@link inventoryFingerprint}, with the list's read
 * fingerprint it was computed from (`readFingerprint`'s `lists`).
 */
export type InventoryListParts = ReadonlyMap<
  string,
  { read: string | undefined; part: string }
>;

const inventoryKeys = new WeakMap<
  ClusterCollection,
  { key: string; lists: InventoryListParts }
>();

/**
 * The fingerprint of what the inventory reads of a collection (inventory/inventoryView):
 * its objects without the statuses and write metadata no grouping reads. Equal when the
 * inventory groups the cluster the same, though controllers rewrote statuses and
 * EndpointSlices in between (computed once per collection object).
 */
export function inventoryFingerprint(collection: ClusterCollection): string {
  return inventoryFingerprintOf(collection).key;
}

/**
 * {@link inventoryFingerprint} with its lists' parts, taking from `known` (the parts of an
 * earlier read of the cluster) each list read the same: a list whose objects all have
 * the uid and resourceVersion they had (Nodes and HPAs: the same normalized content)
 * holds the same views. A busy hour rewrites a few lists of every cluster.
 */
export function inventoryFingerprintOf(
  collection: ClusterCollection,
  known?: InventoryListParts,
): { key: string; lists: InventoryListParts } {
  const done = inventoryKeys.get(collection);
  if (done) return done;
  const reads = fingerprintOfRead(collection).lists;
  const lists = new Map<string, { read: string | undefined; part: string }>();
  const hash = createHash('sha256').update(
    `${INVENTORY_SCHEME}\n${collection.cluster}`,
  );
  for (const list of Object.keys(collection.objects).sort() as ResourceKey[]) {
    const read = reads[list];
    let entry = known?.get(list);
    if (!entry || read === undefined || entry.read !== read) {
      const parts = (collection.objects[list] ?? []).map(inventoryPart);
      entry = {
        read,
        part: createHash('sha256').update(parts.join('\n')).digest('base64'),
      };
    }
    lists.set(list, entry);
    hash.update(`\n#${list}=${entry.part}`);
  }
  const result = { key: hash.digest('hex'), lists };
  inventoryKeys.set(collection, result);
  return result;
}

/** Staleness as it stands in a fingerprint. */
function staleness(collection: ClusterCollection): string {
  return collection.stale ? canonicalJson(collection.stale) : '';
}

/**
 * The fingerprint of one cluster's collection as a refresh uses it: what was read (as
 * stored with it, else computed) and whether it is stale.
 */
export function clusterFingerprint(collection: ClusterCollection): string {
  const read = fingerprintOfRead(collection).whole;
  if (!collection.stale) return read;
  return createHash('sha256')
    .update(`${read}\n${staleness(collection)}`)
    .digest('hex');
}

/**
 * Every cluster's header (version, read statuses, metrics, error) and staleness: a
 * check may read them of any cluster.
 */
export function fleetHeaderFingerprint(
  collections: readonly ClusterCollection[],
): string {
  const hash = createHash('sha256');
  for (const c of collections)
    hash.update(
      `${c.cluster}\n${fingerprintOfRead(c).header}\n${staleness(c)}\n`,
    );
  return hash.digest('hex');
}

/** The fingerprint of the catalog as read: equal when every entity is the same. */
export function catalogFingerprint(entities: readonly Entity[]): string {
  const parts = entities.map(entity => {
    const { uid, etag } = entity.metadata;
    return uid && etag ? `${uid}@${etag}` : canonicalJson(entity);
  });
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}
