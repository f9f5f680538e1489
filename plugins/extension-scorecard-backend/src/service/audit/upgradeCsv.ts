/**
 * The CSV export of the next-minor upgrade report: one row per finding, cluster by
 * cluster (blockers first), with the cluster's versions and state on every row.
 */
import type { UpgradeReadinessReport } from '@extension-scorecard/plugin-extension-scorecard-common';
import { stringify } from 'csv-stringify/sync';
import { spreadsheetSafe } from './auditCsv';

/** Columns of the upgrade CSV, in order. */
export const UPGRADE_CSV_COLUMNS = [
  'quarter',
  'snapshot_id',
  'snapshot_taken_at',
  'cluster',
  'current_version',
  'target_version',
  'cluster_state',
  'severity',
  'category',
  'component_id',
  'component_name',
  'owner',
  'object',
  'api_version',
  'replacement',
  'removed_in',
  'source',
  'source_detail',
  'check_id',
  'message',
] as const;

/** The report as CSV; a cluster without findings gets one row saying its state. */
export function upgradeCsv(
  quarter: string,
  report: UpgradeReadinessReport,
): string {
  const safe = (value: string | null) => spreadsheetSafe(value ?? '');
  const rows = report.clusters.flatMap(cluster => {
    const base = {
      quarter,
      snapshot_id: report.snapshot ?? '',
      snapshot_taken_at: report.takenAt ?? '',
      cluster: safe(cluster.cluster),
      current_version: cluster.currentVersion ?? '',
      target_version: cluster.targetVersion ?? '',
      cluster_state: cluster.state,
    };
    if (!cluster.findings.length)
      return [{ ...base, message: safe(cluster.reason) }];
    return cluster.findings.map(f => ({
      ...base,
      severity: f.severity,
      category: f.category,
      component_id: f.componentId ?? '',
      component_name: safe(f.componentName),
      owner: f.owner ?? '',
      object: safe(f.object),
      api_version: f.apiVersion ?? '',
      replacement: safe(f.replacement),
      removed_in: f.removedIn ?? '',
      source: f.source,
      source_detail: safe(f.sourceDetail),
      check_id: f.checkId ?? '',
      message: safe(f.message),
    }));
  });
  return stringify(rows, {
    header: true,
    columns: [...UPGRADE_CSV_COLUMNS],
    record_delimiter: 'windows',
  });
}
