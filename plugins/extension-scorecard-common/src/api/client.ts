/**
 * Typed client of the Extension Scorecard HTTP API. Works in the browser (pass
 * Backstage's discoveryApi and fetchApi, which adds the user's token) and in
 * Node (pass the discovery service and a token per call, or a fetch that adds one).
 */
import { ResponseError } from '@backstage/errors';
import type { ExperimentEvidence } from '../evidence';
import type {
  AuditEvent,
  AuditExport,
  AuditQuarter,
  AuditReport,
  AuditTrailQuery,
  CheckDefinition,
  ClusterStatus,
  ComponentDetail,
  ComponentPage,
  ComponentQuery,
  EvidenceInput,
  EvidenceQuery,
  Heatmap,
  HeatmapQuery,
  HistoryQuery,
  HistorySeries,
  Page,
  RefreshInput,
  RefreshStatus,
  Snapshot,
  SnapshotDiff,
  TeamSummaryList,
  WaiverDecisionInput,
  WaiverDetail,
  WaiverInput,
  WaiverQuery,
  WaiverRecord,
} from './types';

/** The plugin id the backend is mounted under. @public */
export const EXTENSION_SCORECARD_PLUGIN_ID = 'extension-scorecard';

/** Per-call options; `token` is sent as a Bearer token (Node callers). @public */
export interface RequestOptions {
  token?: string;
  signal?: AbortSignal;
}

/** The result of an evidence submission: `replayed` when the key was seen before. @public */
export interface EvidenceSubmission {
  evidence: ExperimentEvidence;
  replayed: boolean;
}

/** Everything the Extension Scorecard API offers. @public */
export interface ExtensionScorecardApi {
  listComponents(
    query?: ComponentQuery,
    options?: RequestOptions,
  ): Promise<ComponentPage>;
  getComponent(
    componentId: string,
    query?: { snapshot?: number; historyLimit?: number },
    options?: RequestOptions,
  ): Promise<ComponentDetail>;
  getTeamSummaries(
    query?: { snapshot?: number; owner?: string[] },
    options?: RequestOptions,
  ): Promise<TeamSummaryList>;
  getHeatmap(query?: HeatmapQuery, options?: RequestOptions): Promise<Heatmap>;
  getHistory(
    query: HistoryQuery,
    options?: RequestOptions,
  ): Promise<HistorySeries>;
  listSnapshots(
    query?: { from?: string; to?: string; offset?: number; limit?: number },
    options?: RequestOptions,
  ): Promise<Page<Snapshot>>;
  getSnapshot(snapshotId: number, options?: RequestOptions): Promise<Snapshot>;
  diffSnapshots(
    from: number,
    to: number,
    options?: RequestOptions,
  ): Promise<SnapshotDiff>;
  listAuditQuarters(options?: RequestOptions): Promise<AuditQuarter[]>;
  getAuditReport(
    quarter: string,
    options?: RequestOptions,
  ): Promise<AuditReport>;
  /** The CSV export as text (one row per component and check). */
  exportAuditCsv(quarter: string, options?: RequestOptions): Promise<string>;
  exportAuditJson(
    quarter: string,
    options?: RequestOptions,
  ): Promise<AuditExport>;
  listAuditTrail(
    query?: AuditTrailQuery,
    options?: RequestOptions,
  ): Promise<Page<AuditEvent>>;
  listEvidence(
    query?: EvidenceQuery,
    options?: RequestOptions,
  ): Promise<Page<ExperimentEvidence>>;
  /** Submits evidence; reuse `idempotencyKey` when retrying the same record. */
  createEvidence(
    input: EvidenceInput,
    idempotencyKey: string,
    options?: RequestOptions,
  ): Promise<EvidenceSubmission>;
  listWaivers(
    query?: WaiverQuery,
    options?: RequestOptions,
  ): Promise<Page<WaiverRecord>>;
  getWaiver(waiverId: string, options?: RequestOptions): Promise<WaiverDetail>;
  requestWaiver(
    input: WaiverInput,
    options?: RequestOptions,
  ): Promise<WaiverRecord>;
  approveWaiver(
    waiverId: string,
    input?: WaiverDecisionInput,
    options?: RequestOptions,
  ): Promise<WaiverRecord>;
  rejectWaiver(
    waiverId: string,
    input: WaiverDecisionInput & { comment: string },
    options?: RequestOptions,
  ): Promise<WaiverRecord>;
  revokeWaiver(
    waiverId: string,
    input?: WaiverDecisionInput,
    options?: RequestOptions,
  ): Promise<WaiverRecord>;
  triggerRefresh(
    input: RefreshInput,
    options?: RequestOptions,
  ): Promise<RefreshStatus>;
  getLatestRefresh(options?: RequestOptions): Promise<RefreshStatus | null>;
  getRefresh(
    refreshId: string,
    options?: RequestOptions,
  ): Promise<RefreshStatus>;
  listClusters(options?: RequestOptions): Promise<ClusterStatus[]>;
  listChecks(options?: RequestOptions): Promise<CheckDefinition[]>;
}

/** What the client needs to find the backend (Backstage's discoveryApi or discovery service). @public */
export interface ScorecardDiscovery {
  getBaseUrl(pluginId: string): Promise<string>;
}

/** A fetch implementation (Backstage's fetchApi adds the signed-in user's token). @public */
export interface ScorecardFetch {
  fetch: typeof fetch;
}

type QueryValue = string | number | boolean | string[] | number[] | undefined;

/** Builds `?a=1&b=x&b=y` from a query object; arrays repeat the key. */
export function toQueryString(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as Array<
    [string, QueryValue]
  >) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Default implementation of {@link ExtensionScorecardApi} over HTTP. @public */
export class ExtensionScorecardClient implements ExtensionScorecardApi {
  private readonly discoveryApi: ScorecardDiscovery;
  private readonly fetchApi: ScorecardFetch;

  constructor(options: {
    discoveryApi: ScorecardDiscovery;
    fetchApi?: ScorecardFetch;
  }) {
    this.discoveryApi = options.discoveryApi;
    this.fetchApi = options.fetchApi ?? { fetch: (...a) => fetch(...a) };
  }

  listComponents(query?: ComponentQuery, options?: RequestOptions) {
    return this.getJson<ComponentPage>(
      `/components${toQueryString(query)}`,
      options,
    );
  }

  getComponent(
    componentId: string,
    query?: { snapshot?: number; historyLimit?: number },
    options?: RequestOptions,
  ) {
    return this.getJson<ComponentDetail>(
      `/components/${encodeURIComponent(componentId)}${toQueryString(query)}`,
      options,
    );
  }

  getTeamSummaries(
    query?: { snapshot?: number; owner?: string[] },
    options?: RequestOptions,
  ) {
    return this.getJson<TeamSummaryList>(
      `/summaries/teams${toQueryString(query)}`,
      options,
    );
  }

  getHeatmap(query?: HeatmapQuery, options?: RequestOptions) {
    return this.getJson<Heatmap>(
      `/summaries/heatmap${toQueryString(query)}`,
      options,
    );
  }

  getHistory(query: HistoryQuery, options?: RequestOptions) {
    return this.getJson<HistorySeries>(
      `/history${toQueryString(query)}`,
      options,
    );
  }

  listSnapshots(
    query?: { from?: string; to?: string; offset?: number; limit?: number },
    options?: RequestOptions,
  ) {
    return this.getJson<Page<Snapshot>>(
      `/snapshots${toQueryString(query)}`,
      options,
    );
  }

  getSnapshot(snapshotId: number, options?: RequestOptions) {
    return this.getJson<Snapshot>(`/snapshots/${snapshotId}`, options);
  }

  diffSnapshots(from: number, to: number, options?: RequestOptions) {
    return this.getJson<SnapshotDiff>(
      `/snapshot-diff${toQueryString({ from, to })}`,
      options,
    );
  }

  async listAuditQuarters(options?: RequestOptions) {
    const body = await this.getJson<{ items: AuditQuarter[] }>(
      '/audit/quarters',
      options,
    );
    return body.items;
  }

  getAuditReport(quarter: string, options?: RequestOptions) {
    return this.getJson<AuditReport>(
      `/audit/${encodeURIComponent(quarter)}`,
      options,
    );
  }

  async exportAuditCsv(quarter: string, options?: RequestOptions) {
    const response = await this.request(
      'GET',
      `/audit/${encodeURIComponent(quarter)}/export?format=csv`,
      undefined,
      options,
    );
    return response.text();
  }

  exportAuditJson(quarter: string, options?: RequestOptions) {
    return this.getJson<AuditExport>(
      `/audit/${encodeURIComponent(quarter)}/export?format=json`,
      options,
    );
  }

  listAuditTrail(query?: AuditTrailQuery, options?: RequestOptions) {
    return this.getJson<Page<AuditEvent>>(
      `/audit-trail${toQueryString(query)}`,
      options,
    );
  }

  listEvidence(query?: EvidenceQuery, options?: RequestOptions) {
    return this.getJson<Page<ExperimentEvidence>>(
      `/evidence${toQueryString(query)}`,
      options,
    );
  }

  async createEvidence(
    input: EvidenceInput,
    idempotencyKey: string,
    options?: RequestOptions,
  ): Promise<EvidenceSubmission> {
    const response = await this.request('POST', '/evidence', input, options, {
      'Idempotency-Key': idempotencyKey,
    });
    return {
      evidence: (await response.json()) as ExperimentEvidence,
      replayed: response.status === 200,
    };
  }

  listWaivers(query?: WaiverQuery, options?: RequestOptions) {
    return this.getJson<Page<WaiverRecord>>(
      `/waivers${toQueryString(query)}`,
      options,
    );
  }

  getWaiver(waiverId: string, options?: RequestOptions) {
    return this.getJson<WaiverDetail>(
      `/waivers/${encodeURIComponent(waiverId)}`,
      options,
    );
  }

  requestWaiver(input: WaiverInput, options?: RequestOptions) {
    return this.sendJson<WaiverRecord>('POST', '/waivers', input, options);
  }

  approveWaiver(
    waiverId: string,
    input?: WaiverDecisionInput,
    options?: RequestOptions,
  ) {
    return this.decideWaiver(waiverId, 'approve', input, options);
  }

  rejectWaiver(
    waiverId: string,
    input: WaiverDecisionInput & { comment: string },
    options?: RequestOptions,
  ) {
    return this.decideWaiver(waiverId, 'reject', input, options);
  }

  revokeWaiver(
    waiverId: string,
    input?: WaiverDecisionInput,
    options?: RequestOptions,
  ) {
    return this.decideWaiver(waiverId, 'revoke', input, options);
  }

  triggerRefresh(input: RefreshInput, options?: RequestOptions) {
    return this.sendJson<RefreshStatus>('POST', '/refresh', input, options);
  }

  async getLatestRefresh(options?: RequestOptions) {
    const body = await this.getJson<{ run: RefreshStatus | null }>(
      '/refresh',
      options,
    );
    return body.run;
  }

  getRefresh(refreshId: string, options?: RequestOptions) {
    return this.getJson<RefreshStatus>(
      `/refresh/${encodeURIComponent(refreshId)}`,
      options,
    );
  }

  async listClusters(options?: RequestOptions) {
    const body = await this.getJson<{ items: ClusterStatus[] }>(
      '/clusters',
      options,
    );
    return body.items;
  }

  async listChecks(options?: RequestOptions) {
    const body = await this.getJson<{ items: CheckDefinition[] }>(
      '/checks',
      options,
    );
    return body.items;
  }

  private decideWaiver(
    waiverId: string,
    action: 'approve' | 'reject' | 'revoke',
    input: WaiverDecisionInput | undefined,
    options: RequestOptions | undefined,
  ) {
    return this.sendJson<WaiverRecord>(
      'POST',
      `/waivers/${encodeURIComponent(waiverId)}/${action}`,
      input ?? {},
      options,
    );
  }

  private async getJson<T>(path: string, options?: RequestOptions): Promise<T> {
    const response = await this.request('GET', path, undefined, options);
    return (await response.json()) as T;
  }

  private async sendJson<T>(
    method: string,
    path: string,
    body: unknown,
    options?: RequestOptions,
  ): Promise<T> {
    const response = await this.request(method, path, body, options);
    return (await response.json()) as T;
  }

  private async request(
    method: string,
    path: string,
    body: unknown,
    options?: RequestOptions,
    extraHeaders?: Record<string, string>,
  ): Promise<Response> {
    const baseUrl = await this.discoveryApi.getBaseUrl(
      EXTENSION_SCORECARD_PLUGIN_ID,
    );
    const headers: Record<string, string> = { ...extraHeaders };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (options?.token) headers.Authorization = `Bearer ${options.token}`;
    const response = await this.fetchApi.fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options?.signal,
    });
    if (!response.ok) {
      throw await ResponseError.fromResponse(response);
    }
    return response;
  }
}
