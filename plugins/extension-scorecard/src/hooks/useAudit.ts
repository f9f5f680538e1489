import {
  AuditQuarter,
  ExtensionScorecardApi,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { useScorecardQuery } from './useScorecardQuery';

/** Quarters shown in the trend (newest last). */
export const TREND_QUARTERS = 8;

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

async function loadTrend(api: ExtensionScorecardApi, quarters: AuditQuarter[]) {
  const recent = quarters.slice(0, TREND_QUARTERS).reverse();
  const snapshots = await Promise.all(
    recent.map(q => api.getSnapshot(q.snapshot.id)),
  );
  return recent.map((q, index) => ({
    quarter: q.quarter,
    complete: q.complete,
    levels: snapshots[index].levels,
    averageScore: snapshots[index].averageScore,
    components: snapshots[index].componentCount,
  }));
}

/** Level distribution and average score of each quarter's snapshot, oldest first. */
export function useQuarterTrend(quarters: AuditQuarter[] | undefined) {
  const key = (quarters ?? [])
    .map(q => `${q.quarter}:${q.snapshot.id}`)
    .join(',');
  return useScorecardQuery(
    async api => (quarters ? loadTrend(api, quarters) : undefined),
    [key],
  );
}
