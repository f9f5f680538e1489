/**
 * Which of a cluster's lists an evaluation reads beyond the component's own objects.
 *
 * A component's checks read its instances' objects and, through the cluster index
 * (checks/clusterIndex), lists of the whole cluster: namespaces and their labels,
 * nodes, RBAC, PodDisruptionBudgets, Services and EndpointSlices, policy bindings,
 * monitors. The refresh (pipeline/incremental) evaluates a component again when
 * something it read changed: its own objects, or one of the lists it read, per
 * cluster. Every read of a whole list reports itself here while
 * {@link withClusterReads} records; outside a recording the reports cost nothing.
 * A cache that spares a second component the read of a list reports the read anyway.
 */
import type { ResourceKey } from '../collect/types';

/** Cluster → lists read, of the evaluation being recorded. */
let recording: Map<string, Set<ResourceKey>> | undefined;

/** Reports that what is being evaluated read the whole list `key` of `cluster`. */
export function readsClusterList(cluster: string, key: ResourceKey): void {
  if (!recording) return;
  let keys = recording.get(cluster);
  if (!keys) {
    keys = new Set();
    recording.set(cluster, keys);
  }
  keys.add(key);
}

/**
 * Runs `evaluate` and returns its value with the lists it read, per cluster (sorted).
 * Synchronous only: the recording is the module's while `evaluate` runs. A nested
 * recording's reads are the outer one's too.
 */
export function withClusterReads<T>(evaluate: () => T): {
  value: T;
  reads: Map<string, ResourceKey[]>;
} {
  const outer = recording;
  const current = new Map<string, Set<ResourceKey>>();
  recording = current;
  try {
    const value = evaluate();
    return {
      value,
      reads: new Map(
        [...current]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([cluster, keys]) => [cluster, [...keys].sort()]),
      ),
    };
  } finally {
    recording = outer;
    for (const [cluster, keys] of current)
      for (const key of keys) readsClusterList(cluster, key);
  }
}
