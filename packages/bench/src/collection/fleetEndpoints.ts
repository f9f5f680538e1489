/** How the benchmark's stand-in API servers are reached. */

/** Token the stand-ins require (a fixed test value, never a real credential). */
export const STAND_IN_TOKEN = 'bench-token-not-a-secret';

/** One cluster of the fleet as served by a stand-in API server. */
export interface ServedCluster {
  name: string;
  url: string;
  /** Base64 PEM of the stand-in's serving certificate (HTTPS). */
  caData?: string;
  objects: number;
}
