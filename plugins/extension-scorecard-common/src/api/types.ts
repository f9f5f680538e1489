/**
 * Request and response shapes of the Extension Scorecard HTTP API.
 *
 * plugins/extension-scorecard-backend/src/schema/openapi.yaml is the source of
 * truth: ./openapi.generated.ts is generated from it (openapi-typescript) and the
 * types below only name its schemas, so they cannot drift from the spec. The
 * backend's router is typed from the same spec. Change the YAML, then run
 * `node scripts/generate-openapi.mjs` in plugins/extension-scorecard-backend.
 */
import {
  componentSortFieldValues,
  historyScopeValues,
  referenceTableNameValues,
  resourceReadStateValues,
  upgradeFindingCategoryValues,
  upgradeFindingSeverityValues,
  upgradeFindingSourceValues,
  type components,
  type operations,
} from './openapi.generated';

type Schemas = components['schemas'];

/** The query parameters of an operation of the spec, by operation id. */
type QueryOf<Operation extends keyof operations> = NonNullable<
  operations[Operation]['parameters']['query']
>;

/** Worst status per dimension. @public */
export type DimensionStatuses = Schemas['DimensionStatuses'];

/** Components per readiness level. @public */
export type LevelCounts = Schemas['LevelCounts'];

/** Results per status; `waived` also counts under its status. @public */
export type StatusCounts = Schemas['StatusCounts'];

/** @public */
export type SnapshotRef = Schemas['SnapshotRef'];

/** What started a collection run. @public */
export type RunTrigger = Schemas['RunTrigger'];

/** One immutable snapshot: the evaluation of every component at one time. @public */
export type Snapshot = Schemas['Snapshot'];

/**
 * A page of a list endpoint. The spec spells each page out (SnapshotPage,
 * WaiverPage, …); types.test.ts checks that they all have this shape.
 * @public
 */
export interface Page<T> {
  total: number;
  offset: number;
  limit: number;
  items: T[];
}

/** One row of the component table. @public */
export type ComponentSummary = Schemas['ComponentSummary'];

/** @public */
export type ComponentPage = Schemas['ComponentPage'];

/** @public */
export type ComponentSortField = Schemas['ComponentSortField'];

/** The sort keys of the component list, in the spec's order. @public */
export const COMPONENT_SORT_FIELDS: readonly ComponentSortField[] =
  componentSortFieldValues;

/** @public */
export type SortOrder = Schemas['SortOrder'];

/** Server-side filters, sorting and paging of the component list. @public */
export type ComponentQuery = QueryOf<'ListComponents'>;

/** A Kubernetes object of an instance. @public */
export type ObjectRef = Schemas['ObjectRef'];

/** One extension in one cluster, as a snapshot saw it. @public */
export type ComponentInstanceSummary = Schemas['ComponentInstance'];

/** One snapshot's figures for a history series. @public */
export type HistoryPoint = Schemas['HistoryPoint'];

/** @public */
export type HistoryScope = Schemas['HistoryScope'];

/** The subjects of a history series, in the spec's order. @public */
export const HISTORY_SCOPES: readonly HistoryScope[] = historyScopeValues;

/** @public */
export type HistorySeries = Schemas['HistorySeries'];

/** @public */
export type HistoryQuery = QueryOf<'GetHistory'>;

/** Everything the entity tab shows about one component. @public */
export type ComponentDetail = Schemas['ComponentDetail'];

/** @public */
export type TeamSummary = Schemas['TeamSummary'];

/** @public */
export type TeamSummaryList = Schemas['TeamSummaryList'];

/** One kind × dimension cell of the heat map; shares are 0–1 of `total`. @public */
export type HeatmapCell = Schemas['HeatmapCell'];

/** @public */
export type Heatmap = Schemas['Heatmap'];

/** @public */
export type HeatmapQuery = QueryOf<'GetHeatmap'>;

/** @public */
export type ComponentRef = Schemas['ComponentRef'];

/** @public */
export type LevelChange = Schemas['LevelChange'];

/** A check whose status changed between two snapshots (null: absent on that side). @public */
export type CheckChange = Schemas['CheckChange'];

/** @public */
export type SnapshotDiff = Schemas['SnapshotDiff'];

/** @public */
export type AuditQuarter = Schemas['AuditQuarter'];

/** @public */
export type EvidenceStateCounts = Schemas['EvidenceStateCounts'];

/** Audit figures of one team or one kind. @public */
export type AuditGroup = Schemas['AuditGroup'];

/** @public */
export type CriticalFail = Schemas['CriticalFail'];

/** @public */
export type RetirementDue = Schemas['RetirementDue'];

/** @public */
export type EvidenceState = Schemas['EvidenceState'];

/** @public */
export type EvidenceFreshness = Schemas['EvidenceFreshness'];

/** The quarterly audit report. @public */
export type AuditReport = Schemas['AuditReport'];

/** @public */
export type AuditExportFormat = Schemas['AuditExportFormat'];

/** The JSON export: the report plus every component's results. @public */
export type AuditExport = Schemas['AuditExport'];

/**
 * Columns of the CSV export, in order (one row per component and check). The
 * spec describes the CSV body as text only, so this list lives here.
 * @public
 */
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
export type EvidenceInput = Schemas['EvidenceInput'];

/** @public */
export type EvidenceQuery = QueryOf<'ListEvidence'>;

/** A waiver as the API returns it: the -common Waiver plus decision and state details. @public */
export type WaiverRecord = Schemas['Waiver'];

/** @public */
export type WaiverInput = Schemas['WaiverInput'];

/** @public */
export type WaiverDecisionInput = Schemas['WaiverDecisionInput'];

/** @public */
export type WaiverQuery = QueryOf<'ListWaivers'>;

/** @public */
export type AuditSubjectType = Schemas['AuditSubjectType'];

/** One entry of the audit trail: who changed what, and when. @public */
export type AuditEvent = Schemas['AuditEvent'];

/** @public */
export type AuditTrailQuery = QueryOf<'ListAuditTrail'>;

/** @public */
export type WaiverDetail = Schemas['WaiverDetail'];

/** A drive to bring many teams' components to a goal by a deadline. @public */
export type Campaign = Schemas['Campaign'];

/** @public */
export type CampaignState = Schemas['CampaignState'];

/** Whether the campaign's enforcement date is absent, ahead or reached. @public */
export type CampaignEnforcement = Schemas['CampaignEnforcement'];

/** What a component in scope must reach: checks passing, a level, or both. @public */
export type CampaignGoal = Schemas['CampaignGoal'];

/** Which components a campaign concerns. @public */
export type CampaignScope = Schemas['CampaignScope'];

/** @public */
export type CampaignInput = Schemas['CampaignInput'];

/** The component table's filters as a saved filter keeps them. @public */
export type SavedFilterFields = Schemas['SavedFilterFields'];

/** A named, shared view of the component table. @public */
export type SavedFilter = Schemas['SavedFilter'];

/** @public */
export type SavedFilterInput = Schemas['SavedFilterInput'];

/** @public */
export type CampaignUpdate = Schemas['CampaignUpdate'];

/** @public */
export type CampaignCloseInput = Schemas['CampaignCloseInput'];

/** Components in scope by status. @public */
export type CampaignCounts = Schemas['CampaignCounts'];

/** A campaign's counts in one snapshot. @public */
export type CampaignProgress = Schemas['CampaignProgress'];

/** @public */
export type CampaignTeamProgress = Schemas['CampaignTeamProgress'];

/** @public */
export type CampaignBurndownPoint = Schemas['CampaignBurndownPoint'];

/** A campaign with its progress per team, burn-down and audit trail. @public */
export type CampaignDetail = Schemas['CampaignDetail'];

/** What one component must do for one campaign. @public */
export type CampaignItem = Schemas['CampaignItem'];

/** @public */
export type CampaignItemStatus = Schemas['CampaignItemStatus'];

/** A result in the way of a campaign's goal. @public */
export type CampaignTodo = Schemas['CampaignTodo'];

/** A prefilled campaign a lead can adjust and start. @public */
export type CampaignSuggestion = Schemas['CampaignSuggestion'];

/** A campaign as it stood at a quarter's last snapshot (in the audit report). @public */
export type AuditCampaign = Schemas['AuditCampaign'];

/** A fail counted as warn until a campaign's enforcement date. @public */
export type CampaignAnnouncement = Schemas['CampaignAnnouncement'];

/** @public */
export type CampaignQuery = QueryOf<'ListCampaigns'>;

/** @public */
export type CampaignItemQuery = QueryOf<'ListCampaignItems'>;

/** @public */
export type RefreshScope = Schemas['RefreshScope'];

/** @public */
export type RefreshInput = Schemas['RefreshInput'];

/** @public */
export type ClusterRunState = Schemas['ClusterRunState'];

/** Progress of one cluster inside a collection run. @public */
export type ClusterRunStatus = Schemas['ClusterRunStatus'];

/** @public */
export type RefreshState = Schemas['RefreshState'];

/** @public */
export type RefreshPhase = Schemas['RefreshPhase'];

/** A collection run (scheduled or manual) and its progress. @public */
export type RefreshStatus = Schemas['RefreshStatus'];

/** @public */
export type ResourceReadState = Schemas['ResourceReadState'];

/** Every {@link ResourceReadState}, in the spec's order. @public */
export const RESOURCE_READ_STATES: readonly ResourceReadState[] =
  resourceReadStateValues;

/** @public */
export type ResourceReadStatus = Schemas['ResourceReadStatus'];

/** Where a cluster's objects come from: the API server, or a dump on disk. @public */
export type ClusterSource = Schemas['ClusterSource'];

/** A configured cluster with its latest collection and stale marker. @public */
export type ClusterStatus = Schemas['ClusterStatus'];

/** Metadata of one check of the catalogue. @public */
export type CheckDefinition = Schemas['CheckDefinition'];

/** The name of a reference data table (data/<name>.yaml of the backend). @public */
export type ReferenceTableName = Schemas['ReferenceTableName'];

/** Every {@link ReferenceTableName}: each is `data/<name>.yaml` of the backend. @public */
export const REFERENCE_TABLE_NAMES: readonly ReferenceTableName[] =
  referenceTableNameValues;

/** Where a reference table's rows came from: shipped, overridden, added, removed. @public */
export type ReferenceTableProvenance = Schemas['ReferenceTableProvenance'];

/** One deprecated API version the checks know, with its upstream source. @public */
export type DeprecatedApiRow = Schemas['DeprecatedApiRow'];

/** One CSI sidecar of the compatibility matrix. @public */
export type CsiSidecarRow = Schemas['CsiSidecarRow'];

/** One version of the DRA API (resource.k8s.io). @public */
export type DraVersionRow = Schemas['DraVersionRow'];

/** The value of one check setting. @public */
export type ThresholdValue = Schemas['ThresholdValue'];

/** The reference data in force (GET /reference-data). @public */
export type ReferenceData = Schemas['ReferenceData'];

/** How a next-minor upgrade finding weighs: blocker, warning or unknown. @public */
export type UpgradeFindingSeverity = Schemas['UpgradeFindingSeverity'];

/** Every {@link UpgradeFindingSeverity}, worst first. @public */
export const UPGRADE_FINDING_SEVERITIES: readonly UpgradeFindingSeverity[] =
  upgradeFindingSeverityValues;

/** What an upgrade finding is about (removed API, CRD storage migration…). @public */
export type UpgradeFindingCategory = Schemas['UpgradeFindingCategory'];

/** Every {@link UpgradeFindingCategory}, in the spec's order. @public */
export const UPGRADE_FINDING_CATEGORIES: readonly UpgradeFindingCategory[] =
  upgradeFindingCategoryValues;

/** Where an upgrade finding was seen (annotation, field manager, API server metric…). @public */
export type UpgradeFindingSource = Schemas['UpgradeFindingSource'];

/** Every {@link UpgradeFindingSource}, in the spec's order. @public */
export const UPGRADE_FINDING_SOURCES: readonly UpgradeFindingSource[] =
  upgradeFindingSourceValues;

/** One thing that blocks or warns about moving a cluster to the next minor. @public */
export type UpgradeFinding = Schemas['UpgradeFinding'];

/** Whether one source of upgrade evidence could be read in a cluster. @public */
export type UpgradeSourceStatus = Schemas['UpgradeSourceStatus'];

/** A cluster's readiness for the next Kubernetes minor. @public */
export type ClusterUpgradeReadiness = Schemas['ClusterUpgradeReadiness'];

/** A team's findings across clusters. @public */
export type TeamUpgradeReadiness = Schemas['TeamUpgradeReadiness'];

/** The "ready for the next minor" report of a snapshot. @public */
export type UpgradeReadinessReport = Schemas['UpgradeReadinessReport'];

/** @public */
export type UpgradeReadinessQuery = QueryOf<'GetUpgradeReadiness'>;

/**
 * Per owning team (null: orphans), the findings of a report's clusters counted by
 * severity, with the clusters they are in; most blockers first.
 * @public
 */
export function upgradeTeams(
  clusters: readonly ClusterUpgradeReadiness[],
): TeamUpgradeReadiness[] {
  const teams = new Map<string | null, TeamUpgradeReadiness>();
  for (const cluster of clusters) {
    for (const finding of cluster.findings) {
      const team = teams.get(finding.owner) ?? {
        owner: finding.owner,
        blockers: 0,
        warnings: 0,
        unknowns: 0,
        clusters: [],
      };
      if (finding.severity === 'blocker') team.blockers += 1;
      else if (finding.severity === 'warning') team.warnings += 1;
      else team.unknowns += 1;
      if (!team.clusters.includes(cluster.cluster))
        team.clusters.push(cluster.cluster);
      teams.set(finding.owner, team);
    }
  }
  return [...teams.values()].sort(
    (a, b) =>
      b.blockers - a.blockers ||
      b.warnings - a.warnings ||
      (a.owner ?? '\uffff').localeCompare(b.owner ?? '\uffff'),
  );
}
