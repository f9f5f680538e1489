import { createFrontendModule } from '@backstage/frontend-plugin-api';
import appPlugin from '@backstage/plugin-app';

/** Where `/` leads: the demo portal has no home page of its own. */
export const HOME_PATH = '/extension-scorecard';

/**
 * The app's routes with `/` redirected to the scorecard (the same `redirects` the
 * `app/routes` extension takes from app-config, as a default that config can add to).
 * Only `/` itself redirects; any other unknown path still gets the "not found" page.
 */
export const homeRedirect = appPlugin.getExtension('app/routes').override({
  factory(originalFactory, { config }) {
    return originalFactory({
      config: {
        redirects: [{ from: '/', to: HOME_PATH }, ...(config.redirects ?? [])],
      },
    });
  },
});

export const homeModule = createFrontendModule({
  pluginId: 'app',
  extensions: [homeRedirect],
});
