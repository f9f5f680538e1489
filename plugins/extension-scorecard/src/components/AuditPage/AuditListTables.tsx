import { Table, TableColumn } from '@backstage/core-components';
import {
  EXTENSION_KIND_INFO,
  ComponentRef,
  CriticalFail,
  EvidenceFreshness,
  RetirementDue,
  WaiverRecord,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { shortRef } from '../../format/refs';
import { formatDate } from '../../format/time';
import { StatusChip } from '../StatusDisplay';
import { OneLineMessage } from './OneLineMessage';
import { NOWRAP, compactColumns, uniqueRowIds } from './tableRows';

/*
 * The audit report's lists, each a searchable, paged table (client side: a report's
 * lists are bounded by one quarter-end snapshot).
 */

const owner = (ref: { owner: string | null }) =>
  shortRef(ref.owner) || 'orphan';
const OPTIONS = {
  // no drag handles: a focusable handle inside each sort button is nested
  // interaction (axe nested-interactive)
  draggable: false,
  pageSize: 10,
  padding: 'dense' as const,
  emptyRowsWhenPaging: false,
};

export const CriticalFailsTable = (props: { rows: CriticalFail[] }) => {
  const columns: TableColumn<CriticalFail>[] = [
    { title: 'Component', field: 'name', cellStyle: NOWRAP },
    { title: 'Owner', render: owner, cellStyle: NOWRAP },
    { title: 'Check', field: 'checkId', cellStyle: NOWRAP },
    { title: 'Cluster', render: r => r.cluster ?? 'all', cellStyle: NOWRAP },
    {
      title: 'Message',
      field: 'message',
      render: r => <OneLineMessage message={r.message} />,
    },
  ];
  return (
    <Table
      title={`Critical fails (${props.rows.length})`}
      options={OPTIONS}
      columns={compactColumns(columns)}
      data={uniqueRowIds(
        props.rows,
        r => `${r.componentId}|${r.checkId}|${r.cluster ?? ''}`,
      )}
      emptyContent={<div style={{ padding: 16 }}>No critical check fails.</div>}
    />
  );
};

/**
 * The orphans the reader may see; with components hidden from them, "every extension
 * has an owner" would not be known, so the empty table says less.
 */
export const OrphansTable = (props: {
  rows: ComponentRef[];
  hiddenByVisibility?: number;
}) => {
  const columns: TableColumn<ComponentRef>[] = [
    { title: 'Orphan', field: 'name', cellStyle: NOWRAP },
    {
      title: 'Kind',
      render: r => EXTENSION_KIND_INFO[r.kind]?.title ?? r.kind,
      cellStyle: NOWRAP,
    },
    { title: 'Id', field: 'componentId' },
  ];
  const hidden = props.hiddenByVisibility ?? 0;
  return (
    <Table
      title={`Orphans (${props.rows.length})`}
      options={OPTIONS}
      columns={compactColumns(columns)}
      data={uniqueRowIds(props.rows, r => r.componentId)}
      emptyContent={
        <div style={{ padding: 16 }}>
          {hidden > 0
            ? `No orphan that you may see (${hidden} more you may not see).`
            : 'Every extension has an owner.'}
        </div>
      }
    />
  );
};

export const WaiverUsageTable = (props: {
  title: string;
  rows: WaiverRecord[];
}) => {
  const columns: TableColumn<WaiverRecord>[] = [
    {
      title: 'Component',
      render: w => shortRef(w.component),
      cellStyle: NOWRAP,
    },
    { title: 'Check', field: 'checkId', cellStyle: NOWRAP },
    { title: 'Cluster', render: w => w.cluster ?? 'all', cellStyle: NOWRAP },
    {
      title: 'Expires',
      render: w => formatDate(w.expiresAt),
      cellStyle: NOWRAP,
    },
    {
      title: 'Approved by',
      render: w => shortRef(w.decidedBy) || '—',
      cellStyle: NOWRAP,
    },
    {
      title: 'Reason',
      field: 'reason',
      render: w => <OneLineMessage message={w.reason} />,
    },
  ];
  return (
    <Table
      title={`${props.title} (${props.rows.length})`}
      options={OPTIONS}
      columns={compactColumns(columns)}
      data={uniqueRowIds(props.rows, w => w.id)}
      emptyContent={<div style={{ padding: 16 }}>None.</div>}
    />
  );
};

export const RetirementsDueTable = (props: { rows: RetirementDue[] }) => {
  const columns: TableColumn<RetirementDue>[] = [
    { title: 'Component', field: 'name', cellStyle: NOWRAP },
    { title: 'Owner', render: owner, cellStyle: NOWRAP },
    { title: 'Lifecycle', render: r => r.lifecycle ?? '—' },
    { title: 'Status', render: r => <StatusChip status={r.status} /> },
    {
      title: 'Target date',
      render: r => (r.targetDate ? formatDate(r.targetDate) : '—'),
      cellStyle: NOWRAP,
    },
    {
      title: 'Message',
      field: 'message',
      render: r => <OneLineMessage message={r.message} />,
    },
  ];
  return (
    <Table
      title={`Retirements due (${props.rows.length})`}
      options={OPTIONS}
      columns={compactColumns(columns)}
      data={uniqueRowIds(props.rows, r => `${r.componentId}|${r.checkId}`)}
      emptyContent={<div style={{ padding: 16 }}>No retirement is due.</div>}
    />
  );
};

export const EvidenceFreshnessTable = (props: {
  rows: EvidenceFreshness[];
}) => {
  const columns: TableColumn<EvidenceFreshness>[] = [
    { title: 'Component', field: 'name', cellStyle: NOWRAP },
    { title: 'Owner', render: owner, cellStyle: NOWRAP },
    { title: 'State', field: 'state', cellStyle: NOWRAP },
    {
      title: 'Newest run',
      render: r =>
        r.newestRunAt
          ? `${formatDate(r.newestRunAt)}${
              r.ageDays === null ? '' : ` (${Math.round(r.ageDays)} days ago)`
            }`
          : 'never',
      cellStyle: NOWRAP,
    },
    {
      title: 'Message',
      field: 'message',
      render: r => <OneLineMessage message={r.message} />,
    },
  ];
  return (
    <Table
      title="Evidence freshness"
      options={{ ...OPTIONS, search: true }}
      columns={compactColumns(columns)}
      data={uniqueRowIds(props.rows, r => r.componentId)}
      emptyContent={
        <div style={{ padding: 16 }}>No component needs experiments.</div>
      }
    />
  );
};
