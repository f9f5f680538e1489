import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type {
  Campaign,
  CampaignDetail,
  CampaignItem,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { savedFilter } from '../../__testUtils__/fixtures';
import {
  API,
  renderScorecard,
  setupScorecardServer,
} from '../../__testUtils__/renderScorecard';
import { ExtensionScorecardRouter } from '../ScorecardRouter/ExtensionScorecardRouter';
import { CampaignItemsCard } from './CampaignItemsCard';
import { draftFromFilters } from './StartCampaignFromFilters';
import { EMPTY_FILTERS } from '../PlatformPage/tableState';

const server = setupScorecardServer();
jest.setTimeout(30_000);

const DAY = 86_400_000;
const inDays = (n: number) =>
  new Date(Math.floor(Date.now() / DAY) * DAY + n * DAY).toISOString();

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 'webhooks-out-of-kube-system',
    title: 'Scope admission webhooks out of kube-system',
    why: 'A webhook that intercepts **kube-system** can deadlock the control plane.',
    goal: { checks: ['webhook.scope', 'webhook.failure-policy'] },
    scope: { kinds: ['admission-webhook'] },
    startsAt: inDays(-7),
    deadline: inDays(45),
    enforceFrom: inDays(21),
    state: 'open',
    enforcement: 'announced',
    overdue: false,
    createdBy: 'user:default/hana.sato',
    createdAt: inDays(-7),
    updatedBy: 'user:default/hana.sato',
    updatedAt: inDays(-7),
    closedBy: null,
    closedAt: null,
    closeComment: null,
    progress: {
      snapshotId: 9,
      takenAt: inDays(0),
      inScope: 4,
      done: 1,
      waived: 0,
      open: 3,
    },
    ...overrides,
  };
}

function item(overrides: Partial<CampaignItem> = {}): CampaignItem {
  return {
    campaignId: 'webhooks-out-of-kube-system',
    campaignTitle: 'Scope admission webhooks out of kube-system',
    deadline: inDays(45),
    enforceFrom: inDays(21),
    enforcement: 'announced',
    componentId: 'component:default/kyverno',
    name: 'kyverno',
    title: 'Kyverno',
    kind: 'admission-webhook',
    owner: 'group:default/team-security',
    status: 'open',
    level: 1,
    targetLevel: null,
    todo: [
      {
        checkId: 'webhook.scope',
        cluster: 'prod-eu',
        status: 'warn',
        severity: 'critical',
        message:
          'kyverno-resource-validating-webhook-cfg can match kube-system',
        remediation: 'Exclude kube-system with a namespaceSelector.',
        announced: true,
        waived: false,
      },
    ],
    ...overrides,
  };
}

const app = (
  <Routes>
    <Route
      path="/extension-scorecard/*"
      element={<ExtensionScorecardRouter />}
    />
  </Routes>
);

describe('campaigns', () => {
  it('lists the open campaigns with their progress, and starts a suggested one prefilled', async () => {
    const created: unknown[] = [];
    server.use(
      http.get(`${API}/campaigns`, () =>
        HttpResponse.json({
          total: 1,
          offset: 0,
          limit: 25,
          items: [campaign()],
        }),
      ),
      http.get(`${API}/checks`, () =>
        HttpResponse.json({
          items: [
            {
              id: 'availability.replicas',
              dimension: 'availability',
              severity: 'high',
              title: 'At least two replicas',
            },
          ],
        }),
      ),
      http.get(`${API}/campaign-suggestions`, () =>
        HttpResponse.json({
          items: [
            {
              source: 'failing-check',
              reason:
                'availability.replicas fails on 4 components of 2 teams (team-api-platform, team-security).',
              teams: 2,
              components: 4,
              draft: {
                title: 'At least two replicas',
                why: 'Run two replicas.',
                goal: { checks: ['availability.replicas'] },
                scope: {},
                startsAt: '2026-12-05T00:00:00.000Z',
                enforceFrom: '2027-01-04T00:00:00.000Z',
                deadline: '2027-02-03T00:00:00.000Z',
              },
            },
          ],
        }),
      ),
      http.post(`${API}/campaigns`, async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(campaign({ id: 'replicas' }), { status: 201 });
      }),
    );
    await renderScorecard(app, {
      routeEntries: ['/extension-scorecard/campaigns'],
    });
    const row = await screen.findByTestId('campaign-row');
    expect(
      within(row).getByRole('link', {
        name: 'Scope admission webhooks out of kube-system',
      }),
    ).toHaveAttribute(
      'href',
      '/extension-scorecard/campaigns/webhooks-out-of-kube-system',
    );
    expect(row).toHaveTextContent('pass webhook.scope, webhook.failure-policy');
    expect(row).toHaveTextContent('due in 45 days');
    expect(within(row).getByTestId('campaign-enforcement')).toHaveTextContent(
      'announced',
    );
    expect(
      within(row).getByRole('img', {
        name: '1 of 4 done · 0 waived · 3 open',
      }),
    ).toBeInTheDocument();

    const suggestion = await screen.findByTestId('campaign-suggestion');
    expect(suggestion).toHaveTextContent('fails on 4 components of 2 teams');
    await userEvent.click(
      within(suggestion).getByRole('button', { name: 'Adjust and start' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Title')).toHaveValue(
      'At least two replicas',
    );
    expect(within(dialog).getByLabelText('Deadline')).toHaveValue('2027-02-03');
    await userEvent.type(
      within(dialog).getByLabelText('Lifecycles'),
      'production',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Start campaign' }),
    );
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      title: 'At least two replicas',
      why: 'Run two replicas.',
      goal: { checks: ['availability.replicas'] },
      scope: { lifecycles: ['production'] },
      startsAt: '2026-12-05T00:00:00Z',
      enforceFrom: '2027-01-04T00:00:00Z',
      deadline: '2027-02-03T00:00:00Z',
    });
  });

  it('refuses to start one without the permission, and says why', async () => {
    server.use(
      http.get(`${API}/campaigns`, () =>
        HttpResponse.json({ total: 0, offset: 0, limit: 25, items: [] }),
      ),
    );
    await renderScorecard(app, {
      routeEntries: ['/extension-scorecard/campaigns'],
      deny: ['extension-scorecard.campaign.manage'],
    });
    expect(await screen.findByText('No campaign yet')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Start a campaign' }),
    ).toBeDisabled();
    // no suggestions asked for
    expect(screen.queryByText('Suggested campaigns')).not.toBeInTheDocument();
  });

  it('shows a campaign: why, progress per team, burn-down, components, trail', async () => {
    const detail: CampaignDetail = {
      campaign: campaign(),
      teams: [
        {
          team: 'group:default/team-security',
          inScope: 3,
          done: 0,
          waived: 0,
          open: 3,
        },
        {
          team: 'group:default/team-api-platform',
          inScope: 1,
          done: 1,
          waived: 0,
          open: 0,
        },
      ],
      burndown: [
        {
          snapshotId: 3,
          takenAt: inDays(-7),
          inScope: 4,
          done: 0,
          waived: 0,
          open: 4,
        },
        {
          snapshotId: 9,
          takenAt: inDays(0),
          inScope: 4,
          done: 1,
          waived: 0,
          open: 3,
        },
      ],
      trail: [
        {
          id: 1,
          at: inDays(-7),
          actor: 'user:default/hana.sato',
          subjectType: 'campaign',
          subjectId: 'webhooks-out-of-kube-system',
          component: '',
          action: 'created',
          changes: { title: { to: 'x' } },
        },
      ],
    };
    const itemQueries: string[] = [];
    server.use(
      http.get(`${API}/campaigns/:id`, () => HttpResponse.json(detail)),
      http.get(`${API}/campaign-items`, ({ request }) => {
        itemQueries.push(new URL(request.url).search);
        return HttpResponse.json({
          total: 1,
          offset: 0,
          limit: 10,
          items: [item()],
        });
      }),
    );
    await renderScorecard(app, {
      routeEntries: [
        '/extension-scorecard/campaigns/webhooks-out-of-kube-system',
      ],
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Scope admission webhooks out of kube-system',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('kube-system', { selector: 'strong' }),
    ).toBeInTheDocument();
    const burndown = screen.getByTestId('campaign-burndown');
    expect(burndown.getAttribute('aria-label')).toMatch(
      /: 4 open, 0 waived, 0 done; .*: 3 open, 0 waived, 1 done$/,
    );
    const teams = screen.getAllByTestId('campaign-team');
    expect(teams[0]).toHaveTextContent('team-security');
    expect(teams[0]).toHaveTextContent('0 of 3 done · 0 waived · 3 open');
    const row = await screen.findByTestId('campaign-item');
    expect(row).toHaveTextContent('Kyverno');
    expect(row).toHaveTextContent(/counts as warn until/);
    expect(itemQueries[0]).toContain('campaign=webhooks-out-of-kube-system');
    expect(
      screen.getByText(/hana\.sato · created \(title\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('lists what a team must still do', async () => {
    const queries: string[] = [];
    server.use(
      http.get(`${API}/campaign-items`, ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({
          total: 1,
          offset: 0,
          limit: 10,
          items: [item()],
        });
      }),
    );
    await renderScorecard(
      <CampaignItemsCard
        title="Open campaign items"
        query={{ team: 'group:default/team-security', status: ['open'] }}
        show="both"
        empty="Nothing open"
      />,
    );
    const row = await screen.findByTestId('campaign-item');
    expect(
      within(row).getByRole('link', {
        name: 'Scope admission webhooks out of kube-system',
      }),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: 'Kyverno' }),
    ).toBeInTheDocument();
    expect(within(row).getByTestId('campaign-item-status')).toHaveTextContent(
      'open',
    );
    expect(row).toHaveTextContent('webhook.scope');
    expect(decodeURIComponent(queries[0])).toContain(
      'team=group:default/team-security',
    );
    expect(queries[0]).toContain('status=open');
  });
});

describe('a campaign from the component table', () => {
  it('opens the form with the filters as its scope and the check as its goal', async () => {
    const { StartCampaignFromFilters } = await import(
      './StartCampaignFromFilters'
    );
    server.use(
      http.get(`${API}/checks`, () => HttpResponse.json({ items: [] })),
    );
    await renderScorecard(
      <StartCampaignFromFilters
        filters={{
          owner: ['group:default/team-security'],
          kind: ['admission-webhook'],
          cluster: [],
          level: [],
          failingDimension: [],
          warningDimension: [],
          checkId: 'webhook.scope',
          status: 'fail',
          lifecycle: ['production'],
        }}
      />,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Start a campaign for these' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Checks that must pass')).toHaveValue(
      'webhook.scope',
    );
    expect(within(dialog).getByLabelText('Kinds')).toHaveValue(
      'admission-webhook',
    );
    expect(within(dialog).getByLabelText('Teams')).toHaveValue(
      'group:default/team-security',
    );
    expect(within(dialog).getByLabelText('Lifecycles')).toHaveValue(
      'production',
    );
    // typing is kept (the draft is taken once, when the form opens)
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Scoped');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Scoped');
  });

  it('is not offered without the permission', async () => {
    const { StartCampaignFromFilters } = await import(
      './StartCampaignFromFilters'
    );
    await renderScorecard(
      <StartCampaignFromFilters
        filters={{
          owner: [],
          kind: [],
          cluster: [],
          level: [],
          failingDimension: [],
          warningDimension: [],
          lifecycle: [],
        }}
      />,
      { deny: ['extension-scorecard.campaign.manage'] },
    );
    // the permission answer arrives, and nothing is drawn
    await new Promise(r => setTimeout(r, 50));
    expect(
      screen.queryByRole('button', { name: 'Start a campaign for these' }),
    ).not.toBeInTheDocument();
  });

  const SAVED = [
    savedFilter(),
    savedFilter({
      id: 'failing-l0',
      name: 'Failing at L0',
      filters: { level: [0], checkId: 'webhook.scope' },
      resultFields: ['level', 'checkId'],
    }),
  ];
  const SHOWN = {
    ...EMPTY_FILTERS,
    owner: ['group:default/team-security'],
    kind: ['admission-webhook' as const],
  };

  it('names the saved filter the filters are, rather than copying them', () => {
    expect(draftFromFilters(SHOWN, { savedFilters: SAVED }).scope).toEqual({
      savedFilter: 'security-webhooks',
    });
    // a filter on results cannot be a scope: the fields are copied as before
    expect(
      draftFromFilters(
        { ...EMPTY_FILTERS, level: [0], checkId: 'webhook.scope' },
        { savedFilters: SAVED },
      ),
    ).toMatchObject({ goal: { checks: ['webhook.scope'] }, scope: {} });
    expect(draftFromFilters(SHOWN).scope).toEqual({
      kinds: ['admission-webhook'],
      teams: ['group:default/team-security'],
    });
  });

  it('starts one scoped by the saved filter, the result filters not offered', async () => {
    const { StartCampaignFromFilters } = await import(
      './StartCampaignFromFilters'
    );
    const created: unknown[] = [];
    server.use(
      http.get(`${API}/checks`, () => HttpResponse.json({ items: [] })),
      http.get(`${API}/saved-filters`, () =>
        HttpResponse.json({ items: SAVED }),
      ),
      http.post(`${API}/campaigns`, async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(campaign({ id: 'scoped' }), { status: 201 });
      }),
    );
    await renderScorecard(
      <StartCampaignFromFilters filters={SHOWN} savedFilters={SAVED} />,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Start a campaign for these' }),
    );
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByLabelText('Saved filter');
    await waitFor(() => expect(select).toHaveTextContent('Security webhooks'));
    expect(within(dialog).getByLabelText('Kinds')).toHaveValue('');
    expect(within(dialog).getByLabelText('Teams')).toHaveValue('');

    await userEvent.click(select);
    const listbox = await screen.findByRole('listbox');
    const refused = within(listbox).getByRole('option', {
      name: /Failing at L0/,
    });
    expect(refused).toHaveAttribute('aria-disabled', 'true');
    expect(refused).toHaveTextContent('filters on results: level, checkId');
    await userEvent.click(refused);
    // nothing chosen: still the saved filter of the draft
    expect(select).toHaveTextContent('Security webhooks');
    await userEvent.keyboard('{Escape}');

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Scoped');
    await userEvent.type(
      within(dialog).getByLabelText('Checks that must pass'),
      'webhook.scope',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Start campaign' }),
    );
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      title: 'Scoped',
      goal: { checks: ['webhook.scope'] },
      scope: { savedFilter: 'security-webhooks' },
    });
  });
});

describe('a campaign scoped by a saved filter', () => {
  const scoped = campaign({
    scope: { savedFilter: 'security-webhooks', lifecycles: ['production'] },
  });

  it('names the saved filter, links to it, and keeps it or drops it when changed', async () => {
    const patches: Array<Record<string, unknown>> = [];
    server.use(
      http.get(`${API}/saved-filters`, () =>
        HttpResponse.json({ items: [savedFilter()] }),
      ),
      http.get(`${API}/checks`, () => HttpResponse.json({ items: [] })),
      http.get(`${API}/campaigns/:id`, () =>
        HttpResponse.json({
          campaign: scoped,
          teams: [],
          burndown: [],
          trail: [],
        }),
      ),
      http.patch(`${API}/campaigns/:id`, async ({ request }) => {
        patches.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(scoped);
      }),
    );
    await renderScorecard(app, {
      routeEntries: [
        '/extension-scorecard/campaigns/webhooks-out-of-kube-system',
      ],
    });
    const link = await screen.findByRole('link', {
      name: 'saved filter Security webhooks',
    });
    expect(link).toHaveAttribute(
      'href',
      '/extension-scorecard?owner=group%3Adefault%2Fteam-security&kind=admission-webhook',
    );
    expect(link.closest('td')).toHaveTextContent(
      'saved filter Security webhooks · production',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    let dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Saved filter')).toHaveTextContent(
        'Security webhooks',
      ),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Save changes' }),
    );
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0].scope).toEqual({
      savedFilter: 'security-webhooks',
      lifecycles: ['production'],
    });

    await waitFor(() =>
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Saved filter'));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', {
        name: 'none',
      }),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Save changes' }),
    );
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1].scope).toEqual({ lifecycles: ['production'] });
  });

  it('names it in the list of campaigns (its id while the name is unknown)', async () => {
    server.use(
      http.get(`${API}/campaigns`, () =>
        HttpResponse.json({
          total: 2,
          offset: 0,
          limit: 25,
          items: [
            scoped,
            campaign({ id: 'gone', scope: { savedFilter: 'gone-filter' } }),
          ],
        }),
      ),
      http.get(`${API}/campaign-suggestions`, () =>
        HttpResponse.json({ items: [] }),
      ),
      http.get(`${API}/checks`, () => HttpResponse.json({ items: [] })),
      http.get(`${API}/saved-filters`, () =>
        HttpResponse.json({ items: [savedFilter()] }),
      ),
    );
    await renderScorecard(app, {
      routeEntries: ['/extension-scorecard/campaigns'],
    });
    const rows = await screen.findAllByTestId('campaign-row');
    await waitFor(() =>
      expect(rows[0]).toHaveTextContent(
        'saved filter Security webhooks · production',
      ),
    );
    expect(rows[1]).toHaveTextContent('saved filter gone-filter');
  });
});
