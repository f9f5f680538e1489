/**
 * Checks: the readiness checks of the catalogue, their configuration and the runner
 * that judges one component with them. Scoring the results is not theirs: the
 * pipeline composes both (src/pipeline/evaluate.ts).
 */
export { readChecksConfig, resolveChecks, resolveKinds } from './config';
export type { ChecksConfig, CheckOverride, ResolvedCheck } from './config';
export { BUILTIN_CHECKS } from './catalogue';
export { CheckRegistrations } from './extensionPoint';
export { ClusterIndex } from './clusterIndex';
export { planChecks, runComponent } from './runner';
export { OWNED as OWNED_OBJECT_LISTS } from './upgrade/deprecatedApis';
export {
  crdVersionFindings,
  deprecatedApiFindings,
  requestedApiFindings,
  reviewVersionFindings,
  type ObjectFinding,
} from './upgrade/upgradeFindings';
export { webhooksOf } from './kubernetes/admissionWebhooks';
export type {
  ComponentFacts,
  ComponentRun,
  PlannedCheck,
  RunEnvironment,
} from './runner';
export type * from './types';
