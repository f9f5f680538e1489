import { useScorecardQuery } from './useScorecardQuery';

/**
 * How many components of a snapshot the reader may not see (catalog or orphan
 * permissions): the snapshot's own counts include them, the lists and summaries do
 * not. Read from the heat map of the snapshot, which the server keeps per snapshot
 * and reader, so asking again costs no query.
 */
export function useHiddenComponents(snapshotId: number) {
  return useScorecardQuery(
    async api =>
      (await api.getHeatmap({ snapshot: snapshotId })).hiddenByVisibility ?? 0,
    [snapshotId],
  );
}
