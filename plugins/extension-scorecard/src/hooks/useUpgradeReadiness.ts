import { useScorecardQuery } from './useScorecardQuery';

/**
 * The next-minor upgrade report of the newest snapshot, for one team or all; the
 * value carries the owner it was asked for (the previous value stays while the
 * next one loads).
 */
export function useUpgradeReadiness(
  owner: string | undefined,
  reloadKey: number,
) {
  return useScorecardQuery(
    async api => ({
      owner,
      report: await api.getUpgradeReadiness(
        owner ? { owner: [owner] } : undefined,
      ),
    }),
    [owner, reloadKey],
  );
}
