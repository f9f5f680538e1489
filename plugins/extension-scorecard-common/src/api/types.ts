/**
 * Request and response shapes of the Extension Scorecard HTTP API
 * (plugins/extension-scorecard-backend/src/schema/openapi.yaml is the source of
 * truth; the backend's router is typed from that spec and returns these types,
 * so a mismatch fails the type check).
 */
import type {
  CheckStatus,
  Dimension,
  ReadinessLevel,
  Severity,
} from '../checks';
import type { ExperimentEvidence, ExperimentVerdict } from '../evidence';
import type { ExtensionKind } from '../kinds';
import type { ComponentScorecard, Waiver, WaiverState } from '../scorecard';

/** Worst status per dimension. @public */
export type DimensionStatuses = Partial<Record<Dimension, CheckStatus>>;

/** Components per readiness level. @public */
export type LevelCounts = Record<ReadinessLevel, number>;

/** Results per status; `waived` also counts under its status. @public */
export interface StatusCounts {
  pass: number;
  warn: number;
  fail: number;
  notApplicable: number;
  unknown: number;
  waived: number;
}

/** @public */
export interface SnapshotRef {
  id: number;
  takenAt: string;
}

/** What started a collection run. @public */
export type RunTrigger = 'schedule' | 'manual' | 'startup';

/** One immutable snapshot: the evaluation of every component at one time. @public */
export interface Snapshot extends SnapshotRef {
  trigger: RunTrigger;
  refreshId: string | null;
  componentCount: number;
  clusters: string[];
  staleClusters: string[];
  levels: LevelCounts;
  counts: StatusCounts;
  averageScore: number;
  /** The last snapshot of its calendar quarter (kept forever). */
  quarterEnd: boolean;
}

/** A page of a list endpoint. @public */
export interface Page<T> {
  total: number;
  offset: number;
  limit: number;
  items: T[];
}

/** One row of the component table. @public */
export interface ComponentSummary {
  componentId: string;
  name: string;
  title: string | null;
  kind: ExtensionKind;
  owner: string | null;
  lifecycle: string | null;
  orphan: boolean;
  clusters: string[];
  /** Clusters whose data is a previous run's because their collection failed. */
  staleClusters: string[];
  level: ReadinessLevel;
  score: number;
  hardGateCount: number;
  counts: StatusCounts;
  dimensions: DimensionStatuses;
  nextLevelBlockers: string[];
}

/** @public */
export interface ComponentPage extends Page<ComponentSummary> {
  snapshot: SnapshotRef;
}

/** @public */
export const COMPONENT_SORT_FIELDS = [
  'name',
  'kind',
  'owner',
  'level',
  'score',
  'fails',
  'warns',
  'lifecycle',
] as const;

/** @public */
export type ComponentSortField = (typeof COMPONENT_SORT_FIELDS)[number];

/** Server-side filters, sorting and paging of the component list. @public */
export interface ComponentQuery {
  snapshot?: number;
  owner?: string[];
  kind?: ExtensionKind[];
  cluster?: string[];
  level?: ReadinessLevel[];
  /** Dimensions whose worst result is `fail`. */
  failingDimension?: Dimension[];
  /** Dimensions whose worst result is `warn` or `fail`. */
  warningDimension?: Dimension[];
  checkId?: string;
  status?: CheckStatus;
  lifecycle?: string[];
  orphan?: boolean;
  stale?: boolean;
  search?: string;
  sort?: ComponentSortField;
  order?: 'asc' | 'desc';
  offset?: number;
  limit?: number;
}

/** A Kubernetes object of an instance. @public */
export interface ObjectRef {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name: string;
}

/** One extension in one cluster, as a snapshot saw it. @public */
export interface ComponentInstanceSummary {
  cluster: string;
  stale: boolean;
  collectedAt: string;
  objects: ObjectRef[];
  advertisedResources: string[];
  schedulerNames: string[];
}

/** One snapshot's figures for a history series. @public */
export interface HistoryPoint {
  snapshotId: number;
  takenAt: string;
  components: number;
  levels: LevelCounts;
  averageScore: number;
  counts: StatusCounts;
  /** Component series only: worst status per dimension. */
  dimensions?: DimensionStatuses;
}

/** @public */
export const HISTORY_SCOPES = [
  'fleet',
  'component',
  'team',
  'kind',
  'dimension',
] as const;

/** @public */
export type HistoryScope = (typeof HISTORY_SCOPES)[number];

/** @public */
export interface HistorySeries {
  scope: HistoryScope;
  key: string | null;
  points: HistoryPoint[];
}

/** @public */
export interface HistoryQuery {
  scope: HistoryScope;
  key?: string;
  from?: string;
  to?: string;
  limit?: number;
}

/** Everything the entity tab shows about one component. @public */
export interface ComponentDetail {
  snapshot: SnapshotRef;
  scorecard: ComponentScorecard;
  title: string | null;
  staleClusters: string[];
  instances: ComponentInstanceSummary[];
  evidence: ExperimentEvidence[];
  waivers: WaiverRecord[];
  history: HistoryPoint[];
}

/** @public */
export interface TeamSummary {
  /** Owner ref; null for orphans. */
  owner: string | null;
  components: number;
  levels: LevelCounts;
  averageScore: number;
  /** Components with at least one critical fail. */
  hardGates: number;
  /** Components with at least one fail. */
  failing: number;
  counts: StatusCounts;
  byKind: Array<{ kind: ExtensionKind; components: number }>;
}

/** @public */
export interface TeamSummaryList {
  snapshot: SnapshotRef;
  items: TeamSummary[];
}

/** One kind × dimension cell of the heat map; shares are 0–1 of `total`. @public */
export interface HeatmapCell {
  kind: ExtensionKind;
  dimension: Dimension;
  total: number;
  fail: number;
  warn: number;
  pass: number;
  unknown: number;
  notApplicable: number;
  failShare: number;
  warnShare: number;
  passShare: number;
  unknownShare: number;
}

/** @public */
export interface Heatmap {
  snapshot: SnapshotRef;
  kinds: Array<{ kind: ExtensionKind; components: number }>;
  dimensions: Dimension[];
  cells: HeatmapCell[];
}

/** @public */
export interface HeatmapQuery {
  snapshot?: number;
  owner?: string[];
  cluster?: string[];
  orphan?: boolean;
}

/** @public */
export interface ComponentRef {
  componentId: string;
  name: string;
  kind: ExtensionKind;
  owner: string | null;
}

/** @public */
export interface LevelChange extends ComponentRef {
  from: ReadinessLevel;
  to: ReadinessLevel;
  scoreFrom: number;
  scoreTo: number;
}

/** A check whose status changed between two snapshots (null: absent on that side). @public */
export interface CheckChange {
  componentId: string;
  name: string;
  owner: string | null;
  checkId: string;
  dimension: Dimension;
  cluster: string | null;
  from: CheckStatus | null;
  to: CheckStatus | null;
  message: string;
}

/** @public */
export interface SnapshotDiff {
  from: SnapshotRef;
  to: SnapshotRef;
  added: ComponentRef[];
  removed: ComponentRef[];
  levelChanges: LevelChange[];
  better: CheckChange[];
  worse: CheckChange[];
  unchangedComponents: number;
}

/** @public */
export interface AuditQuarter {
  quarter: string;
  snapshot: SnapshotRef;
  complete: boolean;
}

/** @public */
export interface EvidenceStateCounts {
  fresh: number;
  stale: number;
  missing: number;
  notRequired: number;
}

/** Audit figures of one team or one kind. @public */
export interface AuditGroup {
  key: string | null;
  components: number;
  levels: LevelCounts;
  averageScore: number;
  criticalFails: number;
  orphans: number;
  waiversUsed: number;
  waiversExpired: number;
  retirementsDue: number;
  evidence: EvidenceStateCounts;
  previous: {
    components: number;
    levels: LevelCounts;
    averageScore: number;
  } | null;
  improved: number;
  regressed: number;
}

/** @public */
export interface CriticalFail extends ComponentRef {
  checkId: string;
  cluster: string | null;
  message: string;
}

/** @public */
export interface RetirementDue extends ComponentRef {
  lifecycle: string | null;
  checkId: string;
  status: CheckStatus;
  message: string;
  targetDate: string | null;
}

/** @public */
export type EvidenceState = 'fresh' | 'stale' | 'missing' | 'not-required';

/** @public */
export interface EvidenceFreshness extends ComponentRef {
  state: EvidenceState;
  newestRunAt: string | null;
  ageDays: number | null;
  message: string;
}

/** The quarterly audit report. @public */
export interface AuditReport {
  quarter: string;
  complete: boolean;
  generatedAt: string;
  snapshot: SnapshotRef;
  previousQuarter: string;
  previousSnapshot: SnapshotRef | null;
  totals: AuditGroup;
  byTeam: AuditGroup[];
  byKind: AuditGroup[];
  criticalFails: CriticalFail[];
  orphans: ComponentRef[];
  waiversUsed: WaiverRecord[];
  waiversExpired: WaiverRecord[];
  retirementsDue: RetirementDue[];
  evidenceFreshness: EvidenceFreshness[];
  changes: {
    added: ComponentRef[];
    removed: ComponentRef[];
    improved: LevelChange[];
    regressed: LevelChange[];
  };
}

/** The JSON export: the report plus every component's results. @public */
export interface AuditExport {
  report: AuditReport;
  components: ComponentScorecard[];
}

/** Columns of the CSV export, in order (one row per component and check). @public */
export const AUDIT_CSV_COLUMNS = [
  'quarter',
  'snapshot_id',
  'snapshot_taken_at',
  'component_id',
  'component_name',
  'kind',
  'owner',
  'lifecycle',
  'orphan',
  'level',
  'previous_level',
  'score',
  'check_id',
  'dimension',
  'severity',
  'status',
  'cluster_statuses',
  'waived',
  'waiver_id',
  'waiver_expires_at',
  'message',
] as const;

/** A submitted experiment record; `submittedBy` is the caller. @public */
export interface EvidenceInput {
  component: string;
  cluster: string;
  scenario: string;
  tool?: string;
  startedAt: string;
  injectedAt?: string;
  recoveredAt?: string;
  verdict: ExperimentVerdict;
  observations?: Record<string, unknown>;
  links?: string[];
}

/** @public */
export interface EvidenceQuery {
  component?: string;
  cluster?: string;
  scenario?: string;
  tool?: string;
  offset?: number;
  limit?: number;
}

/** A waiver as the API returns it: the -common Waiver plus decision and state details. @public */
export interface WaiverRecord extends Waiver {
  decisionComment: string | null;
  /** Approved and not expired. */
  active: boolean;
  /** Owner of the component when the waiver was requested. */
  owner: string | null;
}

/** @public */
export interface WaiverInput {
  component: string;
  checkId: string;
  cluster?: string | null;
  reason: string;
  expiresAt: string;
}

/** @public */
export interface WaiverDecisionInput {
  comment?: string;
}

/** @public */
export interface WaiverQuery {
  component?: string;
  checkId?: string;
  state?: WaiverState[];
  owner?: string;
  active?: boolean;
  expiringWithinDays?: number;
  offset?: number;
  limit?: number;
}

/** @public */
export type AuditSubjectType = 'waiver' | 'evidence';

/** One entry of the audit trail: who changed what, and when. @public */
export interface AuditEvent {
  id: number;
  at: string;
  actor: string;
  subjectType: AuditSubjectType;
  subjectId: string;
  component: string;
  /** e.g. requested, approved, rejected, revoked, created, imported. */
  action: string;
  /** Changed fields with their values before and after. */
  changes: Record<string, { from?: unknown; to?: unknown }>;
}

/** @public */
export interface AuditTrailQuery {
  subjectType?: AuditSubjectType;
  subjectId?: string;
  component?: string;
  offset?: number;
  limit?: number;
}

/** @public */
export interface WaiverDetail {
  waiver: WaiverRecord;
  trail: AuditEvent[];
}

/** @public */
export type RefreshScope = 'all' | 'cluster' | 'component';

/** @public */
export interface RefreshInput {
  scope: RefreshScope;
  cluster?: string;
  componentId?: string;
}

/** @public */
export type ClusterRunState =
  | 'pending'
  | 'running'
  | 'succeeded'
  | 'failed'
  | 'skipped';

/** Progress of one cluster inside a collection run. @public */
export interface ClusterRunStatus {
  cluster: string;
  state: ClusterRunState;
  startedAt: string | null;
  finishedAt: string | null;
  objectCount: number | null;
  error: string | null;
}

/** @public */
export type RefreshState = 'queued' | 'running' | 'succeeded' | 'failed';

/** @public */
export type RefreshPhase = 'queued' | 'collecting' | 'assembling' | 'done';

/** A collection run (scheduled or manual) and its progress. @public */
export interface RefreshStatus {
  id: string;
  trigger: RunTrigger;
  scope: RefreshScope;
  target: string | null;
  requestedBy: string | null;
  state: RefreshState;
  phase: RefreshPhase;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  clusters: ClusterRunStatus[];
  snapshotId: number | null;
  error: string | null;
}

/** @public */
export interface ResourceReadStatus {
  resource: string;
  state: 'ok' | 'forbidden' | 'not-served' | 'failed';
  reason?: string;
}

/** A configured cluster with its latest collection and stale marker. @public */
export interface ClusterStatus {
  name: string;
  source: 'live' | 'dump';
  version: string | null;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  /** The latest attempt failed; snapshots use the last good data. */
  stale: boolean;
  error: string | null;
  objectCount: number | null;
  unreadable: ResourceReadStatus[];
}

/** Metadata of one check of the catalogue. @public */
export interface CheckDefinition {
  id: string;
  dimension: Dimension;
  severity: Severity;
  kinds?: ExtensionKind[];
  title: string;
  remediation?: string;
  docsUrl?: string;
}
