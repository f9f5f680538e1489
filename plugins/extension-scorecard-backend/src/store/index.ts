import { DatabaseService } from '@backstage/backend-plugin-api';
import type { Knex } from 'knex';
import { AuditTrailStore } from './AuditTrailStore';
import { ClusterCollectionStore } from './ClusterCollectionStore';
import { connectScorecardDatabase } from './database';
import { EvidenceStore } from './EvidenceStore';
import { NotificationLogStore } from './NotificationLogStore';
import { RefreshRunStore } from './RefreshRunStore';
import { SnapshotStore } from './SnapshotStore';
import { WaiverStore } from './WaiverStore';

/** Every store of the plugin, over one database. */
export interface ScorecardStores {
  knex: Knex;
  snapshots: SnapshotStore;
  evidence: EvidenceStore;
  waivers: WaiverStore;
  auditTrail: AuditTrailStore;
  clusters: ClusterCollectionStore;
  runs: RefreshRunStore;
  notificationLog: NotificationLogStore;
}

/** Builds the stores over an already migrated connection. */
export function createScorecardStores(
  knex: Knex,
  options: { now?: () => Date } = {},
): ScorecardStores {
  return {
    knex,
    snapshots: new SnapshotStore(knex, options.now),
    evidence: new EvidenceStore(knex),
    waivers: new WaiverStore(knex),
    auditTrail: new AuditTrailStore(knex),
    clusters: new ClusterCollectionStore(knex),
    runs: new RefreshRunStore(knex),
    notificationLog: new NotificationLogStore(knex),
  };
}

/** Connects to the plugin database, migrates it and builds the stores. */
export async function openScorecardStores(
  database: DatabaseService,
): Promise<ScorecardStores> {
  return createScorecardStores(await connectScorecardDatabase(database));
}

export type {
  ComponentVisibility,
  ComponentFilter,
  NewSnapshot,
} from './types';
export { FULL_VISIBILITY, isComponentVisible } from './types';
