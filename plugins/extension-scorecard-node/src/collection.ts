import type { ClusterSource as ClusterSourceType } from '@extension-scorecard/plugin-extension-scorecard-common';
/**
 * What the collectors hand to the rest of the pipeline: plain data, no clients.
 * Every resource read records its outcome so later stages can say `unknown`
 * instead of guessing. The backend re-exports these from `collect/types.ts`;
 * backend modules that add checks code against them here.
 */

/** Minimal shape shared by every Kubernetes object we keep (JSON as the API server returns it). @public */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: KubeObjectMeta;
  spec?: any;
  status?: any;
  [key: string]: unknown;
}

/** @public */
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
  /**
   * Server-side apply bookkeeping: which manager wrote which fields through which API
   * version. Upgrade checks read `manager`, `operation`, `apiVersion` and `time`;
   * `fieldsV1` is dropped by the collectors.
   */
  managedFields?: ManagedFieldsEntry[];
}

/** One entry of `metadata.managedFields`. @public */
export interface ManagedFieldsEntry {
  manager?: string;
  operation?: string;
  apiVersion?: string;
  time?: string;
  subresource?: string;
  fieldsType?: string;
  /** The fields written; large and unread, so the collectors drop it. */
  fieldsV1?: unknown;
}

/** @public */
export type ResourceKey =
  | 'namespaces'
  | 'nodes'
  | 'pods'
  | 'services'
  | 'serviceaccounts'
  | 'endpointslices'
  | 'deployments'
  | 'daemonsets'
  | 'statefulsets'
  | 'poddisruptionbudgets'
  | 'horizontalpodautoscalers'
  | 'flowschemas'
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
 *
 * @public
 */
export type ReadStatus =
  | { state: 'ok'; version?: string }
  | { state: 'forbidden'; reason: string; lastReadAt?: string }
  | { state: 'not-served'; reason: string }
  | { state: 'failed'; reason: string; lastReadAt?: string };

/** @public */
export interface ServerVersion {
  major: string;
  minor: string;
  gitVersion: string;
  platform?: string;
}

/** Everything read from one cluster in one collection run. @public */
export interface ClusterCollection {
  cluster: string;
  source: ClusterSourceType;
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
  /**
   * What the API server's own `/metrics` told (live: `GET /metrics`; dumps: an
   * optional `metrics.txt`). Absent on collections made before it existed.
   */
  apiServerMetrics?: ApiServerMetrics;
  /**
   * Fingerprint of what was read (objects by uid and resourceVersion, read statuses,
   * version, metrics; not `stale`), set when the collection is stored so that a refresh
   * recognises an unchanged cluster, or list, without hashing it again. Absent:
   * computed when needed.
   */
  fingerprint?: CollectionFingerprint;
}

/**
 * Fingerprints of one collection's read: whole, its header (version, read statuses,
 * metrics, error) and each list (hex SHA-256). `scheme` names how they were computed.
 * @public
 */
export interface CollectionFingerprint {
  scheme: string;
  whole: string;
  header: string;
  lists: Partial<Record<ResourceKey, string>>;
}

/**
 * One series of the API server's `apiserver_requested_deprecated_apis` gauge: a
 * deprecated group/version/resource some client requested since the API server
 * started. `removedRelease` is empty when no removal is announced.
 * @public
 */
export interface DeprecatedApiRequest {
  group: string;
  version: string;
  resource: string;
  subresource: string;
  removedRelease: string;
}

/** The API server metrics the checks read, with how reading them went. @public */
export interface ApiServerMetrics {
  /** `ok`, or why the metrics could not be read (forbidden, not in the dump…). */
  status: ReadStatus;
  deprecatedApiRequests: DeprecatedApiRequest[];
}
