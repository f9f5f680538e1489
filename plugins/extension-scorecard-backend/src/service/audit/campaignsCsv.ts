/**
 * The CSV export of the campaigns in force during a quarter: one row per campaign and
 * owning team as they stood in the quarter's last snapshot, after a row with the
 * campaign's totals (team empty).
 */
import type { AuditReport } from '@extension-scorecard/plugin-extension-scorecard-common';
import { stringify } from 'csv-stringify/sync';
import { spreadsheetSafe } from './auditCsv';

/** Columns of the campaigns CSV, in order. */
export const CAMPAIGNS_CSV_COLUMNS = [
  'quarter',
  'snapshot_id',
  'snapshot_taken_at',
  'campaign_id',
  'title',
  'state',
  'starts_at',
  'enforce_from',
  'deadline',
  'enforcement',
  'overdue',
  'team',
  'in_scope',
  'done',
  'waived',
  'open',
] as const;

export function campaignsCsv(report: AuditReport): string {
  const rows = report.campaigns.flatMap(campaign => {
    const base = {
      quarter: report.quarter,
      snapshot_id: report.snapshot.id,
      snapshot_taken_at: report.snapshot.takenAt,
      campaign_id: campaign.id,
      title: spreadsheetSafe(campaign.title),
      state: campaign.state,
      starts_at: campaign.startsAt,
      enforce_from: campaign.enforceFrom ?? '',
      deadline: campaign.deadline,
      enforcement: campaign.enforcement,
      overdue: campaign.overdue,
    };
    const counts = (c: {
      inScope: number;
      done: number;
      waived: number;
      open: number;
    }) => ({
      in_scope: c.inScope,
      done: c.done,
      waived: c.waived,
      open: c.open,
    });
    return [
      { ...base, team: '', ...counts(campaign) },
      ...campaign.teams.map(team => ({
        ...base,
        team: team.team ?? '(no owner)',
        ...counts(team),
      })),
    ];
  });
  return stringify(rows, {
    header: true,
    columns: [...CAMPAIGNS_CSV_COLUMNS],
    record_delimiter: 'windows',
    cast: { boolean: value => (value ? 'true' : 'false') },
  });
}
