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
 *
 * Two lists are read a part at a time, and the part is what is reported: the
 * PodDisruptionBudgets of one namespace and the EndpointSlices of one Service. Their
 * controllers rewrite them whenever a Pod comes or goes, so a component that read one
 * namespace's budgets is evaluated again when those change, not when any budget of the
 * cluster does ({@link LIST_PARTS} names each object's part).
 */
import type { KubeObject, ResourceKey } from '../collect/types';

/**
 * A read as reported: a list (`namespaces`) or one part of a list
 * (`poddisruptionbudgets@kube-system`, `endpointslices@ns/service`).
 */
export type ClusterRead = ResourceKey | `${ResourceKey}@${string}`;

/** The lists read by parts: the part an object of the list is in (undefined: none). */
export const LIST_PARTS: Partial<
  Record<ResourceKey, (object: KubeObject) => string | undefined>
> = {
  poddisruptionbudgets: o => o.metadata.namespace ?? '',
  endpointslices: o => {
    const service = o.metadata.labels?.['kubernetes.io/service-name'];
    return service ? `${o.metadata.namespace}/${service}` : undefined;
  },
};

/** The list and, for a read of one part, the part. */
export function parseClusterRead(read: ClusterRead): {
  key: ResourceKey;
  part?: string;
} {
  const at = read.indexOf('@');
  return at < 0
    ? { key: read as ResourceKey }
    : { key: read.slice(0, at) as ResourceKey, part: read.slice(at + 1) };
}

/** Cluster → lists and parts read, of the evaluation being recorded. */
let recording: Map<string, Set<ClusterRead>> | undefined;

function record(cluster: string, read: ClusterRead): void {
  if (!recording) return;
  let reads = recording.get(cluster);
  if (!reads) {
    reads = new Set();
    recording.set(cluster, reads);
  }
  reads.add(read);
}

/** Reports that what is being evaluated read the whole list `key` of `cluster`. */
export function readsClusterList(cluster: string, key: ResourceKey): void {
  record(cluster, key);
}

/** Reports that what is being evaluated read one part of the list `key` (see {@link LIST_PARTS}). */
export function readsClusterListPart(
  cluster: string,
  key: ResourceKey,
  part: string,
): void {
  if (recording) record(cluster, `${key}@${part}`);
}

/**
 * Runs `evaluate` and returns its value with the lists it read, per cluster (sorted).
 * Synchronous only: the recording is the module's while `evaluate` runs. A nested
 * recording's reads are the outer one's too.
 */
export function withClusterReads<T>(evaluate: () => T): {
  value: T;
  reads: Map<string, ClusterRead[]>;
} {
  const outer = recording;
  const current = new Map<string, Set<ClusterRead>>();
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
      for (const read of keys) record(cluster, read);
  }
}
