import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import {
  componentDetail,
  componentPage,
  componentSummary,
  heatmap,
  scorecard,
  snapshot,
  upgradeReadinessReport,
} from '../../__testUtils__/fixtures';
import {
  API,
  renderScorecard,
  setupScorecardServer,
} from '../../__testUtils__/renderScorecard';
import { ExtensionScorecardRouter } from './ExtensionScorecardRouter';

const server = setupScorecardServer();
jest.setTimeout(30_000);

const ORPHAN = 'orphan:admission-webhook:vault-agent-injector';

function handlers() {
  const detailRequests: string[] = [];
  server.use(
    http.get(`${API}/snapshots`, () =>
      HttpResponse.json({ total: 1, offset: 0, limit: 1, items: [snapshot()] }),
    ),
    http.get(`${API}/clusters`, () => HttpResponse.json({ items: [] })),
    http.get(`${API}/summaries/heatmap`, () => HttpResponse.json(heatmap())),
    http.get(`${API}/summaries/teams`, () =>
      HttpResponse.json({
        snapshot: { id: 7, takenAt: '2026-04-20T08:00:00.000Z' },
        items: [],
      }),
    ),
    http.get(`${API}/checks`, () => HttpResponse.json({ items: [] })),
    http.get(`${API}/refresh`, () => HttpResponse.json({ run: null })),
    http.get(`${API}/upgrade-readiness`, () =>
      HttpResponse.json(upgradeReadinessReport()),
    ),
    http.get(`${API}/components`, () =>
      HttpResponse.json(
        componentPage([
          componentSummary({
            componentId: ORPHAN,
            name: 'vault-agent-injector',
            title: null,
            owner: null,
            orphan: true,
          }),
        ]),
      ),
    ),
    http.get(`${API}/components/:id`, ({ params }) => {
      detailRequests.push(String(params.id));
      return HttpResponse.json(
        componentDetail({
          scorecard: scorecard({
            componentId: ORPHAN,
            name: 'vault-agent-injector',
            owner: null,
            orphan: true,
          }),
          title: null,
        }),
      );
    }),
  );
  return detailRequests;
}

// The router under the page's path; the test app binds the plugin's root route there.
const app = (
  <Routes>
    <Route
      path="/extension-scorecard/*"
      element={<ExtensionScorecardRouter />}
    />
  </Routes>
);

describe('ExtensionScorecardRouter', () => {
  it('opens an orphan from the table on its own scorecard page', async () => {
    const detailRequests = handlers();
    await renderScorecard(app, {
      routeEntries: ['/extension-scorecard'],
    });
    const link = await screen.findByRole('link', {
      name: 'vault-agent-injector',
    });
    expect(link).toHaveAttribute(
      'href',
      `/extension-scorecard/components/${encodeURIComponent(ORPHAN)}`,
    );
    await userEvent.click(link);
    expect(await screen.findByText('Checks by dimension')).toBeInTheDocument();
    expect(detailRequests).toEqual([ORPHAN]);
    // titled by its name, with its id beneath (not the raw id as title)
    expect(
      screen.getByRole('heading', { level: 1, name: 'vault-agent-injector' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(ORPHAN).length).toBeGreaterThan(0);
    // An orphan has no catalog entity to link to.
    expect(screen.queryByText('Open in the catalog')).not.toBeInTheDocument();
  });

  it('links a catalog-owned component to its entity page', async () => {
    const detailRequests = handlers();
    const id = 'component:default/kyverno';
    await renderScorecard(app, {
      routeEntries: [
        `/extension-scorecard/components/${encodeURIComponent(id)}`,
      ],
    });
    await waitFor(() => expect(detailRequests).toEqual([id]));
    expect(
      await screen.findByRole('link', { name: 'Open in the catalog' }),
    ).toHaveAttribute('href', '/catalog/default/component/kyverno');
  });
});
