/**
 * Fleet-scale benchmarks of Extension Scorecard. The command is `src/cli.ts`
 * (`npm run bench -w @extension-scorecard/bench`); the fleet generator is reusable.
 *
 * @packageDocumentation
 */
export { generateFleet, generateCluster } from './fleet/generateFleet';
export type { Fleet, GeneratedCluster } from './fleet/generateFleet';
export { planFleet } from './fleet/plan';
export type {
  FleetOptions,
  FleetPlan,
  ComponentPlan,
  ClusterPlan,
} from './fleet/plan';
export { createCertificatePool } from './fleet/certificates';
export type { PoolCertificate } from './fleet/certificates';
export { toClusterCollection } from './fleet/clusterCollection';
export { runBenchmarks, FULL_RUN, QUICK_RUN } from './runBenchmarks';
export { renderTable } from './report/resultTable';
