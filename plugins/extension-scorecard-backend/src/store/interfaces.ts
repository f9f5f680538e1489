/**
 * What the services and the pipeline may ask of the plugin's database, one
 * interface per job. The knex implementations (`Database*` classes) live next to
 * this file and are built by `createScorecardStores`; nothing outside store/ sees
 * knex, table rows or SQL.
 */
import type { ClusterSource as ClusterSourceType } from '@extension-scorecard/plugin-extension-scorecard-common';
import type {
  AuditEvent,
  AuditSubjectType,
  AuditTrailQuery,
  Campaign,
  CampaignGoal,
  CampaignScope,
  CampaignState,
  ClusterRunStatus,
  ClusterStatus,
  ClusterUpgradeReadiness,
  ComponentScorecard,
  ComponentSummary,
  EvidenceInput,
  EvidenceQuery,
  ExperimentEvidence,
  Heatmap,
  HistoryPoint,
  Page,
  RefreshScope,
  RefreshStatus,
  RunTrigger,
  SavedFilterFields,
  Snapshot,
  SnapshotDiff,
  SnapshotRef,
  TeamSummary,
  Waiver,
  WaiverQuery,
  WaiverRecord,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ClusterCollection } from '../collect/types';
import type { Pacer } from '../pacing/steps';
import type { RetentionPolicy } from './retention';
import type {
  ComponentFilter,
  ComponentListOptions,
  ComponentVisibility,
  EvaluationBody,
  HistoryRange,
  HistorySubject,
  NewSnapshot,
  SnapshotClusterInput,
  SnapshotWriteResult,
} from './types';

export type {
  ComponentFilter,
  ComponentListOptions,
  ComponentVisibility,
  EvaluationBody,
  HistoryRange,
  HistorySubject,
  NewSnapshot,
  SnapshotClusterInput,
  SnapshotComponentInput,
  SnapshotWriteResult,
  StoredInstance,
  WrittenLevelChange,
} from './types';
export type { RetentionPolicy } from './retention';

// ---------------------------------------------------------------------------
// Snapshots

/** Writes the snapshot of a collection run. */
export interface SnapshotWriter {
  /**
   * Writes one immutable snapshot in ONE transaction: the snapshot, its clusters,
   * new evaluations, the changed component states and the aggregates. A write that
   * fails anywhere leaves nothing behind.
   */
  writeSnapshot(
    input: NewSnapshot,
    options?: SnapshotWriteOptions,
  ): Promise<SnapshotWriteResult>;
}

/** How a snapshot write shares the event loop. */
export interface SnapshotWriteOptions {
  /** Gives the event loop a turn between components (a refresh's; see pacing/steps). */
  pacer?: Pacer;
}

/** Reads snapshots (not their components). */
export interface SnapshotReader {
  /** The newest snapshot, if any. */
  latestSnapshot(): Promise<Snapshot | undefined>;
  /** One snapshot by id. */
  getSnapshot(id: number): Promise<Snapshot | undefined>;
  /** Retained snapshots, newest first. */
  listSnapshots(options: {
    from?: string;
    to?: string;
    offset: number;
    limit: number;
  }): Promise<{ total: number; items: Snapshot[] }>;
  /** The newest snapshot of each quarter, newest quarter first. */
  quarterSnapshots(): Promise<Array<{ quarter: string; snapshot: Snapshot }>>;
  /**
   * The next-minor upgrade report of each cluster of a snapshot, unfiltered, by
   * cluster name; clusters of snapshots written before it existed are left out.
   */
  upgradeReadiness(snapshot: SnapshotRef): Promise<ClusterUpgradeReadiness[]>;
}

/** A component as a snapshot saw it: its summary, its evaluation and the snapshot's clusters. */
export interface StoredComponent {
  summary: ComponentSummary;
  evaluation: EvaluationBody;
  clusters: Array<SnapshotClusterInput & { staleReason: string | null }>;
}

/** The components of a snapshot, restricted to what the caller may see. */
export interface ComponentStore {
  /** One page of a snapshot's components, filtered and sorted in the database. */
  listComponents(
    snapshot: SnapshotRef,
    filter: ComponentFilter,
    options: ComponentListOptions,
    visibility: ComponentVisibility,
  ): Promise<{ total: number; items: ComponentSummary[] }>;
  /** Every visible component of a snapshot, by component id (audit). */
  snapshotComponents(
    snapshot: SnapshotRef,
    visibility: ComponentVisibility,
    filter?: ComponentFilter,
  ): Promise<ComponentSummary[]>;
  /** The summary of one component in a snapshot, if it is there and visible. */
  componentSummary(
    snapshot: SnapshotRef,
    componentId: string,
    visibility: ComponentVisibility,
  ): Promise<ComponentSummary | undefined>;
  /** One component of a snapshot with its evaluation and the snapshot's clusters. */
  getComponent(
    snapshot: SnapshotRef,
    componentId: string,
    visibility: ComponentVisibility,
  ): Promise<StoredComponent | undefined>;
  /** The scorecards of a snapshot's visible components, by component id. */
  loadScorecards(
    snapshot: SnapshotRef,
    visibility: ComponentVisibility,
  ): Promise<Map<string, ComponentScorecard>>;
  /** Every catalog-linked component id of the retained snapshots. */
  catalogComponentIds(): Promise<string[]>;
  /**
   * Every visible component of a snapshot with the id of its evaluation (an id names
   * one immutable evaluation, so what is derived from it may be kept by id).
   */
  snapshotEvaluationIds(
    snapshot: SnapshotRef,
    visibility: ComponentVisibility,
  ): Promise<Array<{ summary: ComponentSummary; evaluationId: number }>>;
  /** Scorecards by evaluation id, countdowns counted at `at`. */
  scorecardsOf(
    evaluationIds: readonly number[],
    at: Date,
  ): Promise<Map<number, ComponentScorecard>>;
}

/** Per-snapshot summaries of the dashboard. */
export interface DashboardStore {
  /** Per owner: level distribution and counts of a snapshot's visible components. */
  teamSummaries(
    snapshot: SnapshotRef,
    filter: ComponentFilter,
    visibility: ComponentVisibility,
  ): Promise<TeamSummary[]>;
  /** The kind × dimension heat map of a snapshot's visible components. */
  heatmap(
    snapshot: SnapshotRef,
    filter: ComponentFilter,
    visibility: ComponentVisibility,
  ): Promise<Omit<Heatmap, 'snapshot' | 'hiddenByVisibility'>>;
  /**
   * How many of a snapshot's components matching the filter the caller may not see
   * (a count, so that views can say that their figures leave some out; never which).
   */
  hiddenComponents(
    snapshot: SnapshotRef,
    filter: ComponentFilter,
    visibility: ComponentVisibility,
    /** What the reader sees of it, when the caller has counted it already (a page's total). */
    visibleCount?: number,
  ): Promise<number>;
}

/** Trends across retained snapshots (oldest point first). */
export interface HistoryStore {
  /** One component across snapshots; empty when it is not visible. */
  componentHistory(
    componentId: string,
    range: HistoryRange,
    visibility: ComponentVisibility,
  ): Promise<HistoryPoint[]>;
  /**
   * The fleet, a team (`key` = owner ref; null for orphans), a kind or a dimension
   * across snapshots, from the stored per-snapshot aggregates where the caller may
   * see every catalog component.
   */
  seriesHistory(
    subject: HistorySubject & {
      scope: Exclude<HistorySubject['scope'], 'component'>;
    },
    range: HistoryRange,
    visibility: ComponentVisibility,
  ): Promise<HistoryPoint[]>;
}

/** What changed between two snapshots. */
export interface SnapshotDiffStore {
  /** The diff of two snapshots (either order), restricted to what the caller may see. */
  diffSnapshots(
    from: SnapshotRef,
    to: SnapshotRef,
    visibility: ComponentVisibility,
  ): Promise<SnapshotDiff>;
}

/** What retention removed. */
export interface RetentionResult {
  deletedSnapshots: number;
  deletedStates: number;
  deletedEvaluations: number;
}

/** Removes the snapshots a retention policy does not keep. */
export interface RetentionStore {
  /**
   * Deletes the snapshots retention does not keep, then the component states that
   * cover no remaining snapshot and the evaluations nothing refers to any more.
   */
  applyRetention(policy: RetentionPolicy, now: Date): Promise<RetentionResult>;
}

// ---------------------------------------------------------------------------
// Evidence, waivers and their audit trail

/** Evidence to store: the input plus who, when, how and the idempotency key. */
export interface NewEvidence extends EvidenceInput {
  submittedBy: string;
  submittedAt: string;
  /** `api` for submissions, `import` for Chaos Mesh / LitmusChaos results. */
  source: 'api' | 'import';
  idempotencyKey: string;
}

/** Experiment evidence (idempotent submissions, audited). */
export interface EvidenceStore {
  /** Stores a record once per (submitter, idempotency key); ConflictError for a reused key. */
  create(
    input: NewEvidence,
  ): Promise<{ evidence: ExperimentEvidence; replayed: boolean }>;
  /** Evidence newest first, of components the caller may see. */
  list(
    query: EvidenceQuery & { offset: number; limit: number },
    visibility?: ComponentVisibility,
  ): Promise<Page<ExperimentEvidence>>;
  /** All evidence of one component, newest first. */
  forComponent(componentId: string): Promise<ExperimentEvidence[]>;
  /** All evidence grouped by component (the evaluation reads it). */
  byComponent(): Promise<Map<string, ExperimentEvidence[]>>;
}

/** A waiver request as the service validated it. */
export interface NewWaiver {
  component: string;
  checkId: string;
  cluster: string | null;
  reason: string;
  expiresAt: string;
  requestedBy: string;
  /** Owner of the component now; kept with the waiver. */
  owner: string | null;
  now: string;
}

/** A decision on a waiver. */
export type WaiverDecision = 'approve' | 'reject' | 'revoke';

/** Waivers and their life cycle, every change audited in the same transaction. */
export interface WaiverStore {
  /** Records a request; ConflictError when an open waiver already covers it. */
  request(input: NewWaiver): Promise<WaiverRecord>;
  /** Applies a decision; ConflictError when the waiver's state does not allow it. */
  decide(
    id: string,
    decision: WaiverDecision,
    options: { actor: string; comment: string | null; now: string },
  ): Promise<WaiverRecord>;
  /** One waiver. */
  get(id: string, now: string): Promise<WaiverRecord | undefined>;
  /** Waivers, newest request first, of components the caller may see. */
  list(
    query: WaiverQuery & { offset: number; limit: number },
    now: string,
    visibility?: ComponentVisibility,
  ): Promise<Page<WaiverRecord>>;
  /** Every waiver of one component, newest request first. */
  forComponent(componentId: string, now: string): Promise<WaiverRecord[]>;
  /** Approved, unexpired waivers (the evaluation applies them). */
  active(now: string): Promise<Waiver[]>;
  /** Waivers in force during [start, end), and those that expired inside it. */
  inForceDuring(
    start: string,
    end: string,
    now: string,
  ): Promise<{ used: WaiverRecord[]; expired: WaiverRecord[] }>;
}

/** A campaign as stored: the API's Campaign without what is computed when read. */
export type StoredCampaign = Omit<
  Campaign,
  'enforcement' | 'overdue' | 'progress'
>;

/** The fields a campaign is made of. */
export interface CampaignFields {
  title: string;
  why: string;
  goal: CampaignGoal;
  scope: CampaignScope;
  startsAt: string;
  deadline: string;
  enforceFrom: string | null;
}

/** A campaign to create (validated by the service). */
export interface NewCampaign extends CampaignFields {
  id: string;
  actor: string;
  now: string;
}

/** The changeable fields of a campaign (undefined: unchanged). */
export type CampaignChange = Partial<
  Pick<
    StoredCampaign,
    'title' | 'why' | 'goal' | 'scope' | 'startsAt' | 'deadline' | 'enforceFrom'
  >
>;

/** Campaigns and their life cycle, every change audited in the same transaction. */
export interface CampaignStore {
  /** Creates an open campaign; ConflictError when the id is taken. */
  create(input: NewCampaign): Promise<StoredCampaign>;
  /** Changes an open campaign; NotFound, or Conflict when it is closed. */
  update(
    id: string,
    change: CampaignChange,
    options: {
      actor: string;
      now: string;
      validate?: (campaign: StoredCampaign) => void;
    },
  ): Promise<StoredCampaign>;
  /** Closes an open campaign; NotFound, or Conflict when it is closed. */
  close(
    id: string,
    options: { actor: string; comment: string | null; now: string },
  ): Promise<StoredCampaign>;
  get(id: string): Promise<StoredCampaign | undefined>;
  /** Open campaigns first, then by deadline. */
  list(query: {
    state?: CampaignState[];
    offset: number;
    limit: number;
  }): Promise<Page<StoredCampaign>>;
  /** Every open campaign, by deadline (the evaluation applies their announcements). */
  open(): Promise<StoredCampaign[]>;
  /**
   * The campaigns in force at some time in [start, end): created and started before
   * `end`, not closed before `start`; by deadline.
   */
  inForceDuring(start: string, end: string): Promise<StoredCampaign[]>;
}

/** A saved filter as stored. */
export interface StoredSavedFilter {
  id: string;
  name: string;
  description: string;
  filters: SavedFilterFields;
  createdBy: string;
  createdAt: string;
}

/** The campaigns whose scope names a saved filter. */
export interface CampaignNaming {
  id: string;
  title: string;
}

/** Saved filters: created and deleted (never changed), each audited. */
export interface SavedFilterStore {
  /** Every saved filter, by name. */
  list(): Promise<StoredSavedFilter[]>;
  get(id: string): Promise<StoredSavedFilter | undefined>;
  /**
   * Saves one; ConflictError when the id or the name (case-insensitively) is taken
   * or `limit` filters are saved.
   */
  create(
    filter: Omit<StoredSavedFilter, 'createdBy' | 'createdAt'>,
    options: { actor: string; now: string; limit: number },
  ): Promise<StoredSavedFilter>;
  /**
   * Deletes one; NotFoundError when absent, whatever `allow` throws (called with the
   * filter), ConflictError while a campaign's scope names it.
   */
  delete(
    id: string,
    options: {
      actor: string;
      now: string;
      allow: (filter: StoredSavedFilter) => void;
    },
  ): Promise<void>;
  /** Per saved filter id, the campaigns (open or closed) whose scope names it. */
  campaignsNaming(): Promise<Map<string, CampaignNaming[]>>;
}

/** An audit event to record. */
export type NewAuditEvent = Omit<AuditEvent, 'id'>;

/** Reads the audit trail of waivers and evidence (the stores above write it). */
export interface AuditTrailStore {
  /** Events newest first, of components the caller may see. */
  list(
    query: AuditTrailQuery & { offset: number; limit: number },
    visibility?: ComponentVisibility,
  ): Promise<Page<AuditEvent>>;
  /** Every event of one subject, oldest first. */
  forSubject(
    subjectType: AuditSubjectType,
    subjectId: string,
  ): Promise<AuditEvent[]>;
}

// ---------------------------------------------------------------------------
// Collection

/** A refresh run to create. */
export interface NewRefreshRun {
  trigger: RunTrigger;
  scope: RefreshScope;
  target: string | null;
  requestedBy: string | null;
  clusters: string[];
  now: string;
}

/** Collection runs and their progress, shared by every replica. */
export interface RefreshRunStore {
  /** Creates a queued run with every cluster pending. */
  create(run: NewRefreshRun): Promise<RefreshStatus>;
  /** One run. */
  get(id: string): Promise<RefreshStatus | undefined>;
  /** The newest run. */
  latest(): Promise<RefreshStatus | undefined>;
  /** A run still queued or running that started after `since`. */
  active(since: string): Promise<RefreshStatus | undefined>;
  /** Updates run-level fields. */
  update(
    id: string,
    patch: Partial<
      Pick<
        RefreshStatus,
        'state' | 'phase' | 'startedAt' | 'finishedAt' | 'snapshotId' | 'error'
      >
    >,
  ): Promise<void>;
  /** Updates one cluster's progress inside a run. */
  updateCluster(
    id: string,
    cluster: string,
    patch: Partial<Omit<ClusterRunStatus, 'cluster'>>,
  ): Promise<void>;
  /** Marks runs left queued or running before `before` as failed. */
  failAbandoned(before: string, now: string): Promise<number>;
  /** Keeps the newest `keep` runs. */
  prune(keep: number): Promise<number>;
}

/** The latest collection of each cluster. */
export interface ClusterCollectionStore {
  /**
   * Saves the outcome of one cluster's collection. With `error` set (nothing was
   * read) the previous payload stays and the attempt is recorded as failed.
   */
  save(outcome: ClusterCollection, attemptedAt: string): Promise<void>;
  /**
   * The last good collection of each cluster, marked stale when the latest attempt
   * failed; a cluster that never succeeded comes back with its error.
   */
  latest(clusters?: readonly string[]): Promise<ClusterCollection[]>;
  /**
   * Status of the given clusters (configured ones never collected included), and of
   * clusters with stored data that are no longer configured (`locator: null`).
   */
  statuses(
    configured: ReadonlyArray<ConfiguredCluster>,
  ): Promise<ClusterStatus[]>;
}

/** A cluster as located now: its source type, and where and how it is reached. */
export interface ConfiguredCluster {
  name: string;
  type: ClusterSourceType;
  locator?: string;
  authProvider?: string | null;
  blockedReason?: string | null;
}

/** Notifications already sent, so each condition is announced once. */
export interface NotificationLogStore {
  /** The keys not sent yet, out of those given. */
  unsent(keys: readonly string[]): Promise<string[]>;
  /** Records keys as sent. */
  markSent(keys: readonly string[], now: string): Promise<void>;
  /** Forgets entries older than `before`. */
  prune(before: string): Promise<number>;
}

// ---------------------------------------------------------------------------

/** Every store of the plugin, over one database. */
export interface ScorecardStores {
  snapshotWriter: SnapshotWriter;
  snapshots: SnapshotReader;
  components: ComponentStore;
  dashboard: DashboardStore;
  history: HistoryStore;
  diffs: SnapshotDiffStore;
  retention: RetentionStore;
  evidence: EvidenceStore;
  waivers: WaiverStore;
  campaigns: CampaignStore;
  savedFilters: SavedFilterStore;
  auditTrail: AuditTrailStore;
  clusters: ClusterCollectionStore;
  runs: RefreshRunStore;
  notificationLog: NotificationLogStore;
}
