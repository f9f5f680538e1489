/**
 * The latest collection of each cluster. A successful collection replaces the
 * stored payload; a failed one only records the attempt, so the assemble step can
 * use the cluster's last good data and mark it stale.
 */
import type {
  ClusterStatus,
  ResourceReadStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { Knex } from 'knex';
import type { ClusterCollection } from '../collect/types';
import { compressJson, decompressJson, parseJsonColumn } from './encoding';

interface ClusterCollectionRow {
  cluster: string;
  source: 'live' | 'dump';
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

/** Latest per-cluster collections in the plugin's database. */
export class ClusterCollectionStore {
  constructor(private readonly knex: Knex) {}

  /**
   * Saves the outcome of one cluster's collection. With `error` set (nothing was
   * read) the previous payload stays and the attempt is recorded as failed.
   */
  async save(
    collection: ClusterCollection,
    attemptedAt: string,
  ): Promise<void> {
    const failed = Boolean(collection.error);
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
    return rows.map(row => {
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
    });
  }

  /** Status of the given clusters (configured ones never collected included). */
  async statuses(
    configured: ReadonlyArray<{ name: string; type: 'live' | 'dump' }>,
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
      const source =
        row?.source ?? configured.find(c => c.name === name)?.type ?? 'live';
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
      };
    });
  }
}
