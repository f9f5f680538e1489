/**
 * The contract of a readiness check: metadata kept as data plus a pure function.
 * Built-in checks and checks added by backend modules share it; it is defined in
 * `@extension-scorecard/plugin-extension-scorecard-node` and re-exported here.
 */
export type {
  CheckMetadata,
  CheckOutcome,
  CheckSettings,
  CheckSettingValue,
  ClusterCheckContext,
  ClusterScopedCheck,
  ComponentCheckContext,
  ComponentScopedCheck,
  ExperimentScenario,
  ScorecardCheck,
  ScorecardKind,
} from '@extension-scorecard/plugin-extension-scorecard-node';
