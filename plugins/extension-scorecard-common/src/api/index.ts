export * from './types';
/** The generated OpenAPI types, for callers that need more than types.ts names. */
export type {
  components as ExtensionScorecardApiComponents,
  operations as ExtensionScorecardApiOperations,
  paths as ExtensionScorecardApiPaths,
} from './openapi.generated';
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
