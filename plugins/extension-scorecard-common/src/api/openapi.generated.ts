// This file is generated, do not edit it.
// Source: plugins/extension-scorecard-backend/src/schema/openapi.yaml
// Generator: plugins/extension-scorecard-backend/scripts/generate-openapi.mjs (openapi-typescript)
// Run `node scripts/generate-openapi.mjs` in plugins/extension-scorecard-backend after changing the YAML.
/* eslint-disable */

export interface paths {
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Liveness of the plugin. Unauthenticated. */
    get: operations['GetHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/components': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description One page of the components of a snapshot (the latest by default), filtered,
     *     sorted and paged on the server. Filters combine with AND; a filter given
     *     several times (e.g. `kind=csi&kind=cni`) matches any of its values.
     *     `checkId` and `status` together select components with a result of that
     *     check in that status; alone, `status` selects components with any result
     *     in that status and `checkId` components on which that check ran.
     */
    get: operations['ListComponents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/components/{componentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description One component: its scorecard in the snapshot (results, certificates, RBAC
     *     findings, blast radius), its instances per cluster, all its evidence and
     *     waivers, and its history across snapshots (newest last).
     */
    get: operations['GetComponent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/summaries/teams': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Per owning team of the snapshot, the level distribution and the counts an ownership review needs. */
    get: operations['GetTeamSummaries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/summaries/heatmap': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The kind × dimension heat map of a snapshot. A cell counts the components of
     *     that kind by their worst status in that dimension; shares are fractions of
     *     the cell's components (0–1). Filters narrow the components counted.
     */
    get: operations['GetHeatmap'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description Trend across retained snapshots (oldest first) for one component, one team,
     *     one kind or one dimension, or the whole fleet when `scope=fleet`.
     */
    get: operations['GetHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/snapshots': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Retained snapshots, newest first. */
    get: operations['ListSnapshots'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/snapshots/{snapshotId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['GetSnapshot'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/snapshot-diff': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description What changed from one snapshot to another (any two, in either order): new and
     *     removed components, level changes, and checks that got better or worse.
     *     Checks are ranked pass > not-applicable > warn > unknown > fail.
     */
    get: operations['DiffSnapshots'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit/quarters': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The quarters with at least one retained snapshot, newest first. */
    get: operations['ListAuditQuarters'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit/{quarter}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The quarterly audit report: per team and per kind, level distribution,
     *     critical fails, orphans, waivers used and expired, retirements due,
     *     evidence freshness and the change since the previous quarter. Built from
     *     the quarter-end snapshot (the newest snapshot of the quarter while it runs).
     */
    get: operations['GetAuditReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit/{quarter}/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The audit report as a download. `csv`: one row per component and check
     *     (worst status across clusters, with per-cluster statuses in a column),
     *     RFC 4180, UTF-8 with a header row. `json`: the report plus every
     *     component's results.
     */
    get: operations['ExportAuditReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/upgrade-readiness': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description "Ready for the next minor": for each cluster of a snapshot (the latest by
     *     default), everything that blocks moving it to the next Kubernetes minor —
     *     removed APIs still in use (and who uses them), CRD storage migrations
     *     pending, version skew and sidecar or driver versions unsupported on the
     *     target — plus warnings for what the target deprecates. Also grouped by
     *     owning team. Findings of components the caller may not see are left out
     *     and counted in `hiddenFindings`; cluster-wide findings (the API server's
     *     deprecated-API metric) are shown to everyone.
     */
    get: operations['GetUpgradeReadiness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit-trail': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Who changed what and when, for waivers and evidence (newest first). */
    get: operations['ListAuditTrail'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/evidence': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Experiment evidence, newest `startedAt` first. */
    get: operations['ListEvidence'];
    put?: never;
    /**
     * @description Submit the record of a fault experiment. Needs
     *     `extension-scorecard.evidence.create`. The body is limited to 64 KiB
     *     (413 above it). `Idempotency-Key` is required: a retry with the same key
     *     and the same body answers 200 with the record first stored; the same key
     *     with a different body answers 409. The component must exist in the latest
     *     snapshot and be visible to the caller.
     */
    post: operations['CreateEvidence'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/waivers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Waivers, newest request first. */
    get: operations['ListWaivers'];
    put?: never;
    /**
     * @description Request a waiver for one check on one component (optionally one cluster).
     *     Needs `extension-scorecard.waiver.request`. `expiresAt` must be in the
     *     future and at most `extensionScorecard.waivers.maxDays` (default 180) days
     *     ahead. 409 when an open (requested or active approved) waiver already
     *     covers the same component, check and cluster.
     */
    post: operations['RequestWaiver'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/waivers/{waiverId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description One waiver with its audit trail. */
    get: operations['GetWaiver'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/waivers/{waiverId}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Approve a requested waiver. Needs `extension-scorecard.waiver.approve`; refused
     *     (403) when the approver is a member of the component's owning group or
     *     requested it. 409 unless the waiver is `requested`.
     */
    post: operations['ApproveWaiver'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/waivers/{waiverId}/reject': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Reject a requested waiver. Needs `extension-scorecard.waiver.approve`. A
     *     comment is required. 409 unless the waiver is `requested`.
     */
    post: operations['RejectWaiver'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/waivers/{waiverId}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Revoke a requested or approved waiver. Allowed with
     *     `extension-scorecard.waiver.approve`, or with
     *     `extension-scorecard.waiver.request` for one's own request. 409 when it is
     *     already rejected or revoked.
     */
    post: operations['RevokeWaiver'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campaigns': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description Campaigns, open first, then by deadline. Each carries its progress in the
     *     latest snapshot over the components the caller may see (null before the
     *     first snapshot).
     */
    get: operations['ListCampaigns'];
    put?: never;
    /**
     * @description Start a campaign. Needs `extension-scorecard.campaign.manage`. The deadline
     *     must lie after the start, `enforceFrom` (when given) between the start and
     *     the deadline and needs goal checks; goal checks must be checks of the
     *     catalogue.
     */
    post: operations['CreateCampaign'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campaigns/{campaignId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description One campaign with its progress per owning team, its burn-down (one point per
     *     day from the stored snapshots since its start: the last snapshot of each day)
     *     and its audit trail.
     */
    get: operations['GetCampaign'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * @description Change an open campaign (the fields given; `enforceFrom: null` removes the
     *     enforcement date). Needs `extension-scorecard.campaign.manage`; 409 when it
     *     is closed. The result must satisfy the rules of a new campaign.
     */
    patch: operations['UpdateCampaign'];
    trace?: never;
  };
  '/campaigns/{campaignId}/close': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Close an open campaign (done, or called off): it stops counting, its
     *     announcement no longer softens verdicts, it stays readable. Needs
     *     `extension-scorecard.campaign.manage`; 409 when already closed.
     */
    post: operations['CloseCampaign'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campaign-suggestions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description Prefilled campaigns a lead can adjust and start (`POST /campaigns` with the
     *     draft): one per Kubernetes minor the next-minor report finds blockers for,
     *     and one per check failing on components of at least two teams in the latest
     *     snapshot, most teams first. Checks an open campaign already drives are left
     *     out. Counted over the components the caller may see.
     */
    get: operations['ListCampaignSuggestions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campaign-items': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description What components must do for campaigns, in the latest snapshot: one item per
     *     component in a campaign's scope that its goal concerns, with the results
     *     still in the way. Open campaigns only unless `campaign` names one. `team`
     *     takes the group's components and, unless `childTeams` is false, those of the
     *     groups below it.
     */
    get: operations['ListCampaignItems'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/saved-filters': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The saved filters of the component table, by name: named views every reader
     *     shares (at most 500). Each says which campaigns' scopes name it and whether a
     *     campaign's scope can take it (only filters on what a component is — owner,
     *     kind, cluster, lifecycle, orphan, search — not on its results).
     */
    get: operations['ListSavedFilters'];
    put?: never;
    /**
     * @description Save the component table's filters under a name. Needs
     *     `extension-scorecard.read`; 409 when the name (compared case-insensitively)
     *     is taken or 500 filters are saved. At least one filter must be given. Saved
     *     filters do not change: delete one and save it again.
     */
    post: operations['CreateSavedFilter'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/saved-filters/{savedFilterId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * @description Delete a saved filter: its creator may, and whoever holds
     *     `extension-scorecard.campaign.manage`. 409 while a campaign's scope names it.
     */
    delete: operations['DeleteSavedFilter'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The newest collection run (scheduled or manual), running or finished. */
    get: operations['GetLatestRefresh'];
    put?: never;
    /**
     * @description Start a collection run now: every cluster, one cluster, or the clusters of
     *     one component, then a new snapshot. Needs `extension-scorecard.refresh`.
     *     409 while another run is in progress (its status is in the error message
     *     and at `GET /refresh`).
     */
    post: operations['TriggerRefresh'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/refresh/{refreshId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['GetRefresh'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/clusters': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Configured clusters with their latest collection and stale markers. */
    get: operations['ListClusters'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/checks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The check catalogue the backend runs (ids, dimensions, kinds, severities, titles). */
    get: operations['ListChecks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/reference-data': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The data tables the checks judge against, as in force: the shipped tables with the files of `extensionScorecard.referenceData.directory` layered over them, where each table's rows came from, and the effective thresholds (app-config `extensionScorecard.checks` included). Same permission as /checks. */
    get: operations['GetReferenceData'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Error: {
      error: {
        name: string;
        message: string;
      };
      request?: {
        method?: string;
        url?: string;
      };
      response?: {
        statusCode?: number;
      };
    };
    /** @enum {string} */
    ExtensionKind:
      | 'crd-controller'
      | 'admission-webhook'
      | 'admission-policy'
      | 'aggregated-api'
      | 'scheduler-plugin'
      | 'cri-runtime'
      | 'cni'
      | 'csi'
      | 'device-plugin'
      | 'dra-driver';
    /** @enum {string} */
    Dimension:
      | 'ownership'
      | 'failure-boundary'
      | 'availability'
      | 'certificates'
      | 'rbac'
      | 'upgrade'
      | 'observability'
      | 'experiments'
      | 'retirement';
    /** @enum {string} */
    CheckStatus: 'pass' | 'warn' | 'fail' | 'not-applicable' | 'unknown';
    /** @enum {string} */
    Severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
    /** @enum {integer} */
    ReadinessLevel: 0 | 1 | 2 | 3;
    /** @enum {string} */
    WaiverState: 'requested' | 'approved' | 'rejected' | 'revoked';
    /** @enum {string} */
    ExperimentVerdict: 'pass' | 'fail';
    /**
     * @description Sort key of the component list (`fails` and `warns` count results).
     * @enum {string}
     */
    ComponentSortField:
      | 'name'
      | 'kind'
      | 'owner'
      | 'level'
      | 'score'
      | 'fails'
      | 'warns'
      | 'lifecycle';
    /** @enum {string} */
    SortOrder: 'asc' | 'desc';
    /** @enum {string} */
    HistoryScope: 'fleet' | 'component' | 'team' | 'kind' | 'dimension';
    /**
     * @description `csv`: one row per component and check; `upgrade-csv`: the next-minor upgrade report of the quarter-end snapshot, one row per finding; `campaigns-csv`: the campaigns in force during the quarter, one row per campaign and owning team as they stood at its end; `json`: the report (campaigns included), every component's results and the upgrade report.
     * @enum {string}
     */
    AuditExportFormat: 'csv' | 'json' | 'upgrade-csv' | 'campaigns-csv';
    /** @enum {string} */
    AuditSubjectType: 'waiver' | 'evidence' | 'campaign' | 'saved-filter';
    /** @enum {string} */
    CampaignState: 'open' | 'closed';
    /**
     * @description `none`: no enforcement date; `announced`: before it (the goal checks' fails count as warn in scope); `enforced`: from it on.
     * @enum {string}
     */
    CampaignEnforcement: 'none' | 'announced' | 'enforced';
    /**
     * @description `done`: the goal holds; `waived`: it holds only thanks to active waivers; `open`: it does not hold.
     * @enum {string}
     */
    CampaignItemStatus: 'open' | 'waived' | 'done';
    /** @description What a component in scope must reach. With both, both. */
    CampaignGoal: {
      /** @description Checks whose results must all pass (or not apply) on every cluster. */
      checks?: string[];
      /**
       * @description Readiness level to reach.
       * @enum {integer}
       */
      level?: 1 | 2 | 3;
    };
    /**
     * @description Which components the campaign concerns: each given field narrows it (a
     *     component must match one value of every field given); none given, every
     *     component. `teams` take the groups below them too.
     */
    CampaignScope: {
      kinds?: string[];
      teams?: string[];
      clusters?: string[];
      lifecycles?: string[];
      components?: string[];
      /**
       * @description A saved filter's id: the scope takes the components that filter shows
       *     in the component table (its owners as they are, not the groups below
       *     them), within the other fields given. Only a filter without filters on
       *     results (`resultFields` empty) may be named.
       */
      savedFilter?: string;
    };
    /**
     * @description The component table's filters, as the list's query parameters of the same
     *     names take them (without snapshot, sort and paging).
     */
    SavedFilterFields: {
      owner?: string[];
      kind?: components['schemas']['ExtensionKind'][];
      cluster?: string[];
      level?: components['schemas']['ReadinessLevel'][];
      failingDimension?: components['schemas']['Dimension'][];
      warningDimension?: components['schemas']['Dimension'][];
      checkId?: string;
      status?: components['schemas']['CheckStatus'];
      lifecycle?: string[];
      orphan?: boolean;
      search?: string;
    };
    SavedFilterInput: {
      name: string;
      description?: string;
      filters: components['schemas']['SavedFilterFields'];
    };
    SavedFilter: {
      id: string;
      name: string;
      description: string;
      filters: components['schemas']['SavedFilterFields'];
      createdBy: string;
      /** Format: date-time */
      createdAt: string;
      /**
       * @description The filters on results (level, dimensions, check, status) it holds: a
       *     campaign's scope cannot take a filter with any (fixing a component would
       *     move it out of the scope).
       */
      resultFields: string[];
      /** @description Ids of the campaigns whose scope names it. */
      campaigns: string[];
    };
    SavedFilterList: {
      items: components['schemas']['SavedFilter'][];
    };
    CampaignInput: {
      title: string;
      /** @description Markdown. */
      why: string;
      goal: components['schemas']['CampaignGoal'];
      scope: components['schemas']['CampaignScope'];
      /** Format: date-time */
      startsAt: string;
      /** Format: date-time */
      deadline: string;
      /** Format: date-time */
      enforceFrom?: string | null;
    };
    CampaignUpdate: {
      title?: string;
      why?: string;
      goal?: components['schemas']['CampaignGoal'];
      scope?: components['schemas']['CampaignScope'];
      /** Format: date-time */
      startsAt?: string;
      /** Format: date-time */
      deadline?: string;
      /** Format: date-time */
      enforceFrom?: string | null;
    };
    CampaignCloseInput: {
      comment?: string;
    };
    /** @description Components in scope that the goal concerns, by status (inScope = done + waived + open). */
    CampaignCounts: {
      inScope: number;
      done: number;
      waived: number;
      open: number;
    };
    /** @description A campaign's counts in the latest snapshot. */
    CampaignProgress: {
      inScope: number;
      done: number;
      waived: number;
      open: number;
      snapshotId: number;
      /** Format: date-time */
      takenAt: string;
    };
    CampaignTeamProgress: {
      inScope: number;
      done: number;
      waived: number;
      open: number;
      /** @description Owning group (null for components without an owner). */
      team: string | null;
    };
    Campaign: {
      id: string;
      title: string;
      why: string;
      goal: components['schemas']['CampaignGoal'];
      scope: components['schemas']['CampaignScope'];
      /** Format: date-time */
      startsAt: string;
      /** Format: date-time */
      deadline: string;
      /** Format: date-time */
      enforceFrom: string | null;
      state: components['schemas']['CampaignState'];
      enforcement: components['schemas']['CampaignEnforcement'];
      /** @description Open */
      overdue: boolean;
      createdBy: string;
      /** Format: date-time */
      createdAt: string;
      updatedBy: string;
      /** Format: date-time */
      updatedAt: string;
      closedBy: string | null;
      /** Format: date-time */
      closedAt: string | null;
      closeComment: string | null;
      progress: components['schemas']['CampaignProgress'] | null;
    };
    CampaignPage: {
      total: number;
      offset: number;
      limit: number;
      items: components['schemas']['Campaign'][];
    };
    /** @description A campaign's counts in the last snapshot of a day. */
    CampaignBurndownPoint: {
      inScope: number;
      done: number;
      waived: number;
      open: number;
      snapshotId: number;
      /** Format: date-time */
      takenAt: string;
    };
    CampaignDetail: {
      campaign: components['schemas']['Campaign'];
      teams: components['schemas']['CampaignTeamProgress'][];
      burndown: components['schemas']['CampaignBurndownPoint'][];
      trail: components['schemas']['AuditEvent'][];
    };
    /** @description A result in the way of the goal. */
    CampaignTodo: {
      checkId: string;
      cluster: string | null;
      status: components['schemas']['CheckStatus'];
      severity: components['schemas']['Severity'];
      message: string;
      remediation: string;
      /** @description A fail counted as warn until the campaign's enforcement date. */
      announced: boolean;
      waived: boolean;
    };
    CampaignItem: {
      campaignId: string;
      campaignTitle: string;
      /** Format: date-time */
      deadline: string;
      /** Format: date-time */
      enforceFrom: string | null;
      enforcement: components['schemas']['CampaignEnforcement'];
      componentId: string;
      name: string;
      title: string | null;
      kind: string;
      owner: string | null;
      status: components['schemas']['CampaignItemStatus'];
      level: components['schemas']['ReadinessLevel'];
      targetLevel: (1 | 2 | 3) | null;
      todo: components['schemas']['CampaignTodo'][];
    };
    CampaignItemPage: {
      total: number;
      offset: number;
      limit: number;
      items: components['schemas']['CampaignItem'][];
    };
    /** @description A campaign as it stood at a snapshot (the quarter's last), over the components the caller may see. */
    AuditCampaign: {
      id: string;
      title: string;
      /** Format: date-time */
      startsAt: string;
      /** Format: date-time */
      deadline: string;
      /** Format: date-time */
      enforceFrom: string | null;
      state: components['schemas']['CampaignState'];
      enforcement: components['schemas']['CampaignEnforcement'];
      overdue: boolean;
      inScope: number;
      done: number;
      waived: number;
      open: number;
      teams: components['schemas']['CampaignTeamProgress'][];
    };
    CampaignSuggestion: {
      /**
       * @description `upgrade`: blockers of the next-minor report; `failing-check`: a check failing across teams.
       * @enum {string}
       */
      source: 'upgrade' | 'failing-check';
      /** @description Why it is suggested */
      reason: string;
      /** @description Owning teams concerned. */
      teams: number;
      /** @description Components concerned. */
      components: number;
      draft: components['schemas']['CampaignInput'];
    };
    CampaignSuggestionList: {
      items: components['schemas']['CampaignSuggestion'][];
    };
    /** @description This fail counts as warn until the campaign's enforcement date. */
    CampaignAnnouncement: {
      campaignId: string;
      title: string;
      /** Format: date-time */
      enforceFrom: string;
    };
    /**
     * @description State of a component's required experiments.
     * @enum {string}
     */
    EvidenceState: 'fresh' | 'stale' | 'missing' | 'not-required';
    /**
     * @description What started a collection run: the schedule, someone (manual), the backend's start, or the history import of the first start (`import`: a snapshot of earlier cluster dumps, taken at the time they were read).
     * @enum {string}
     */
    RunTrigger: 'schedule' | 'manual' | 'startup' | 'import';
    /** @enum {string} */
    RefreshScope: 'all' | 'cluster' | 'component';
    /** @enum {string} */
    RefreshState: 'queued' | 'running' | 'succeeded' | 'failed';
    /** @enum {string} */
    RefreshPhase: 'queued' | 'collecting' | 'assembling' | 'done';
    /** @enum {string} */
    ClusterRunState: 'pending' | 'running' | 'succeeded' | 'failed' | 'skipped';
    /** @enum {string} */
    ClusterSource: 'live' | 'dump';
    /** @enum {string} */
    ResourceReadState: 'ok' | 'forbidden' | 'not-served' | 'failed';
    /** @description Worst status per dimension (dimensions without results are absent). */
    DimensionStatuses: {
      ownership?: components['schemas']['CheckStatus'];
      'failure-boundary'?: components['schemas']['CheckStatus'];
      availability?: components['schemas']['CheckStatus'];
      certificates?: components['schemas']['CheckStatus'];
      rbac?: components['schemas']['CheckStatus'];
      upgrade?: components['schemas']['CheckStatus'];
      observability?: components['schemas']['CheckStatus'];
      experiments?: components['schemas']['CheckStatus'];
      retirement?: components['schemas']['CheckStatus'];
    };
    /** @description Number of components per readiness level. */
    LevelCounts: {
      0: number;
      1: number;
      2: number;
      3: number;
    };
    /** @description Number of check results per status; `waived` counts results covered by an active waiver (also counted under their status). */
    StatusCounts: {
      pass: number;
      warn: number;
      fail: number;
      notApplicable: number;
      unknown: number;
      waived: number;
    };
    WaiverRef: {
      id: string;
      reason: string;
      /** Format: date-time */
      expiresAt: string;
      approvedBy: string | null;
    };
    CheckResult: {
      checkId: string;
      dimension: components['schemas']['Dimension'];
      severity: components['schemas']['Severity'];
      status: components['schemas']['CheckStatus'];
      cluster: string | null;
      message: string;
      remediation: string;
      observed?: {
        [key: string]: unknown;
      };
      docsUrl?: string;
      waiver?: components['schemas']['WaiverRef'];
      announced?: components['schemas']['CampaignAnnouncement'];
    };
    CertificateFinding: {
      cluster: string;
      source: string;
      subject?: string;
      issuer?: string;
      notAfter?: string;
      daysLeft?: number;
      /** @description SHA-256 fingerprint of a certificate parsed from a caBundle (the same certificate in several bundles has the same one). */
      fingerprint?: string;
      error?: string;
    };
    RbacRule: {
      apiGroups: string[];
      resources: string[];
      verbs: string[];
    };
    /**
     * @description The RBAC checks that report findings (a dangerous grant each).
     * @enum {string}
     */
    RbacFindingCheck:
      | 'rbac.cluster-admin'
      | 'rbac.wildcards'
      | 'rbac.secrets'
      | 'rbac.escalation'
      | 'rbac.webhook-write'
      | 'rbac.pod-exec';
    RbacFinding: {
      cluster: string;
      checkId: components['schemas']['RbacFindingCheck'];
      serviceAccount: string;
      binding: string;
      role: string;
      rule: components['schemas']['RbacRule'];
      declared: boolean;
    };
    BlastRadius: {
      cluster: string;
      name: string;
      objectKind: string;
      operations: string[];
      resources: string[];
      matchedNamespaces: string[];
      totalNamespaces: number;
      /** @description Set when the cluster's Namespaces (for a scheduler, its Pending Pods) could not be read; `matchedNamespaces` is then empty, not "none". */
      namespacesUnreadable?: string;
      /** @description The namespaceSelector as kubectl prints it (`{}` = every namespace). */
      namespaceSelector?: string;
      /** @description The objectSelector as kubectl prints it; narrows matches to labelled objects. */
      objectSelector?: string;
      clusterScoped: boolean;
      /** @description What a matched request suffers while the backend is down. Webhooks and policies, their failurePolicy; APIServices and conversion webhooks always `Fail`; a scheduler `Pending` (its Pods wait). */
      failurePolicy: string;
      timeoutSeconds: number | null;
      /** @description Webhooks. Seconds one matched request can wait on this webhook and the component's other webhooks matching the same request (`overlappingWebhooks`) - mutating ones are called one after another (twice when reinvoked), validating ones in parallel. */
      worstCaseLatencySeconds: number | null;
      /** @description Webhooks. The component's other webhooks whose rules match the same requests, counted in `worstCaseLatencySeconds`. */
      overlappingWebhooks?: string[];
      /** @description Mutating webhooks with reinvocationPolicy IfNeeded (may be called twice per request). */
      reinvoked?: boolean;
      /** @description APIServices. The group/version the API server proxies to the backend; while it is unavailable, discovery of the group and every request for it fail. */
      groupVersion?: string;
      /** @description CRD conversion webhooks (objectKind CustomResourceDefinition). */
      conversion?: {
        /** @description plural.group */
        resource: string;
        servedVersions: string[];
        storageVersion: string | null;
        /** @description Versions objects are still stored in (status.storedVersions). */
        storedVersions: string[];
      };
      /** @description Secondary schedulers (objectKind Scheduler). The name Pods give in spec.schedulerName. */
      schedulerName?: string;
      /** @description Secondary schedulers. Pending Pods (namespace/name) naming it; running Pods are not collected. */
      pendingPods?: string[];
    };
    /** @description The evaluation of one component (ComponentScorecard in -common). */
    ComponentScorecard: {
      componentId: string;
      name: string;
      kind: components['schemas']['ExtensionKind'];
      owner: string | null;
      lifecycle: string | null;
      orphan: boolean;
      clusters: string[];
      level: components['schemas']['ReadinessLevel'];
      score: number;
      hardGates: components['schemas']['CheckResult'][];
      nextLevelBlockers: string[];
      results: components['schemas']['CheckResult'][];
      dimensions: components['schemas']['DimensionStatuses'];
      certificates: components['schemas']['CertificateFinding'][];
      rbacFindings: components['schemas']['RbacFinding'][];
      blastRadius: components['schemas']['BlastRadius'][];
    };
    /** @description One row of the component table. */
    ComponentSummary: {
      componentId: string;
      name: string;
      title: string | null;
      kind: components['schemas']['ExtensionKind'];
      owner: string | null;
      lifecycle: string | null;
      orphan: boolean;
      clusters: string[];
      /** @description Clusters whose data in this snapshot is a previous run's (their collection failed). */
      staleClusters: string[];
      level: components['schemas']['ReadinessLevel'];
      score: number;
      hardGateCount: number;
      counts: components['schemas']['StatusCounts'];
      dimensions: components['schemas']['DimensionStatuses'];
      nextLevelBlockers: string[];
    };
    SnapshotRef: {
      id: number;
      /** Format: date-time */
      takenAt: string;
    };
    ComponentPage: {
      snapshot: components['schemas']['SnapshotRef'];
      /** @description Matching components before paging. */
      total: number;
      offset: number;
      limit: number;
      items: components['schemas']['ComponentSummary'][];
      /** @description Components matching the filters that the caller may not see (not in `total`; a count only, never which). */
      hiddenByVisibility: number;
    };
    /** @description One extension in one cluster, as the snapshot saw it. */
    ComponentInstance: {
      cluster: string;
      /** @description The cluster's collection failed; this is its last good data. */
      stale: boolean;
      /** Format: date-time */
      collectedAt: string;
      /** @description The Kubernetes objects making up the instance. */
      objects: components['schemas']['ObjectRef'][];
      advertisedResources: string[];
      schedulerNames: string[];
    };
    ObjectRef: {
      apiVersion: string;
      kind: string;
      namespace?: string;
      name: string;
    };
    /**
     * @description One snapshot's figures for the series' subject. `counts` are check results
     *     per status, except in a dimension series, where they are components by their
     *     worst status in that dimension (and `waived` stays 0).
     */
    HistoryPoint: {
      snapshotId: number;
      /** Format: date-time */
      takenAt: string;
      /** @description Components counted (1 for a component series). */
      components: number;
      levels: components['schemas']['LevelCounts'];
      averageScore: number;
      counts: components['schemas']['StatusCounts'];
      /** @description For component series, the worst status per dimension. */
      dimensions?: components['schemas']['DimensionStatuses'];
    };
    HistorySeries: {
      scope: components['schemas']['HistoryScope'];
      key: string | null;
      points: components['schemas']['HistoryPoint'][];
    };
    ComponentDetail: {
      snapshot: components['schemas']['SnapshotRef'];
      scorecard: components['schemas']['ComponentScorecard'];
      title: string | null;
      staleClusters: string[];
      instances: components['schemas']['ComponentInstance'][];
      evidence: components['schemas']['ExperimentEvidence'][];
      waivers: components['schemas']['Waiver'][];
      history: components['schemas']['HistoryPoint'][];
      /** @description The design record the catalog entity declares in spec.extension, as of this snapshot; null for orphans, entities without spec.extension, and snapshots written before it was kept. */
      designRecord: components['schemas']['DesignRecord'] | null;
    };
    /** @description A team's answers to the six questions (spec.extension of the catalog entity). Absent fields are unanswered. */
    DesignRecord: {
      /** @description Q1, why a built-in API, policy or controller cannot express the need. */
      whyNotBuiltIn?: string;
      /** @description Q1 for aggregated APIs, why not a CRD + CEL + controller. */
      whyNotCrd?: string;
      /**
       * @description Q2, the path it sits on.
       * @enum {string}
       */
      path?:
        | 'sync-api'
        | 'async-control'
        | 'scheduling'
        | 'node'
        | 'data-plane';
      /** @description Q3, whether a failure blocks new changes or hurts running workloads. */
      failureImpact?: string;
      /** @description Q4, how status, Events, metrics and logs locate the failing stage. */
      observability?: string;
      /** @description Q5, canary, side by side, rollback and version compatibility. */
      rollout?: string;
      /** @description Q6, named owners (entity refs) per responsibility. */
      responsibilities: {
        certificates?: string;
        rbac?: string;
        capacity?: string;
        upgrades?: string;
        retirement?: string;
      };
      /** @description Supported Kubernetes versions, a semver range. */
      kubernetesVersions?: string;
      /** @description ISO date the component version stops being supported. */
      supportEnds?: string;
      migration?: {
        replacement?: string;
        owner?: string;
        targetDate?: string;
      };
    };
    TeamSummary: {
      /** @description Owner ref; null for orphans. */
      owner: string | null;
      components: number;
      levels: components['schemas']['LevelCounts'];
      averageScore: number;
      /** @description Components with at least one critical fail. */
      hardGates: number;
      /** @description Components with at least one fail. */
      failing: number;
      counts: components['schemas']['StatusCounts'];
      byKind: {
        kind: components['schemas']['ExtensionKind'];
        components: number;
      }[];
    };
    TeamSummaryList: {
      snapshot: components['schemas']['SnapshotRef'];
      items: components['schemas']['TeamSummary'][];
      /** @description Components of the requested owners (all owners when none is given) that the caller may not see and that no summary counts. */
      hiddenByVisibility: number;
    };
    HeatmapCell: {
      kind: components['schemas']['ExtensionKind'];
      dimension: components['schemas']['Dimension'];
      /** @description Components of the kind with a result in the dimension. */
      total: number;
      fail: number;
      warn: number;
      pass: number;
      unknown: number;
      notApplicable: number;
      failShare: number;
      warnShare: number;
      passShare: number;
      unknownShare: number;
    };
    Heatmap: {
      snapshot: components['schemas']['SnapshotRef'];
      kinds: {
        kind: components['schemas']['ExtensionKind'];
        components: number;
      }[];
      dimensions: components['schemas']['Dimension'][];
      cells: components['schemas']['HeatmapCell'][];
      /** @description Components matching the filters that the caller may not see and that no cell counts. */
      hiddenByVisibility: number;
    };
    ClusterRunStatus: {
      cluster: string;
      state: components['schemas']['ClusterRunState'];
      /** Format: date-time */
      startedAt: string | null;
      /** Format: date-time */
      finishedAt: string | null;
      objectCount: number | null;
      error: string | null;
    };
    RefreshStatus: {
      id: string;
      trigger: components['schemas']['RunTrigger'];
      scope: components['schemas']['RefreshScope'];
      /** @description The cluster or component of a scoped run. */
      target: string | null;
      requestedBy: string | null;
      state: components['schemas']['RefreshState'];
      phase: components['schemas']['RefreshPhase'];
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      startedAt: string | null;
      /** Format: date-time */
      finishedAt: string | null;
      clusters: components['schemas']['ClusterRunStatus'][];
      snapshotId: number | null;
      error: string | null;
    };
    RefreshInput: {
      scope: components['schemas']['RefreshScope'];
      cluster?: string;
      componentId?: string;
    };
    ResourceReadStatus: {
      resource: string;
      state: components['schemas']['ResourceReadState'];
      reason?: string;
    };
    ClusterStatus: {
      name: string;
      source: components['schemas']['ClusterSource'];
      /** @description Kubernetes gitVersion. */
      version: string | null;
      /** Format: date-time */
      lastAttemptAt: string | null;
      /** Format: date-time */
      lastSuccessAt: string | null;
      /** @description The latest attempt failed; snapshots use the last good data. */
      stale: boolean;
      error: string | null;
      objectCount: number | null;
      /** @description Resources that could not be read in the latest successful collection. */
      unreadable: components['schemas']['ResourceReadStatus'][];
      /** @description Where the cluster was found: `config`, `catalog`, `gke`, `localKubectlProxy` (the Kubernetes plugin's cluster locators), `extensionScorecard` (extensionScorecard.clusters) or `dump`. Null for a cluster with stored data that is no longer located (it is left out of new snapshots). */
      locator: string | null;
      /** @description The auth provider of a live cluster (`serviceAccount`, `aws`, `googleServiceAccount`, `azure`, …). */
      authProvider: string | null;
      /** @description Why the background collector cannot read this cluster at all (an auth provider that needs a signed-in user, a refused catalog URL), with what to configure instead. Null when it can be collected. */
      blockedReason: string | null;
    };
    Snapshot: {
      id: number;
      /** Format: date-time */
      takenAt: string;
      trigger: components['schemas']['RunTrigger'];
      refreshId: string | null;
      componentCount: number;
      clusters: string[];
      staleClusters: string[];
      levels: components['schemas']['LevelCounts'];
      counts: components['schemas']['StatusCounts'];
      averageScore: number;
      /** @description The last snapshot of its calendar quarter (kept forever). */
      quarterEnd: boolean;
    };
    SnapshotPage: {
      total: number;
      offset: number;
      limit: number;
      items: components['schemas']['Snapshot'][];
    };
    ComponentRef: {
      componentId: string;
      name: string;
      kind: components['schemas']['ExtensionKind'];
      owner: string | null;
    };
    LevelChange: {
      componentId: string;
      name: string;
      kind: components['schemas']['ExtensionKind'];
      owner: string | null;
      from: components['schemas']['ReadinessLevel'];
      to: components['schemas']['ReadinessLevel'];
      scoreFrom: number;
      scoreTo: number;
    };
    CheckChange: {
      componentId: string;
      name: string;
      owner: string | null;
      checkId: string;
      dimension: components['schemas']['Dimension'];
      cluster: string | null;
      from: components['schemas']['CheckStatus'] | null;
      to: components['schemas']['CheckStatus'] | null;
      /** @description The message of the newer result. */
      message: string;
    };
    SnapshotDiff: {
      from: components['schemas']['SnapshotRef'];
      to: components['schemas']['SnapshotRef'];
      added: components['schemas']['ComponentRef'][];
      removed: components['schemas']['ComponentRef'][];
      levelChanges: components['schemas']['LevelChange'][];
      better: components['schemas']['CheckChange'][];
      worse: components['schemas']['CheckChange'][];
      unchangedComponents: number;
    };
    AuditQuarter: {
      quarter: string;
      snapshot: components['schemas']['SnapshotRef'];
      /** @description The quarter has ended; its snapshot is the quarter-end one. */
      complete: boolean;
    };
    /** @description The audit figures of one team or one kind. */
    AuditGroup: {
      /** @description Owner ref or kind id; null groups orphans in the team table. */
      key: string | null;
      components: number;
      levels: components['schemas']['LevelCounts'];
      averageScore: number;
      /** @description Results failing a critical check. */
      criticalFails: number;
      orphans: number;
      /** @description Approved waivers in force at some time in the quarter. */
      waiversUsed: number;
      /** @description Approved waivers that expired in the quarter. */
      waiversExpired: number;
      retirementsDue: number;
      evidence: components['schemas']['EvidenceStateCounts'];
      /** @description The same group at the previous quarter's snapshot; null when absent. */
      previous: null | {
        components: number;
        levels: components['schemas']['LevelCounts'];
        averageScore: number;
      };
      /** @description Components whose level rose since the previous quarter. */
      improved: number;
      /** @description Components whose level dropped since the previous quarter. */
      regressed: number;
    };
    /** @description Components by the state of their required experiments. */
    EvidenceStateCounts: {
      fresh: number;
      stale: number;
      missing: number;
      notRequired: number;
    };
    CriticalFail: {
      componentId: string;
      name: string;
      kind: components['schemas']['ExtensionKind'];
      owner: string | null;
      checkId: string;
      cluster: string | null;
      message: string;
    };
    RetirementDue: {
      componentId: string;
      name: string;
      kind: components['schemas']['ExtensionKind'];
      owner: string | null;
      lifecycle: string | null;
      checkId: string;
      status: components['schemas']['CheckStatus'];
      message: string;
      targetDate: string | null;
    };
    EvidenceFreshness: {
      componentId: string;
      name: string;
      kind: components['schemas']['ExtensionKind'];
      owner: string | null;
      state: components['schemas']['EvidenceState'];
      /** Format: date-time */
      newestRunAt: string | null;
      ageDays: number | null;
      message: string;
    };
    AuditReport: {
      quarter: string;
      complete: boolean;
      /** Format: date-time */
      generatedAt: string;
      snapshot: components['schemas']['SnapshotRef'];
      previousQuarter: string;
      previousSnapshot: components['schemas']['SnapshotRef'] | null;
      totals: components['schemas']['AuditGroup'];
      byTeam: components['schemas']['AuditGroup'][];
      byKind: components['schemas']['AuditGroup'][];
      criticalFails: components['schemas']['CriticalFail'][];
      orphans: components['schemas']['ComponentRef'][];
      waiversUsed: components['schemas']['Waiver'][];
      waiversExpired: components['schemas']['Waiver'][];
      retirementsDue: components['schemas']['RetirementDue'][];
      evidenceFreshness: components['schemas']['EvidenceFreshness'][];
      /** @description Since the previous quarter's snapshot (empty lists when there is none). */
      changes: {
        added: components['schemas']['ComponentRef'][];
        removed: components['schemas']['ComponentRef'][];
        improved: components['schemas']['LevelChange'][];
        regressed: components['schemas']['LevelChange'][];
      };
      /** @description Components of the quarter's snapshot that the caller may not see (no figure or list above counts them). */
      hiddenByVisibility: number;
      /** @description The campaigns in force during the quarter, as they stood in its last snapshot. */
      campaigns: components['schemas']['AuditCampaign'][];
    };
    /**
     * @description `blocker`: the cluster cannot move to the target minor until it is fixed; `warning`: deprecated or due in a later minor; `unknown`: could not be judged (the reason says why).
     * @enum {string}
     */
    UpgradeFindingSeverity: 'blocker' | 'warning' | 'unknown';
    /** @enum {string} */
    UpgradeFindingCategory:
      | 'removed-api'
      | 'deprecated-api'
      | 'requested-api'
      | 'crd-storage-migration'
      | 'crd-deprecated-version'
      | 'admission-review-version'
      | 'version-skew'
      | 'csi-sidecar'
      | 'dra-api';
    /**
     * @description Where the finding was seen: `object` (the apiVersion the object was read in),
     *     `last-applied-configuration` (the kubectl annotation), `managed-fields`
     *     (a field manager writing through that version), `apiserver-metric`
     *     (`apiserver_requested_deprecated_apis`), `crd-status` (`status.storedVersions`),
     *     `crd-spec` (served versions marked deprecated), `webhook-configuration`,
     *     `node-status` (kubelet versions), `container-image` (image tags),
     *     `descriptor` (the catalog's declared Kubernetes range), `check` (a check's
     *     verdict at the target minor).
     * @enum {string}
     */
    UpgradeFindingSource:
      | 'object'
      | 'last-applied-configuration'
      | 'managed-fields'
      | 'apiserver-metric'
      | 'crd-status'
      | 'crd-spec'
      | 'webhook-configuration'
      | 'node-status'
      | 'container-image'
      | 'descriptor'
      | 'check';
    UpgradeFinding: {
      severity: components['schemas']['UpgradeFindingSeverity'];
      category: components['schemas']['UpgradeFindingCategory'];
      checkId: string | null;
      componentId: string | null;
      componentName: string | null;
      owner: string | null;
      /** @description `Kind namespace/name` (cluster-scoped: `Kind name`); for metric findings the group/version/resource. */
      object: string | null;
      apiVersion: string | null;
      source: components['schemas']['UpgradeFindingSource'];
      /** @description The field manager, the metric series or the image that revealed it. */
      sourceDetail: string | null;
      removedIn: string | null;
      replacement: string | null;
      message: string;
    };
    /** @description Whether a source of evidence could be read in this cluster. */
    UpgradeSourceStatus: {
      source: components['schemas']['UpgradeFindingSource'];
      /** @enum {string} */
      state: 'read' | 'unavailable';
      reason: string | null;
    };
    ClusterUpgradeReadiness: {
      cluster: string;
      /** @description The cluster's minor (`1.31`), null when its version was not read. */
      currentVersion: string | null;
      targetVersion: string | null;
      /** @enum {string} */
      state: 'ready' | 'blocked' | 'unknown';
      /** @description Why the state is `unknown`, or that the data is stale. */
      reason: string | null;
      blockers: number;
      warnings: number;
      unknowns: number;
      sources: components['schemas']['UpgradeSourceStatus'][];
      findings: components['schemas']['UpgradeFinding'][];
    };
    TeamUpgradeReadiness: {
      /** @description Owner entity ref; null: orphans. */
      owner: string | null;
      blockers: number;
      warnings: number;
      unknowns: number;
      /** @description Clusters where this team has findings. */
      clusters: string[];
    };
    UpgradeReadinessReport: {
      /** @description Null: no snapshot yet. */
      snapshot: number | null;
      /** Format: date-time */
      takenAt: string | null;
      clusters: components['schemas']['ClusterUpgradeReadiness'][];
      teams: components['schemas']['TeamUpgradeReadiness'][];
      /** @description Findings of components the caller may not see (left out above). */
      hiddenFindings: number;
    };
    AuditExport: {
      report: components['schemas']['AuditReport'];
      components: components['schemas']['ComponentScorecard'][];
      upgradeReadiness: components['schemas']['UpgradeReadinessReport'];
    };
    ExperimentEvidence: {
      id: string;
      component: string;
      cluster: string;
      scenario: string;
      tool: string;
      /** Format: date-time */
      startedAt: string;
      /** Format: date-time */
      injectedAt?: string;
      /** Format: date-time */
      recoveredAt?: string;
      verdict: components['schemas']['ExperimentVerdict'];
      observations: {
        [key: string]: unknown;
      };
      links: string[];
      submittedBy: string;
      /** Format: date-time */
      submittedAt: string;
    };
    /** @description A fault-experiment record. `submittedBy` is the caller. */
    EvidenceInput: {
      component: string;
      cluster: string;
      scenario: string;
      /** @default manual */
      tool?: string;
      /** Format: date-time */
      startedAt: string;
      /** Format: date-time */
      injectedAt?: string;
      /** Format: date-time */
      recoveredAt?: string;
      verdict: components['schemas']['ExperimentVerdict'];
      /** @description What the scenario must record (see the README), at most 100 keys. */
      observations?: {
        [key: string]: unknown;
      };
      links?: string[];
    };
    EvidencePage: {
      total: number;
      offset: number;
      limit: number;
      items: components['schemas']['ExperimentEvidence'][];
    };
    Waiver: {
      id: string;
      component: string;
      checkId: string;
      cluster: string | null;
      reason: string;
      /** Format: date-time */
      expiresAt: string;
      state: components['schemas']['WaiverState'];
      requestedBy: string;
      /** Format: date-time */
      requestedAt: string;
      decidedBy: string | null;
      /** Format: date-time */
      decidedAt: string | null;
      decisionComment: string | null;
      /** @description Approved and not expired. */
      active: boolean;
      /** @description Owner of the component when the waiver was requested. */
      owner: string | null;
    };
    WaiverInput: {
      component: string;
      checkId: string;
      cluster?: string | null;
      reason: string;
      /** Format: date-time */
      expiresAt: string;
    };
    WaiverDecisionInput: {
      comment?: string;
    };
    WaiverPage: {
      total: number;
      offset: number;
      limit: number;
      items: components['schemas']['Waiver'][];
    };
    AuditEvent: {
      id: number;
      /** Format: date-time */
      at: string;
      actor: string;
      subjectType: components['schemas']['AuditSubjectType'];
      subjectId: string;
      component: string;
      /** @description e.g. requested, approved, rejected, revoked, created, imported. */
      action: string;
      /** @description Changed fields, each with its value before and after. */
      changes: {
        [key: string]: {
          from?: unknown;
          to?: unknown;
        };
      };
    };
    AuditEventPage: {
      total: number;
      offset: number;
      limit: number;
      items: components['schemas']['AuditEvent'][];
    };
    WaiverDetail: {
      waiver: components['schemas']['Waiver'];
      trail: components['schemas']['AuditEvent'][];
    };
    CheckDefinition: {
      id: string;
      dimension: components['schemas']['Dimension'];
      severity: components['schemas']['Severity'];
      /** @description Kinds the check applies to; absent or empty for every kind. */
      kinds?: components['schemas']['ExtensionKind'][];
      title: string;
      remediation?: string;
      docsUrl?: string;
    };
    /** @enum {string} */
    ReferenceTableName:
      | 'deprecated-apis'
      | 'csi-sidecars'
      | 'dra-versions'
      | 'version-skew'
      | 'thresholds'
      | 'experiment-scenarios'
      | 'failure-signals'
      | 'rbac-risks'
      | 'scoring';
    /** @description Where a table's rows came from. A row is what one override entry replaces: a deprecated API, a CSI sidecar, a DRA version or the feature gate, a check's setting, a kind's list, a top-level key. */
    ReferenceTableProvenance: {
      table: components['schemas']['ReferenceTableName'];
      /** @description e.g. deprecated-apis.yaml */
      file: string;
      /** @description Rows in force. */
      rows: number;
      shippedRows: number;
      overriddenRows: number;
      addedRows: number;
      removedRows: number;
      /** @description Full path of the override file; null when none is layered. */
      overrideFile: string | null;
    };
    DeprecatedApiRow: {
      /** @description The row key, `group/version [sorted kinds]`. */
      key: string;
      group: string;
      version: string;
      /** @description Empty for every kind of the group/version. */
      kinds: string[];
      /** @description Whose releases deprecatedIn/removedIn count (kubernetes, cert-manager…). */
      product: string;
      deprecatedIn: string;
      removedIn?: string;
      replacement: string;
      note?: string;
      /** @description URL of the upstream page. */
      source?: string;
    };
    CsiSidecarReleaseRow: {
      /** @description Semver range of sidecar releases. */
      versions: string;
      minKubernetes?: string;
      recommendedKubernetes?: string;
      maxKubernetes?: string;
      note?: string;
    };
    CsiSidecarRow: {
      name: string;
      source?: string;
      images: string[];
      releases: components['schemas']['CsiSidecarReleaseRow'][];
    };
    DraVersionRow: {
      version: string;
      /** @enum {string} */
      stability: 'alpha' | 'beta' | 'ga';
      introducedIn: string;
      lastServedIn?: string;
      note?: string;
      source?: string;
    };
    DraFeatureGate: {
      name: string;
      offByDefaultIn: string[];
      onByDefaultFrom: string;
    };
    VersionSkewRules: {
      kubelet: {
        maxMinorsOlder: number;
        olderKubelets?: {
          below: string;
          maxMinorsOlder: number;
        };
        newerAllowed: boolean;
      };
      controlPlane: {
        maxMinorsOlder: number;
        newerAllowed: boolean;
      };
      schedulerImages: string[];
      source?: string;
    };
    ThresholdValue: number | string | boolean | string[];
    ReferenceData: {
      /** @description Version of the shipped data (the backend package's version). */
      version: string;
      /** @description Full path of extensionScorecard.referenceData.directory; null when unset. */
      overrideDirectory: string | null;
      tables: components['schemas']['ReferenceTableProvenance'][];
      deprecatedApis: components['schemas']['DeprecatedApiRow'][];
      csiSidecars: components['schemas']['CsiSidecarRow'][];
      draVersions: components['schemas']['DraVersionRow'][];
      draFeatureGate: components['schemas']['DraFeatureGate'];
      versionSkew: components['schemas']['VersionSkewRules'];
      /** @description Effective settings per check id: the thresholds table (shipped, then the override directory), then app-config `extensionScorecard.checks`. */
      thresholds: {
        [key: string]: {
          [key: string]: components['schemas']['ThresholdValue'];
        };
      };
    };
  };
  responses: {
    /** @description An error, in Backstage's error body. */
    ErrorResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
  };
  parameters: {
    /** @description Snapshot id; the latest snapshot when absent. */
    snapshot: number;
    offset: number;
    limit: number;
    /** @description Component id, URL-encoded (`component%3Adefault%2Fcert-manager`, `orphan%3A…`). */
    componentId: string;
    waiverId: string;
    campaignId: string;
    /** @description A calendar quarter, `YYYY-Qn`. */
    quarter: string;
    /** @description Client-chosen key (8–200 printable ASCII characters) that makes a retry safe. */
    idempotencyKey: string;
  };
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  GetHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The plugin is up. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'ok';
          };
        };
      };
    };
  };
  ListComponents: {
    parameters: {
      query?: {
        /** @description Snapshot id; the latest snapshot when absent. */
        snapshot?: components['parameters']['snapshot'];
        /** @description Owner entity ref, e.g. `group:default/team-storage`. */
        owner?: string[];
        kind?: components['schemas']['ExtensionKind'][];
        cluster?: string[];
        level?: components['schemas']['ReadinessLevel'][];
        /** @description Dimensions whose worst result is `fail`. */
        failingDimension?: components['schemas']['Dimension'][];
        /** @description Dimensions whose worst result is `warn` or `fail` (heat-map cells filter with it). */
        warningDimension?: components['schemas']['Dimension'][];
        checkId?: string;
        status?: components['schemas']['CheckStatus'];
        lifecycle?: string[];
        orphan?: boolean;
        /** @description Only components with data from a stale cluster (true) or none (false). */
        stale?: boolean;
        /** @description Case-insensitive substring of the component id, name or owner. */
        search?: string;
        /** @description Only these components (e.g. the extensions of one System, by entity ref). */
        componentId?: string[];
        sort?: components['schemas']['ComponentSortField'];
        order?: components['schemas']['SortOrder'];
        offset?: components['parameters']['offset'];
        limit?: components['parameters']['limit'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of components. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ComponentPage'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  GetComponent: {
    parameters: {
      query?: {
        /** @description Snapshot id; the latest snapshot when absent. */
        snapshot?: components['parameters']['snapshot'];
        /** @description Number of history points (newest kept). */
        historyLimit?: number;
      };
      header?: never;
      path: {
        /** @description Component id, URL-encoded (`component%3Adefault%2Fcert-manager`, `orphan%3A…`). */
        componentId: components['parameters']['componentId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The component. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ComponentDetail'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  GetTeamSummaries: {
    parameters: {
      query?: {
        /** @description Snapshot id; the latest snapshot when absent. */
        snapshot?: components['parameters']['snapshot'];
        owner?: string[];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One summary per owner (orphans under owner `null`). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TeamSummaryList'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  GetHeatmap: {
    parameters: {
      query?: {
        /** @description Snapshot id; the latest snapshot when absent. */
        snapshot?: components['parameters']['snapshot'];
        owner?: string[];
        cluster?: string[];
        orphan?: boolean;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The heat map. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Heatmap'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  GetHistory: {
    parameters: {
      query: {
        scope: components['schemas']['HistoryScope'];
        /** @description Component id, owner ref, kind id or dimension id (not for `fleet`). */
        key?: string;
        from?: string;
        to?: string;
        /** @description Number of points (newest kept). */
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The trend. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HistorySeries'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  ListSnapshots: {
    parameters: {
      query?: {
        from?: string;
        to?: string;
        offset?: components['parameters']['offset'];
        limit?: components['parameters']['limit'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of snapshots. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SnapshotPage'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
    };
  };
  GetSnapshot: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        snapshotId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The snapshot. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Snapshot'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  DiffSnapshots: {
    parameters: {
      query: {
        from: number;
        to: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The diff. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SnapshotDiff'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  ListAuditQuarters: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Quarters. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['AuditQuarter'][];
          };
        };
      };
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
    };
  };
  GetAuditReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A calendar quarter, `YYYY-Qn`. */
        quarter: components['parameters']['quarter'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditReport'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  ExportAuditReport: {
    parameters: {
      query: {
        format: components['schemas']['AuditExportFormat'];
      };
      header?: never;
      path: {
        /** @description A calendar quarter, `YYYY-Qn`. */
        quarter: components['parameters']['quarter'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The export, with `Content-Disposition: attachment`. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
          'application/json': components['schemas']['AuditExport'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  GetUpgradeReadiness: {
    parameters: {
      query?: {
        /** @description Snapshot id; the latest snapshot when absent. */
        snapshot?: components['parameters']['snapshot'];
        cluster?: string[];
        /** @description Owner entity ref, e.g. `group:default/team-storage`. */
        owner?: string[];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpgradeReadinessReport'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  ListAuditTrail: {
    parameters: {
      query?: {
        subjectType?: components['schemas']['AuditSubjectType'];
        subjectId?: string;
        component?: string;
        offset?: components['parameters']['offset'];
        limit?: components['parameters']['limit'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of audit events. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditEventPage'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
    };
  };
  ListEvidence: {
    parameters: {
      query?: {
        component?: string;
        cluster?: string;
        scenario?: string;
        tool?: string;
        offset?: components['parameters']['offset'];
        limit?: components['parameters']['limit'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of evidence. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EvidencePage'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
    };
  };
  CreateEvidence: {
    parameters: {
      query?: never;
      header: {
        /** @description Client-chosen key (8–200 printable ASCII characters) that makes a retry safe. */
        'Idempotency-Key': components['parameters']['idempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EvidenceInput'];
      };
    };
    responses: {
      /** @description A replay of an earlier request with the same key; nothing new was stored. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExperimentEvidence'];
        };
      };
      /** @description Stored. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExperimentEvidence'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
      409: components['responses']['ErrorResponse'];
      413: components['responses']['ErrorResponse'];
    };
  };
  ListWaivers: {
    parameters: {
      query?: {
        component?: string;
        checkId?: string;
        state?: components['schemas']['WaiverState'][];
        owner?: string;
        /** @description Only approved waivers that have not expired (true), or only the others (false). */
        active?: boolean;
        /** @description Only approved waivers expiring within this many days from now. */
        expiringWithinDays?: number;
        offset?: components['parameters']['offset'];
        limit?: components['parameters']['limit'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of waivers. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WaiverPage'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
    };
  };
  RequestWaiver: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WaiverInput'];
      };
    };
    responses: {
      /** @description Requested. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Waiver'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
      409: components['responses']['ErrorResponse'];
    };
  };
  GetWaiver: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        waiverId: components['parameters']['waiverId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The waiver. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WaiverDetail'];
        };
      };
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  ApproveWaiver: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        waiverId: components['parameters']['waiverId'];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['WaiverDecisionInput'];
      };
    };
    responses: {
      /** @description Approved. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Waiver'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
      409: components['responses']['ErrorResponse'];
    };
  };
  RejectWaiver: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        waiverId: components['parameters']['waiverId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WaiverDecisionInput'] &
          unknown;
      };
    };
    responses: {
      /** @description Rejected. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Waiver'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
      409: components['responses']['ErrorResponse'];
    };
  };
  RevokeWaiver: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        waiverId: components['parameters']['waiverId'];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['WaiverDecisionInput'];
      };
    };
    responses: {
      /** @description Revoked. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Waiver'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
      409: components['responses']['ErrorResponse'];
    };
  };
  ListCampaigns: {
    parameters: {
      query?: {
        state?: components['schemas']['CampaignState'][];
        offset?: components['parameters']['offset'];
        limit?: components['parameters']['limit'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of campaigns. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CampaignPage'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
    };
  };
  CreateCampaign: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CampaignInput'];
      };
    };
    responses: {
      /** @description Created. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Campaign'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      409: components['responses']['ErrorResponse'];
    };
  };
  GetCampaign: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        campaignId: components['parameters']['campaignId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The campaign. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CampaignDetail'];
        };
      };
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  UpdateCampaign: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        campaignId: components['parameters']['campaignId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CampaignUpdate'];
      };
    };
    responses: {
      /** @description Changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Campaign'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
      409: components['responses']['ErrorResponse'];
    };
  };
  CloseCampaign: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        campaignId: components['parameters']['campaignId'];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['CampaignCloseInput'];
      };
    };
    responses: {
      /** @description Closed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Campaign'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
      409: components['responses']['ErrorResponse'];
    };
  };
  ListCampaignSuggestions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The suggestions (empty before the first snapshot). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CampaignSuggestionList'];
        };
      };
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
    };
  };
  ListCampaignItems: {
    parameters: {
      query?: {
        campaign?: string;
        team?: string;
        /** @description With `team`, whether the groups below it count (default true). */
        childTeams?: boolean;
        component?: string;
        status?: components['schemas']['CampaignItemStatus'][];
        offset?: components['parameters']['offset'];
        limit?: components['parameters']['limit'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of items, soonest deadline first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CampaignItemPage'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  ListSavedFilters: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every saved filter. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedFilterList'];
        };
      };
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
    };
  };
  CreateSavedFilter: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SavedFilterInput'];
      };
    };
    responses: {
      /** @description Saved. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedFilter'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      409: components['responses']['ErrorResponse'];
    };
  };
  DeleteSavedFilter: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        savedFilterId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
      409: components['responses']['ErrorResponse'];
    };
  };
  GetLatestRefresh: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The run, or `null` before the first one. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            run: components['schemas']['RefreshStatus'] | null;
          };
        };
      };
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
    };
  };
  TriggerRefresh: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RefreshInput'];
      };
    };
    responses: {
      /** @description Accepted; poll `GET /refresh/{refreshId}`. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RefreshStatus'];
        };
      };
      400: components['responses']['ErrorResponse'];
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
      409: components['responses']['ErrorResponse'];
    };
  };
  GetRefresh: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        refreshId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The run with per-cluster progress. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RefreshStatus'];
        };
      };
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
  ListClusters: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Clusters. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['ClusterStatus'][];
          };
        };
      };
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
    };
  };
  ListChecks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Checks. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['CheckDefinition'][];
          };
        };
      };
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
    };
  };
  GetReferenceData: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Reference data in force. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReferenceData'];
        };
      };
      401: components['responses']['ErrorResponse'];
      403: components['responses']['ErrorResponse'];
      404: components['responses']['ErrorResponse'];
    };
  };
}
type FlattenedDeepRequired<T> = {
  [K in keyof T]-?: FlattenedDeepRequired<
    T[K] extends unknown[] | undefined | null
      ? Extract<T[K], unknown[]>[number]
      : T[K]
  >;
};
type ReadonlyArray<T> = [Exclude<T, undefined>] extends [unknown[]]
  ? Readonly<Exclude<T, undefined>>
  : Readonly<Exclude<T, undefined>[]>;
export const extensionKindValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['ExtensionKind']
> = [
  'crd-controller',
  'admission-webhook',
  'admission-policy',
  'aggregated-api',
  'scheduler-plugin',
  'cri-runtime',
  'cni',
  'csi',
  'device-plugin',
  'dra-driver',
];
export const dimensionValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['Dimension']
> = [
  'ownership',
  'failure-boundary',
  'availability',
  'certificates',
  'rbac',
  'upgrade',
  'observability',
  'experiments',
  'retirement',
];
export const checkStatusValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['CheckStatus']
> = ['pass', 'warn', 'fail', 'not-applicable', 'unknown'];
export const severityValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['Severity']
> = ['critical', 'high', 'medium', 'low', 'info'];
export const readinessLevelValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['ReadinessLevel']
> = [0, 1, 2, 3];
export const waiverStateValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['WaiverState']
> = ['requested', 'approved', 'rejected', 'revoked'];
export const experimentVerdictValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['ExperimentVerdict']
> = ['pass', 'fail'];
export const componentSortFieldValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['ComponentSortField']
> = ['name', 'kind', 'owner', 'level', 'score', 'fails', 'warns', 'lifecycle'];
export const sortOrderValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['SortOrder']
> = ['asc', 'desc'];
export const historyScopeValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['HistoryScope']
> = ['fleet', 'component', 'team', 'kind', 'dimension'];
export const auditExportFormatValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['AuditExportFormat']
> = ['csv', 'json', 'upgrade-csv', 'campaigns-csv'];
export const auditSubjectTypeValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['AuditSubjectType']
> = ['waiver', 'evidence', 'campaign', 'saved-filter'];
export const campaignStateValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['CampaignState']
> = ['open', 'closed'];
export const campaignEnforcementValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['CampaignEnforcement']
> = ['none', 'announced', 'enforced'];
export const campaignItemStatusValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['CampaignItemStatus']
> = ['open', 'waived', 'done'];
export const campaignGoalLevelValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['CampaignGoal']['level']
> = [1, 2, 3];
export const campaignItemTargetLevelOneOf0Values: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['CampaignItem']['targetLevel']
> = [1, 2, 3];
export const campaignSuggestionSourceValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['CampaignSuggestion']['source']
> = ['upgrade', 'failing-check'];
export const evidenceStateValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['EvidenceState']
> = ['fresh', 'stale', 'missing', 'not-required'];
export const runTriggerValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['RunTrigger']
> = ['schedule', 'manual', 'startup', 'import'];
export const refreshScopeValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['RefreshScope']
> = ['all', 'cluster', 'component'];
export const refreshStateValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['RefreshState']
> = ['queued', 'running', 'succeeded', 'failed'];
export const refreshPhaseValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['RefreshPhase']
> = ['queued', 'collecting', 'assembling', 'done'];
export const clusterRunStateValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['ClusterRunState']
> = ['pending', 'running', 'succeeded', 'failed', 'skipped'];
export const clusterSourceValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['ClusterSource']
> = ['live', 'dump'];
export const resourceReadStateValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['ResourceReadState']
> = ['ok', 'forbidden', 'not-served', 'failed'];
export const rbacFindingCheckValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['RbacFindingCheck']
> = [
  'rbac.cluster-admin',
  'rbac.wildcards',
  'rbac.secrets',
  'rbac.escalation',
  'rbac.webhook-write',
  'rbac.pod-exec',
];
export const designRecordPathValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['DesignRecord']['path']
> = ['sync-api', 'async-control', 'scheduling', 'node', 'data-plane'];
export const upgradeFindingSeverityValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['UpgradeFindingSeverity']
> = ['blocker', 'warning', 'unknown'];
export const upgradeFindingCategoryValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['UpgradeFindingCategory']
> = [
  'removed-api',
  'deprecated-api',
  'requested-api',
  'crd-storage-migration',
  'crd-deprecated-version',
  'admission-review-version',
  'version-skew',
  'csi-sidecar',
  'dra-api',
];
export const upgradeFindingSourceValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['UpgradeFindingSource']
> = [
  'object',
  'last-applied-configuration',
  'managed-fields',
  'apiserver-metric',
  'crd-status',
  'crd-spec',
  'webhook-configuration',
  'node-status',
  'container-image',
  'descriptor',
  'check',
];
export const upgradeSourceStatusStateValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['UpgradeSourceStatus']['state']
> = ['read', 'unavailable'];
export const clusterUpgradeReadinessStateValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['ClusterUpgradeReadiness']['state']
> = ['ready', 'blocked', 'unknown'];
export const referenceTableNameValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['ReferenceTableName']
> = [
  'deprecated-apis',
  'csi-sidecars',
  'dra-versions',
  'version-skew',
  'thresholds',
  'experiment-scenarios',
  'failure-signals',
  'rbac-risks',
  'scoring',
];
export const draVersionRowStabilityValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['DraVersionRow']['stability']
> = ['alpha', 'beta', 'ga'];
