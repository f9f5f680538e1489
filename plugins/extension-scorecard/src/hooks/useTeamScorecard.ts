import { useScorecardQuery } from './useScorecardQuery';
import {
  ComponentDetail,
  ExtensionScorecardApi,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  mergeHistories,
  mergeTeamSummaries,
} from '../components/TeamView/teamRollup';

/** Components of one team whose details (certificates, responsibilities, deadlines) are read. */
export const TEAM_DETAIL_LIMIT = 50;
const DETAIL_CONCURRENCY = 4;
/** Waivers expiring within this many days are listed. */
const WAIVER_HORIZON_DAYS = 30;

async function mapLimited<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from(
    { length: Math.min(limit, items.length) },
    async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index]);
      }
    },
  );
  await Promise.all(workers);
  return results;
}

/** Waivers of the owners expiring soon (one request per owner: the API takes one). */
async function expiringWaivers(api: ExtensionScorecardApi, owners: string[]) {
  const pages = await mapLimited(owners, DETAIL_CONCURRENCY, owner =>
    api.listWaivers({
      owner,
      active: true,
      expiringWithinDays: WAIVER_HORIZON_DAYS,
      limit: 100,
    }),
  );
  return pages.flatMap(page => page.items);
}

/**
 * Which owners the view covers: the group alone, or with its child teams; by default
 * with them when the group owns nothing itself.
 */
async function chooseOwners(
  api: ExtensionScorecardApi,
  owner: string,
  childTeams: string[],
  includeChildren: boolean | undefined,
) {
  const all = [owner, ...childTeams];
  if (childTeams.length === 0 || includeChildren !== undefined) {
    const rolledUp = childTeams.length > 0 && Boolean(includeChildren);
    return {
      includeChildren: rolledUp,
      owners: rolledUp ? all : [owner],
      summaries: null,
    };
  }
  const summaries = await api.getTeamSummaries({ owner: all });
  const direct = summaries.items.find(s => s.owner === owner);
  const rolledUp = !direct || direct.components === 0;
  return {
    includeChildren: rolledUp,
    owners: rolledUp ? all : [owner],
    summaries,
  };
}

async function loadTeam(
  api: ExtensionScorecardApi,
  owner: string,
  childTeams: string[],
  include: boolean | undefined,
) {
  const chosen = await chooseOwners(api, owner, childTeams, include);
  const { owners, includeChildren } = chosen;
  const [summaries, components, waivers] = await Promise.all([
    chosen.summaries ?? api.getTeamSummaries({ owner: owners }),
    api.listComponents({
      owner: owners,
      sort: 'level',
      order: 'asc',
      limit: TEAM_DETAIL_LIMIT,
    }),
    expiringWaivers(api, owners),
  ]);
  const details: ComponentDetail[] = await mapLimited(
    components.items,
    DETAIL_CONCURRENCY,
    c => api.getComponent(c.componentId, { historyLimit: 1 }),
  );
  const ownSummaries = summaries.items.filter(
    s => s.owner !== null && owners.includes(s.owner),
  );
  return {
    owners,
    includeChildren,
    /** Components the group owns itself (0 when it only has child teams' ones). */
    directComponents:
      summaries.items.find(s => s.owner === owner)?.components ?? 0,
    summary: mergeTeamSummaries(owner, ownSummaries),
    /** Components of these owners hidden from the reader (counted nowhere above). */
    hiddenByVisibility: components.hiddenByVisibility ?? 0,
    snapshot: components.snapshot,
    components,
    details,
    expiringWaivers: waivers,
  };
}

/**
 * The team's components with their details, summary and expiring waivers; with
 * `childTeams`, rolled up over them when `includeChildren` says so (undefined: when
 * the group owns nothing itself).
 */
export function useTeamScorecard(
  owner: string,
  childTeams: string[] = [],
  includeChildren?: boolean,
) {
  return useScorecardQuery(
    api => loadTeam(api, owner, childTeams, includeChildren),
    [owner, childTeams.join(','), includeChildren],
  );
}

/** Snapshots of a team's trend (the newest kept). */
export const TEAM_TREND_POINTS = 90;

/** The level distribution and average score of the owners over time, as one series. */
export function useTeamTrend(owners: string[] | undefined) {
  return useScorecardQuery(
    async api => {
      if (!owners) return undefined;
      const series = await mapLimited(owners, DETAIL_CONCURRENCY, key =>
        api.getHistory({ scope: 'team', key, limit: TEAM_TREND_POINTS }),
      );
      return mergeHistories(series.map(s => s.points));
    },
    [(owners ?? []).join(','), Boolean(owners)],
  );
}

/**
 * Orphans of the newest snapshot (first page), for the team to claim; nothing is
 * asked until `enabled` (the user may read orphans).
 */
export function useOrphans(enabled: boolean = true) {
  return useScorecardQuery(
    async api =>
      enabled
        ? (await api.listComponents({ orphan: true, limit: 100 })).items
        : [],
    [enabled],
  );
}
