import {
  createPlugin,
  createRoutableExtension,
} from '@backstage/core-plugin-api';
import { rootRouteRef } from './routes';

/**
 * Extension Scorecard for the legacy frontend system.
 * @public
 */
export const extensionScorecardPlugin = createPlugin({
  id: 'extension-scorecard',
  routes: { root: rootRouteRef },
});

/**
 * The platform page (legacy frontend system).
 * @public
 */
export const ExtensionScorecardPage = extensionScorecardPlugin.provide(
  createRoutableExtension({
    name: 'ExtensionScorecardPage',
    component: () =>
      import('./components/ExtensionScorecardPage').then(
        m => m.ExtensionScorecardPage,
      ),
    mountPoint: rootRouteRef,
  }),
);
