import { BlastRadius } from '@extension-scorecard/plugin-extension-scorecard-common';

/** How the page describes a blast-radius entry: by what the object is. */
export type BlastFamily =
  | 'admission'
  | 'apiservice'
  | 'conversion'
  | 'scheduler';

export function familyOf(entry: BlastRadius): BlastFamily {
  switch (entry.objectKind) {
    case 'APIService':
      return 'apiservice';
    case 'CustomResourceDefinition':
      return 'conversion';
    case 'Scheduler':
      return 'scheduler';
    default:
      return 'admission';
  }
}

/** One webhook, policy binding, APIService, CRD or scheduler, with its entry per cluster. */
export interface BlastRow {
  key: string;
  family: BlastFamily;
  objectKind: string;
  name: string;
  clusters: string[];
  entries: BlastRadius[];
}

/** Entries grouped by object (one row per webhook, clusters as a column), in name order. */
export function blastRows(entries: readonly BlastRadius[]): BlastRow[] {
  const rows = new Map<string, BlastRow>();
  for (const entry of entries) {
    const key = `${entry.objectKind}|${entry.name}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        family: familyOf(entry),
        objectKind: entry.objectKind,
        name: entry.name,
        clusters: [],
        entries: [],
      };
      rows.set(key, row);
    }
    row.clusters.push(entry.cluster);
    row.entries.push(entry);
  }
  for (const row of rows.values()) {
    row.entries.sort((a, b) => a.cluster.localeCompare(b.cluster));
    row.clusters = row.entries.map(e => e.cluster);
  }
  return [...rows.values()].sort(
    (a, b) =>
      a.name.localeCompare(b.name) || a.objectKind.localeCompare(b.objectKind),
  );
}

/**
 * One value for the row when every cluster agrees, else one per cluster
 * (`prod-eu: 10 s`), so identical clusters do not repeat.
 */
export function perCluster(
  row: BlastRow,
  value: (entry: BlastRadius) => string,
): Array<{ cluster?: string; text: string }> {
  const values = row.entries.map(entry => ({
    cluster: entry.cluster,
    text: value(entry),
  }));
  if (new Set(values.map(v => v.text)).size === 1)
    return [{ text: values[0].text }];
  return values;
}

function seconds(value: number): string {
  return `${value} s`;
}

/**
 * The timeout of a webhook and what it means for a matched request, in plain words:
 * the API server waits up to timeoutSeconds per call; mutating webhooks matching the
 * same request are called one after another (twice when reinvoked), validating ones
 * in parallel, so a request can wait the sum.
 */
export function describeTimeout(entry: BlastRadius): string {
  if (entry.timeoutSeconds === null) {
    return entry.objectKind === 'ValidatingAdmissionPolicyBinding'
      ? 'No call: CEL runs inside the API server, bounded by its cost budget.'
      : 'No timeout to configure.';
  }
  const own = `Waits up to ${seconds(
    entry.timeoutSeconds,
  )} per call (timeoutSeconds)${
    entry.reinvoked
      ? ', called twice when reinvoked (reinvocationPolicy IfNeeded)'
      : ''
  }.`;
  const worst = entry.worstCaseLatencySeconds;
  const others = entry.overlappingWebhooks ?? [];
  if (worst === null || others.length === 0) {
    return worst !== null && worst !== entry.timeoutSeconds
      ? `${own} A matched request can wait up to ${seconds(worst)} on it.`
      : own;
  }
  return `${own} A matched request can wait up to ${seconds(worst)}: ${
    others.length === 1 ? 'another webhook' : `${others.length} other webhooks`
  } of this component (${others.join(
    ', ',
  )}) match the same requests; the API server calls mutating webhooks one after another and validating ones in parallel.`;
}

/** What a matched request suffers while the backend is down. */
export function describeFailure(entry: BlastRadius): string {
  switch (familyOf(entry)) {
    case 'apiservice':
      return `Discovery of ${
        entry.groupVersion ?? 'its group'
      } fails and every request for it is refused (503); namespace deletion stalls cluster-wide.`;
    case 'conversion':
      return 'Reads and writes that need a conversion fail; objects stay stored as they are.';
    case 'scheduler':
      return 'Pods naming it stay Pending; other Pods are scheduled as usual.';
    default:
      if (entry.failurePolicy === 'Fail')
        return 'Fails closed: every matched request is rejected.';
      if (entry.failurePolicy === 'Ignore')
        return 'Fails open: matched requests are admitted without this check.';
      return `failurePolicy ${entry.failurePolicy}`;
  }
}
