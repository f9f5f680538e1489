/**
 * What the collectors hand to the rest of the pipeline: plain data, no clients.
 * Every resource read records its outcome so later stages can say `unknown`
 * instead of guessing.
 */

/** Minimal shape shared by every Kubernetes object we keep (JSON as the API server returns it). */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: KubeObjectMeta;
  spec?: any;
  status?: any;
  [key: string]: unknown;
}

export interface KubeObjectMeta {
  name: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  creationTimestamp?: string;
  generation?: number;
  resourceVersion?: string;
  ownerReferences?: Array<{
    apiVersion: string;
    kind: string;
    name: string;
    uid?: string;
    controller?: boolean;
  }>;
  deletionTimestamp?: string;
}

/**
 * The resources the collector reads. The key is what the rest of the pipeline uses;
 * `group`/`versions` say where to find it (the first served version wins).
 * This table is also the source of truth for deploy/collector-rbac.yaml.
 */
export interface ResourceSpec {
  key: ResourceKey;
  group: string; // '' for the core group
  versions: string[]; // preferred first
  plural: string;
  /** The object kind (`Deployment`); its list kind is `<kind>List`. */
  kind: string;
  namespaced: boolean;
  /** Only present when a CRD provides it (cert-manager, chaos tools, prometheus-operator). */
  optional?: boolean;
  /** Extra list query, e.g. a field selector for Pending pods. */
  fieldSelector?: string;
}

export type ResourceKey =
  | 'namespaces'
  | 'nodes'
  | 'pods'
  | 'services'
  | 'serviceaccounts'
  | 'endpointslices'
  | 'deployments'
  | 'daemonsets'
  | 'poddisruptionbudgets'
  | 'validatingwebhookconfigurations'
  | 'mutatingwebhookconfigurations'
  | 'validatingadmissionpolicies'
  | 'validatingadmissionpolicybindings'
  | 'customresourcedefinitions'
  | 'apiservices'
  | 'runtimeclasses'
  | 'csidrivers'
  | 'csinodes'
  | 'deviceclasses'
  | 'resourceslices'
  | 'roles'
  | 'clusterroles'
  | 'rolebindings'
  | 'clusterrolebindings'
  | 'certificates'
  | 'servicemonitors'
  | 'podmonitors'
  | 'prometheusrules'
  | 'chaosmesh'
  | 'chaosresults';

/**
 * Outcome of reading one resource in one cluster.
 * - ok: listed completely
 * - forbidden: 401/403
 * - not-served: the API group/version or CRD is not installed (404)
 * - failed: anything else (timeout, 5xx, malformed body), with the reason
 * `lastReadAt` (forbidden/failed): the objects are those of the last good read, kept
 * from that time (set by the store, never by a collector).
 */
export type ReadStatus =
  | { state: 'ok'; version?: string }
  | { state: 'forbidden'; reason: string; lastReadAt?: string }
  | { state: 'not-served'; reason: string }
  | { state: 'failed'; reason: string; lastReadAt?: string };

export interface ServerVersion {
  major: string;
  minor: string;
  gitVersion: string;
  platform?: string;
}

/** Everything read from one cluster in one collection run. */
export interface ClusterCollection {
  cluster: string;
  source: 'live' | 'dump';
  /** ISO time the data was read. */
  collectedAt: string;
  version: ServerVersion | null;
  versionStatus: ReadStatus;
  reads: Partial<Record<ResourceKey, ReadStatus>>;
  objects: Partial<Record<ResourceKey, KubeObject[]>>;
  /**
   * Set when this run failed for the cluster and the data is the last good run's.
   * `lastSuccessAt` is when that data was read.
   */
  stale?: { reason: string; lastSuccessAt: string };
  /** A whole-cluster failure (unreachable, timeout) with no data at all. */
  error?: string;
}

/** Options of one collection run. */
export interface CollectOptions {
  /** Aborts the run (e.g. the scheduler's task timeout); the result then reports an error. */
  signal?: AbortSignal;
}

/**
 * One cluster the scorecard audits: a live API server or a dump directory.
 * `collect` never throws for cluster trouble: it reports it in the collection
 * (`error` for the whole cluster, `reads` per resource).
 */
export interface ClusterSource {
  name: string;
  type: 'live' | 'dump';
  collect(options?: CollectOptions): Promise<ClusterCollection>;
}
