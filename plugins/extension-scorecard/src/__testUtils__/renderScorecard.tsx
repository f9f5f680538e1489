/**
 * Renders a view the way an app would: the real `-common` client talking HTTP to the
 * paths of the OpenAPI contract, answered by msw handlers the test registers.
 */
import { ReactElement } from 'react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { SWRConfig } from 'swr';
import { configApiRef, identityApiRef } from '@backstage/core-plugin-api';
import { entityRouteRef } from '@backstage/plugin-catalog-react';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import {
  AuthorizeResult,
  EvaluatePermissionRequest,
} from '@backstage/plugin-permission-common';
import {
  TestApiProvider,
  mockApis,
  registerMswTestHooks,
  renderInTestApp,
} from '@backstage/test-utils';
import { ExtensionScorecardClient } from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../api';
import { rootRouteRef } from '../routes';

/** Where the client sends requests in tests (mockApis.discovery's base URL). */
export const API = 'http://example.com/api/extension-scorecard';

/** An msw server with Backstage's per-test reset hooks. */
/**
 * Campaign endpoints every page asks (the platform page's campaigns card, the team's
 * and the component's open items): none, unless a test says otherwise.
 */
export const noCampaignHandlers = () => [
  http.get(`${API}/campaigns`, () =>
    HttpResponse.json({ total: 0, offset: 0, limit: 5, items: [] }),
  ),
  http.get(`${API}/campaign-items`, () =>
    HttpResponse.json({ total: 0, offset: 0, limit: 10, items: [] }),
  ),
];

/** No saved filter of the component table, unless a test says otherwise. */
export const noSavedFilterHandlers = () => [
  http.get(`${API}/saved-filters`, () => HttpResponse.json({ items: [] })),
];

export function setupScorecardServer() {
  const server = setupServer(
    ...noCampaignHandlers(),
    ...noSavedFilterHandlers(),
  );
  registerMswTestHooks(server);
  return server;
}

/** A permission refused on one resource only (as a conditional decision would be). */
export interface ResourceDenial {
  permission: string;
  resourceRef: string;
}

export interface RenderOptions {
  /**
   * Permissions to deny (everything else is allowed): a name is refused everywhere,
   * `{ permission, resourceRef }` only on that resource.
   */
  deny?: Array<string | ResourceDenial>;
  /** Told of every permission request the view makes (to assert the resourceRef). */
  onAuthorize?: (request: EvaluatePermissionRequest) => void;
  userEntityRef?: string;
  routeEntries?: string[];
  config?: NonNullable<Parameters<typeof mockApis.config>[0]>['data'];
  /** false when the test mounts the plugin page itself (as an App.tsx does). */
  mountRoot?: boolean;
}

export function renderScorecard(
  element: ReactElement,
  options: RenderOptions = {},
) {
  const client = new ExtensionScorecardClient({
    discoveryApi: mockApis.discovery(),
    fetchApi: { fetch: (...args) => fetch(...args) },
  });
  const denied = (request: EvaluatePermissionRequest) =>
    (options.deny ?? []).some(entry =>
      typeof entry === 'string'
        ? entry === request.permission.name
        : entry.permission === request.permission.name &&
          entry.resourceRef === request.resourceRef,
    );
  return renderInTestApp(
    <TestApiProvider
      apis={[
        [extensionScorecardApiRef, client],
        [
          permissionApiRef,
          mockApis.permission({
            authorize: request => {
              options.onAuthorize?.(request);
              return denied(request)
                ? AuthorizeResult.DENY
                : AuthorizeResult.ALLOW;
            },
          }),
        ],
        [
          identityApiRef,
          mockApis.identity({
            userEntityRef: options.userEntityRef ?? 'user:default/ada',
          }),
        ],
        [configApiRef, mockApis.config({ data: options.config ?? {} })],
      ]}
    >
      {/* usePermission caches decisions in SWR; a fresh cache per render keeps
          one test's permissions out of the next. */}
      <SWRConfig value={{ provider: () => new Map() }}>{element}</SWRConfig>
    </TestApiProvider>,
    {
      routeEntries: options.routeEntries,
      mountedRoutes: {
        ...(options.mountRoot === false
          ? {}
          : { '/extension-scorecard': rootRouteRef }),
        '/catalog/:namespace/:kind/:name': entityRouteRef,
      },
    },
  );
}

/** A Backstage error body, as the backend's error handler writes it. */
export function errorBody(status: number, name: string, message: string) {
  return [
    {
      error: { name, message },
      request: { method: 'GET', url: '/' },
      response: { statusCode: status },
    },
    { status },
  ] as const;
}

/** What the scorecard API answers before its first snapshot: nothing yet. */
export const emptyPortalHandlers = () => [
  http.get(`${API}/snapshots`, () =>
    HttpResponse.json({ total: 0, offset: 0, limit: 1, items: [] }),
  ),
  http.get(`${API}/clusters`, () => HttpResponse.json({ items: [] })),
  http.get(`${API}/summaries/heatmap`, () => HttpResponse.json({})),
  http.get(`${API}/refresh`, () => HttpResponse.json({ run: null })),
  http.get(`${API}/components`, () =>
    HttpResponse.json({ total: 0, offset: 0, limit: 25, items: [] }),
  ),
  http.get(`${API}/upgrade-readiness`, () =>
    HttpResponse.json({
      snapshot: null,
      takenAt: null,
      clusters: [],
      teams: [],
      hiddenFindings: 0,
    }),
  ),
];
