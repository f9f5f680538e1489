import { useScorecardQuery } from './useScorecardQuery';

/** The newest snapshot (null before the first collection), for counts and the snapshot time. */
export function useLatestSnapshot(reloadKey: number) {
  return useScorecardQuery(
    async api => (await api.listSnapshots({ limit: 1 })).items[0] ?? null,
    [reloadKey],
  );
}

/** The kind × dimension heat map of the newest snapshot. */
export function useHeatmap(reloadKey: number) {
  return useScorecardQuery(api => api.getHeatmap(), [reloadKey]);
}

/** Configured clusters with their stale markers. */
export function useClusters(reloadKey: number) {
  return useScorecardQuery(api => api.listClusters(), [reloadKey]);
}

/** The check catalogue (for the check filter and titles). */
export function useCheckCatalogue() {
  return useScorecardQuery(api => api.listChecks(), []);
}

/** Owners of the newest snapshot (for the team filter). */
export function useOwners(reloadKey: number) {
  return useScorecardQuery(
    async api =>
      (await api.getTeamSummaries()).items
        .map(summary => summary.owner)
        .filter((owner): owner is string => owner !== null)
        .sort(),
    [reloadKey],
  );
}
