/**
 * What the collectors hand to the rest of the pipeline: plain data, no clients.
 * Every resource read records its outcome so later stages can say `unknown`
 * instead of guessing.
 *
 * The data types (KubeObject, ReadStatus, ClusterCollection, …) are defined in
 * `@extension-scorecard/plugin-extension-scorecard-node` so backend modules that add
 * checks can code against them; they are re-exported here unchanged. Edit them there.
 */
import type { ClusterSource as ClusterSourceType } from '@extension-scorecard/plugin-extension-scorecard-common';
import type {
  ClusterCollection,
  ResourceKey,
} from '@extension-scorecard/plugin-extension-scorecard-node';

export type {
  ApiServerMetrics,
  ClusterCollection,
  CollectionFingerprint,
  DeprecatedApiRequest,
  KubeObject,
  KubeObjectMeta,
  ManagedFieldsEntry,
  ReadStatus,
  ResourceKey,
  ServerVersion,
} from '@extension-scorecard/plugin-extension-scorecard-node';

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
  type: ClusterSourceType;
  collect(options?: CollectOptions): Promise<ClusterCollection>;
}
