import {
  createComponentExtension,
  createPlugin,
  createRoutableExtension,
} from '@backstage/core-plugin-api';
import { extensionScorecardApiFactory } from './api';
import { withScorecardRegion } from './components/shared/ScorecardRegion';
import {
  auditRouteRef,
  campaignRouteRef,
  campaignsRouteRef,
  componentRouteRef,
  rootRouteRef,
} from './routes';

/**
 * Extension Scorecard for the legacy frontend system.
 * @public
 */
export const extensionScorecardPlugin = createPlugin({
  id: 'extension-scorecard',
  apis: [extensionScorecardApiFactory],
  routes: {
    root: rootRouteRef,
    component: componentRouteRef,
    audit: auditRouteRef,
    campaigns: campaignsRouteRef,
    campaign: campaignRouteRef,
  },
});

/**
 * The platform page with its Audit tab and per-component pages; mount it at
 * `/extension-scorecard`.
 * @public
 */
export const ExtensionScorecardPage = extensionScorecardPlugin.provide(
  createRoutableExtension({
    name: 'ExtensionScorecardPage',
    component: () =>
      import('./components/ScorecardRouter/ExtensionScorecardRouter').then(m =>
        withScorecardRegion('page', m.ExtensionScorecardRouter),
      ),
    mountPoint: rootRouteRef,
  }),
);

/**
 * The scorecard tab of an extension Component (guard it with `isExtensionComponent`).
 * @public
 */
export const EntityExtensionScorecardContent = extensionScorecardPlugin.provide(
  createComponentExtension({
    name: 'EntityExtensionScorecardContent',
    component: {
      lazy: () =>
        import('./components/EntityTab/EntityExtensionScorecardContent').then(
          m =>
            withScorecardRegion(
              'component-tab',
              m.EntityExtensionScorecardContent,
            ),
        ),
    },
  }),
);

/**
 * The team view card for a Group's overview.
 * @public
 */
export const EntityTeamScorecardCard = extensionScorecardPlugin.provide(
  createComponentExtension({
    name: 'EntityTeamScorecardCard',
    component: {
      lazy: () =>
        import('./components/TeamView/TeamScorecardCard').then(m =>
          withScorecardRegion('team-card', m.EntityTeamScorecardCard),
        ),
    },
  }),
);

/**
 * The team view tab of a Group's entity page.
 * @public
 */
export const EntityTeamScorecardContent = extensionScorecardPlugin.provide(
  createComponentExtension({
    name: 'EntityTeamScorecardContent',
    component: {
      lazy: () =>
        import('./components/TeamView/TeamScorecardContent').then(m =>
          withScorecardRegion('team-tab', m.EntityTeamScorecardContent),
        ),
    },
  }),
);
