/**
 * The latest collection of each cluster. A successful collection replaces the
 * stored payload; a failed one only records the attempt, so the assemble step can
 * use the cluster's last good data and mark it stale.
 */
import type { ClusterSource as ClusterSourceType } from '@extension-scorecard/plugin-extension-scorecard-common';
import type {
  ClusterStatus,
  ResourceReadStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import type {
  ClusterCollection,
  ReadStatus,
  ResourceKey,
} from '../collect/types';
import { compressJson, decompressJson, parseJsonColumn } from './encoding';
import { Pacer } from '../pacing/steps';
import type { ClusterCollectionStore, ConfiguredCluster } from './interfaces';

interface ClusterCollectionRow {
  cluster: string;
  source: ClusterSourceType;
  last_attempt_at: string;
  last_success_at: string | null;
  error: string | null;
  version: string | null;
  object_count: number | null;
  unreadable: string;
  payload?: Buffer | null;
}

function unreadableReads(collection: ClusterCollection): ResourceReadStatus[] {
  const unreadable: ResourceReadStatus[] = [];
  for (const [resource, status] of Object.entries(collection.reads)) {
    if (status && status.state !== 'ok') {
      unreadable.push({ resource, state: status.state, reason: status.reason });
    }
  }
  if (collection.versionStatus.state !== 'ok') {
    unreadable.push({
      resource: 'version',
      state: collection.versionStatus.state,
      reason: collection.versionStatus.reason,
    });
  }
  return unreadable.sort((a, b) => a.resource.localeCompare(b.resource));
}

function objectCount(collection: ClusterCollection): number {
  return Object.values(collection.objects).reduce(
    (sum, list) => sum + (list?.length ?? 0),
    0,
  );
}

/** {@link ClusterCollectionStore} over the plugin's database. */
export class DatabaseClusterCollectionStore implements ClusterCollectionStore {
  constructor(private readonly knex: Knex) {}

  /**
   * Saves the outcome of one cluster's collection. With `error` set (nothing was
   * read) the previous payload stays and the attempt is recorded as failed.
   */
  async save(outcome: ClusterCollection, attemptedAt: string): Promise<void> {
    const failed = Boolean(outcome.error);
    const collection = failed
      ? outcome
      : await this.withLastGoodObjects(outcome);
    const row: Partial<ClusterCollectionRow> = failed
      ? {
          cluster: collection.cluster,
          source: collection.source,
          last_attempt_at: attemptedAt,
          error: collection.error ?? 'collection failed',
        }
      : {
          cluster: collection.cluster,
          source: collection.source,
          last_attempt_at: attemptedAt,
          last_success_at: collection.collectedAt,
          error: null,
          version: collection.version?.gitVersion ?? null,
          object_count: objectCount(collection),
          unreadable: JSON.stringify(unreadableReads(collection)),
          payload: compressJson(
            JSON.stringify({ ...collection, stale: undefined }),
          ),
        };
    await this.knex('cluster_collections')
      .insert({ unreadable: '[]', ...row })
      .onConflict('cluster')
      .merge(Object.keys(row).filter(k => k !== 'cluster'));
  }

  /**
   * A resource whose read failed or was forbidden in this run keeps the objects of its
   * last good read, so one failing list does not make extensions vanish; its read
   * status still says why they are not current (checks that need it say unknown).
   * A resource that is no longer served (CRD uninstalled) is not kept.
   */
  private async withLastGoodObjects(
    collection: ClusterCollection,
  ): Promise<ClusterCollection> {
    type Unreadable = Extract<ReadStatus, { state: 'failed' | 'forbidden' }>;
    const unreadable = Object.entries(collection.reads).filter(
      (entry): entry is [string, Unreadable] =>
        entry[1]?.state === 'failed' || entry[1]?.state === 'forbidden',
    );
    if (unreadable.length === 0) return collection;
    const row = await this.knex<ClusterCollectionRow>('cluster_collections')
      .where('cluster', collection.cluster)
      .first('payload');
    if (!row?.payload) return collection;
    const previous = decompressJson<ClusterCollection>(row.payload);
    const reads = { ...collection.reads };
    const objects = { ...collection.objects };
    for (const [key, status] of unreadable) {
      const resource = key as ResourceKey;
      const before = previous.reads[resource];
      let lastReadAt: string | undefined;
      if (before?.state === 'ok') lastReadAt = previous.collectedAt;
      else if (before && 'lastReadAt' in before) lastReadAt = before.lastReadAt;
      if (!lastReadAt) continue;
      if (previous.objects[resource])
        objects[resource] = previous.objects[resource];
      reads[resource] = {
        ...status,
        reason: `${status.reason}; objects kept from the last good read at ${lastReadAt}`,
        lastReadAt,
      };
    }
    // the objects are no longer those read: its fingerprint is computed when needed
    return { ...collection, reads, objects, fingerprint: undefined };
  }

  /**
   * The data the next snapshot is assembled from: the last good collection of each
   * cluster, marked stale when the latest attempt failed; a cluster that never
   * succeeded comes back with its error and no objects.
   */
  async latest(clusters?: readonly string[]): Promise<ClusterCollection[]> {
    const query = this.knex<ClusterCollectionRow>(
      'cluster_collections',
    ).select();
    if (clusters) query.whereIn('cluster', clusters);
    const rows = (await query.orderBy('cluster')) as ClusterCollectionRow[];
    // each payload is a cluster's objects (megabytes of JSON at fleet scale): parsing
    // them all in one go would hold the backend's event loop for seconds
    const pacer = new Pacer();
    const collections: ClusterCollection[] = [];
    for (const row of rows) {
      await pacer.turn();
      collections.push(this.collectionOf(row));
    }
    return collections;
  }

  /** The collection a stored row holds (see {@link latest}). */
  private collectionOf(row: ClusterCollectionRow): ClusterCollection {
    if (!row.payload) {
      return {
        cluster: row.cluster,
        source: row.source,
        collectedAt: row.last_attempt_at,
        version: null,
        versionStatus: {
          state: 'failed',
          reason: row.error ?? 'never collected',
        },
        reads: {},
        objects: {},
        error: row.error ?? 'never collected',
      };
    }
    const collection = decompressJson<ClusterCollection>(row.payload);
    if (row.error) {
      collection.stale = {
        reason: row.error,
        lastSuccessAt: row.last_success_at ?? collection.collectedAt,
      };
    }
    return collection;
  }

  /** Status of the given clusters (configured ones never collected included). */
  async statuses(
    configured: ReadonlyArray<ConfiguredCluster>,
  ): Promise<ClusterStatus[]> {
    const rows = (await this.knex<ClusterCollectionRow>(
      'cluster_collections',
    ).select(
      'cluster',
      'source',
      'last_attempt_at',
      'last_success_at',
      'error',
      'version',
      'object_count',
      'unreadable',
    )) as ClusterCollectionRow[];
    const byName = new Map(rows.map(r => [r.cluster, r]));
    const names = new Set([...configured.map(c => c.name), ...byName.keys()]);
    return [...names].sort().map(name => {
      const row = byName.get(name);
      const entry = configured.find(c => c.name === name);
      const source = row?.source ?? entry?.type ?? 'live';
      return {
        name,
        source,
        version: row?.version ?? null,
        lastAttemptAt: row?.last_attempt_at ?? null,
        lastSuccessAt: row?.last_success_at ?? null,
        stale: Boolean(row?.error && row.last_success_at),
        error: row?.error ?? null,
        objectCount: row?.object_count ?? null,
        unreadable: parseJsonColumn<ResourceReadStatus[]>(row?.unreadable, []),
        locator: entry ? entry.locator ?? entry.type : null,
        authProvider: entry?.authProvider ?? null,
        blockedReason: entry?.blockedReason ?? null,
      };
    });
  }
}
