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
  };
}
