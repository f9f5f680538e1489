export * from './types';
export {
  EXTENSION_SCORECARD_PLUGIN_ID,
  ExtensionScorecardClient,
} from './client';
export type {
  ExtensionScorecardApi,
  EvidenceSubmission,
  RequestOptions,
  ScorecardDiscovery,
  ScorecardFetch,
} from './client';
