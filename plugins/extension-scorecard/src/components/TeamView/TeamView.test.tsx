import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { Entity } from '@backstage/catalog-model';
import { EntityProvider, catalogApiRef } from '@backstage/plugin-catalog-react';
import { catalogApiMock } from '@backstage/plugin-catalog-react/testUtils';
import { TestApiProvider } from '@backstage/test-utils';
import {
  LEVELS,
  LevelCounts,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  componentDetail,
  componentPage,
  componentSummary,
  statusCounts,
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

/** The queries of `GET /campaign-items` in the current test. */
let campaignItemQueries: URLSearchParams[] = [];
beforeEach(() => {
  campaignItemQueries = [];
  server.use(
    http.get(`${API}/campaign-items`, ({ request }) => {
      campaignItemQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ total: 0, offset: 0, limit: 10, items: [] });
    }),
  );
});
jest.setTimeout(30_000);

const group: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Group',
  metadata: { name: 'team-security' },
  spec: { type: 'team', children: [] },
};
const OWNER = 'group:default/team-security';
const snapshotRef = { id: 7, takenAt: '2026-04-20T08:00:00.000Z' };

function historyPoint(
  snapshotId: number,
  takenAt: string,
  levels: LevelCounts,
  averageScore: number,
) {
  const components = LEVELS.reduce<number>((n, level) => n + levels[level], 0);
  return {
    snapshotId,
    takenAt,
    components,
    levels,
    averageScore,
    counts: statusCounts(),
  };
}

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
    http.get(`${API}/history`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      return HttpResponse.json({
        scope: params.get('scope'),
        key: params.get('key'),
        points: [
          historyPoint(
            5,
            '2026-03-31T23:00:00.000Z',
            { 0: 1, 1: 3, 2: 0, 3: 0 },
            40,
          ),
          historyPoint(
            7,
            snapshotRef.takenAt,
            { 0: 0, 1: 3, 2: 1, 3: 0 },
            52.4,
          ),
        ],
      });
    }),
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

    // The team's trend over snapshots.
    expect(
      await screen.findByRole('img', {
        name: /^Levels of the team over time\. .*: L0 1, L1 3, L2 0, L3 0, average score 40; .*: L0 0, L1 3, L2 1, L3 0, average score 52$/,
      }),
    ).toBeInTheDocument();
    expect(
      screen.queryByTestId('hidden-by-visibility'),
    ).not.toBeInTheDocument();
    // A team without child teams has no rollup toggle.
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();

    const teamQuery = queries.find(
      q => q.get('orphan') === null && q.get('limit') === '25',
    );
    expect(teamQuery?.getAll('owner')).toEqual([OWNER]);
    expect(teamQuery?.get('sort')).toBe('level');
    // its open campaign items: its own (no child teams)
    await waitFor(() => expect(campaignItemQueries).toHaveLength(1));
    expect(campaignItemQueries[0].get('team')).toBe(OWNER);
    expect(campaignItemQueries[0].get('childTeams')).toBe('false');
    expect(
      screen.getByText(
        "What the team's extensions must still do for open campaigns, soonest deadline first",
      ),
    ).toBeInTheDocument();
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

  it('says how many of the team’s components the reader may not see', async () => {
    teamHandlers();
    server.use(
      http.get(`${API}/components`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        return HttpResponse.json(
          componentPage(params.get('orphan') ? [] : [componentSummary()], {
            hiddenByVisibility: params.get('orphan') ? 0 : 2,
          }),
        );
      }),
    );
    await renderScorecard(content);
    expect(await screen.findByTestId('hidden-by-visibility')).toHaveTextContent(
      '2 more you may not see',
    );
  });

  describe('a parent group', () => {
    const PARENT = 'group:default/platform';
    const CHILDREN = [
      'group:default/team-api-platform',
      'group:default/team-node-platform',
    ];
    const child = (name: string, title: string): Entity => ({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Group',
      metadata: { name, namespace: 'default' },
      spec: { type: 'team', profile: { displayName: title }, children: [] },
      relations: [{ type: 'childOf', targetRef: PARENT }],
    });
    const parent: Entity = {
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Group',
      metadata: { name: 'platform', namespace: 'default' },
      spec: {
        type: 'department',
        children: ['team-api-platform', 'team-node-platform'],
      },
      relations: CHILDREN.map(targetRef => ({ type: 'parentOf', targetRef })),
    };
    const catalogApi = catalogApiMock({
      entities: [
        parent,
        child('team-api-platform', 'API Platform'),
        child('team-node-platform', 'Node Platform'),
      ],
    });
    const wrap = (element: JSX.Element) => (
      <TestApiProvider apis={[[catalogApiRef, catalogApi]]}>
        <EntityProvider entity={parent}>{element}</EntityProvider>
      </TestApiProvider>
    );

    /** The API for a department that owns nothing itself; its teams own one each. */
    function parentHandlers() {
      const asked = {
        summaries: [] as string[][],
        components: [] as URLSearchParams[],
        waivers: [] as string[],
        history: [] as string[],
      };
      const owned = (owner: string) =>
        componentSummary({
          componentId: `component:default/of-${owner.split('/')[1]}`,
          name: `of-${owner.split('/')[1]}`,
          title: null,
          owner,
        });
      server.use(
        http.get(`${API}/summaries/teams`, ({ request }) => {
          const owners = new URL(request.url).searchParams.getAll('owner');
          asked.summaries.push(owners);
          return HttpResponse.json({
            snapshot: snapshotRef,
            items: CHILDREN.filter(o => owners.includes(o)).map((owner, i) =>
              teamSummary({
                owner,
                components: 1,
                averageScore: i === 0 ? 40 : 60,
                levels: { 0: 0, 1: 1, 2: 0, 3: 0 },
                hardGates: 1,
                failing: 1,
              }),
            ),
            hiddenByVisibility: 0,
          });
        }),
        http.get(`${API}/components`, ({ request }) => {
          const params = new URL(request.url).searchParams;
          asked.components.push(params);
          if (params.get('orphan') === 'true') {
            return HttpResponse.json(componentPage([]));
          }
          const owners = params.getAll('owner');
          return HttpResponse.json(
            componentPage(CHILDREN.filter(o => owners.includes(o)).map(owned)),
          );
        }),
        // each component its own detail (so its deadlines are its own)
        http.get(`${API}/components/:id`, ({ params }) => {
          const detail = componentDetail();
          const componentId = decodeURIComponent(String(params.id));
          return HttpResponse.json({
            ...detail,
            scorecard: { ...detail.scorecard, componentId },
          });
        }),
        http.get(`${API}/waivers`, ({ request }) => {
          asked.waivers.push(
            new URL(request.url).searchParams.get('owner') ?? '',
          );
          return HttpResponse.json({
            total: 0,
            offset: 0,
            limit: 100,
            items: [],
          });
        }),
        http.get(`${API}/history`, ({ request }) => {
          const params = new URL(request.url).searchParams;
          const key = params.get('key') ?? '';
          asked.history.push(key);
          return HttpResponse.json({
            scope: 'team',
            key,
            points: CHILDREN.includes(key)
              ? [
                  historyPoint(
                    7,
                    snapshotRef.takenAt,
                    { 0: 0, 1: 1, 2: 0, 3: 0 },
                    key === CHILDREN[0] ? 40 : 60,
                  ),
                ]
              : [],
          });
        }),
      );
      return asked;
    }

    it('rolls up its child teams by default when it owns nothing itself, each row naming its team', async () => {
      const asked = parentHandlers();
      await renderScorecard(wrap(<EntityTeamScorecardContent />));

      expect(
        await screen.findByText(/2 extensions · average score 50/),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('switch', { name: 'Include child teams (2)' }),
      ).toBeChecked();
      expect(
        screen.getByText(
          'Extensions owned by this group and by API Platform, Node Platform.',
        ),
      ).toBeInTheDocument();
      // one summary request for the group and its children decides the default
      expect(asked.summaries[0]).toEqual([PARENT, ...CHILDREN]);
      const table = asked.components.find(q => q.get('limit') === '25');
      expect(table?.getAll('owner')).toEqual([PARENT, ...CHILDREN]);
      expect(
        await screen.findByText('of-team-api-platform'),
      ).toBeInTheDocument();
      expect(screen.getByText('of-team-node-platform')).toBeInTheDocument();
      // the Owner column names the child team of each row
      const rows = screen.getAllByTestId('component-row');
      expect(rows[0]).toHaveTextContent(/team-api-platform/);
      expect(rows[1]).toHaveTextContent(/team-node-platform/);
      expect(asked.waivers.sort()).toEqual([PARENT, ...CHILDREN].sort());
      // the trend adds up the teams' series
      expect(
        await screen.findByRole('img', {
          name: /Levels of the team over time\. .*: L0 0, L1 2, L2 0, L3 0, average score 50$/,
        }),
      ).toBeInTheDocument();
      expect(asked.history.sort()).toEqual([PARENT, ...CHILDREN].sort());
      // open campaign items of the group and the teams below it
      await waitFor(() =>
        expect(campaignItemQueries.length).toBeGreaterThan(0),
      );
      expect(campaignItemQueries.at(-1)?.get('team')).toBe(PARENT);
      expect(campaignItemQueries.at(-1)?.get('childTeams')).toBe('true');
    });

    it('shows only what it owns directly when the toggle is off', async () => {
      const asked = parentHandlers();
      await renderScorecard(wrap(<EntityTeamScorecardContent />));
      await userEvent.click(
        await screen.findByRole('switch', { name: 'Include child teams (2)' }),
      );
      expect(
        await screen.findByText('This team owns no extension component'),
      ).toBeInTheDocument();
      expect(
        screen.getByText(/Include child teams to see the extensions they own/),
      ).toBeInTheDocument();
      expect(screen.getByRole('switch')).not.toBeChecked();
      expect(asked.summaries.at(-1)).toEqual([PARENT]);
    });

    it('rolls up its child teams on the card', async () => {
      parentHandlers();
      await renderScorecard(wrap(<EntityTeamScorecardCard />));
      expect(
        await screen.findByText(
          /2 extensions · 2 with a hard gate · 2 failing a check · owned by its 2 child teams/,
        ),
      ).toBeInTheDocument();
    });
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
