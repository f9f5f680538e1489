/**
 * The quarterly audit: which quarters exist, the report of one, and its CSV and
 * JSON exports, all restricted to what the caller may see; the exports also need
 * `extension-scorecard.audit.export`.
 */
import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import {
  extensionScorecardAuditExportPermission,
  type AuditExport,
  type AuditQuarter,
  type AuditReport,
  type ComponentScorecard,
  type ReadinessLevel,
  type Snapshot,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  isComponentVisible,
  type ComponentVisibility,
  type ScorecardStores,
} from '../../store';
import {
  previousQuarter,
  quarterBounds,
  quarterOf,
} from '../../store/calendar';
import type { ScorecardAccess } from '../access';
import type { CampaignService } from '../CampaignService';
import type { ScorecardService } from '../ScorecardService';
import type { UpgradeReadinessService } from '../UpgradeReadinessService';
import { auditCsv } from './auditCsv';
import { campaignsCsv } from './campaignsCsv';
import { upgradeCsv } from './upgradeCsv';
import { buildAuditReport } from './auditReport';

interface LoadedAudit {
  report: AuditReport;
  snapshot: Snapshot;
  visibility: ComponentVisibility;
  scorecards: Map<string, ComponentScorecard>;
  previousLevels: Map<string, ReadinessLevel>;
}

/** Quarterly audit reports and exports. */
export class AuditService {
  constructor(
    private readonly options: {
      stores: ScorecardStores;
      reads: ScorecardService;
      access: ScorecardAccess;
      upgrade: UpgradeReadinessService;
      /** The campaigns in force during a quarter (none without it). */
      campaigns?: CampaignService;
    },
  ) {}

  async quarters(credentials: BackstageCredentials): Promise<AuditQuarter[]> {
    await this.options.reads.readerVisibility(credentials);
    const current = quarterOf(this.options.reads.now().toISOString());
    return (await this.options.stores.snapshots.quarterSnapshots()).map(q => ({
      quarter: q.quarter,
      snapshot: { id: q.snapshot.id, takenAt: q.snapshot.takenAt },
      complete: q.quarter < current,
    }));
  }

  async report(
    credentials: BackstageCredentials,
    quarter: string,
  ): Promise<AuditReport> {
    return (await this.load(credentials, quarter)).report;
  }

  async exportJson(
    credentials: BackstageCredentials,
    quarter: string,
  ): Promise<AuditExport> {
    await this.options.access.require(
      extensionScorecardAuditExportPermission,
      credentials,
    );
    const { report, scorecards, snapshot, visibility } = await this.load(
      credentials,
      quarter,
    );
    return {
      report,
      components: [...scorecards.values()].sort((a, b) =>
        a.componentId.localeCompare(b.componentId),
      ),
      upgradeReadiness: await this.options.upgrade.forSnapshot(
        snapshot,
        visibility,
      ),
    };
  }

  /** The quarter-end snapshot's next-minor upgrade report as CSV. */
  async exportUpgradeCsv(
    credentials: BackstageCredentials,
    quarter: string,
  ): Promise<string> {
    await this.options.access.require(
      extensionScorecardAuditExportPermission,
      credentials,
    );
    const { snapshot, visibility } = await this.load(credentials, quarter);
    return upgradeCsv(
      quarter,
      await this.options.upgrade.forSnapshot(snapshot, visibility),
    );
  }

  /** The campaigns in force during the quarter as CSV, as they stood at its end. */
  async exportCampaignsCsv(
    credentials: BackstageCredentials,
    quarter: string,
  ): Promise<string> {
    await this.options.access.require(
      extensionScorecardAuditExportPermission,
      credentials,
    );
    return campaignsCsv((await this.load(credentials, quarter)).report);
  }

  async exportCsv(
    credentials: BackstageCredentials,
    quarter: string,
  ): Promise<string> {
    await this.options.access.require(
      extensionScorecardAuditExportPermission,
      credentials,
    );
    const { report, scorecards, previousLevels } = await this.load(
      credentials,
      quarter,
    );
    return auditCsv(report, scorecards.values(), previousLevels);
  }

  private async load(
    credentials: BackstageCredentials,
    quarter: string,
  ): Promise<LoadedAudit> {
    const { stores, reads } = this.options;
    const visibility = await reads.readerVisibility(credentials);
    const quarters = await stores.snapshots.quarterSnapshots();
    const found = quarters.find(q => q.quarter === quarter);
    if (!found) {
      throw new NotFoundError(`No snapshot in ${quarter}`);
    }
    const previousName = previousQuarter(quarter);
    const previous =
      quarters.find(q => q.quarter === previousName)?.snapshot ?? null;
    const now = reads.now().toISOString();
    const { start, end } = quarterBounds(quarter);

    const [
      components,
      previousComponents,
      scorecards,
      waivers,
      evidence,
      hiddenByVisibility,
    ] = await Promise.all([
      stores.components.snapshotComponents(found.snapshot, visibility),
      previous
        ? stores.components.snapshotComponents(previous, visibility)
        : Promise.resolve([]),
      stores.components.loadScorecards(found.snapshot, visibility),
      stores.waivers.inForceDuring(start, end, now),
      stores.evidence.byComponent(),
      stores.dashboard.hiddenComponents(found.snapshot, {}, visibility),
    ]);
    const campaigns =
      (await this.options.campaigns?.standingAt(found.snapshot, visibility, {
        start,
        end,
      })) ?? [];
    const visible = (id: string) => isComponentVisible(visibility, id);
    const newestEvidence = new Map<string, string>();
    for (const [component, records] of evidence) {
      const inQuarter = records.filter(r => r.startedAt < end);
      if (visible(component) && inQuarter.length) {
        newestEvidence.set(component, inQuarter[0].startedAt);
      }
    }
    const report = buildAuditReport({
      quarter,
      complete: quarter < quarterOf(now),
      now,
      snapshot: ref(found.snapshot),
      previousQuarter: previousName,
      previousSnapshot: previous ? ref(previous) : null,
      components,
      previousComponents,
      scorecards,
      waivers: {
        used: waivers.used.filter(w => visible(w.component)),
        expired: waivers.expired.filter(w => visible(w.component)),
      },
      newestEvidence,
      hiddenByVisibility,
      campaigns,
    });
    return {
      report,
      snapshot: found.snapshot,
      visibility,
      scorecards,
      previousLevels: new Map(
        previousComponents.map(c => [c.componentId, c.level]),
      ),
    };
  }
}

function ref(snapshot: Snapshot) {
  return { id: snapshot.id, takenAt: snapshot.takenAt };
}
