/**
 * Counting campaigns from stored snapshots (they keep no history of their own): which
 * visible components of a snapshot a campaign's scope takes and the goal concerns, and
 * how each stands (done, waived, open); per team, over a campaign's days (burn-down),
 * and at a quarter's end. A standing depends only on an evaluation and a goal, and an
 * evaluation id names one immutable evaluation, so standings are kept by both.
 */
import type {
  AuditCampaign,
  CampaignBurndownPoint,
  CampaignCounts,
  CampaignGoal,
  CampaignItemStatus,
  CampaignScope,
  CampaignTeamProgress,
  ComponentSummary,
  SnapshotRef,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  campaignStanding,
  inCampaignScope,
  resolveCampaignScope,
  type ResolvedCampaignScope,
} from '../scoring';
import {
  savedFilterLookup,
  type ComponentVisibility,
  type ScorecardStores,
  type StoredCampaign,
} from '../store';
import { enforcementAt } from './campaignFields';

/** Standings kept by evaluation id and goal. */
const STANDING_CACHE_ENTRIES = 200_000;

const DAY_MS = 86_400_000;

/** A visible component of a snapshot, with the id of its evaluation. */
export interface SnapshotComponent {
  summary: ComponentSummary;
  evaluationId: number;
}

/** The latest snapshot with the components the caller may see. */
export interface LatestComponents {
  snapshot: SnapshotRef;
  components: SnapshotComponent[];
}

function zeroCounts(): CampaignCounts {
  return { inScope: 0, done: 0, waived: 0, open: 0 };
}

function count(counts: CampaignCounts, status: CampaignItemStatus): void {
  counts.inScope += 1;
  counts[status] += 1;
}

/** Counts campaigns over stored snapshots. */
export class CampaignCounter {
  private readonly standings = new Map<string, CampaignItemStatus | null>();

  constructor(
    private readonly deps: {
      stores: ScorecardStores;
      /** A group with every group below it. */
      teamsBelow: (team: string) => Promise<Iterable<string>>;
      now: () => Date;
    },
  ) {}

  /** The latest snapshot with its visible components, if there is one. */
  async latest(
    visibility: ComponentVisibility,
  ): Promise<LatestComponents | undefined> {
    const snapshot = await this.deps.stores.snapshots.latestSnapshot();
    if (!snapshot) return undefined;
    return {
      snapshot,
      components: await this.deps.stores.components.snapshotEvaluationIds(
        snapshot,
        visibility,
      ),
    };
  }

  /** A scope with its teams expanded to the groups below them, its saved filter found. */
  resolve(scope: CampaignScope): Promise<ResolvedCampaignScope> {
    return resolveCampaignScope(
      scope,
      this.deps.teamsBelow,
      savedFilterLookup(this.deps.stores.savedFilters),
    );
  }

  /** Counts of one snapshot's components in scope, by standing. */
  async counts(
    components: readonly SnapshotComponent[],
    goal: CampaignGoal,
    scope: ResolvedCampaignScope,
  ): Promise<CampaignCounts> {
    const counts = zeroCounts();
    for (const { status } of await this.standingsOf(components, goal, scope)) {
      count(counts, status);
    }
    return counts;
  }

  /** Counts per owning team (most open first, no owner last), with the totals. */
  async byTeam(
    components: readonly SnapshotComponent[],
    goal: CampaignGoal,
    scope: ResolvedCampaignScope,
  ): Promise<{ totals: CampaignCounts; teams: CampaignTeamProgress[] }> {
    const totals = zeroCounts();
    const teams = new Map<string | null, CampaignTeamProgress>();
    for (const { summary, status } of await this.standingsOf(
      components,
      goal,
      scope,
    )) {
      count(totals, status);
      let team = teams.get(summary.owner);
      if (!team) {
        team = { team: summary.owner, ...zeroCounts() };
        teams.set(summary.owner, team);
      }
      count(team, status);
    }
    return {
      totals,
      teams: [...teams.values()].sort(
        (a, b) =>
          b.open - a.open ||
          (a.team ?? '\uffff').localeCompare(b.team ?? '\uffff'),
      ),
    };
  }

  /** The standing of each component in scope that the goal concerns. */
  private async standingsOf(
    components: readonly SnapshotComponent[],
    goal: CampaignGoal,
    scope: ResolvedCampaignScope,
  ): Promise<Array<{ summary: ComponentSummary; status: CampaignItemStatus }>> {
    const goalKey = JSON.stringify([goal.checks ?? [], goal.level ?? null]);
    const key = (evaluationId: number) => `${evaluationId}|${goalKey}`;
    const inScope = components.filter(c => inCampaignScope(scope, c.summary));
    const missing = [
      ...new Set(
        inScope
          .map(c => c.evaluationId)
          .filter(id => !this.standings.has(key(id))),
      ),
    ];
    if (missing.length) {
      // the status does not depend on countdowns: any instant renders them
      const cards = await this.deps.stores.components.scorecardsOf(
        missing,
        new Date(0),
      );
      if (this.standings.size + missing.length > STANDING_CACHE_ENTRIES) {
        this.standings.clear();
      }
      for (const id of missing) {
        const card = cards.get(id);
        this.standings.set(
          key(id),
          card ? campaignStanding(card, goal)?.status ?? null : null,
        );
      }
    }
    const out: Array<{
      summary: ComponentSummary;
      status: CampaignItemStatus;
    }> = [];
    for (const { summary, evaluationId } of inScope) {
      const status = this.standings.get(key(evaluationId));
      if (status) out.push({ summary, status });
    }
    return out;
  }

  /**
   * One point per day from the campaign's start to today (or its closing): the last
   * stored snapshot of each day. Days without a snapshot (before the first, or
   * thinned out by retention) have no point.
   */
  async burndown(
    campaign: StoredCampaign,
    scope: ResolvedCampaignScope,
    visibility: ComponentVisibility,
  ): Promise<CampaignBurndownPoint[]> {
    const { stores } = this.deps;
    const end = campaign.closedAt ?? this.deps.now().toISOString();
    const from = new Date(
      Date.parse(campaign.startsAt) - (Date.parse(campaign.startsAt) % DAY_MS),
    ).toISOString();
    if (from > end) return [];
    const lastOfDay = new Map<string, SnapshotRef>();
    const PAGE = 500;
    for (let offset = 0; ; offset += PAGE) {
      const page = await stores.snapshots.listSnapshots({
        from,
        to: end,
        offset,
        limit: PAGE,
      });
      // newest first: the first one seen of a day is its last
      for (const snapshot of page.items) {
        const day = snapshot.takenAt.slice(0, 10);
        if (!lastOfDay.has(day)) lastOfDay.set(day, snapshot);
      }
      if (offset + PAGE >= page.total) break;
    }
    const points: CampaignBurndownPoint[] = [];
    for (const snapshot of [...lastOfDay.values()].reverse()) {
      const components = await stores.components.snapshotEvaluationIds(
        snapshot,
        visibility,
      );
      points.push({
        snapshotId: snapshot.id,
        takenAt: snapshot.takenAt,
        ...(await this.counts(components, campaign.goal, scope)),
      });
    }
    return points;
  }

  /**
   * The campaigns in force during [start, end) as they stood in `snapshot` (the
   * quarter's last): state, enforcement and counts at its time, per team too.
   */
  async standingAt(
    snapshot: SnapshotRef,
    visibility: ComponentVisibility,
    period: { start: string; end: string },
  ): Promise<AuditCampaign[]> {
    const { stores } = this.deps;
    const campaigns = await stores.campaigns.inForceDuring(
      period.start,
      period.end,
    );
    if (!campaigns.length) return [];
    const at = new Date(snapshot.takenAt);
    const components = await stores.components.snapshotEvaluationIds(
      snapshot,
      visibility,
    );
    const out: AuditCampaign[] = [];
    for (const campaign of campaigns) {
      const { totals, teams } = await this.byTeam(
        components,
        campaign.goal,
        await this.resolve(campaign.scope),
      );
      const closed =
        campaign.closedAt !== null && campaign.closedAt <= snapshot.takenAt;
      out.push({
        id: campaign.id,
        title: campaign.title,
        startsAt: campaign.startsAt,
        deadline: campaign.deadline,
        enforceFrom: campaign.enforceFrom,
        state: closed ? 'closed' : 'open',
        enforcement: enforcementAt(campaign, at),
        overdue:
          !closed &&
          Date.parse(campaign.deadline) <= at.getTime() &&
          totals.open > 0,
        ...totals,
        teams,
      });
    }
    return out;
  }
}
