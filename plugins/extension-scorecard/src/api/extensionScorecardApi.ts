import {
  createApiFactory,
  createApiRef,
  discoveryApiRef,
  fetchApiRef,
} from '@backstage/core-plugin-api';
import {
  ExtensionScorecardApi,
  ExtensionScorecardClient,
} from '@extension-scorecard/plugin-extension-scorecard-common';

/**
 * The Extension Scorecard API as the frontend sees it. Implemented by
 * `ExtensionScorecardClient` from `-common` over Backstage's discovery and fetch APIs.
 * @public
 */
export const extensionScorecardApiRef = createApiRef<ExtensionScorecardApi>({
  id: 'plugin.extension-scorecard.api',
});

/**
 * The default factory: the `-common` HTTP client, signed in as the current user
 * through `fetchApi` and pointed at the backend through `discoveryApi`.
 * @public
 */
export const extensionScorecardApiFactory = createApiFactory({
  api: extensionScorecardApiRef,
  deps: { discoveryApi: discoveryApiRef, fetchApi: fetchApiRef },
  factory: ({ discoveryApi, fetchApi }) =>
    new ExtensionScorecardClient({ discoveryApi, fetchApi }),
});
