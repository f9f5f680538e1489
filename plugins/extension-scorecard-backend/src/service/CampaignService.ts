/**
 * Campaigns: created, changed and closed with `campaign.manage` (fields checked in
 * ./campaignFields); read by everyone who reads scorecards. Progress, burn-down and
 * items come from stored snapshots over the components the caller may see
 * (./CampaignCounter); a component in scope counts when the goal concerns it (see
 * scoring/campaigns), as done, waived or open.
 */
import {
  BackstageCredentials,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import {
  extensionScorecardCampaignManagePermission,
  type AuditCampaign,
  type Campaign,
  type CampaignCloseInput,
  type CampaignDetail,
  type CampaignInput,
  type CampaignItem,
  type CampaignItemQuery,
  type CampaignItemStatus,
  type CampaignQuery,
  type CampaignSuggestion,
  type CampaignUpdate,
  type CheckDefinition,
  type Page,
  type SnapshotRef,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  campaignStanding,
  inCampaignScope,
  normalizeComponentRef,
  normalizeOwnerRef,
  type ResolvedCampaignScope,
} from '../scoring';
import type {
  CampaignChange,
  ComponentVisibility,
  ScorecardStores,
  StoredCampaign,
} from '../store';
import { actorOf, type ScorecardAccess } from './access';
import type { InitialCampaign } from './campaignConfig';
import {
  campaignId,
  enforcementAt,
  validateCampaignFields,
  type CampaignFields,
} from './campaignFields';
import { CampaignCounter, type LatestComponents } from './CampaignCounter';
import { campaignSuggestions } from './campaignSuggestions';
import { trimmedText } from './inputRules';
import { PAGE_DEFAULT, type ScorecardService } from './ScorecardService';
import { spec } from '../schema/openapi.generated';

/** Who the audit trail names for campaigns created from the configuration. */
export const INITIAL_CAMPAIGN_ACTOR = 'extension-scorecard:config';

const COMMENT_MIN_LENGTH =
  spec.components.schemas.CampaignCloseInput.properties.comment.minLength;

export { enforcementAt };

/** Campaign requests and reads. */
export class CampaignService {
  private readonly counter: CampaignCounter;

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
  ) {
    this.counter = new CampaignCounter({
      stores: options.stores,
      teamsBelow: team => options.access.groupWithDescendants(team),
      now: () => options.reads.now(),
    });
  }

  /**
   * The fields checked and normalized (teams against the catalog unless told not to:
   * at start-up it may not hold them yet).
   */
  private validated(
    fields: CampaignFields,
    options: { teamsInCatalog: boolean } = { teamsInCatalog: true },
  ): Promise<CampaignFields> {
    return validateCampaignFields(fields, {
      checks: this.options.checks().map(c => c.id),
      kinds: this.options.kinds(),
      ...(options.teamsInCatalog
        ? { missingGroups: refs => this.options.access.missingGroups(refs) }
        : {}),
      savedFilter: id => this.options.stores.savedFilters.get(id),
    });
  }

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
    const latest = (await this.counter.latest(visibility)) ?? null;
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
    const scope = await this.counter.resolve(stored.scope);
    const latest = (await this.counter.latest(visibility)) ?? null;
    const teams = latest
      ? (await this.counter.byTeam(latest.components, stored.goal, scope)).teams
      : [];
    return {
      campaign: await this.withProgress(stored, visibility, latest, scope),
      teams,
      burndown: await this.counter.burndown(stored, scope, visibility),
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
    const latest = await this.counter.latest(visibility);
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
        query.childTeams === false
          ? []
          : [...(await access.groupWithDescendants(query.team))].map(
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
    // each campaign's components, then their scorecards in one read
    const scoped: Array<{
      campaign: StoredCampaign;
      inScope: typeof components;
    }> = [];
    for (const campaign of campaigns) {
      const scope = await this.counter.resolve(campaign.scope);
      scoped.push({
        campaign,
        inScope: components.filter(c => inCampaignScope(scope, c.summary)),
      });
    }
    const cards = await stores.components.scorecardsOf(
      [...new Set(scoped.flatMap(s => s.inScope.map(c => c.evaluationId)))],
      at,
    );
    for (const { campaign, inScope } of scoped) {
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

  /** The campaigns in force during a period as they stood in `snapshot` (the audit). */
  standingAt(
    snapshot: SnapshotRef,
    visibility: ComponentVisibility,
    period: { start: string; end: string },
  ): Promise<AuditCampaign[]> {
    return this.counter.standingAt(snapshot, visibility, period);
  }

  /** The stored campaign with its enforcement, progress in the latest snapshot and overdue mark. */
  private async withProgress(
    campaign: StoredCampaign,
    visibility: ComponentVisibility,
    latest?: LatestComponents | null,
    resolved?: ResolvedCampaignScope,
  ): Promise<Campaign> {
    const now = this.options.reads.now();
    const current =
      latest === undefined ? await this.counter.latest(visibility) : latest;
    let progress: Campaign['progress'] = null;
    if (current) {
      const scope = resolved ?? (await this.counter.resolve(campaign.scope));
      progress = {
        snapshotId: current.snapshot.id,
        takenAt: current.snapshot.takenAt,
        ...(await this.counter.counts(
          current.components,
          campaign.goal,
          scope,
        )),
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
}
