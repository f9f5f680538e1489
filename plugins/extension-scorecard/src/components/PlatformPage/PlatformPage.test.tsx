import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { useLocation } from 'react-router-dom';
import type { SavedFilter } from '@extension-scorecard/plugin-extension-scorecard-common';
import { TestApiProvider } from '@backstage/test-utils';
import {
  EntityPresentationApi,
  entityPresentationApiRef,
} from '@backstage/plugin-catalog-react';
import {
  clusterStatus,
  clusterUpgradeReadiness,
  componentPage,
  componentSummary,
  heatmap,
  refreshStatus,
  savedFilter,
  snapshot,
  teamSummary,
  upgradeFinding,
  upgradeReadinessReport,
} from '../../__testUtils__/fixtures';
import {
  API,
  errorBody,
  renderScorecard,
  setupScorecardServer,
} from '../../__testUtils__/renderScorecard';
import { PlatformPage } from './PlatformPage';

const server = setupScorecardServer();
// Full pages with 25 MUI rows render slowly in jsdom on a busy 2-core machine.
jest.setTimeout(30_000);

/** Every request the page made to /components, as URLSearchParams. */
function trackComponentRequests(total = 60) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/components`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const offset = Number(params.get('offset') ?? 0);
      const limit = Number(params.get('limit') ?? 25);
      const count = Math.max(0, Math.min(limit, total - offset));
      return HttpResponse.json(
        componentPage(
          Array.from({ length: count }, (_, i) =>
            componentSummary({
              componentId: `component:default/ext-${offset + i}`,
              name: `ext-${offset + i}`,
              title: null,
            }),
          ),
          { total, offset, limit },
        ),
      );
    }),
  );
  return requests;
}

function overviewHandlers() {
  server.use(
    http.get(`${API}/snapshots`, () =>
      HttpResponse.json({
        total: 1,
        offset: 0,
        limit: 1,
        items: [snapshot({ staleClusters: ['staging-us'] })],
      }),
    ),
    http.get(`${API}/clusters`, () =>
      HttpResponse.json({
        items: [
          clusterStatus(),
          clusterStatus({
            name: 'staging-us',
            stale: true,
            error: 'connect ECONNREFUSED',
            lastSuccessAt: '2026-04-19T08:00:00.000Z',
          }),
        ],
      }),
    ),
    http.get(`${API}/summaries/heatmap`, () => HttpResponse.json(heatmap())),
    http.get(`${API}/summaries/teams`, () =>
      HttpResponse.json({
        snapshot: { id: 7, takenAt: '2026-04-20T08:00:00.000Z' },
        items: [teamSummary()],
      }),
    ),
    http.get(`${API}/checks`, () =>
      HttpResponse.json({
        items: [
          {
            id: 'webhook.scope',
            dimension: 'failure-boundary',
            severity: 'critical',
            title: 'Webhook scope',
          },
        ],
      }),
    ),
    http.get(`${API}/refresh`, () => HttpResponse.json({ run: null })),
    http.get(`${API}/upgrade-readiness`, () =>
      HttpResponse.json(
        upgradeReadinessReport({
          clusters: [
            clusterUpgradeReadiness({ findings: [upgradeFinding()] }),
            clusterUpgradeReadiness({
              cluster: 'staging-us',
              currentVersion: '1.32',
              targetVersion: '1.33',
            }),
          ],
        }),
      ),
    ),
    // the first page is asked for together with the snapshot; tests that look at
    // the table answer it with trackComponentRequests
    http.get(`${API}/components`, () =>
      HttpResponse.json(componentPage([], { total: 0, offset: 0, limit: 25 })),
    ),
  );
}

describe('PlatformPage', () => {
  it('shows progress while the snapshot loads', async () => {
    server.use(
      http.get(`${API}/refresh`, () => HttpResponse.json({ run: null })),
      // nothing else answers yet
      http.get(`${API}/*`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    await renderScorecard(<PlatformPage />);
    expect(screen.getByTestId('progress')).toBeInTheDocument();
  });

  it('says so when no snapshot has been taken yet', async () => {
    overviewHandlers();
    server.use(
      http.get(`${API}/snapshots`, () =>
        HttpResponse.json({ total: 0, offset: 0, limit: 1, items: [] }),
      ),
    );
    await renderScorecard(<PlatformPage />);
    expect(await screen.findByText('No snapshot yet')).toBeInTheDocument();
  });

  it('shows the API error', async () => {
    overviewHandlers();
    server.use(
      http.get(`${API}/snapshots`, () =>
        HttpResponse.json(
          {
            error: {
              name: 'NotAllowedError',
              message: 'missing extension-scorecard.read',
            },
          },
          { status: 403 },
        ),
      ),
    );
    await renderScorecard(<PlatformPage />);
    expect(
      (await screen.findAllByText(/missing extension-scorecard.read/)).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText(/Last snapshot/)).not.toBeInTheDocument();
  });

  it('names the clusters the background collector cannot read, with what to configure instead', async () => {
    overviewHandlers();
    server.use(
      http.get(`${API}/clusters`, () =>
        HttpResponse.json({
          items: [
            clusterStatus(),
            clusterStatus({
              name: 'gke-analytics',
              source: 'live',
              locator: 'gke',
              authProvider: 'google',
              lastAttemptAt: null,
              lastSuccessAt: null,
              blockedReason:
                "authProvider 'google' uses the Google sign-in of the person viewing the Kubernetes tab; use 'googleServiceAccount'",
            }),
          ],
        }),
      ),
    );
    await renderScorecard(<PlatformPage />);
    const alert = await screen.findByLabelText('Clusters not collected');
    expect(alert).toHaveTextContent('1 cluster is not collected');
    expect(alert).toHaveTextContent('gke-analytics (google, from gke)');
    expect(alert).toHaveTextContent("use 'googleServiceAccount'");
    expect(alert).not.toHaveTextContent('prod-eu');
  });

  it('shows counts, levels, freshness, the heat map and one page of components', async () => {
    overviewHandlers();
    const requests = trackComponentRequests();
    await renderScorecard(<PlatformPage />);

    expect(await screen.findByText(/Last snapshot/)).toHaveTextContent('#7');
    expect(screen.getByLabelText('Stale clusters')).toHaveTextContent(
      'staging-us',
    );
    expect(screen.getByLabelText('Stale clusters')).toHaveTextContent(
      'connect ECONNREFUSED',
    );
    expect(screen.getByText('Synchronous API path')).toBeInTheDocument();
    expect(screen.getByText('L1 owned and declared:')).toHaveTextContent('6');
    expect(
      await screen.findByRole('gridcell', {
        name: /^2 fail: Admission webhook, Certificates, 4 components: 2 fail \(50%\), 1 warn \(25%\)/,
      }),
    ).toHaveTextContent('2 fail');
    expect(await screen.findAllByTestId('component-row')).toHaveLength(25);
    expect(screen.getByText('60 matching components')).toBeInTheDocument();
    // The page never asks for everything: one page at a time.
    expect(requests.every(p => p.get('limit') === '25')).toBe(true);
  });

  it('shows the next-minor upgrade report per cluster', async () => {
    overviewHandlers();
    trackComponentRequests();
    await renderScorecard(<PlatformPage />);
    expect(
      await screen.findByText('Ready for the next minor'),
    ).toBeInTheDocument();
    expect(
      await screen.findByTestId('upgrade-cluster-prod-eu'),
    ).toHaveTextContent('Blocked');
    expect(screen.getByTestId('upgrade-cluster-prod-eu')).toHaveTextContent(
      'prod-eu 1.31 → 1.32: 1 blocker',
    );
    expect(screen.getByTestId('upgrade-cluster-staging-us')).toHaveTextContent(
      'Ready',
    );
  });

  it('filters the table on the server when a heat-map cell is chosen', async () => {
    overviewHandlers();
    const requests = trackComponentRequests();
    await renderScorecard(<PlatformPage />);
    const cell = await screen.findByTestId(
      'heatmap-cell-admission-webhook-certificates',
    );
    await userEvent.click(cell);

    await waitFor(() => {
      const last = requests[requests.length - 1];
      expect(last.getAll('kind')).toEqual(['admission-webhook']);
      expect(last.getAll('warningDimension')).toEqual(['certificates']);
      expect(last.get('offset')).toBe('0');
    });
    expect(cell).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Certificates: warn or fail')).toBeInTheDocument();
  });

  it('is keyboard operable: Enter on a heat-map cell filters too', async () => {
    overviewHandlers();
    const requests = trackComponentRequests();
    await renderScorecard(<PlatformPage />);
    const cell = await screen.findByTestId(
      'heatmap-cell-admission-webhook-ownership',
    );
    cell.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(requests[requests.length - 1].getAll('warningDimension')).toEqual([
        'ownership',
      ]),
    );
  });

  it('asks the server for the next page', async () => {
    overviewHandlers();
    const requests = trackComponentRequests();
    await renderScorecard(<PlatformPage />);
    await screen.findAllByTestId('component-row');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(requests[requests.length - 1].get('offset')).toBe('25'),
    );
    expect(await screen.findByText('ext-25')).toBeInTheDocument();
  });

  it('goes back to the last page when a link points past the end', async () => {
    overviewHandlers();
    const requests = trackComponentRequests(30);
    await renderScorecard(<PlatformPage />, { routeEntries: ['/?page=7'] });
    await waitFor(() =>
      expect(requests[requests.length - 1].get('offset')).toBe('25'),
    );
    expect(await screen.findByText('ext-29')).toBeInTheDocument();
  });

  it('sorts on the server', async () => {
    overviewHandlers();
    const requests = trackComponentRequests();
    await renderScorecard(<PlatformPage />);
    await screen.findAllByTestId('component-row');
    await userEvent.click(screen.getByRole('button', { name: 'Score' }));
    await waitFor(() => {
      const last = requests[requests.length - 1];
      expect(last.get('sort')).toBe('score');
      expect(last.get('order')).toBe('asc');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Score' }));
    await waitFor(() =>
      expect(requests[requests.length - 1].get('order')).toBe('desc'),
    );
  });

  it('sends the search text and the orphan filter to the server', async () => {
    overviewHandlers();
    const requests = trackComponentRequests();
    await renderScorecard(<PlatformPage />);
    await screen.findAllByTestId('component-row');
    await userEvent.type(screen.getByLabelText('Search components'), 'vault');
    await waitFor(() =>
      expect(requests[requests.length - 1].get('search')).toBe('vault'),
    );

    await userEvent.click(screen.getByLabelText('Orphans'));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByText('only orphans'),
    );
    await waitFor(() => {
      const last = requests[requests.length - 1];
      expect(last.get('orphan')).toBe('true');
      expect(last.get('search')).toBe('vault');
    });
  });

  it('says when no component matches the filters, and clears them', async () => {
    overviewHandlers();
    const requests = trackComponentRequests(0);
    await renderScorecard(<PlatformPage />, {
      routeEntries: ['/?kind=csi&failingDimension=rbac'],
    });
    expect(
      await screen.findByText('No component matches these filters'),
    ).toBeInTheDocument();
    expect(requests[0].getAll('kind')).toEqual(['csi']);
    expect(requests[0].getAll('failingDimension')).toEqual(['rbac']);
    await userEvent.click(
      screen.getAllByRole('button', { name: 'Clear filters' })[0],
    );
    await waitFor(() =>
      expect(requests[requests.length - 1].getAll('kind')).toEqual([]),
    );
  });

  it('starts a collection and follows its progress until the new snapshot', async () => {
    overviewHandlers();
    trackComponentRequests();
    let polls = 0;
    let snapshotReads = 0;
    server.use(
      http.get(`${API}/snapshots`, () => {
        snapshotReads++;
        return HttpResponse.json({
          total: 1,
          offset: 0,
          limit: 1,
          items: [snapshot({ id: snapshotReads > 1 ? 8 : 7 })],
        });
      }),
      http.post(`${API}/refresh`, async ({ request }) => {
        expect(await request.json()).toEqual({ scope: 'all' });
        return HttpResponse.json(
          refreshStatus({ state: 'queued', phase: 'queued' }),
          { status: 202 },
        );
      }),
      http.get(`${API}/refresh/run-2`, () => {
        polls++;
        return HttpResponse.json(
          polls < 2
            ? refreshStatus()
            : refreshStatus({
                state: 'succeeded',
                phase: 'done',
                snapshotId: 8,
              }),
        );
      }),
    );
    await renderScorecard(<PlatformPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: /Refresh now/ }),
    );
    expect(
      await screen.findByText(
        /Collecting: 1 of 2 clusters done/,
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Collection finished: snapshot #8',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText(/Last snapshot/)).toHaveTextContent('#8'),
    );
  });

  it('disables Refresh now without the refresh permission', async () => {
    overviewHandlers();
    trackComponentRequests();
    await renderScorecard(<PlatformPage />, {
      deny: ['extension-scorecard.refresh'],
    });
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: /Refresh now/ }),
      ).toBeDisabled(),
    );
    expect(await screen.findByTestId('refresh-refused')).toHaveTextContent(
      'Only platform admins may refresh',
    );
    await userEvent.hover(
      screen.getByRole('button', { name: /Refresh now/ }).parentElement!,
    );
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Only platform admins may refresh',
    );
  });

  it('enables Refresh now with the refresh permission, with no refusal', async () => {
    overviewHandlers();
    trackComponentRequests();
    await renderScorecard(<PlatformPage />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Refresh now/ })).toBeEnabled(),
    );
    expect(screen.queryByTestId('refresh-refused')).not.toBeInTheDocument();
  });

  it('names the checks that block the next level compactly, with the full text on demand', async () => {
    overviewHandlers();
    server.use(
      http.get(`${API}/components`, () =>
        HttpResponse.json(
          componentPage([
            componentSummary({
              nextLevelBlockers: [
                'webhook.scope fails in prod-eu: 3 webhooks match every namespace, kube-system included',
                'webhook.scope fails in staging-us: 3 webhooks match every namespace, kube-system included',
                'experiments.required fails: no fault experiment in the last 90 days',
                'cert.expiry fails in prod-eu: the serving certificate expired on 2026-04-01',
              ],
            }),
          ]),
        ),
      ),
    );
    await renderScorecard(<PlatformPage />);
    const blockers = await screen.findByRole('img', {
      name: 'To reach L2: Webhook scope, experiments.required and 1 more',
    });
    // titles, not sentences: the row stays one line high
    expect(blockers).toHaveTextContent(
      /^Webhook scope ×2experiments.required\+1$/,
    );
    expect(blockers).not.toHaveTextContent('kube-system');

    // the full sentences on keyboard focus (and on hover): a key press first, so the
    // focus counts as the keyboard's whatever earlier tests clicked
    fireEvent.keyDown(document.body, { key: 'Tab' });
    blockers.focus();
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent(
      'cert.expiry fails in prod-eu: the serving certificate expired on 2026-04-01',
    );
    expect(within(tip).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('1 hard gate')).toBeInTheDocument();
  });

  it('shows a focus ring on the sort headers when reached by keyboard', async () => {
    overviewHandlers();
    trackComponentRequests();
    await renderScorecard(<PlatformPage />);
    await screen.findAllByTestId('component-row');
    const sort = screen.getByRole('button', { name: 'Component' });
    expect(sort.style.outline).toBe('');
    sort.focus();
    await waitFor(() => expect(sort.style.outline).toContain('2px solid'));
    sort.blur();
    await waitFor(() => expect(sort.style.outline).toBe(''));
  });

  it('lists teams by their display names, with "Any team"', async () => {
    overviewHandlers();
    const requests = trackComponentRequests();
    server.use(
      http.get(`${API}/summaries/teams`, () =>
        HttpResponse.json({
          snapshot: { id: 7, takenAt: '2026-04-20T08:00:00.000Z' },
          items: [
            teamSummary(),
            teamSummary({ owner: 'group:default/team-api-platform' }),
            teamSummary({ owner: null }),
          ],
        }),
      ),
    );
    const titles: Record<string, string> = {
      'group:default/team-security': 'Security',
      'group:default/team-api-platform': 'API Platform',
    };
    const presentation: EntityPresentationApi = {
      forEntity: ref => {
        const presented = {
          entityRef: String(ref),
          primaryTitle: titles[String(ref)] ?? String(ref),
        };
        return { snapshot: presented, promise: Promise.resolve(presented) };
      },
    };
    await renderScorecard(
      <TestApiProvider apis={[[entityPresentationApiRef, presentation]]}>
        <PlatformPage />
      </TestApiProvider>,
    );
    await screen.findAllByTestId('component-row');

    await userEvent.click(screen.getByLabelText('Team'));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map(option => option.textContent),
      ).toEqual(['Any team', 'API Platform', 'Security']),
    );
    expect(
      within(listbox).getByRole('option', { name: 'Any team' }),
    ).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(listbox).getByText('Security'));
    await waitFor(() =>
      expect(requests[requests.length - 1].getAll('owner')).toEqual([
        'group:default/team-security',
      ]),
    );
    // "Any team" clears the choice again
    await userEvent.click(within(listbox).getByText('Any team'));
    await waitFor(() =>
      expect(requests[requests.length - 1].getAll('owner')).toEqual([]),
    );
  });

  it('filters the check list as one types', async () => {
    overviewHandlers();
    const requests = trackComponentRequests();
    server.use(
      http.get(`${API}/checks`, () =>
        HttpResponse.json({
          items: [
            ['webhook.scope', 'failure-boundary', 'Webhook scope'],
            ['webhook.timeout', 'failure-boundary', 'Webhook timeout'],
            ['cert.expiry', 'certificates', 'Certificate expiry'],
            ['cert.managed', 'certificates', 'Certificate managed'],
          ].map(([id, dimension, title]) => ({
            id,
            dimension,
            severity: 'high',
            title,
          })),
        }),
      ),
    );
    await renderScorecard(<PlatformPage />);
    await screen.findAllByTestId('component-row');

    await userEvent.click(screen.getByLabelText('Check'));
    const search = await screen.findByRole('searchbox', {
      name: 'Type to filter check',
    });
    await userEvent.type(search, 'expiry');
    const listbox = screen.getByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map(option => option.textContent),
      ).toEqual(['cert.expiry — Certificate expiry']),
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(requests[requests.length - 1].get('checkId')).toBe('cert.expiry'),
    );
  });

  it('honours the page size of the URL (?limit=) and keeps it there', async () => {
    overviewHandlers();
    const requests = trackComponentRequests(12);
    await renderScorecard(<PlatformPage />, { routeEntries: ['/?limit=5'] });
    expect(await screen.findAllByTestId('component-row')).toHaveLength(5);
    expect(requests[requests.length - 1].get('limit')).toBe('5');
    expect(screen.getByText('1–5 of 12')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => {
      const last = requests[requests.length - 1];
      expect(last.get('offset')).toBe('5');
      expect(last.get('limit')).toBe('5');
    });

    // another size from the menu: back to the first page, the new limit sent
    await userEvent.click(
      screen.getByRole('button', { name: /Rows per page/ }),
    );
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByText('25'),
    );
    await waitFor(() => {
      const last = requests[requests.length - 1];
      expect(last.get('limit')).toBe('25');
      expect(last.get('offset')).toBe('0');
    });
    expect(await screen.findAllByTestId('component-row')).toHaveLength(12);
  });

  describe('saved filters', () => {
    /** The page's URL query, where the table keeps its state. */
    const Location = () => (
      <output data-testid="location">{useLocation().search}</output>
    );
    const page = (
      <>
        <PlatformPage />
        <Location />
      </>
    );
    const location = () =>
      new URLSearchParams(screen.getByTestId('location').textContent ?? '');

    function savedFilterHandlers(saved: SavedFilter[]) {
      server.use(
        http.get(`${API}/saved-filters`, () =>
          HttpResponse.json({ items: saved }),
        ),
      );
    }

    it('applies a saved filter through the URL, from the first page', async () => {
      overviewHandlers();
      const requests = trackComponentRequests();
      savedFilterHandlers([
        savedFilter({
          id: 'csi',
          name: 'CSI drivers',
          filters: { kind: ['csi'] },
        }),
        savedFilter({ description: 'What the security team runs' }),
      ]);
      await renderScorecard(page, {
        routeEntries: ['/?cluster=prod-eu&sort=score&page=1'],
      });
      await screen.findAllByTestId('component-row');
      await userEvent.click(screen.getByLabelText('Saved filters'));
      await userEvent.click(
        within(await screen.findByRole('listbox')).getByText(
          'Security webhooks',
        ),
      );
      await waitFor(() =>
        expect(location().getAll('kind')).toEqual(['admission-webhook']),
      );
      // the saved filters replace the others; sort is kept, paging starts again
      expect(location().getAll('owner')).toEqual([
        'group:default/team-security',
      ]);
      expect(location().getAll('cluster')).toEqual([]);
      expect(location().get('sort')).toBe('score');
      expect(location().get('page')).toBeNull();
      await waitFor(() => {
        const last = requests[requests.length - 1];
        expect(last.getAll('kind')).toEqual(['admission-webhook']);
        expect(last.get('offset')).toBe('0');
      });
      expect(screen.getByLabelText('Saved filters')).toHaveTextContent(
        'Security webhooks',
      );
      expect(
        screen.getByText('What the security team runs'),
      ).toBeInTheDocument();
    });

    it('saves the filters in force, says why the server refuses, and shows the new one chosen', async () => {
      overviewHandlers();
      trackComponentRequests();
      const saved: SavedFilter[] = [];
      const posted: unknown[] = [];
      server.use(
        http.get(`${API}/saved-filters`, () =>
          HttpResponse.json({ items: saved }),
        ),
        http.post(`${API}/saved-filters`, async ({ request }) => {
          const body = (await request.json()) as SavedFilter;
          posted.push(body);
          if (body.name === 'Security webhooks') {
            return HttpResponse.json(
              ...errorBody(
                409,
                'ConflictError',
                'a saved filter is already named “Security webhooks”',
              ),
            );
          }
          const created = savedFilter({
            id: 'csi-in-prod',
            name: body.name,
            filters: body.filters,
          });
          saved.push(created);
          return HttpResponse.json(created, { status: 201 });
        }),
      );
      await renderScorecard(page, {
        routeEntries: ['/?kind=csi&lifecycle=production'],
      });
      await screen.findAllByTestId('component-row');
      await userEvent.click(
        screen.getByRole('button', { name: 'Save filters…' }),
      );
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(
        within(dialog).getByLabelText('Name'),
        'Security webhooks',
      );
      await userEvent.click(
        within(dialog).getByRole('button', { name: 'Save' }),
      );
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'a saved filter is already named “Security webhooks”',
      );
      // still open, with what was typed
      expect(within(dialog).getByLabelText('Name')).toHaveValue(
        'Security webhooks',
      );
      await userEvent.clear(within(dialog).getByLabelText('Name'));
      await userEvent.type(
        within(dialog).getByLabelText('Name'),
        'CSI in prod',
      );
      await userEvent.click(
        within(dialog).getByRole('button', { name: 'Save' }),
      );
      await waitFor(() =>
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
      );
      expect(posted[1]).toEqual({
        name: 'CSI in prod',
        filters: { kind: ['csi'], lifecycle: ['production'] },
      });
      await waitFor(() =>
        expect(screen.getByLabelText('Saved filters')).toHaveTextContent(
          'CSI in prod',
        ),
      );
    });

    it('offers saving only when a filter is set', async () => {
      overviewHandlers();
      trackComponentRequests();
      await renderScorecard(page);
      await screen.findAllByTestId('component-row');
      expect(
        screen.getByRole('button', { name: 'Save filters…' }),
      ).toBeDisabled();
      expect(screen.getByLabelText('Saved filters')).toHaveTextContent(
        'None saved yet',
      );
    });

    const SHOWN = '/?kind=admission-webhook&owner=group:default/team-security';

    it.each([
      ['its creator', 'user:default/ada', true, true],
      ['a campaign manager', 'user:default/grace', false, true],
      ['nobody else', 'user:default/grace', true, false],
    ])(
      'offers deleting the saved filter shown to %s',
      async (_who, userEntityRef, denyManage, offered) => {
        overviewHandlers();
        trackComponentRequests();
        savedFilterHandlers([savedFilter()]);
        await renderScorecard(page, {
          routeEntries: [SHOWN],
          userEntityRef,
          deny: denyManage ? ['extension-scorecard.campaign.manage'] : [],
        });
        await waitFor(() =>
          expect(screen.getByLabelText('Saved filters')).toHaveTextContent(
            'Security webhooks',
          ),
        );
        // the identity and the permission answer arrive
        await new Promise(r => setTimeout(r, 50));
        await waitFor(() =>
          expect(
            screen.queryAllByRole('button', { name: 'Delete saved filter' }),
          ).toHaveLength(offered ? 1 : 0),
        );
      },
    );

    it('deletes after confirming, and says why when a campaign uses it', async () => {
      overviewHandlers();
      trackComponentRequests();
      let saved = [savedFilter({ campaigns: ['webhooks'] })];
      let inUse = true;
      server.use(
        http.get(`${API}/saved-filters`, () =>
          HttpResponse.json({ items: saved }),
        ),
        http.delete(`${API}/saved-filters/:id`, ({ params }) => {
          expect(params.id).toBe('security-webhooks');
          if (inUse) {
            return HttpResponse.json(
              ...errorBody(
                409,
                'ConflictError',
                'the scope of campaign webhooks names this saved filter',
              ),
            );
          }
          saved = [];
          return new HttpResponse(null, { status: 204 });
        }),
      );
      await renderScorecard(page, { routeEntries: [SHOWN] });
      await userEvent.click(
        await screen.findByRole('button', { name: 'Delete saved filter' }),
      );
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(
        'Delete “Security webhooks” for everyone?',
      );
      await userEvent.click(
        within(dialog).getByRole('button', { name: 'Delete' }),
      );
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'the scope of campaign webhooks names this saved filter',
      );
      inUse = false;
      await userEvent.click(
        within(dialog).getByRole('button', { name: 'Delete' }),
      );
      await waitFor(() =>
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
      );
      await waitFor(() =>
        expect(
          screen.queryByRole('button', { name: 'Delete saved filter' }),
        ).not.toBeInTheDocument(),
      );
      // the table keeps its filters
      expect(location().getAll('kind')).toEqual(['admission-webhook']);
    });

    it('says when the saved filters cannot be loaded, and the table still works', async () => {
      overviewHandlers();
      trackComponentRequests();
      server.use(
        http.get(`${API}/saved-filters`, () =>
          HttpResponse.json(...errorBody(500, 'Error', 'the database is away')),
        ),
      );
      await renderScorecard(page);
      expect(
        await screen.findByText(
          'Could not load the saved filters: the database is away',
        ),
      ).toBeInTheDocument();
      expect(await screen.findAllByTestId('component-row')).toHaveLength(25);
    });
  });
});
