import { Table, TableColumn } from '@backstage/core-components';
import {
  ComponentRef,
  CriticalFail,
  EvidenceFreshness,
  RetirementDue,
  WaiverRecord,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { shortRef } from '../../format/refs';
import { formatDate } from '../../format/time';
import { StatusChip } from '../StatusDisplay';

/*
 * The audit report's lists, each a searchable, paged table (client side: a report's
 * lists are bounded by one quarter-end snapshot).
 */

const owner = (ref: { owner: string | null }) =>
  shortRef(ref.owner) || 'orphan';
const OPTIONS = {
  pageSize: 10,
  padding: 'dense' as const,
  emptyRowsWhenPaging: false,
};

export const CriticalFailsTable = (props: { rows: CriticalFail[] }) => {
  const columns: TableColumn<CriticalFail>[] = [
    { title: 'Component', field: 'name' },
    { title: 'Owner', render: owner },
    { title: 'Check', field: 'checkId' },
    { title: 'Cluster', render: r => r.cluster ?? 'all' },
    { title: 'Message', field: 'message' },
  ];
  return (
    <Table
      title={`Critical fails (${props.rows.length})`}
      options={OPTIONS}
      columns={columns}
      data={props.rows}
      emptyContent={<div style={{ padding: 16 }}>No critical check fails.</div>}
    />
  );
};

export const OrphansTable = (props: { rows: ComponentRef[] }) => {
  const columns: TableColumn<ComponentRef>[] = [
    { title: 'Orphan', field: 'name' },
    { title: 'Kind', field: 'kind' },
    { title: 'Id', field: 'componentId' },
  ];
  return (
    <Table
      title={`Orphans (${props.rows.length})`}
      options={OPTIONS}
      columns={columns}
      data={props.rows}
      emptyContent={
        <div style={{ padding: 16 }}>Every extension has an owner.</div>
      }
    />
  );
};

export const WaiverUsageTable = (props: {
  title: string;
  rows: WaiverRecord[];
}) => {
  const columns: TableColumn<WaiverRecord>[] = [
    { title: 'Component', field: 'component' },
    { title: 'Check', field: 'checkId' },
    { title: 'Cluster', render: w => w.cluster ?? 'all' },
    { title: 'Expires', render: w => formatDate(w.expiresAt) },
    { title: 'Approved by', render: w => shortRef(w.decidedBy) || '—' },
    { title: 'Reason', field: 'reason' },
  ];
  return (
    <Table
      title={`${props.title} (${props.rows.length})`}
      options={OPTIONS}
      columns={columns}
      data={props.rows}
      emptyContent={<div style={{ padding: 16 }}>None.</div>}
    />
  );
};

export const RetirementsDueTable = (props: { rows: RetirementDue[] }) => {
  const columns: TableColumn<RetirementDue>[] = [
    { title: 'Component', field: 'name' },
    { title: 'Owner', render: owner },
    { title: 'Lifecycle', render: r => r.lifecycle ?? '—' },
    { title: 'Status', render: r => <StatusChip status={r.status} /> },
    {
      title: 'Target date',
      render: r => (r.targetDate ? formatDate(r.targetDate) : '—'),
    },
    { title: 'Message', field: 'message' },
  ];
  return (
    <Table
      title={`Retirements due (${props.rows.length})`}
      options={OPTIONS}
      columns={columns}
      data={props.rows}
      emptyContent={<div style={{ padding: 16 }}>No retirement is due.</div>}
    />
  );
};

export const EvidenceFreshnessTable = (props: {
  rows: EvidenceFreshness[];
}) => {
  const columns: TableColumn<EvidenceFreshness>[] = [
    { title: 'Component', field: 'name' },
    { title: 'Owner', render: owner },
    { title: 'State', field: 'state' },
    {
      title: 'Newest run',
      render: r => (r.newestRunAt ? formatDate(r.newestRunAt) : 'never'),
    },
    {
      title: 'Age (days)',
      render: r => (r.ageDays === null ? '—' : Math.round(r.ageDays)),
    },
    { title: 'Message', field: 'message' },
  ];
  return (
    <Table
      title="Evidence freshness"
      options={{ ...OPTIONS, search: true }}
      columns={columns}
      data={props.rows}
      emptyContent={
        <div style={{ padding: 16 }}>No component needs experiments.</div>
      }
    />
  );
};
