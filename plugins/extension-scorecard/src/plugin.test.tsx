import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { Entity } from '@backstage/catalog-model';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import {
  EntityExtensionScorecardContent,
  EntityTeamScorecardCard,
  ExtensionScorecardPage,
  extensionScorecardPlugin,
} from './plugin';
import {
  componentDetail,
  teamSummary,
  componentPage,
  componentSummary,
} from './__testUtils__/fixtures';
import {
  API,
  emptyPortalHandlers,
  renderScorecard,
  setupScorecardServer,
} from './__testUtils__/renderScorecard';

const server = setupScorecardServer();
jest.setTimeout(30_000);

describe('legacy frontend system', () => {
  it('provides the API client factory with the plugin', () => {
    expect(extensionScorecardPlugin.getId()).toBe('extension-scorecard');
    expect([...extensionScorecardPlugin.getApis()].map(f => f.api.id)).toEqual([
      'plugin.extension-scorecard.api',
    ]);
  });

  it('renders the page with its tabs', async () => {
    server.use(...emptyPortalHandlers());
    // As an app's App.tsx mounts it.
    await renderScorecard(
      <Routes>
        <Route
          path="/extension-scorecard/*"
          element={<ExtensionScorecardPage />}
        />
      </Routes>,
      { routeEntries: ['/extension-scorecard'], mountRoot: false },
    );
    expect(
      await screen.findByText('No snapshot yet', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Audit', { selector: 'span' })).toBeInTheDocument();
  });

  it('renders the entity tab and the team card from the package root', async () => {
    server.use(
      http.get(`${API}/components/:id`, () =>
        HttpResponse.json(componentDetail()),
      ),
      http.get(`${API}/summaries/teams`, () =>
        HttpResponse.json({
          snapshot: { id: 7, takenAt: '2026-04-20T08:00:00.000Z' },
          items: [teamSummary()],
        }),
      ),
      http.get(`${API}/components`, () =>
        HttpResponse.json(componentPage([componentSummary()])),
      ),
    );
    const component: Entity = {
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Component',
      metadata: { name: 'kyverno' },
      spec: { type: 'kubernetes-extension' },
    };
    const group: Entity = {
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Group',
      metadata: { name: 'team-security' },
      spec: { type: 'team', children: [] },
    };
    await renderScorecard(
      <>
        <EntityProvider entity={component}>
          <EntityExtensionScorecardContent />
        </EntityProvider>
        <EntityProvider entity={group}>
          <EntityTeamScorecardCard />
        </EntityProvider>
      </>,
    );
    expect(
      await screen.findByText('Checks by dimension', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Furthest from the next level',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
  });
});
