/**
 * The CSV export of the audit: one row per component and check, the status being
 * the worst across clusters with every cluster's status in `cluster_statuses`.
 */
import {
  AUDIT_CSV_COLUMNS,
  type AuditReport,
  type CheckResult,
  type ComponentScorecard,
  type ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { stringify } from 'csv-stringify/sync';
import { STATUS_RANK } from '../../store/diff';

type CsvRow = Record<(typeof AUDIT_CSV_COLUMNS)[number], string | number>;

/**
 * Formula-like cells (`=`, `+`, `-`, `@` …) are prefixed with a quote so a
 * spreadsheet shows them as text instead of evaluating them.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Rows of one component: its results grouped by check. */
export function componentRows(
  report: Pick<AuditReport, 'quarter' | 'snapshot'>,
  card: ComponentScorecard,
  previousLevel: ReadinessLevel | undefined,
): CsvRow[] {
  const byCheck = new Map<string, CheckResult[]>();
  for (const result of card.results) {
    const list = byCheck.get(result.checkId) ?? [];
    list.push(result);
    byCheck.set(result.checkId, list);
  }
  return [...byCheck.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([checkId, results]) => {
      const ordered = [...results].sort(
        (a, b) =>
          STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
          (a.cluster ?? '').localeCompare(b.cluster ?? ''),
      );
      const worst = ordered[0];
      const waived = ordered.find(r => r.waiver);
      return {
        quarter: report.quarter,
        snapshot_id: report.snapshot.id,
        snapshot_taken_at: report.snapshot.takenAt,
        component_id: card.componentId,
        component_name: spreadsheetSafe(card.name),
        kind: card.kind,
        owner: card.owner ?? '',
        lifecycle: spreadsheetSafe(card.lifecycle ?? ''),
        orphan: card.orphan ? 'yes' : 'no',
        level: card.level,
        previous_level: previousLevel ?? '',
        score: card.score,
        check_id: checkId,
        dimension: worst.dimension,
        severity: worst.severity,
        status: worst.status,
        cluster_statuses: [...results]
          .sort((a, b) => (a.cluster ?? '').localeCompare(b.cluster ?? ''))
          .map(r => `${r.cluster ?? '*'}=${r.status}`)
          .join('; '),
        waived: waived ? 'yes' : 'no',
        waiver_id: waived?.waiver?.id ?? '',
        waiver_expires_at: waived?.waiver?.expiresAt ?? '',
        message: spreadsheetSafe(worst.message),
      };
    });
}

/** The whole CSV: a header row, then every component's rows, by component id. */
export function auditCsv(
  report: Pick<AuditReport, 'quarter' | 'snapshot'>,
  scorecards: Iterable<ComponentScorecard>,
  previousLevels: ReadonlyMap<string, ReadinessLevel>,
): string {
  const cards = [...scorecards].sort((a, b) =>
    a.componentId.localeCompare(b.componentId),
  );
  const rows = cards.flatMap(card =>
    componentRows(report, card, previousLevels.get(card.componentId)),
  );
  return stringify(rows, {
    header: true,
    columns: [...AUDIT_CSV_COLUMNS],
    record_delimiter: 'windows',
  });
}
