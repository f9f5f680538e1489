import {
  createFrontendPlugin,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import { convertLegacyRouteRef } from '@backstage/core-compat-api';
import { rootRouteRef } from './routes';

const scorecardPage = PageBlueprint.make({
  params: {
    path: '/extension-scorecard',
    title: 'Extension Scorecard',
    routeRef: convertLegacyRouteRef(rootRouteRef),
    loader: () =>
      import('./components/ExtensionScorecardPage').then(m => (
        <m.ExtensionScorecardPage />
      )),
  },
});

/**
 * Extension Scorecard for the new frontend system.
 * @alpha
 */
export default createFrontendPlugin({
  pluginId: 'extension-scorecard',
  extensions: [scorecardPage],
  routes: { root: convertLegacyRouteRef(rootRouteRef) },
});
