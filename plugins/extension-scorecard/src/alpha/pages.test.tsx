import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  ExtensionDefinition,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import { mockApis, renderTestApp } from '@backstage/frontend-test-utils';
import { ExtensionScorecardClient } from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../api';
import { ExtensionScorecardRouter } from '../components/ScorecardRouter/ExtensionScorecardRouter';
import { extensionScorecardPage } from './pages';
import {
  API,
  emptyPortalHandlers,
  setupScorecardServer,
} from '../__testUtils__/renderScorecard';

const server = setupScorecardServer();
jest.setTimeout(30_000);

const IMPLICIT_ROUTING = /uses implicit React Router v6 routing/;

/**
 * Renders a page in an app at /extension-scorecard/audit in development mode (the
 * framework only warns about implicit routing there) and returns what it warned.
 */
async function warningsOf(page: ExtensionDefinition) {
  server.use(
    ...emptyPortalHandlers(),
    http.get(`${API}/audit/quarters`, () => HttpResponse.json({ items: [] })),
  );
  const client = new ExtensionScorecardClient({
    discoveryApi: mockApis.discovery(),
    fetchApi: { fetch: (...args) => fetch(...args) },
  });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  try {
    renderTestApp({
      extensions: [page],
      apis: [[extensionScorecardApiRef, client]],
      initialRouteEntries: ['/extension-scorecard/audit'],
    });
    // The page's own <Routes> picked the Audit tab.
    const audit = await screen.findByRole(
      'tab',
      { name: 'Audit' },
      { timeout: 15_000 },
    );
    await waitFor(() => expect(audit).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() =>
      expect(screen.queryByTestId('progress')).not.toBeInTheDocument(),
    );
    return warn.mock.calls.map(args => args.map(String).join(' '));
  } finally {
    process.env.NODE_ENV = nodeEnv;
    warn.mockRestore();
  }
}

describe('the platform page in the new frontend system', () => {
  it('declares its React Router v6 router: no implicit-routing warning', async () => {
    const warnings = await warningsOf(extensionScorecardPage);
    expect(warnings.filter(w => IMPLICIT_ROUTING.test(w))).toEqual([]);
  });

  it('(control) the same routes without the declared router do warn', async () => {
    const implicit = PageBlueprint.make({
      name: 'implicit',
      params: {
        path: '/extension-scorecard',
        noHeader: true,
        loader: async () => <ExtensionScorecardRouter />,
      },
    });
    const warnings = await warningsOf(implicit);
    expect(warnings.some(w => IMPLICIT_ROUTING.test(w))).toBe(true);
  });

  it("marks the plugin's part of the DOM for scoped checks", async () => {
    await warningsOf(extensionScorecardPage);
    const region = document.querySelector('[data-extension-scorecard="page"]');
    expect(region).not.toBeNull();
    expect(region).toHaveStyle({ display: 'contents' });
    expect(region).toContainElement(
      screen.getByRole('heading', { name: 'Extension Scorecard', level: 1 }),
    );
  });
});
