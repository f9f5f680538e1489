import { createComponentExtension } from '@backstage/core-plugin-api';
import { extensionScorecardPlugin } from '../../plugin';

/**
 * The extensions of a System, for its entity page (legacy frontend system).
 * @public
 */
export const EntitySystemExtensionsContent = extensionScorecardPlugin.provide(
  createComponentExtension({
    name: 'EntitySystemExtensionsContent',
    component: {
      lazy: () =>
        import('./SystemExtensionsContent').then(
          m => m.EntitySystemExtensionsContent,
        ),
    },
  }),
);
