import { Table, TableColumn } from '@backstage/core-components';
import { AuditGroup } from '@extension-scorecard/plugin-extension-scorecard-common';
import { shortRef } from '../../format/refs';
import { NOWRAP, WORDS, compactColumns, uniqueRowIds } from './tableRows';

function delta(group: AuditGroup): string {
  if (!group.previous) return 'new';
  const change = Math.round(group.averageScore - group.previous.averageScore);
  if (change === 0) return '±0';
  return change > 0 ? `+${change}` : String(change);
}

/**
 * Audit figures per team or per kind, with the change since the previous quarter; ten
 * columns at most (levels, better/worse, waivers and evidence each share one), sized
 * by their content with headers that wrap between words, so the table fits a 1440 px
 * page without scrolling sideways.
 */
export const AuditGroupTable = (props: {
  title: string;
  keyLabel: string;
  groups: AuditGroup[];
  formatKey?: (key: string | null) => string;
  /** The orphans column (the team table has an orphans row instead). */
  showOrphans?: boolean;
  /** Keys that may wrap between their words (kind titles); refs never wrap. */
  keyWraps?: boolean;
}) => {
  const formatKey = props.formatKey ?? ((key: string | null) => key ?? '—');
  const columns: TableColumn<AuditGroup & { id: string }>[] = [
    {
      title: props.keyLabel,
      render: g => formatKey(g.key),
      customSort: (a, b) => formatKey(a.key).localeCompare(formatKey(b.key)),
      cellStyle: props.keyWraps ? WORDS : NOWRAP,
    },
    { title: 'Components', field: 'components', type: 'numeric' },
    {
      title: 'L0 / L1 / L2 / L3',
      render: g =>
        `${g.levels[0]} / ${g.levels[1]} / ${g.levels[2]} / ${g.levels[3]}`,
      cellStyle: NOWRAP,
    },
    {
      title: 'Avg score (Δ)',
      render: g => `${Math.round(g.averageScore)} (${delta(g)})`,
      customSort: (a, b) => a.averageScore - b.averageScore,
      cellStyle: NOWRAP,
    },
    {
      title: 'Better / worse',
      render: g => `${g.improved} / ${g.regressed}`,
      cellStyle: NOWRAP,
    },
    { title: 'Critical fails', field: 'criticalFails', type: 'numeric' },
    ...(props.showOrphans
      ? [
          {
            title: 'Orphans',
            field: 'orphans',
            type: 'numeric',
          } as TableColumn<AuditGroup & { id: string }>,
        ]
      : []),
    {
      title: 'Waivers used / expired',
      render: g => `${g.waiversUsed} / ${g.waiversExpired}`,
      cellStyle: NOWRAP,
    },
    { title: 'Retirements due', field: 'retirementsDue', type: 'numeric' },
    {
      title: 'Evidence fresh / stale / missing',
      render: g =>
        `${g.evidence.fresh} / ${g.evidence.stale} / ${g.evidence.missing}`,
      cellStyle: NOWRAP,
    },
  ];
  return (
    <Table
      title={props.title}
      options={{
        paging: false,
        search: false,
        padding: 'dense',
        // no drag handles: a focusable handle inside each sort button is nested
        // interaction (axe nested-interactive)
        draggable: false,
      }}
      columns={compactColumns(columns)}
      data={uniqueRowIds(props.groups, g => g.key ?? 'orphans')}
    />
  );
};

/** Team keys are owner refs; null groups the orphans. */
export function teamKey(key: string | null): string {
  return key === null ? 'orphans (no owner)' : shortRef(key);
}
