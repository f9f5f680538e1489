/**
 * Every operation of the plugin's API, read from the OpenAPI spec the router is built
 * from, turned into a concrete, well-formed request. Tests that must cover "every
 * endpoint" iterate this list, so a new endpoint is covered the day it is added.
 */
import { spec } from '../../schema/openapi.generated';

/** Values for the path parameters and references a request needs. */
export interface OperationValues {
  componentId: string;
  snapshotId: number;
  /** An older snapshot for the diff. */
  previousSnapshotId: number;
  quarter: string;
  refreshId: string;
  waiverId: string;
  /** A campaign (default: one that does not exist). */
  campaignId?: string;
  /** A saved filter (default: one that does not exist). */
  savedFilterId?: string;
}

/** One concrete request. */
export interface ApiOperation {
  /** `GET /components/{componentId}` as the spec names it. */
  name: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Path with parameters filled in and required query parameters. */
  url: string;
  body?: object;
  headers: Record<string, string>;
  /** True for operations that change something. */
  write: boolean;
}

/** The spec's operations (method + path template). */
export function specOperations(): Array<{ method: string; path: string }> {
  const out: Array<{ method: string; path: string }> = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of Object.keys(item)) {
      if (method !== 'parameters') out.push({ method, path });
    }
  }
  return out;
}

/** Well-formed bodies of the write operations. */
export function writeBodies(values: OperationValues): Record<string, object> {
  return {
    'POST /evidence': {
      component: values.componentId,
      cluster: 'prod-eu',
      scenario: 'webhook-backend-down',
      startedAt: '2025-04-30T10:00:00Z',
      recoveredAt: '2025-04-30T10:04:00Z',
      verdict: 'pass',
      observations: { matchScope: 'pods', failurePolicy: 'Ignore' },
      links: ['https://runbooks.example/evidence'],
    },
    'POST /waivers': {
      component: values.componentId,
      checkId: 'webhook.timeout',
      cluster: 'prod-eu',
      reason: 'the vendor ships a 5 s timeout in the next release',
      expiresAt: new Date(Date.now() + 30 * 86400_000).toISOString(),
    },
    'POST /waivers/{waiverId}/approve': { comment: 'approved for a month' },
    'POST /waivers/{waiverId}/reject': { comment: 'fix it instead' },
    'POST /waivers/{waiverId}/revoke': { comment: 'no longer needed' },
    'POST /refresh': { scope: 'all' },
    'POST /campaigns': {
      title: 'Webhooks out of kube-system',
      why: 'A webhook that intercepts kube-system can lock the cluster.',
      goal: { checks: ['webhook.scope'] },
      scope: { kinds: ['admission-webhook'] },
      startsAt: '2025-04-01T00:00:00Z',
      deadline: '2025-06-30T00:00:00Z',
      enforceFrom: '2025-06-01T00:00:00Z',
    },
    'PATCH /campaigns/{campaignId}': { title: 'Webhooks scoped, everywhere' },
    'POST /campaigns/{campaignId}/close': { comment: 'done' },
    'POST /saved-filters': {
      name: 'Webhooks in prod',
      filters: { kind: ['admission-webhook'], cluster: ['prod-eu'] },
    },
  };
}

const REQUIRED_QUERY: Record<string, (v: OperationValues) => string> = {
  'GET /history': () => 'scope=fleet',
  'GET /snapshot-diff': v => `from=${v.previousSnapshotId}&to=${v.snapshotId}`,
  'GET /audit/{quarter}/export': () => 'format=csv',
};

/** Every operation of the spec as a concrete request (exports in every format). */
export function apiOperations(values: OperationValues): ApiOperation[] {
  const bodies = writeBodies(values);
  const operations: ApiOperation[] = [];
  for (const { method, path } of specOperations()) {
    const name = `${method.toUpperCase()} ${path}`;
    const filled = path
      .replace('{componentId}', encodeURIComponent(values.componentId))
      .replace('{snapshotId}', String(values.snapshotId))
      .replace('{quarter}', values.quarter)
      .replace('{refreshId}', values.refreshId)
      .replace('{waiverId}', values.waiverId)
      .replace('{campaignId}', values.campaignId ?? 'no-such-campaign')
      .replace('{savedFilterId}', values.savedFilterId ?? 'no-such-filter');
    if (/[{}]/.test(filled)) {
      throw new Error(`no value for a path parameter of ${name}`);
    }
    const query = REQUIRED_QUERY[name]?.(values);
    const write = method !== 'get';
    if (write && method !== 'delete' && !bodies[name]) {
      throw new Error(`no request body known for ${name}: add one above`);
    }
    const headers: Record<string, string> =
      name === 'POST /evidence'
        ? { 'idempotency-key': `operation-key-${operations.length}` }
        : {};
    operations.push({
      name,
      method: method as ApiOperation['method'],
      url: query ? `${filled}?${query}` : filled,
      body: bodies[name],
      headers,
      write,
    });
    if (name === 'GET /audit/{quarter}/export') {
      for (const format of ['json', 'upgrade-csv', 'campaigns-csv']) {
        operations.push({
          name: `${name} (${format})`,
          method: 'get',
          url: `${filled}?format=${format}`,
          headers: {},
          write: false,
        });
      }
    }
  }
  return operations;
}
