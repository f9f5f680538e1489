/**
 * Backend plugin for Extension Scorecard: readiness scorecards for Kubernetes extensions.
 *
 * @packageDocumentation
 */

export { extensionScorecardPlugin as default } from './plugin';
export {
  extensionScorecardComponentPermissionResourceRef,
  extensionScorecardComponentPermissionRules,
  extensionScorecardComponentConditions,
  createExtensionScorecardComponentConditionalDecision,
  type ScorecardComponentResource,
  type ScorecardComponentQuery,
} from './service/permissions/componentResource';
export {
  ExtensionScorecardPolicy,
  readExtensionScorecardPolicyGroups,
  type ExtensionScorecardPolicyGroups,
} from './service/permissions/policy';
export { runCli, type CliIo } from './cli';
