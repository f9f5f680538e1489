/**
 * The next-minor upgrade report of a snapshot, restricted to what the caller may
 * see: findings of components hidden from the caller are left out and counted;
 * cluster-wide findings (the API server metric) are shown to every reader.
 */
import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  upgradeTeams,
  type Snapshot,
  type UpgradeFinding,
  type UpgradeReadinessQuery,
  type UpgradeReadinessReport,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { summarizeUpgrade } from '../scoring';
import {
  isComponentVisible,
  type ComponentVisibility,
  type ScorecardStores,
} from '../store';
import type { ScorecardService } from './ScorecardService';

/** Which clusters and teams to keep. */
export interface UpgradeReadinessFilter {
  cluster?: readonly string[];
  owner?: readonly string[];
}

/** Reads the stored report and filters it. */
export class UpgradeReadinessService {
  constructor(
    private readonly options: {
      stores: ScorecardStores;
      reads: ScorecardService;
    },
  ) {}

  async report(
    credentials: BackstageCredentials,
    query: UpgradeReadinessQuery = {},
  ): Promise<UpgradeReadinessReport> {
    const { reads, stores } = this.options;
    const visibility = await reads.readerVisibility(credentials);
    const snapshot =
      query.snapshot === undefined
        ? await stores.snapshots.latestSnapshot()
        : await reads.snapshot(query.snapshot);
    if (!snapshot)
      return {
        snapshot: null,
        takenAt: null,
        clusters: [],
        teams: [],
        hiddenFindings: 0,
      };
    return this.forSnapshot(snapshot, visibility, query);
  }

  /** The report of one snapshot for a caller's visibility (the audit uses it too). */
  async forSnapshot(
    snapshot: Snapshot,
    visibility: ComponentVisibility,
    filter: UpgradeReadinessFilter = {},
  ): Promise<UpgradeReadinessReport> {
    const stored = await this.options.stores.snapshots.upgradeReadiness(
      snapshot,
    );
    let hiddenFindings = 0;
    const visible = (finding: UpgradeFinding) => {
      if (
        finding.componentId === null ||
        isComponentVisible(visibility, finding.componentId)
      )
        return true;
      hiddenFindings += 1;
      return false;
    };
    const owners = filter.owner?.length ? new Set(filter.owner) : null;
    const clusters = stored
      .filter(
        c => !filter.cluster?.length || filter.cluster.includes(c.cluster),
      )
      .map(entry =>
        summarizeUpgrade({
          ...entry,
          findings: entry.findings
            .filter(visible)
            .filter(f => !owners || (f.owner !== null && owners.has(f.owner))),
          unknownReason: entry.currentVersion === null ? entry.reason : null,
        }),
      );
    return {
      snapshot: snapshot.id,
      takenAt: snapshot.takenAt,
      clusters,
      teams: upgradeTeams(clusters),
      hiddenFindings,
    };
  }
}
