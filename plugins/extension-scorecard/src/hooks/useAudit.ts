import {
  AuditQuarter,
  ExtensionKind,
  ExtensionScorecardApi,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { useScorecardQuery } from './useScorecardQuery';

/** Quarters shown in the trend (newest last). */
export const TREND_QUARTERS = 6;

/** Quarters with a retained snapshot, newest first. */
export function useAuditQuarters() {
  return useScorecardQuery(api => api.listAuditQuarters(), []);
}

/** The audit report of one quarter. */
export function useAuditReport(quarter: string | undefined) {
  return useScorecardQuery(
    async api => (quarter ? api.getAuditReport(quarter) : undefined),
    [quarter],
  );
}

/** The most history points one trend request asks for (the API's maximum). */
const HISTORY_LIMIT = 1000;

async function loadTrend(
  api: ExtensionScorecardApi,
  quarters: AuditQuarter[],
  kind?: ExtensionKind,
) {
  const recent = quarters.slice(0, TREND_QUARTERS).reverse();
  if (recent.length === 0) return [];
  // One request for the fleet's (or one kind's) history since the oldest quarter
  // shown: the figures count what the reader may see, as the rest of the page does,
  // and stay small at any fleet size (a point per snapshot, not a report per quarter).
  const series = await api.getHistory({
    ...(kind ? { scope: 'kind' as const, key: kind } : { scope: 'fleet' }),
    from: recent[0].snapshot.takenAt,
    limit: HISTORY_LIMIT,
  });
  const bySnapshot = new Map(
    series.points.map(point => [point.snapshotId, point]),
  );
  return recent.flatMap(q => {
    const point = bySnapshot.get(q.snapshot.id);
    return point
      ? [
          {
            quarter: q.quarter,
            complete: q.complete,
            levels: point.levels,
            averageScore: point.averageScore,
            components: point.components,
          },
        ]
      : [];
  });
}

/**
 * Level distribution and average score at the end of each quarter, oldest first: of
 * the fleet, or of one kind.
 */
export function useQuarterTrend(
  quarters: AuditQuarter[] | undefined,
  kind?: ExtensionKind,
) {
  const key = (quarters ?? [])
    .map(q => `${q.quarter}:${q.snapshot.id}`)
    .join(',');
  return useScorecardQuery(
    async api => (quarters ? loadTrend(api, quarters, kind) : undefined),
    [key, kind],
  );
}
