import { ApiBlueprint } from '@backstage/frontend-plugin-api';
import { extensionScorecardApiFactory } from '../api';

/** The Extension Scorecard API client (discovery + fetch). @alpha */
export const extensionScorecardApi = ApiBlueprint.make({
  params: defineParams => defineParams(extensionScorecardApiFactory),
});
