/**
 * Campaigns: created, changed and closed with `campaign.manage`; read by everyone who
 * reads scorecards. Progress, burn-down and items are computed from stored snapshots
 * (no history of their own) over the components the caller may see: a component in
 * scope counts when the goal concerns it (see scoring/campaigns), as done, waived or
 * open.
 */
import {
  BackstageCredentials,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { InputError, NotFoundError } from '@backstage/errors';
import {
  extensionScorecardCampaignManagePermission,
  type AuditCampaign,
  type Campaign,
  type CampaignBurndownPoint,
  type CampaignCloseInput,
  type CampaignCounts,
  type CampaignDetail,
  type CampaignEnforcement,
  type CampaignGoal,
  type CampaignInput,
  type CampaignItem,
  type CampaignItemQuery,
  type CampaignItemStatus,
  type CampaignQuery,
  type CampaignScope,
  type CampaignTeamProgress,
  type CampaignSuggestion,
  type CampaignUpdate,
  type CheckDefinition,
  type ComponentSummary,
  type Page,
  type SnapshotRef,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { randomBytes } from 'node:crypto';
import {
  campaignStanding,
  inCampaignScope,
  normalizeComponentRef,
  normalizeOwnerRef,
  resolveCampaignScope,
  type ResolvedCampaignScope,
} from '../scoring';
import type {
  CampaignChange,
  ComponentVisibility,
  ScorecardStores,
  StoredCampaign,
} from '../store';
import { actorOf, type ScorecardAccess } from './access';
import { parseDateTime, trimmedText } from './inputRules';
import { PAGE_DEFAULT, type ScorecardService } from './ScorecardService';
import { spec } from '../schema/openapi.generated';
import type { InitialCampaign } from './campaignConfig';
import { campaignSuggestions } from './campaignSuggestions';

/** Who the audit trail names for campaigns created from the configuration. */
export const INITIAL_CAMPAIGN_ACTOR = 'extension-scorecard:config';

const TITLE_MIN_LENGTH =
  spec.components.schemas.CampaignInput.properties.title.minLength;
const COMMENT_MIN_LENGTH =
  spec.components.schemas.CampaignCloseInput.properties.comment.minLength;

/** Standings kept by evaluation id and goal (evaluations never change). */
const STANDING_CACHE_ENTRIES = 200_000;

const DAY_MS = 86_400_000;

/** What a visible component of a snapshot is, for campaign counting. */
interface SnapshotComponent {
  summary: ComponentSummary;
  evaluationId: number;
}

function zeroCounts(): CampaignCounts {
  return { inScope: 0, done: 0, waived: 0, open: 0 };
}

function count(counts: CampaignCounts, status: CampaignItemStatus): void {
  counts.inScope += 1;
  counts[status] += 1;
}

/** `Scope webhooks out of kube-system` → `scope-webhooks-out-of-kube-system-3f9a1c`. */
function campaignId(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const suffix = randomBytes(3).toString('hex');
  return slug ? `${slug}-${suffix}` : `campaign-${suffix}`;
}

/** How a scope field's values are kept: refs in their full, lower-case form. */
const NORMALIZE: Record<keyof CampaignScope, (value: string) => string> = {
  kinds: value => value,
  teams: normalizeOwnerRef,
  clusters: value => value,
  lifecycles: value => value,
  components: normalizeComponentRef,
};

/** Most open items first, then by team (no owner last). */
function sortTeams(teams: CampaignTeamProgress[]): CampaignTeamProgress[] {
  return teams.sort(
    (a, b) =>
      b.open - a.open || (a.team ?? '\uffff').localeCompare(b.team ?? '\uffff'),
  );
}

/** Whether the enforcement date is absent, ahead or reached at `now`. */
export function enforcementAt(
  campaign: Pick<StoredCampaign, 'enforceFrom'>,
  now: Date,
): CampaignEnforcement {
  if (!campaign.enforceFrom) return 'none';
  return Date.parse(campaign.enforceFrom) > now.getTime()
    ? 'announced'
    : 'enforced';
}

/** Campaign requests and reads. */
export class CampaignService {
  private readonly standings = new Map<string, CampaignItemStatus | null>();

  constructor(
    private readonly options: {
      stores: ScorecardStores;
      access: ScorecardAccess;
      reads: ScorecardService;
      /** The check catalogue (goal checks must be among it). */
      checks: () => readonly CheckDefinition[];
      /** The extension kinds known (built-in and from modules). */
      kinds: () => readonly string[];
      /**
       * Called (not awaited) after a change that moves verdicts: a campaign with goal
       * checks and an enforcement date created, changed or closed. The plugin starts a
       * snapshot from the latest collections, so the announcement shows at once.
       */
      onVerdictsChanged?: () => void;
    },
  ) {}

  /** Tells `onVerdictsChanged` when a campaign announces (or announced) its checks. */
  private announced(...campaigns: Array<StoredCampaign | undefined>): void {
    if (
      campaigns.some(c => c?.enforceFrom && c.goal.checks?.length) &&
      this.options.onVerdictsChanged
    ) {
      this.options.onVerdictsChanged();
    }
  }

  // -------------------------------------------------------------------------
  // Writes

  async create(
    credentials: BackstageCredentials,
    input: CampaignInput,
    options: { id?: string } = {},
  ): Promise<Campaign> {
    const { access, stores, reads } = this.options;
    await access.require(
      extensionScorecardCampaignManagePermission,
      credentials,
    );
    const fields = await this.validated({
      title: input.title,
      why: input.why,
      goal: input.goal,
      scope: input.scope,
      startsAt: input.startsAt,
      deadline: input.deadline,
      enforceFrom: input.enforceFrom ?? null,
    });
    const campaign = await stores.campaigns.create({
      id: options.id ?? campaignId(fields.title),
      ...fields,
      actor: actorOf(credentials),
      now: reads.now().toISOString(),
    });
    this.announced(campaign);
    return this.withProgress(
      campaign,
      await reads.readerVisibility(credentials),
    );
  }

  async update(
    credentials: BackstageCredentials,
    id: string,
    input: CampaignUpdate,
  ): Promise<Campaign> {
    const { access, stores, reads } = this.options;
    await access.require(
      extensionScorecardCampaignManagePermission,
      credentials,
    );
    const current = await stores.campaigns.get(id);
    if (!current) throw new NotFoundError(`No campaign ${id}`);
    const change: CampaignChange = {};
    if (input.title !== undefined) change.title = input.title;
    if (input.why !== undefined) change.why = input.why;
    if (input.goal !== undefined) change.goal = input.goal;
    if (input.scope !== undefined) change.scope = input.scope;
    if (input.startsAt !== undefined) change.startsAt = input.startsAt;
    if (input.deadline !== undefined) change.deadline = input.deadline;
    if (input.enforceFrom !== undefined) change.enforceFrom = input.enforceFrom;
    // the whole campaign as it would be, validated (teams asked of the catalog) first
    const fields = await this.validated({ ...current, ...change });
    const normalized: CampaignChange = {};
    for (const key of Object.keys(change) as Array<keyof CampaignChange>) {
      (normalized as Record<string, unknown>)[key] = fields[key];
    }
    const campaign = await stores.campaigns.update(id, normalized, {
      actor: actorOf(credentials),
      now: reads.now().toISOString(),
    });
    this.announced(current, campaign);
    return this.withProgress(
      campaign,
      await reads.readerVisibility(credentials),
    );
  }

  async close(
    credentials: BackstageCredentials,
    id: string,
    input: CampaignCloseInput,
  ): Promise<Campaign> {
    const { access, stores, reads } = this.options;
    await access.require(
      extensionScorecardCampaignManagePermission,
      credentials,
    );
    const comment =
      input.comment === undefined
        ? null
        : trimmedText('comment', input.comment, COMMENT_MIN_LENGTH);
    const campaign = await stores.campaigns.close(id, {
      actor: actorOf(credentials),
      comment,
      now: reads.now().toISOString(),
    });
    this.announced(campaign);
    return this.withProgress(
      campaign,
      await reads.readerVisibility(credentials),
    );
  }

  /**
   * Creates the campaigns of the configuration that the database does not hold
   * (closed ones included: a campaign is created once). Teams are not asked of the
   * catalog, which may not hold them yet at start-up. Returns the ids created.
   */
  async seed(
    definitions: readonly InitialCampaign[],
    logger: LoggerService,
  ): Promise<string[]> {
    const { stores, reads } = this.options;
    const created: string[] = [];
    for (const definition of definitions) {
      if (await stores.campaigns.get(definition.id)) continue;
      let fields;
      try {
        fields = await this.validated(
          {
            ...definition,
            enforceFrom: definition.enforceFrom ?? null,
          },
          { teamsInCatalog: false },
        );
      } catch (error) {
        throw new Error(
          `Invalid campaign '${
            definition.id
          }' in extensionScorecard.campaigns: ${(error as Error).message}`,
        );
      }
      await stores.campaigns.create({
        id: definition.id,
        ...fields,
        actor: INITIAL_CAMPAIGN_ACTOR,
        now: reads.now().toISOString(),
      });
      created.push(definition.id);
    }
    if (created.length) {
      logger.info(
        `extension-scorecard: created ${
          created.length
        } campaigns from the configuration: ${created.join(', ')}`,
      );
    }
    return created;
  }

  /**
   * The fields of a campaign, checked beyond the schema: texts trimmed, dates valid
   * and in order, goal checks and kinds known, teams in the catalog.
   */
  private async validated(
    fields: {
      title: string;
      why: string;
      goal: CampaignGoal;
      scope: CampaignScope;
      startsAt: string;
      deadline: string;
      enforceFrom: string | null;
    },
    options: { teamsInCatalog: boolean } = { teamsInCatalog: true },
  ) {
    const title = trimmedText('title', fields.title, TITLE_MIN_LENGTH);
    const startsAt = parseDateTime('startsAt', fields.startsAt);
    const deadline = parseDateTime('deadline', fields.deadline);
    if (deadline.getTime() <= startsAt.getTime()) {
      throw new InputError('deadline must lie after startsAt');
    }
    let enforceFrom: Date | null = null;
    if (fields.enforceFrom !== null) {
      enforceFrom = parseDateTime('enforceFrom', fields.enforceFrom);
      if (
        enforceFrom.getTime() < startsAt.getTime() ||
        enforceFrom.getTime() > deadline.getTime()
      ) {
        throw new InputError(
          'enforceFrom must lie between startsAt and deadline',
        );
      }
      if (!fields.goal.checks?.length) {
        throw new InputError(
          'enforceFrom needs goal checks: it decides when their fails count in full',
        );
      }
    }
    if (!fields.goal.checks?.length && fields.goal.level === undefined) {
      throw new InputError('goal needs checks, a level, or both');
    }
    const known = new Set(this.options.checks().map(c => c.id));
    const unknownChecks = (fields.goal.checks ?? []).filter(c => !known.has(c));
    if (unknownChecks.length) {
      throw new InputError(
        `goal.checks names unknown checks: ${unknownChecks.join(', ')}`,
      );
    }
    const kinds = new Set(this.options.kinds());
    const unknownKinds = (fields.scope.kinds ?? []).filter(k => !kinds.has(k));
    if (unknownKinds.length) {
      throw new InputError(
        `scope.kinds names unknown kinds: ${unknownKinds.join(', ')}`,
      );
    }
    const missing = options.teamsInCatalog
      ? await this.options.access.missingGroups(fields.scope.teams ?? [])
      : [];
    if (missing.length) {
      throw new InputError(
        `scope.teams names groups the catalog does not have: ${missing.join(
          ', ',
        )}`,
      );
    }
    const scope: CampaignScope = {};
    for (const key of [
      'kinds',
      'teams',
      'clusters',
      'lifecycles',
      'components',
    ] as const) {
      const values = fields.scope[key];
      if (values?.length) {
        scope[key] = [...new Set(values.map(value => NORMALIZE[key](value)))];
      }
    }
    const goal: CampaignGoal = {};
    if (fields.goal.checks?.length) goal.checks = [...fields.goal.checks];
    if (fields.goal.level !== undefined) goal.level = fields.goal.level;
    return {
      title,
      why: fields.why.trim(),
      goal,
      scope,
      startsAt: startsAt.toISOString(),
      deadline: deadline.toISOString(),
      enforceFrom: enforceFrom ? enforceFrom.toISOString() : null,
    };
  }

  // -------------------------------------------------------------------------
  // Reads

  async list(
    credentials: BackstageCredentials,
    query: CampaignQuery,
  ): Promise<Page<Campaign>> {
    const visibility = await this.options.reads.readerVisibility(credentials);
    const page = await this.options.stores.campaigns.list({
      state: query.state,
      offset: query.offset ?? 0,
      limit: query.limit ?? PAGE_DEFAULT,
    });
    const latest = (await this.latest(visibility)) ?? null;
    const items: Campaign[] = [];
    for (const campaign of page.items) {
      items.push(await this.withProgress(campaign, visibility, latest));
    }
    return { ...page, items };
  }

  async get(
    credentials: BackstageCredentials,
    id: string,
  ): Promise<CampaignDetail> {
    const { stores, reads } = this.options;
    const visibility = await reads.readerVisibility(credentials);
    const stored = await stores.campaigns.get(id);
    if (!stored) throw new NotFoundError(`No campaign ${id}`);
    const scope = await this.resolve(stored.scope);
    const latest = (await this.latest(visibility)) ?? null;
    const teams = new Map<string | null, CampaignTeamProgress>();
    if (latest) {
      const standings = await this.standingsOf(
        latest.components,
        stored.goal,
        scope,
      );
      for (const { summary, status } of standings) {
        const team = summary.owner;
        let counts = teams.get(team);
        if (!counts) {
          counts = { team, ...zeroCounts() };
          teams.set(team, counts);
        }
        count(counts, status);
      }
    }
    return {
      campaign: await this.withProgress(stored, visibility, latest, scope),
      teams: sortTeams([...teams.values()]),
      burndown: await this.burndown(stored, scope, visibility),
      trail: await stores.auditTrail.forSubject('campaign', id),
    };
  }

  async items(
    credentials: BackstageCredentials,
    query: CampaignItemQuery,
  ): Promise<Page<CampaignItem>> {
    const { stores, reads, access } = this.options;
    const visibility = await reads.readerVisibility(credentials);
    const offset = query.offset ?? 0;
    const limit = query.limit ?? PAGE_DEFAULT;
    let campaigns: StoredCampaign[];
    if (query.campaign) {
      const one = await stores.campaigns.get(query.campaign);
      if (!one) throw new NotFoundError(`No campaign ${query.campaign}`);
      campaigns = [one];
    } else {
      campaigns = await stores.campaigns.open();
    }
    const latest = await this.latest(visibility);
    if (!latest || !campaigns.length) {
      return { total: 0, offset, limit, items: [] };
    }
    let components = latest.components;
    if (query.component) {
      const wanted = normalizeComponentRef(query.component);
      components = components.filter(
        c => normalizeComponentRef(c.summary.componentId) === wanted,
      );
    }
    if (query.team) {
      const owners = new Set(
        [...(await access.groupWithDescendants(query.team))].map(
          normalizeOwnerRef,
        ),
      );
      owners.add(normalizeOwnerRef(query.team));
      components = components.filter(
        c =>
          c.summary.owner !== null &&
          owners.has(normalizeOwnerRef(c.summary.owner)),
      );
    }
    const now = reads.now();
    const at = new Date(latest.snapshot.takenAt);
    const items: CampaignItem[] = [];
    for (const campaign of campaigns) {
      const scope = await this.resolve(campaign.scope);
      const inScope = components.filter(c => inCampaignScope(scope, c.summary));
      const cards = await stores.components.scorecardsOf(
        inScope.map(c => c.evaluationId),
        at,
      );
      for (const { summary, evaluationId } of inScope) {
        const card = cards.get(evaluationId);
        if (!card) continue;
        const standing = campaignStanding(card, campaign.goal);
        if (!standing) continue;
        if (query.status?.length && !query.status.includes(standing.status)) {
          continue;
        }
        items.push({
          campaignId: campaign.id,
          campaignTitle: campaign.title,
          deadline: campaign.deadline,
          enforceFrom: campaign.enforceFrom,
          enforcement: enforcementAt(campaign, now),
          componentId: summary.componentId,
          name: summary.name,
          title: summary.title,
          kind: summary.kind,
          owner: summary.owner,
          status: standing.status,
          level: card.level,
          targetLevel: campaign.goal.level ?? null,
          todo: standing.todo.map(r => ({
            checkId: r.checkId,
            cluster: r.cluster,
            status: r.status,
            severity: r.severity,
            message: r.message,
            remediation: r.remediation,
            announced: Boolean(r.announced),
            waived: Boolean(r.waiver),
          })),
        });
      }
    }
    const rank: Record<CampaignItemStatus, number> = {
      open: 0,
      waived: 1,
      done: 2,
    };
    items.sort(
      (a, b) =>
        a.deadline.localeCompare(b.deadline) ||
        a.campaignId.localeCompare(b.campaignId) ||
        rank[a.status] - rank[b.status] ||
        a.componentId.localeCompare(b.componentId),
    );
    return {
      total: items.length,
      offset,
      limit,
      items: items.slice(offset, offset + limit),
    };
  }

  /** Prefilled campaigns from the latest snapshot (see ./campaignSuggestions). */
  async suggestions(
    credentials: BackstageCredentials,
  ): Promise<{ items: CampaignSuggestion[] }> {
    const { stores, reads } = this.options;
    const visibility = await reads.readerVisibility(credentials);
    const snapshot = await stores.snapshots.latestSnapshot();
    if (!snapshot) return { items: [] };
    const [upgrade, scorecards, open] = await Promise.all([
      stores.snapshots.upgradeReadiness(snapshot),
      stores.components.loadScorecards(snapshot, visibility),
      stores.campaigns.open(),
    ]);
    const visible = upgrade.map(cluster => ({
      ...cluster,
      findings: cluster.findings.filter(
        f => f.componentId !== null && scorecards.has(f.componentId),
      ),
    }));
    return {
      items: campaignSuggestions({
        upgrade: visible,
        scorecards: scorecards.values(),
        definitions: this.options.checks(),
        open,
        now: reads.now(),
      }),
    };
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
    const { stores } = this.options;
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
      const scope = await this.resolve(campaign.scope);
      const totals = zeroCounts();
      const teams = new Map<string | null, CampaignTeamProgress>();
      for (const { summary, status } of await this.standingsOf(
        components,
        campaign.goal,
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
        teams: sortTeams([...teams.values()]),
      });
    }
    return out;
  }

  // -------------------------------------------------------------------------
  // Counting

  /** The latest snapshot with its visible components, if there is one. */
  private async latest(visibility: ComponentVisibility) {
    const snapshot = await this.options.stores.snapshots.latestSnapshot();
    if (!snapshot) return undefined;
    return {
      snapshot,
      components: await this.options.stores.components.snapshotEvaluationIds(
        snapshot,
        visibility,
      ),
    };
  }

  private resolve(scope: CampaignScope): Promise<ResolvedCampaignScope> {
    return resolveCampaignScope(scope, team =>
      this.options.access.groupWithDescendants(team),
    );
  }

  /** The stored campaign with its enforcement, progress in the latest snapshot and overdue mark. */
  private async withProgress(
    campaign: StoredCampaign,
    visibility: ComponentVisibility,
    latest?: Awaited<ReturnType<CampaignService['latest']>> | null,
    resolved?: ResolvedCampaignScope,
  ): Promise<Campaign> {
    const now = this.options.reads.now();
    const current =
      latest === undefined ? await this.latest(visibility) : latest;
    let progress: Campaign['progress'] = null;
    if (current) {
      const scope = resolved ?? (await this.resolve(campaign.scope));
      progress = {
        snapshotId: current.snapshot.id,
        takenAt: current.snapshot.takenAt,
        ...(await this.counts(current.components, campaign.goal, scope)),
      };
    }
    return {
      ...campaign,
      enforcement: enforcementAt(campaign, now),
      overdue:
        campaign.state === 'open' &&
        Date.parse(campaign.deadline) <= now.getTime() &&
        (progress?.open ?? 0) > 0,
      progress,
    };
  }

  /** Counts of one snapshot's components in scope, by standing. */
  private async counts(
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
      const cards = await this.options.stores.components.scorecardsOf(
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
  private async burndown(
    campaign: StoredCampaign,
    scope: ResolvedCampaignScope,
    visibility: ComponentVisibility,
  ): Promise<CampaignBurndownPoint[]> {
    const { stores, reads } = this.options;
    const end = campaign.closedAt ?? reads.now().toISOString();
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
}
