import { DatabaseService } from '@backstage/backend-plugin-api';
import type { Knex } from 'knex';
import { connectScorecardDatabase } from './database';
import { DatabaseAuditTrailStore } from './DatabaseAuditTrailStore';
import { DatabaseCampaignStore } from './DatabaseCampaignStore';
import { DatabaseClusterCollectionStore } from './DatabaseClusterCollectionStore';
import { DatabaseComponentStore } from './DatabaseComponentStore';
import { DatabaseDashboardStore } from './DatabaseDashboardStore';
import { DatabaseEvidenceStore } from './DatabaseEvidenceStore';
import { DatabaseHistoryStore } from './DatabaseHistoryStore';
import { DatabaseNotificationLogStore } from './DatabaseNotificationLogStore';
import { DatabaseRefreshRunStore } from './DatabaseRefreshRunStore';
import { DatabaseRetentionStore } from './DatabaseRetentionStore';
import { DatabaseSnapshotDiffStore } from './DatabaseSnapshotDiffStore';
import { DatabaseSnapshotReader } from './DatabaseSnapshotReader';
import { DatabaseSnapshotWriter } from './DatabaseSnapshotWriter';
import { DatabaseSavedFilterStore } from './DatabaseSavedFilterStore';
import { DatabaseWaiverStore } from './DatabaseWaiverStore';
import { FacetIndex } from './facetIndex';
import type { ScorecardStores } from './interfaces';

/**
 * Builds the stores over an already migrated connection: the knex implementations
 * behind the interfaces of ./interfaces.
 */
export function createScorecardStores(
  knex: Knex,
  options: { now?: () => Date } = {},
): ScorecardStores {
  // one per database: the component list and the summaries read the same snapshots
  const facets = new FacetIndex(knex);
  return {
    snapshotWriter: new DatabaseSnapshotWriter(knex),
    snapshots: new DatabaseSnapshotReader(knex, options.now),
    components: new DatabaseComponentStore(knex, facets),
    dashboard: new DatabaseDashboardStore(knex, facets),
    history: new DatabaseHistoryStore(knex),
    diffs: new DatabaseSnapshotDiffStore(knex),
    retention: new DatabaseRetentionStore(knex),
    evidence: new DatabaseEvidenceStore(knex),
    waivers: new DatabaseWaiverStore(knex),
    campaigns: new DatabaseCampaignStore(knex),
    savedFilters: new DatabaseSavedFilterStore(knex),
    auditTrail: new DatabaseAuditTrailStore(knex),
    clusters: new DatabaseClusterCollectionStore(knex),
    runs: new DatabaseRefreshRunStore(knex),
    notificationLog: new DatabaseNotificationLogStore(knex),
  };
}

/** Connects to the plugin database, migrates it and builds the stores. */
export async function openScorecardStores(
  database: DatabaseService,
): Promise<ScorecardStores> {
  return createScorecardStores(await connectScorecardDatabase(database));
}

export type {
  AuditTrailStore,
  CampaignChange,
  CampaignFields,
  CampaignStore,
  CampaignNaming,
  NewCampaign,
  SavedFilterStore,
  StoredSavedFilter,
  StoredCampaign,
  ClusterCollectionStore,
  ConfiguredCluster,
  ComponentFilter,
  ComponentListOptions,
  ComponentStore,
  ComponentVisibility,
  DashboardStore,
  EvaluationBody,
  EvidenceStore,
  HistoryRange,
  HistoryStore,
  HistorySubject,
  NewAuditEvent,
  NewEvidence,
  NewRefreshRun,
  NewSnapshot,
  NewWaiver,
  NotificationLogStore,
  RefreshRunStore,
  RetentionPolicy,
  RetentionResult,
  RetentionStore,
  ScorecardStores,
  SnapshotClusterInput,
  SnapshotComponentInput,
  SnapshotDiffStore,
  SnapshotReader,
  SnapshotWriteResult,
  SnapshotWriter,
  SnapshotWriteOptions,
  StoredComponent,
  StoredInstance,
  WaiverDecision,
  WaiverStore,
  WrittenLevelChange,
} from './interfaces';
export { savedFilterLookup } from './DatabaseSavedFilterStore';
export {
  FULL_VISIBILITY,
  isComponentVisible,
  ReusedEvaluationMismatch,
} from './types';
