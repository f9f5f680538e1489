/**
 * What the store takes and gives. API shapes come from -common; these are the
 * store's own inputs and the query options the service passes down.
 */
import type {
  ClusterSource as ClusterSourceType,
  ClusterUpgradeReadiness,
  SortOrder,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type {
  ComponentInstanceSummary,
  ComponentQuery,
  ComponentScorecard,
  ComponentSortField,
  DesignRecord,
  HistoryScope,
  ReadinessLevel,
  RunTrigger,
} from '@extension-scorecard/plugin-extension-scorecard-common';

/** An instance as stored: per-run fields (collectedAt, stale) come from the snapshot's clusters. */
export type StoredInstance = Omit<
  ComponentInstanceSummary,
  'stale' | 'collectedAt'
>;

/** An evaluation as callers see it: a component's scorecard and instances. */
export interface EvaluationBody {
  scorecard: ComponentScorecard;
  instances: StoredInstance[];
  /** The catalog's design record as evaluated (absent in bodies written before it was kept). */
  designRecord?: DesignRecord | null;
}

/** One evaluated component handed to the store for a new snapshot. */
export interface SnapshotComponentInput {
  scorecard: ComponentScorecard;
  /** Catalog title, when the entity has one. */
  title: string | null;
  instances: StoredInstance[];
  /** The entity's design record (spec.extension); null for orphans and entities without one. */
  designRecord?: DesignRecord | null;
  /**
   * Set when the caller knows the evaluation is the one the component's current state
   * holds (a refresh that kept it, see pipeline/incremental): the store takes it by
   * this hash without serializing it, and `instances`/`designRecord` are not read. The
   * write fails with {@link ReusedEvaluationMismatch} when the current state holds
   * another evaluation.
   */
  evaluationHash?: string;
  /**
   * With `evaluationHash`: the state hash the store gave the component last time, when
   * the caller knows nothing of its state changed since (the same scorecard, title and
   * stale clusters). The store then compares it with the current state without hashing
   * the state again; when they differ the state is hashed as usual.
   */
  stateHash?: string;
}

/** A cluster a snapshot was assembled from. */
export interface SnapshotClusterInput {
  name: string;
  source: ClusterSourceType;
  /** When its data was read. */
  collectedAt: string;
  /** Set when this run failed for the cluster and its last good data was used. */
  stale: { reason: string } | null;
  /** Kubernetes gitVersion, when known. */
  version: string | null;
  /** The cluster's next-minor upgrade report, unfiltered (absent: not computed). */
  upgrade?: ClusterUpgradeReadiness | null;
}

/** Everything one collection run writes, in one transaction. */
export interface NewSnapshot {
  takenAt: string;
  trigger: RunTrigger;
  refreshId: string | null;
  clusters: SnapshotClusterInput[];
  components: SnapshotComponentInput[];
}

/** A component whose level changed when a snapshot was written. */
export interface WrittenLevelChange {
  componentId: string;
  owner: string | null;
  name: string;
  from: ReadinessLevel;
  to: ReadinessLevel;
}

/** What writing a snapshot changed compared with the previous one. */
export interface SnapshotWriteResult {
  snapshotId: number;
  added: string[];
  removed: string[];
  changed: number;
  unchanged: number;
  levelChanges: WrittenLevelChange[];
  /** Component id → the hash of its evaluation as stored. */
  evaluationHashes: Map<string, string>;
  /** Component id → the hash of its state as stored. */
  stateHashes: Map<string, string>;
}

/** A write given an evaluation by hash that is not the component's current one: nothing was written. */
export class ReusedEvaluationMismatch extends Error {
  constructor(readonly componentId: string) {
    super(
      `Component ${componentId} was given as unchanged, but its current state holds another evaluation`,
    );
    this.name = 'ReusedEvaluationMismatch';
  }
}

/**
 * Which components a caller may see. `entityRefs` null: every catalog-linked
 * component; otherwise only those ids. `orphans`: whether orphans are visible.
 */
export interface ComponentVisibility {
  entityRefs: ReadonlySet<string> | null;
  orphans: boolean;
}

/** Visibility of a caller who may see everything (service principals, admins). */
export const FULL_VISIBILITY: ComponentVisibility = {
  entityRefs: null,
  orphans: true,
};

/**
 * Filters of the component list and summaries (arrays match any of their values):
 * the API's component query without its snapshot, sorting and paging.
 */
export type ComponentFilter = Omit<
  ComponentQuery,
  'snapshot' | 'sort' | 'order' | 'offset' | 'limit'
>;

/** Sorting and paging of the component list. */
export interface ComponentListOptions {
  sort: ComponentSortField;
  order: SortOrder;
  offset: number;
  limit: number;
}

/** Range and size of a history series. */
export interface HistoryRange {
  from?: string;
  to?: string;
  limit: number;
}

/** Which series to read. */
export interface HistorySubject {
  scope: HistoryScope;
  key: string | null;
}

/** Prefix of the ids of orphans (extension objects no catalog entity claims). */
export const ORPHAN_ID_PREFIX = 'orphan:';

/** Whether a caller with this visibility may see the component. */
export function isComponentVisible(
  visibility: ComponentVisibility,
  componentId: string,
): boolean {
  if (componentId.startsWith(ORPHAN_ID_PREFIX)) return visibility.orphans;
  return (
    visibility.entityRefs === null || visibility.entityRefs.has(componentId)
  );
}
