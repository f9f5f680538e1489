import {
  AuditQuarter,
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

async function loadTrend(api: ExtensionScorecardApi, quarters: AuditQuarter[]) {
  const recent = quarters.slice(0, TREND_QUARTERS).reverse();
  // The reports' totals, not the raw snapshots: they count what the reader may see,
  // so the trend agrees with the rest of the page.
  const reports = await Promise.all(
    recent.map(q => api.getAuditReport(q.quarter)),
  );
  return reports.map(report => ({
    quarter: report.quarter,
    complete: report.complete,
    levels: report.totals.levels,
    averageScore: report.totals.averageScore,
    components: report.totals.components,
  }));
}

/** Level distribution and average score at the end of each quarter, oldest first. */
export function useQuarterTrend(quarters: AuditQuarter[] | undefined) {
  const key = (quarters ?? [])
    .map(q => `${q.quarter}:${q.snapshot.id}`)
    .join(',');
  return useScorecardQuery(
    async api => (quarters ? loadTrend(api, quarters) : undefined),
    [key],
  );
}
