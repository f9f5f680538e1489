/**
 * Extension Scorecard for the new frontend system.
 *
 * @packageDocumentation
 */
import { createFrontendPlugin } from '@backstage/frontend-plugin-api';
import { convertLegacyRouteRef } from '@backstage/core-compat-api';
import { extensionScorecardApi } from './alpha/apis';
import { entityTeamScorecardCard } from './alpha/entityCards';
import {
  entityExtensionScorecardContent,
  entityTeamScorecardContent,
} from './alpha/entityContents';
import { extensionScorecardPage } from './alpha/pages';
import { entitySystemExtensionsContent } from './alpha/entitySystemContent';
import { AssessmentIcon } from './components/shared/icons';
import {
  auditRouteRef,
  campaignRouteRef,
  campaignsRouteRef,
  componentRouteRef,
  rootRouteRef,
} from './routes';

export {
  extensionScorecardApi,
  entityTeamScorecardCard,
  entityExtensionScorecardContent,
  entityTeamScorecardContent,
  extensionScorecardPage,
};
export { entitySystemExtensionsContent };

/**
 * Extension Scorecard for the new frontend system: the platform page (with a nav
 * item), the scorecard tab on extension Components, the team card and tab on Groups,
 * and the API client.
 * @alpha
 */
export default createFrontendPlugin({
  pluginId: 'extension-scorecard',
  title: 'Extension Scorecard',
  icon: <AssessmentIcon />,
  extensions: [
    extensionScorecardApi,
    extensionScorecardPage,
    entityExtensionScorecardContent,
    entityTeamScorecardContent,
    entityTeamScorecardCard,
    entitySystemExtensionsContent,
  ],
  routes: {
    root: convertLegacyRouteRef(rootRouteRef),
    component: convertLegacyRouteRef(componentRouteRef),
    audit: convertLegacyRouteRef(auditRouteRef),
    campaigns: convertLegacyRouteRef(campaignsRouteRef),
    campaign: convertLegacyRouteRef(campaignRouteRef),
  },
});
