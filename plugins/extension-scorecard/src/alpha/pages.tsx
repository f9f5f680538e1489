import { PageBlueprint } from '@backstage/frontend-plugin-api';
import { convertLegacyRouteRef } from '@backstage/core-compat-api';
import { rootRouteRef } from '../routes';
import { AssessmentIcon } from '../components/shared/icons';

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
    loader: () =>
      import('../components/ScorecardRouter/ExtensionScorecardRouter').then(
        m => <m.ExtensionScorecardRouter />,
      ),
  },
});
