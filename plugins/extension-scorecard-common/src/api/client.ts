/**
 * Typed client of the Extension Scorecard HTTP API. Works in the browser (pass
 * Backstage's discoveryApi and fetchApi, which adds the user's token) and in
 * Node (pass the discovery service and a token per call, or a fetch that adds one).
 * Paths, parameters and bodies are typed from the backend's OpenAPI spec.
 */
/* eslint-disable new-cap -- openapi-fetch names its methods after the HTTP verbs (GET, POST) */
import { ResponseError } from '@backstage/errors';
import createClient, { type Client } from 'openapi-fetch';
import type { ExperimentEvidence } from '../evidence';
import type {
  Campaign,
  CampaignCloseInput,
  CampaignDetail,
  CampaignInput,
  CampaignItem,
  CampaignItemQuery,
  CampaignQuery,
  CampaignSuggestion,
  CampaignUpdate,
  SavedFilter,
  SavedFilterInput,
  AuditEvent,
  AuditExport,
  AuditQuarter,
  AuditReport,
  AuditTrailQuery,
  CheckDefinition,
  ClusterStatus,
  ReferenceData,
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
  UpgradeReadinessQuery,
  UpgradeReadinessReport,
} from './types';
import type { paths } from './openapi.generated';

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
  /** The quarter-end snapshot's next-minor upgrade report as CSV, one row per finding. */
  exportUpgradeCsv(quarter: string, options?: RequestOptions): Promise<string>;
  /** The campaigns in force during the quarter as CSV, one row per campaign and owning team. */
  exportCampaignsCsv(
    quarter: string,
    options?: RequestOptions,
  ): Promise<string>;
  /** Per cluster and team, what blocks moving to the next Kubernetes minor. */
  getUpgradeReadiness(
    query?: UpgradeReadinessQuery,
    options?: RequestOptions,
  ): Promise<UpgradeReadinessReport>;
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
  listCampaigns(
    query?: CampaignQuery,
    options?: RequestOptions,
  ): Promise<Page<Campaign>>;
  getCampaign(
    campaignId: string,
    options?: RequestOptions,
  ): Promise<CampaignDetail>;
  createCampaign(
    input: CampaignInput,
    options?: RequestOptions,
  ): Promise<Campaign>;
  updateCampaign(
    campaignId: string,
    input: CampaignUpdate,
    options?: RequestOptions,
  ): Promise<Campaign>;
  closeCampaign(
    campaignId: string,
    input?: CampaignCloseInput,
    options?: RequestOptions,
  ): Promise<Campaign>;
  /** Prefilled campaigns from the upgrade report and checks failing across teams. */
  listCampaignSuggestions(
    options?: RequestOptions,
  ): Promise<CampaignSuggestion[]>;
  /** What components must do for campaigns (a team's, a component's, a campaign's). */
  listCampaignItems(
    query?: CampaignItemQuery,
    options?: RequestOptions,
  ): Promise<Page<CampaignItem>>;
  /** The component table's saved filters, by name. */
  listSavedFilters(options?: RequestOptions): Promise<SavedFilter[]>;
  createSavedFilter(
    input: SavedFilterInput,
    options?: RequestOptions,
  ): Promise<SavedFilter>;
  deleteSavedFilter(
    savedFilterId: string,
    options?: RequestOptions,
  ): Promise<void>;
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
  /** The data tables the checks judge against, where their rows came from, and the effective thresholds. */
  getReferenceData(options?: RequestOptions): Promise<ReferenceData>;
}

/** What the client needs to find the backend (Backstage's discoveryApi or discovery service). @public */
export interface ScorecardDiscovery {
  getBaseUrl(pluginId: string): Promise<string>;
}

/** A fetch implementation (Backstage's fetchApi adds the signed-in user's token). @public */
export interface ScorecardFetch {
  fetch: typeof fetch;
}

/** What every call passes to openapi-fetch besides its parameters. */
type CallInit = {
  baseUrl: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** The body of a successful response (bodies are never empty on 2xx here). */
function bodyOf<T>(result: { data?: T }): T {
  return result.data as T;
}

/**
 * Default implementation of {@link ExtensionScorecardApi} over HTTP: a thin typed
 * wrapper over openapi-fetch, whose paths and types are generated from the
 * backend's OpenAPI spec (./openapi.generated.ts).
 * @public
 */
export class ExtensionScorecardClient implements ExtensionScorecardApi {
  private readonly discoveryApi: ScorecardDiscovery;
  private readonly http: Client<paths>;

  constructor(options: {
    discoveryApi: ScorecardDiscovery;
    fetchApi?: ScorecardFetch;
  }) {
    this.discoveryApi = options.discoveryApi;
    const fetchApi = options.fetchApi ?? { fetch: (...a) => fetch(...a) };
    this.http = createClient<paths>({
      // non-2xx answers become ResponseErrors (with the server's error body)
      // before openapi-fetch reads them
      fetch: async (request: Request) => {
        // handed on as URL and init, never as the Request itself: Backstage's
        // fetchApi middlewares each build `new Request(input)`, which consumes a
        // Request's body, so the second one would fail on a POST
        const body =
          request.method === 'GET' || request.method === 'HEAD'
            ? undefined
            : await request.text();
        const response = await fetchApi.fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: body === '' ? undefined : body,
          signal: request.signal,
        });
        if (!response.ok) {
          throw await ResponseError.fromResponse(response);
        }
        return response;
      },
    });
  }

  async listComponents(query?: ComponentQuery, options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/components', {
        ...(await this.init(options)),
        params: { query },
      }),
    );
  }

  async getComponent(
    componentId: string,
    query?: { snapshot?: number; historyLimit?: number },
    options?: RequestOptions,
  ) {
    return bodyOf(
      await this.http.GET('/components/{componentId}', {
        ...(await this.init(options)),
        params: { path: { componentId }, query },
      }),
    );
  }

  async getTeamSummaries(
    query?: { snapshot?: number; owner?: string[] },
    options?: RequestOptions,
  ) {
    return bodyOf(
      await this.http.GET('/summaries/teams', {
        ...(await this.init(options)),
        params: { query },
      }),
    );
  }

  async getHeatmap(query?: HeatmapQuery, options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/summaries/heatmap', {
        ...(await this.init(options)),
        params: { query },
      }),
    );
  }

  async getHistory(query: HistoryQuery, options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/history', {
        ...(await this.init(options)),
        params: { query },
      }),
    );
  }

  async listSnapshots(
    query?: { from?: string; to?: string; offset?: number; limit?: number },
    options?: RequestOptions,
  ): Promise<Page<Snapshot>> {
    return bodyOf(
      await this.http.GET('/snapshots', {
        ...(await this.init(options)),
        params: { query },
      }),
    );
  }

  async getSnapshot(snapshotId: number, options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/snapshots/{snapshotId}', {
        ...(await this.init(options)),
        params: { path: { snapshotId } },
      }),
    );
  }

  async diffSnapshots(from: number, to: number, options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/snapshot-diff', {
        ...(await this.init(options)),
        params: { query: { from, to } },
      }),
    );
  }

  async listAuditQuarters(options?: RequestOptions) {
    const body = bodyOf(
      await this.http.GET('/audit/quarters', await this.init(options)),
    );
    return body.items;
  }

  async getAuditReport(quarter: string, options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/audit/{quarter}', {
        ...(await this.init(options)),
        params: { path: { quarter } },
      }),
    );
  }

  async exportAuditCsv(quarter: string, options?: RequestOptions) {
    return this.exportText(quarter, 'csv', options);
  }

  async exportUpgradeCsv(quarter: string, options?: RequestOptions) {
    return this.exportText(quarter, 'upgrade-csv', options);
  }

  async exportCampaignsCsv(quarter: string, options?: RequestOptions) {
    return this.exportText(quarter, 'campaigns-csv', options);
  }

  private async exportText(
    quarter: string,
    format: 'csv' | 'upgrade-csv' | 'campaigns-csv',
    options?: RequestOptions,
  ) {
    const result = await this.http.GET('/audit/{quarter}/export', {
      ...(await this.init(options)),
      params: { path: { quarter }, query: { format } },
      parseAs: 'text',
    });
    return bodyOf<string>(result);
  }

  async getUpgradeReadiness(
    query?: UpgradeReadinessQuery,
    options?: RequestOptions,
  ) {
    return bodyOf(
      await this.http.GET('/upgrade-readiness', {
        ...(await this.init(options)),
        params: { query },
      }),
    );
  }

  async exportAuditJson(quarter: string, options?: RequestOptions) {
    const result = await this.http.GET('/audit/{quarter}/export', {
      ...(await this.init(options)),
      params: { path: { quarter }, query: { format: 'json' } },
    });
    // the spec lists both media types of the export; format=json answers the JSON one
    return bodyOf(result) as AuditExport;
  }

  async listAuditTrail(
    query?: AuditTrailQuery,
    options?: RequestOptions,
  ): Promise<Page<AuditEvent>> {
    return bodyOf(
      await this.http.GET('/audit-trail', {
        ...(await this.init(options)),
        params: { query },
      }),
    );
  }

  async listEvidence(
    query?: EvidenceQuery,
    options?: RequestOptions,
  ): Promise<Page<ExperimentEvidence>> {
    return bodyOf(
      await this.http.GET('/evidence', {
        ...(await this.init(options)),
        params: { query },
      }),
    );
  }

  async createEvidence(
    input: EvidenceInput,
    idempotencyKey: string,
    options?: RequestOptions,
  ): Promise<EvidenceSubmission> {
    const result = await this.http.POST('/evidence', {
      ...(await this.init(options)),
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: input,
    });
    return {
      evidence: bodyOf(result),
      // 200 answers a replay of an earlier request with the same key, 201 a new record
      replayed: result.response.status === 200,
    };
  }

  async listCampaigns(query?: CampaignQuery, options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/campaigns', {
        ...(await this.init(options)),
        params: { query },
      }),
    );
  }

  async getCampaign(campaignId: string, options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/campaigns/{campaignId}', {
        ...(await this.init(options)),
        params: { path: { campaignId } },
      }),
    );
  }

  async createCampaign(input: CampaignInput, options?: RequestOptions) {
    return bodyOf(
      await this.http.POST('/campaigns', {
        ...(await this.init(options)),
        body: input,
      }),
    );
  }

  async updateCampaign(
    campaignId: string,
    input: CampaignUpdate,
    options?: RequestOptions,
  ) {
    return bodyOf(
      await this.http.PATCH('/campaigns/{campaignId}', {
        ...(await this.init(options)),
        params: { path: { campaignId } },
        body: input,
      }),
    );
  }

  async closeCampaign(
    campaignId: string,
    input?: CampaignCloseInput,
    options?: RequestOptions,
  ) {
    return bodyOf(
      await this.http.POST('/campaigns/{campaignId}/close', {
        ...(await this.init(options)),
        params: { path: { campaignId } },
        body: input ?? {},
      }),
    );
  }

  async listCampaignSuggestions(options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/campaign-suggestions', {
        ...(await this.init(options)),
      }),
    ).items;
  }

  async listCampaignItems(query?: CampaignItemQuery, options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/campaign-items', {
        ...(await this.init(options)),
        params: { query },
      }),
    );
  }

  async listWaivers(
    query?: WaiverQuery,
    options?: RequestOptions,
  ): Promise<Page<WaiverRecord>> {
    return bodyOf(
      await this.http.GET('/waivers', {
        ...(await this.init(options)),
        params: { query },
      }),
    );
  }

  async getWaiver(waiverId: string, options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/waivers/{waiverId}', {
        ...(await this.init(options)),
        params: { path: { waiverId } },
      }),
    );
  }

  async requestWaiver(input: WaiverInput, options?: RequestOptions) {
    return bodyOf(
      await this.http.POST('/waivers', {
        ...(await this.init(options)),
        body: input,
      }),
    );
  }

  async approveWaiver(
    waiverId: string,
    input?: WaiverDecisionInput,
    options?: RequestOptions,
  ) {
    return bodyOf(
      await this.http.POST('/waivers/{waiverId}/approve', {
        ...(await this.init(options)),
        params: { path: { waiverId } },
        body: input ?? {},
      }),
    );
  }

  async rejectWaiver(
    waiverId: string,
    input: WaiverDecisionInput & { comment: string },
    options?: RequestOptions,
  ) {
    return bodyOf(
      await this.http.POST('/waivers/{waiverId}/reject', {
        ...(await this.init(options)),
        params: { path: { waiverId } },
        body: input,
      }),
    );
  }

  async revokeWaiver(
    waiverId: string,
    input?: WaiverDecisionInput,
    options?: RequestOptions,
  ) {
    return bodyOf(
      await this.http.POST('/waivers/{waiverId}/revoke', {
        ...(await this.init(options)),
        params: { path: { waiverId } },
        body: input ?? {},
      }),
    );
  }

  async listSavedFilters(options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/saved-filters', await this.init(options)),
    ).items;
  }

  async createSavedFilter(input: SavedFilterInput, options?: RequestOptions) {
    return bodyOf(
      await this.http.POST('/saved-filters', {
        ...(await this.init(options)),
        body: input,
      }),
    );
  }

  async deleteSavedFilter(savedFilterId: string, options?: RequestOptions) {
    await this.http.DELETE('/saved-filters/{savedFilterId}', {
      ...(await this.init(options)),
      params: { path: { savedFilterId } },
    });
  }

  async triggerRefresh(input: RefreshInput, options?: RequestOptions) {
    return bodyOf(
      await this.http.POST('/refresh', {
        ...(await this.init(options)),
        body: input,
      }),
    );
  }

  async getLatestRefresh(options?: RequestOptions) {
    const body = bodyOf(
      await this.http.GET('/refresh', await this.init(options)),
    );
    return body.run;
  }

  async getRefresh(refreshId: string, options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/refresh/{refreshId}', {
        ...(await this.init(options)),
        params: { path: { refreshId } },
      }),
    );
  }

  async listClusters(options?: RequestOptions) {
    const body = bodyOf(
      await this.http.GET('/clusters', await this.init(options)),
    );
    return body.items;
  }

  async listChecks(options?: RequestOptions) {
    const body = bodyOf(
      await this.http.GET('/checks', await this.init(options)),
    );
    return body.items;
  }

  async getReferenceData(options?: RequestOptions) {
    return bodyOf(
      await this.http.GET('/reference-data', await this.init(options)),
    );
  }

  /** The base URL (discovered per call), the caller's token and abort signal. */
  private async init(options?: RequestOptions): Promise<CallInit> {
    return {
      baseUrl: await this.discoveryApi.getBaseUrl(
        EXTENSION_SCORECARD_PLUGIN_ID,
      ),
      headers: options?.token
        ? { Authorization: `Bearer ${options.token}` }
        : undefined,
      signal: options?.signal,
    };
  }
}
