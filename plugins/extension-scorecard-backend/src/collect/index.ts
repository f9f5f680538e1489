/**
 * collect/: everything that talks to the outside world. Plain data out.
 */
export {
  createClusterSources,
  readDumpConfigs,
  readLiveClusterConfigs,
} from './sources';
export {
  createLiveClusterSource,
  collectLiveCluster,
  LIVE_CLUSTER_DEFAULTS,
} from './live';
export type { LiveClusterConfig } from './live';
export { createDumpClusterSource, readClusterDump } from './dumps';
export type { ClusterDumpOptions } from './dumps';
export { dumpDirectoryProblem, writeClusterDump } from './dumpWriter';
export { kubeconfigClusters, loadKubeconfig } from './kubeconfig';
export type {
  KubeconfigCluster,
  KubeconfigOptions,
  LoadedKubeconfig,
} from './kubeconfig';
export { readCatalogEntities, readCatalogFiles } from './catalog';
export type { CatalogReadOptions } from './catalog';
export { RESOURCE_SPECS, RESOURCE_KEYS } from './resources';
export type * from './types';
