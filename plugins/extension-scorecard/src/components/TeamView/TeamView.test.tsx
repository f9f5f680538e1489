import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { Entity } from '@backstage/catalog-model';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import {
  componentDetail,
  componentPage,
  componentSummary,
  teamSummary,
  waiver,
} from '../../__testUtils__/fixtures';
import {
  API,
  errorBody,
  renderScorecard,
  setupScorecardServer,
} from '../../__testUtils__/renderScorecard';
import { EntityTeamScorecardCard } from './TeamScorecardCard';
import { EntityTeamScorecardContent } from './TeamScorecardContent';

const server = setupScorecardServer();
jest.setTimeout(30_000);

const group: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Group',
  metadata: { name: 'team-security' },
  spec: { type: 'team', children: [] },
};
const OWNER = 'group:default/team-security';
const snapshotRef = { id: 7, takenAt: '2026-04-20T08:00:00.000Z' };

function teamHandlers(options: { owned?: boolean } = {}) {
  const componentQueries: URLSearchParams[] = [];
  const owned = options.owned ?? true;
  server.use(
    http.get(`${API}/summaries/teams`, ({ request }) => {
      expect(new URL(request.url).searchParams.getAll('owner')).toEqual([
        OWNER,
      ]);
      return HttpResponse.json({
        snapshot: snapshotRef,
        items: owned ? [teamSummary()] : [],
      });
    }),
    http.get(`${API}/components`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      componentQueries.push(params);
      if (params.get('orphan') === 'true') {
        return HttpResponse.json(
          componentPage([
            componentSummary({
              componentId: 'orphan:admission-webhook:vault-agent-injector',
              name: 'vault-agent-injector',
              title: null,
              owner: null,
              orphan: true,
              clusters: ['prod-eu'],
            }),
          ]),
        );
      }
      return HttpResponse.json(
        componentPage(owned ? [componentSummary()] : []),
      );
    }),
    http.get(`${API}/components/:id`, () =>
      HttpResponse.json(componentDetail()),
    ),
    http.get(`${API}/waivers`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      expect(params.get('owner')).toBe(OWNER);
      expect(params.get('active')).toBe('true');
      return HttpResponse.json({
        total: 1,
        offset: 0,
        limit: 100,
        items: [
          waiver({
            state: 'approved',
            active: true,
            expiresAt: new Date(
              Date.now() + 3 * 24 * 3600 * 1000,
            ).toISOString(),
          }),
        ],
      });
    }),
  );
  return componentQueries;
}

const content = (
  <EntityProvider entity={group}>
    <EntityTeamScorecardContent />
  </EntityProvider>
);
const card = (
  <EntityProvider entity={group}>
    <EntityTeamScorecardCard />
  </EntityProvider>
);

describe('team view', () => {
  it('shows progress while loading', async () => {
    teamHandlers();
    server.use(
      http.get(`${API}/summaries/teams`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    await renderScorecard(content);
    expect(screen.getByTestId('progress')).toBeInTheDocument();
  });

  it('shows the review: levels, blockers, responsibilities, deadlines, orphans', async () => {
    const queries = teamHandlers();
    await renderScorecard(content);

    expect(
      await screen.findByText(/4 extensions · average score 52/),
    ).toBeInTheDocument();
    // What blocks each extension from the next level, all of it.
    expect(
      await screen.findByText('experiments.required fails'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('webhook.scope fails in prod-eu'),
    ).toBeInTheDocument();
    // Missing responsibilities.
    expect(screen.getByText('capacity')).toBeInTheDocument();
    // Coming expiries: the certificate (5 days) and the waiver (3 days).
    const deadlines = screen.getByRole('table', {
      name: 'Coming expiries and deadlines',
    });
    expect(within(deadlines).getByText('certificate')).toBeInTheDocument();
    expect(within(deadlines).getByText('waiver expiry')).toBeInTheDocument();
    // Orphans of a kind the team runs (asked for once the permission allows it).
    expect(await screen.findByText('vault-agent-injector')).toBeInTheDocument();
    expect(screen.queryByTestId('orphans-refused')).not.toBeInTheDocument();
    expect(
      screen.getByText(/a kind the team already runs/),
    ).toBeInTheDocument();

    const teamQuery = queries.find(
      q => q.get('orphan') === null && q.get('limit') === '25',
    );
    expect(teamQuery?.getAll('owner')).toEqual([OWNER]);
    expect(teamQuery?.get('sort')).toBe('level');
  });

  it('without the orphans permission: asks for no orphans and says why', async () => {
    const queries = teamHandlers();
    await renderScorecard(content, {
      deny: ['extension-scorecard.orphans.read'],
    });
    expect(await screen.findByTestId('orphans-refused')).toHaveTextContent(
      'Only platform admins see orphans',
    );
    expect(screen.queryByText('vault-agent-injector')).not.toBeInTheDocument();
    expect(queries.some(q => q.get('orphan') === 'true')).toBe(false);
  });

  it('says when the team owns no extension', async () => {
    teamHandlers({ owned: false });
    await renderScorecard(content);
    expect(
      await screen.findByText('This team owns no extension component'),
    ).toBeInTheDocument();
  });

  it('shows errors', async () => {
    teamHandlers();
    server.use(
      http.get(`${API}/summaries/teams`, () =>
        HttpResponse.json(
          ...errorBody(503, 'ServiceUnavailableError', 'store not ready'),
        ),
      ),
    );
    await renderScorecard(content);
    expect(
      (await screen.findAllByText(/store not ready/)).length,
    ).toBeGreaterThan(0);
  });

  it('pages the team table on the server', async () => {
    const queries = teamHandlers();
    server.use(
      http.get(`${API}/components`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        queries.push(params);
        const offset = Number(params.get('offset') ?? 0);
        return HttpResponse.json(
          componentPage(
            [
              componentSummary({
                componentId: `component:default/c-${offset}`,
                name: `c-${offset}`,
                title: null,
              }),
            ],
            { total: 30, offset, limit: Number(params.get('limit')) },
          ),
        );
      }),
    );
    await renderScorecard(content);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Next page' }),
    );
    await waitFor(() =>
      expect(queries.some(q => q.get('offset') === '25')).toBe(true),
    );
    expect(await screen.findByText('c-25')).toBeInTheDocument();
  });

  describe('card', () => {
    it('shows the levels and the extensions furthest from the next level', async () => {
      teamHandlers();
      await renderScorecard(card);
      expect(
        await screen.findByText(/4 extensions · 2 with a hard gate/),
      ).toBeInTheDocument();
      expect(screen.getByText('Kyverno')).toBeInTheDocument();
      expect(
        screen.getByRole('link', { name: /Open in the platform scorecard/ }),
      ).toHaveAttribute(
        'href',
        `/extension-scorecard?owner=${encodeURIComponent(OWNER)}`,
      );
    });

    it('shows errors', async () => {
      teamHandlers();
      server.use(
        http.get(`${API}/summaries/teams`, () =>
          HttpResponse.json(
            ...errorBody(
              403,
              'NotAllowedError',
              'missing extension-scorecard.read',
            ),
          ),
        ),
      );
      await renderScorecard(card);
      expect(
        (await screen.findAllByText(/missing extension-scorecard.read/)).length,
      ).toBeGreaterThan(0);
    });

    it('has loading and empty states', async () => {
      teamHandlers({ owned: false });
      server.use(
        http.get(`${API}/components`, async () => {
          await delay(200);
          return HttpResponse.json(componentPage([]));
        }),
      );
      await renderScorecard(card);
      expect(screen.getByTestId('progress')).toBeInTheDocument();
      expect(
        await screen.findByText('No extension components owned'),
      ).toBeInTheDocument();
    });
  });
});
