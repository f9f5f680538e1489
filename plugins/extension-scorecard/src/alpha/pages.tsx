import { PageBlueprint } from '@backstage/frontend-plugin-api';
import { convertLegacyRouteRef } from '@backstage/core-compat-api';
import { ReactRouterV6PageRouter } from '@backstage/frontend-adapter-react-router-v6';
import { rootRouteRef } from '../routes';
import { AssessmentIcon } from '../components/shared/icons';
import { ExtensionScorecardRegion } from '../components/shared/ScorecardRegion';

/** The platform page at /extension-scorecard (with its Audit tab). @alpha */
export const extensionScorecardPage = PageBlueprint.make({
  params: {
    path: '/extension-scorecard',
    title: 'Extension Scorecard',
    // The icon is what puts the page into the sidebar's nav items.
    icon: <AssessmentIcon />,
    // The page draws its own header with the Platform and Audit tabs.
    noHeader: true,
    routeRef: convertLegacyRouteRef(rootRouteRef),
    // The page's own <Routes> (platform, audit, one component) run on React Router
    // v6: the page declares that router explicitly, scoped to its mount, instead of
    // relying on the app's implicit fallback (which warns in development).
    loader: () =>
      import('../components/ScorecardRouter/ExtensionScorecardRouter').then(
        m => (
          <ReactRouterV6PageRouter>
            <ExtensionScorecardRegion view="page">
              <m.ExtensionScorecardRouter />
            </ExtensionScorecardRegion>
          </ReactRouterV6PageRouter>
        ),
      ),
  },
});
