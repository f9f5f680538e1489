/**
 * One cluster's collection: read it through its source and keep the outcome as the
 * cluster's latest collection (a failure keeps the last good data for later runs).
 */
import { LoggerService } from '@backstage/backend-plugin-api';
import type { ClusterCollection, ClusterSource } from '../collect/types';
import type { ClusterCollectionStore } from '../store';
import { readFingerprint } from './fingerprints';

/** What one cluster's collection produced. */
export interface ClusterCollectionOutcome {
  cluster: string;
  ok: boolean;
  objectCount: number;
  error: string | null;
}

function failedCollection(
  source: ClusterSource,
  at: string,
  error: string,
): ClusterCollection {
  return {
    cluster: source.name,
    source: source.type,
    collectedAt: at,
    version: null,
    versionStatus: { state: 'failed', reason: error },
    reads: {},
    objects: {},
    error,
  };
}

/** Collects one cluster and stores the result. Never throws for a cluster failure. */
export async function collectCluster(
  source: ClusterSource,
  deps: {
    clusters: ClusterCollectionStore;
    logger: LoggerService;
    now: () => Date;
  },
): Promise<ClusterCollectionOutcome> {
  const attemptedAt = deps.now().toISOString();
  let collection: ClusterCollection;
  try {
    collection = await source.collect();
  } catch (error) {
    // sources report failures in the collection; this is the last line of defence
    collection = failedCollection(
      source,
      attemptedAt,
      `collection failed: ${(error as Error)?.message ?? String(error)}`,
    );
  }
  if (!collection.error) {
    // what was read, fingerprinted once here rather than at every refresh
    collection = { ...collection, fingerprint: readFingerprint(collection) };
  }
  await deps.clusters.save(collection, attemptedAt);
  const objectCount = Object.values(collection.objects).reduce(
    (sum, list) => sum + (list?.length ?? 0),
    0,
  );
  if (collection.error) {
    deps.logger.warn(
      `extension-scorecard: collecting cluster '${source.name}' failed: ${collection.error}; its last good data stays in use, marked stale`,
    );
  } else {
    deps.logger.info(
      `extension-scorecard: collected cluster '${source.name}' (${objectCount} objects)`,
    );
  }
  return {
    cluster: source.name,
    ok: !collection.error,
    objectCount,
    error: collection.error ?? null,
  };
}
