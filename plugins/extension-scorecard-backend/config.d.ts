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
     * (type `config`). An entry whose name matches a cluster there overrides the fields
     * it sets; other entries add a cluster (then `url` is required).
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
       * Only `serviceAccount` is supported: `serviceAccountToken`, else the token
       * mounted into the backend's own pod.
       */
      authProvider?: 'serviceAccount';
      /** Budget for one collection of this cluster, in seconds (default 60). */
      timeoutSeconds?: number;
      /** `limit` of each paginated list call (default 500). */
      pageSize?: number;
    }>;
  };
  /**
   * The Kubernetes plugin's cluster list, which the scorecard also reads (type `config`
   * only). Declared here so its tokens are treated as secrets even when the Kubernetes
   * backend plugin is not installed; the declaration matches that plugin's own.
   */
  kubernetes?: {
    clusterLocatorMethods?: Array<{
      type: string;
      clusters?: Array<{
        name: string;
        url: string;
        /** @visibility secret */
        serviceAccountToken?: string;
        /** @visibility secret */
        caData?: string;
        caFile?: string;
        skipTLSVerify?: boolean;
        authProvider?: string;
      }>;
    }>;
  };
}
