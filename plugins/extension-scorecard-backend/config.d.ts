import { SchedulerServiceTaskScheduleDefinitionConfig } from '@backstage/backend-plugin-api';

export interface Config {
  /** Configuration of the Extension Scorecard backend plugin. */
  extensionScorecard?: {
    /**
     * Offline cluster dumps: a directory per cluster of YAML/JSON files as
     * `kubectl get ... -o yaml` writes them, plus an optional `version.json`.
     */
    dumps?: Array<{
      /** Cluster name used in the scorecard. */
      name: string;
      /** Directory holding the dump files (relative to the backend's working directory). */
      directory: string;
    }>;
    /**
     * Live clusters to audit, in addition to `kubernetes.clusterLocatorMethods`
     * (every locator type). An entry whose name matches a located cluster (also one
     * found in the catalog or GKE) overrides the fields it sets; other entries add a
     * cluster (then `url` is required).
     */
    clusters?: Array<{
      /** Cluster name used in the scorecard. */
      name: string;
      /** API server URL. */
      url?: string;
      /**
       * Bearer token of the collector's service account.
       * @visibility secret
       */
      serviceAccountToken?: string;
      /**
       * Base64-encoded PEM CA bundle of the API server.
       * @visibility secret
       */
      caData?: string;
      /** Path to a PEM CA bundle file of the API server. */
      caFile?: string;
      /** Do not verify the API server's certificate (required for plain http URLs). */
      skipTLSVerify?: boolean;
      /**
       * The Kubernetes plugin's auth provider, handled by its own strategies:
       * `serviceAccount` (default: `serviceAccountToken`, else the pod's own token),
       * `aws` (IAM, optional `assumeRole`/`externalId`), `googleServiceAccount`
       * (`kubernetes.googleServiceAccountCredentials` or Application Default
       * Credentials), `azure` (DefaultAzureCredential), `localKubectlProxy`. `google`,
       * `oidc` and `aks` need a signed-in user and cannot serve the background collector.
       */
      authProvider?: string;
      /**
       * The Kubernetes plugin's auth metadata (`kubernetes.io/auth-provider`,
       * `kubernetes.io/aws-assume-role`, `kubernetes.io/x-k8s-aws-id`, …).
       * @visibility secret
       */
      authMetadata?: { [key: string]: string };
      /** IAM role ARN to assume (authProvider `aws`). */
      assumeRole?: string;
      /**
       * External ID of the role's trust policy (authProvider `aws`).
       * @visibility secret
       */
      externalId?: string;
      /** Budget for one collection of this cluster, in seconds (default 60). */
      timeoutSeconds?: number;
      /** `limit` of each paginated list call (default 500). */
      pageSize?: number;
    }>;
    /**
     * Per-check settings, keyed by check id (`webhook.timeout`, or nested as
     * `webhook: { timeout: ... }`). Defaults come from the plugin's data/thresholds.yaml;
     * only the settings listed there for a check (plus `enabled` and `severity`) are
     * accepted, and a bad key stops the backend at start-up with an error naming it.
     * Example: `cert.expiry: { warnDays: 45 }`, `webhook.match-policy: { enabled: false }`.
     */
    checks?: {
      [checkId: string]: {
        /** false leaves the check out of every evaluation (no result at all). */
        enabled?: boolean;
        /** Overrides the check's severity (critical fails are hard gates). */
        severity?: 'critical' | 'high' | 'medium' | 'low' | 'info';
        /**
         * Thresholds of the check, e.g. `warnDays`, `passMaxSeconds`, `allowedRegistries`.
         * The look-backs are durations judged from the clusters' collection times, not
         * counts of collections: `availability.daemonset-coverage: { failAfterMinutes: 60 }`
         * (a DaemonSet short of ready Pods fails once it has stayed short this long) and
         * `upgrade.rollout-complete: { stuckAfterMinutes: 60 }` (a rollout of one
         * generation still in progress after this long is stuck).
         */
        [setting: string]: unknown;
      };
    };
    /**
     * The data tables the checks judge against (the plugin's data/*.yaml:
     * deprecated APIs, CSI sidecar matrix, DRA versions, thresholds…).
     */
    referenceData?: {
      /**
       * A directory of YAML files named as the shipped tables (deprecated-apis.yaml,
       * csi-sidecars.yaml, dra-versions.yaml, version-skew.yaml, thresholds.yaml,
       * experiment-scenarios.yaml, failure-signals.yaml, rbac-risks.yaml,
       * scoring.yaml); relative to the backend's working directory. Each file present
       * is layered over the shipped table: a row with a shipped key replaces that
       * row, a new key adds one, `remove: true` drops one (keys per table in the
       * backend README). Validated at start-up: a missing directory, an unknown file
       * name, bad YAML or a bad row stops the backend with an error naming the file
       * and the row. `GET /reference-data` shows the tables in force.
       */
      directory?: string;
    };
    /** Fault-experiment evidence. */
    experiments?: {
      /**
       * Days a passing run of a required scenario stays fresh (default 90, from
       * data/experiment-scenarios.yaml); older runs make experiments.required warn.
       */
      freshnessDays?: number;
    };
    /**
     * When collection runs (scheduler task definitions: `frequency` as a duration
     * or `{ cron }`, `timeout`, `initialDelay`). Every cluster is one task
     * `extension-scorecard:collect:<cluster>`; `assemble` builds the snapshot from the
     * clusters' latest collections. Both run with global scope (one replica at a time).
     * Defaults: hourly; collection 10 s and the first snapshot 30 s after start.
     * `reminders` (with notifications on): how often campaign reminders due since the
     * latest snapshot are looked for (`extension-scorecard:campaign-reminders`, default
     * every 15 minutes, the first 2 minutes after start), so that a reminder does not
     * wait for the next snapshot.
     */
    schedule?: {
      collect?: SchedulerServiceTaskScheduleDefinitionConfig;
      assemble?: SchedulerServiceTaskScheduleDefinitionConfig;
      reminders?: SchedulerServiceTaskScheduleDefinitionConfig;
    };
    /** How a refresh reads the clusters. */
    collection?: {
      /**
       * Clusters read at once (1–20, default 2), each with eight lists in flight and
       * its objects held until stored: fewer for a backend with little memory.
       */
      clustersAtOnce?: number;
    };
    /** How long snapshots are kept. Quarter-end snapshots are always kept. */
    retention?: {
      /** Every snapshot younger than this many hours is kept (default 48). */
      keepAllHours?: number;
      /** The newest snapshot of each UTC day is kept for this many days (default 90). */
      dailyDays?: number;
    };
    /** Who sees what through the API. */
    api?: {
      /**
       * Per-caller limit of the write endpoints (POST), per backend replica. Over it
       * the API answers 429 with Retry-After. Default 60 writes in 60 seconds;
       * `maxWrites: 0` turns the limit off.
       */
      writeRateLimit?: {
        maxWrites?: number;
        windowSeconds?: number;
      };
      /**
       * Seconds a request body may take to arrive once the request reached the
       * plugin (default 10, at most 300). Slower: 408 and the connection is closed.
       */
      bodyTimeoutSeconds?: number;
      /**
       * Unfinished requests per client address, per backend replica (default 10;
       * 0 turns the cap off). Above it the API answers 429 and closes the
       * connection. Behind a reverse proxy set `backend.trustProxy`, or every
       * client shares the proxy's address.
       */
      maxConcurrentRequestsPerClient?: number;
    };
    /**
     * Groups read by `ExtensionScorecardPolicy` (exported by this package), the
     * scorecard part of a permission policy. Refs of groups; membership through child
     * groups counts.
     */
    permissions?: {
      /**
       * Refresh, download the audit export, see orphans. Default
       * `[group:default/platform-admins]`.
       */
      admins?: string[];
      /**
       * Approve, reject and revoke waivers, never on a component their own team owns.
       * Default: the admins.
       */
      approvers?: string[];
    };
    /**
     * Campaigns declared in the configuration: created at start-up when the database
     * holds no campaign of that id (closed ones included), then changed and closed
     * through the API. Each is `{ id, title, why, goal: { checks?, level? }, scope:
     * { kinds?, teams?, clusters?, lifecycles?, components?, savedFilter? }, startsAt,
     * deadline, enforceFrom? }` (dates RFC 3339). See the README, "Campaigns".
     */
    campaigns?: {
      /** Campaigns written out here. */
      initial?: Array<{
        id: string;
        title: string;
        why?: string;
        goal: { checks?: string[]; level?: number };
        scope?: {
          kinds?: string[];
          teams?: string[];
          clusters?: string[];
          lifecycles?: string[];
          components?: string[];
          /** A saved filter's id (see savedFilters). */
          savedFilter?: string;
        };
        startsAt: string;
        deadline: string;
        enforceFrom?: string;
      }>;
      /** YAML files each holding a list of campaigns (paths from the working directory). */
      initialFiles?: string[];
    };
    /**
     * Saved filters of the component table declared in the configuration: created at
     * start-up when the database has never held one of that id (one deleted through
     * the API stays deleted), before the configured campaigns, whose scope may name
     * one. See the README, "Saved filters".
     */
    savedFilters?: {
      initial?: Array<{
        /** Lower-case letters, digits and dashes. */
        id: string;
        name: string;
        description?: string;
        /** The component list's filters: owner, kind, cluster, level, failingDimension, warningDimension, checkId, status, lifecycle, orphan, search. */
        filters: {
          owner?: string[];
          kind?: string[];
          cluster?: string[];
          level?: number[];
          failingDimension?: string[];
          warningDimension?: string[];
          checkId?: string;
          status?: string;
          lifecycle?: string[];
          orphan?: boolean;
          search?: string;
        };
      }>;
    };
    /**
     * History imported at the first start (a database without snapshots): earlier
     * readings of the clusters, each taken as a snapshot at the time it was read.
     */
    history?: {
      /**
       * YAML files (paths from the working directory) each holding a list of readings:
       * `takenAt` (RFC 3339, in the past) and `dumps`, one `{ name, directory }` per
       * cluster (directories relative to the file).
       */
      importFiles?: string[];
    };
    /** Waivers. */
    waivers?: {
      /** Longest a waiver may run, in days (default 180). */
      maxDays?: number;
    };
    /**
     * Notifications to the owning group after each snapshot, through the notifications
     * backend (off when it is not installed). Each condition is sent once.
     */
    notifications?: {
      /** false turns every notification off (default true). */
      enabled?: boolean;
      /** A certificate entering its warn window. */
      certificates?: {
        enabled?: boolean;
        /** Days before notAfter (default: the cert.expiry check's warnDays, 30). */
        warnDays?: number;
      };
      /** An approved waiver about to expire. */
      waivers?: {
        enabled?: boolean;
        /** Days before expiry (default 14). */
        withinDays?: number;
      };
      /** A migration target date coming up (retirement.migration-plan). */
      migrations?: {
        enabled?: boolean;
        /** Days before the target date (default 30). */
        withinDays?: number;
      };
      /** A component dropping a readiness level. */
      levelDrops?: { enabled?: boolean };
      /**
       * Campaign reminders to the teams with open items: started, enforced, two weeks
       * and two days before the deadline, deadline missed.
       */
      campaigns?: { enabled?: boolean };
    };
  };
  /**
   * The Kubernetes plugin's cluster locators, which the scorecard also reads (every
   * type: config, catalog, gke, localKubectlProxy). Declared here so its credentials
   * are treated as secrets even when the Kubernetes backend plugin is not installed;
   * the declaration matches that plugin's own.
   */
  kubernetes?: {
    /**
     * Google service account key (JSON) for authProvider `googleServiceAccount`.
     * @visibility secret
     */
    googleServiceAccountCredentials?: string;
    clusterLocatorMethods?: Array<{
      /** `config`, `catalog`, `gke` or `localKubectlProxy`. */
      type: string;
      clusters?: Array<{
        name: string;
        url: string;
        /** @visibility secret */
        serviceAccountToken?: string;
        /** @visibility secret */
        caData?: string;
        /** @visibility secret */
        caFile?: string;
        skipTLSVerify?: boolean;
        authProvider?: string;
        /** @visibility secret */
        authMetadata?: { [key: string]: string };
        assumeRole?: string;
        /** @visibility secret */
        externalId?: string;
      }>;
      /** catalog: host patterns whose API server URLs may be http or non-public. */
      dangerouslyAllowClusterUrls?: string[];
      /** catalog: honour the `kubernetes.io/skip-tls-verify` annotation. */
      dangerouslyAllowSkipTLSVerify?: boolean;
      /** gke: the Google Cloud project. */
      projectId?: string;
      /** gke: the location (`-` for all). */
      region?: string;
      /** gke: `public` (default) or `dns`. */
      endpointType?: string;
      /** gke: only clusters with these resource labels. */
      matchingResourceLabels?: Array<{ key: string; value: string }>;
    }>;
  };
}
