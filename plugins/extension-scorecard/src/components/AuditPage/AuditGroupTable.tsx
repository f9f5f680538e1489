import { Table, TableColumn } from '@backstage/core-components';
import { AuditGroup } from '@extension-scorecard/plugin-extension-scorecard-common';
import { shortRef } from '../../format/refs';

function delta(group: AuditGroup): string {
  if (!group.previous) return 'new';
  const change = Math.round(group.averageScore - group.previous.averageScore);
  if (change === 0) return '±0';
  return change > 0 ? `+${change}` : String(change);
}

/** Audit figures per team or per kind, with the change since the previous quarter. */
export const AuditGroupTable = (props: {
  title: string;
  keyLabel: string;
  groups: AuditGroup[];
  formatKey?: (key: string | null) => string;
}) => {
  const formatKey = props.formatKey ?? ((key: string | null) => key ?? '—');
  const columns: TableColumn<AuditGroup & { id: string }>[] = [
    {
      title: props.keyLabel,
      render: g => formatKey(g.key),
      customSort: (a, b) => formatKey(a.key).localeCompare(formatKey(b.key)),
    },
    { title: 'Components', field: 'components', type: 'numeric' },
    { title: 'L0', render: g => g.levels[0], type: 'numeric' },
    { title: 'L1', render: g => g.levels[1], type: 'numeric' },
    { title: 'L2', render: g => g.levels[2], type: 'numeric' },
    { title: 'L3', render: g => g.levels[3], type: 'numeric' },
    {
      title: 'Avg score',
      render: g => `${Math.round(g.averageScore)} (${delta(g)})`,
      type: 'numeric',
    },
    { title: 'Better', field: 'improved', type: 'numeric' },
    { title: 'Worse', field: 'regressed', type: 'numeric' },
    { title: 'Critical fails', field: 'criticalFails', type: 'numeric' },
    { title: 'Orphans', field: 'orphans', type: 'numeric' },
    {
      title: 'Waivers used / expired',
      render: g => `${g.waiversUsed} / ${g.waiversExpired}`,
    },
    { title: 'Retirements due', field: 'retirementsDue', type: 'numeric' },
    {
      title: 'Evidence fresh / stale / missing',
      render: g =>
        `${g.evidence.fresh} / ${g.evidence.stale} / ${g.evidence.missing}`,
    },
  ];
  return (
    <Table
      title={props.title}
      options={{ paging: false, search: false, padding: 'dense' }}
      columns={columns}
      data={props.groups.map(g => ({ ...g, id: g.key ?? 'orphans' }))}
    />
  );
};

/** Team keys are owner refs; null groups the orphans. */
export function teamKey(key: string | null): string {
  return key === null ? 'orphans (no owner)' : shortRef(key);
}
