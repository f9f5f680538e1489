import { useScorecardQuery } from './useScorecardQuery';
import {
  ComponentDetail,
  ExtensionScorecardApi,
} from '@extension-scorecard/plugin-extension-scorecard-common';

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

async function loadTeam(api: ExtensionScorecardApi, owner: string) {
  const [summaries, components, waivers] = await Promise.all([
    api.getTeamSummaries({ owner: [owner] }),
    api.listComponents({
      owner: [owner],
      sort: 'level',
      order: 'asc',
      limit: TEAM_DETAIL_LIMIT,
    }),
    api.listWaivers({
      owner,
      active: true,
      expiringWithinDays: WAIVER_HORIZON_DAYS,
      limit: 100,
    }),
  ]);
  const details: ComponentDetail[] = await mapLimited(
    components.items,
    DETAIL_CONCURRENCY,
    c => api.getComponent(c.componentId, { historyLimit: 1 }),
  );
  return {
    summary: summaries.items.find(s => s.owner === owner) ?? null,
    snapshot: components.snapshot,
    components,
    details,
    expiringWaivers: waivers.items,
  };
}

/** The team's components with their details, summary and expiring waivers. */
export function useTeamScorecard(owner: string) {
  return useScorecardQuery(api => loadTeam(api, owner), [owner]);
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
