import { createComponentExtension } from '@backstage/core-plugin-api';
import { extensionScorecardPlugin } from '../../plugin';
import { withScorecardRegion } from '../shared/ScorecardRegion';

/**
 * The extensions of a System, for its entity page (legacy frontend system).
 * @public
 */
export const EntitySystemExtensionsContent = extensionScorecardPlugin.provide(
  createComponentExtension({
    name: 'EntitySystemExtensionsContent',
    component: {
      lazy: () =>
        import('./SystemExtensionsContent').then(m =>
          withScorecardRegion('system-tab', m.EntitySystemExtensionsContent),
        ),
    },
  }),
);
