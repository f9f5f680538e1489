/* eslint jest/expect-expect: ["warn", { "assertFunctionNames": ["expect", "expectRefused"] }] */
import { mockServices } from '@backstage/backend-test-utils';
import request from 'supertest';
import type { RawDatabase } from '../store/__testUtils__/rawDatabase';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from '../store/__testUtils__/databases';
import {
  component,
  result,
  scorecard,
  snapshotOf,
} from '../store/__testUtils__/scorecards';
import { as, createTestApi, USERS } from './__testUtils__/scorecardApi';

jest.setTimeout(120_000);

const databases = scorecardTestDatabases();
const NOW = new Date('2025-05-02T00:00:00.000Z');
const ORPHAN = 'orphan:prod/ValidatingWebhookConfiguration/stray';
const WAIVER = {
  id: 'w1',
  reason: 'timeout raised while the backend moves',
  expiresAt: '2025-06-01T00:00:00.000Z',
  approvedBy: 'user:default/carla',
};

const timeout = (status: 'pass' | 'fail' | 'warn' | 'not-applicable') =>
  result('webhook.timeout', status, { cluster: 'prod' });

/**
 * Three snapshots. The verdicts every test below expects are read off these by hand:
 * in the latest one, webhook.timeout passes on alpha (team-a) and hook (team-a-oncall,
 * a child group of team-a), is waived on gamma (team-b), fails on delta (team-b,
 * experimental) and the orphan, and does not apply to beta (team-b, a CSI driver).
 */
async function seed(knex: RawDatabase) {
  const api = await createTestApi(knex, { now: () => NOW });
  const write = (takenAt: string, parts: ReturnType<typeof component>[]) =>
    api.stores.snapshotWriter.writeSnapshot(snapshotOf(takenAt, parts));
  const beta = component(
    scorecard('component:default/beta', {
      kind: 'csi',
      owner: 'group:default/team-b',
      level: 1,
      results: [
        timeout('not-applicable'),
        result('cert.expiry', 'fail', {
          cluster: 'prod',
          severity: 'critical',
        }),
      ],
    }),
  );
  const hook = (status: 'pass' | 'fail') =>
    component(
      scorecard('component:default/hook', {
        owner: 'group:default/team-a-oncall',
        results: [timeout(status)],
      }),
    );
  await write('2025-04-20T10:00:00.000Z', [
    component(
      scorecard('component:default/alpha', { results: [timeout('fail')] }),
    ),
    hook('fail'),
    beta,
  ]);
  await write('2025-04-20T18:00:00.000Z', [
    component(
      scorecard('component:default/alpha', { results: [timeout('fail')] }),
    ),
    hook('pass'),
    beta,
    component(
      scorecard('component:default/gamma', {
        owner: 'group:default/team-b',
        results: [timeout('fail')],
      }),
    ),
  ]);
  await write('2025-05-01T10:00:00.000Z', [
    component(
      scorecard('component:default/alpha', {
        level: 2,
        results: [timeout('pass'), result('cert.expiry', 'pass')],
      }),
    ),
    hook('pass'),
    beta,
    component(
      scorecard('component:default/gamma', {
        owner: 'group:default/team-b',
        results: [{ ...timeout('warn'), waiver: WAIVER }],
      }),
    ),
    component(
      scorecard('component:default/delta', {
        owner: 'group:default/team-b',
        lifecycle: 'experimental',
        results: [timeout('fail')],
      }),
    ),
    component(scorecard(ORPHAN, { results: [timeout('fail')] })),
  ]);
  return api;
}

const TIMEOUTS = {
  title: 'Webhook timeouts under 10 s',
  why: 'A slow webhook holds every write it intercepts.',
  goal: { checks: ['webhook.timeout'] },
  scope: {},
  startsAt: '2025-04-15T00:00:00Z',
  deadline: '2025-06-30T00:00:00Z',
  enforceFrom: '2025-06-01T00:00:00Z',
};

async function counts(knex: RawDatabase) {
  const out: Record<string, number> = {};
  for (const table of ['campaigns', 'audit_events']) {
    const [{ n }] = await knex(table).count({ n: '*' });
    out[table] = Number(n);
  }
  return out;
}

describe.each(databases.ids)('campaigns API on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);

  async function create(app: any, body: object = TIMEOUTS) {
    const res = await request(app)
      .post('/campaigns')
      .set('Authorization', as(USERS.carla))
      .send(body);
    expect(res.status).toBe(201);
    return res.body;
  }

  it('creates a campaign with its progress in the latest snapshot, waivers counted apart', async () => {
    const { app } = await seed(database.get());
    const created = await create(app);
    expect(created).toMatchObject({
      title: 'Webhook timeouts under 10 s',
      state: 'open',
      enforcement: 'announced',
      overdue: false,
      startsAt: '2025-04-15T00:00:00.000Z',
      enforceFrom: '2025-06-01T00:00:00.000Z',
      createdBy: USERS.carla,
      progress: { inScope: 5, done: 2, waived: 1, open: 2 },
    });
    expect(created.id).toMatch(/^webhook-timeouts-under-10-s-[0-9a-f]{6}$/);
  });

  it('counts as done exactly the components in scope whose goal check passes in the latest snapshot', async () => {
    const { app } = await seed(database.get());
    const { id } = await create(app, {
      ...TIMEOUTS,
      scope: { teams: ['group:default/team-b'], lifecycles: ['production'] },
    });
    const everyone = await create(app);
    // the same count through the component list (facet terms, another code path)
    const passing = await request(app)
      .get('/components')
      .query({ checkId: 'webhook.timeout', status: 'pass' })
      .set('Authorization', as(USERS.carla));
    const failing = await request(app)
      .get('/components')
      .query({ checkId: 'webhook.timeout', status: 'fail' })
      .set('Authorization', as(USERS.carla));
    const list = await request(app)
      .get('/campaigns')
      .set('Authorization', as(USERS.carla));
    const byId = new Map<string, any>(
      list.body.items.map((c: any) => [c.id, c]),
    );
    expect(byId.get(everyone.id).progress.done).toBe(passing.body.total);
    expect(byId.get(everyone.id).progress.open).toBe(failing.body.total);
    // team-b in production: gamma (waived); delta is experimental, beta not concerned
    expect(byId.get(id).progress).toMatchObject({
      inScope: 1,
      done: 0,
      waived: 1,
      open: 0,
    });
  });

  it('takes a team with its child groups, and per team in the detail', async () => {
    const { app } = await seed(database.get());
    const { id } = await create(app, {
      ...TIMEOUTS,
      scope: { teams: ['team-a'] },
    });
    const detail = await request(app)
      .get(`/campaigns/${id}`)
      .set('Authorization', as(USERS.ana));
    expect(detail.status).toBe(200);
    expect(detail.body.campaign.scope).toEqual({
      teams: ['group:default/team-a'],
    });
    expect(detail.body.campaign.progress).toMatchObject({
      inScope: 2,
      done: 2,
    });
    expect(detail.body.teams).toEqual([
      { team: 'group:default/team-a', inScope: 1, done: 1, waived: 0, open: 0 },
      {
        team: 'group:default/team-a-oncall',
        inScope: 1,
        done: 1,
        waived: 0,
        open: 0,
      },
    ]);
  });

  it('draws the burn-down from the last stored snapshot of each day since the start', async () => {
    const { app } = await seed(database.get());
    const { id } = await create(app);
    const detail = await request(app)
      .get(`/campaigns/${id}`)
      .set('Authorization', as(USERS.carla));
    expect(
      detail.body.burndown.map((p: any) => [
        p.takenAt,
        p.inScope,
        p.done,
        p.waived,
        p.open,
      ]),
    ).toEqual([
      // the 18:00 snapshot: alpha and gamma fail, hook passes, beta not concerned
      ['2025-04-20T18:00:00.000Z', 3, 1, 0, 2],
      ['2025-05-01T10:00:00.000Z', 5, 2, 1, 2],
    ]);
    // a later start leaves the earlier day out
    const late = await create(app, {
      ...TIMEOUTS,
      startsAt: '2025-04-21T00:00:00Z',
    });
    const lateDetail = await request(app)
      .get(`/campaigns/${late.id}`)
      .set('Authorization', as(USERS.carla));
    expect(lateDetail.body.burndown).toHaveLength(1);
  });

  it('judges a level goal, and lists what each component must do', async () => {
    const { app } = await seed(database.get());
    const { id } = await create(app, {
      ...TIMEOUTS,
      title: 'Level 2 for alpha and beta',
      goal: { level: 2 },
      enforceFrom: null,
      scope: { components: ['alpha', 'component:default/beta'] },
    });
    const items = await request(app)
      .get('/campaign-items')
      .query({ campaign: id })
      .set('Authorization', as(USERS.carla));
    expect(items.body.total).toBe(2);
    expect(
      items.body.items.map((i: any) => [
        i.componentId,
        i.status,
        i.level,
        i.targetLevel,
        i.todo.map((t: any) => t.checkId),
      ]),
    ).toEqual([
      ['component:default/beta', 'open', 1, 2, ['cert.expiry']],
      ['component:default/alpha', 'done', 2, 2, []],
    ]);
  });

  it("lists a team's open items, its child groups' included unless asked not to", async () => {
    const { app } = await seed(database.get());
    await create(app);
    // team-b's own campaign: gamma is waived, delta open
    const teamB = await request(app)
      .get('/campaign-items')
      .query({ team: 'group:default/team-b', status: ['open', 'waived'] })
      .set('Authorization', as(USERS.bob));
    expect(teamB.body.items.map((i: any) => [i.componentId, i.status])).toEqual(
      [
        ['component:default/delta', 'open'],
        ['component:default/gamma', 'waived'],
      ],
    );
    expect(teamB.body.items[1].todo).toEqual([
      {
        checkId: 'webhook.timeout',
        cluster: 'prod',
        status: 'warn',
        severity: 'high',
        message: 'webhook.timeout is warn',
        remediation: 'fix webhook.timeout',
        announced: false,
        waived: true,
      },
    ]);
    const teamA = await request(app)
      .get('/campaign-items')
      .query({ team: 'group:default/team-a' })
      .set('Authorization', as(USERS.ana));
    expect(teamA.body.items.map((i: any) => [i.componentId, i.status])).toEqual(
      [
        ['component:default/alpha', 'done'],
        ['component:default/hook', 'done'],
      ],
    );
    // without its child groups: team-a-oncall's hook is not team-a's own
    const ownOnly = await request(app)
      .get('/campaign-items')
      .query({ team: 'group:default/team-a', childTeams: false })
      .set('Authorization', as(USERS.ana));
    expect(ownOnly.status).toBe(200);
    expect(ownOnly.body.items.map((i: any) => i.componentId)).toEqual([
      'component:default/alpha',
    ]);
    const notBoolean = await request(app)
      .get('/campaign-items')
      .query({ team: 'group:default/team-a', childTeams: 'sometimes' })
      .set('Authorization', as(USERS.ana));
    expect(notBoolean.status).toBe(400);
    expect(JSON.stringify(notBoolean.body)).toContain('childTeams');
    const one = await request(app)
      .get('/campaign-items')
      .query({ component: 'delta' })
      .set('Authorization', as(USERS.bob));
    expect(one.body.items.map((i: any) => i.componentId)).toEqual([
      'component:default/delta',
    ]);
  });

  it('changes and closes a campaign, each step in its audit trail', async () => {
    const knex = database.get();
    const { app, verdictChanges } = await seed(knex);
    const { id } = await create(app);
    // it announces its checks: a snapshot is asked for at once
    expect(verdictChanges.count).toBe(1);
    const changed = await request(app)
      .patch(`/campaigns/${id}`)
      .set('Authorization', as(USERS.carla))
      .send({ title: '  Webhook timeouts under 5 s ', enforceFrom: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      title: 'Webhook timeouts under 5 s',
      enforceFrom: null,
      enforcement: 'none',
      updatedBy: USERS.carla,
    });
    // it announced until now: verdicts move again
    expect(verdictChanges.count).toBe(2);
    const closed = await request(app)
      .post(`/campaigns/${id}/close`)
      .set('Authorization', as(USERS.carla))
      .send({ comment: 'done early' });
    // closing one that announces nothing moves no verdict
    expect(verdictChanges.count).toBe(2);
    expect(closed.body).toMatchObject({
      state: 'closed',
      closedBy: USERS.carla,
      closedAt: NOW.toISOString(),
      closeComment: 'done early',
    });
    const detail = await request(app)
      .get(`/campaigns/${id}`)
      .set('Authorization', as(USERS.bob));
    expect(
      detail.body.trail.map((e: any) => [
        e.action,
        e.actor,
        Object.keys(e.changes),
      ]),
    ).toEqual([
      [
        'created',
        USERS.carla,
        [
          'title',
          'why',
          'goal',
          'scope',
          'startsAt',
          'deadline',
          'enforceFrom',
          'state',
        ],
      ],
      ['changed', USERS.carla, ['title', 'enforceFrom']],
      ['closed', USERS.carla, ['state', 'closeComment']],
    ]);
    // closed: no change, no second close; open items no longer list it
    const before = await counts(knex);
    for (const res of [
      await request(app)
        .patch(`/campaigns/${id}`)
        .set('Authorization', as(USERS.carla))
        .send({ title: 'Again' }),
      await request(app)
        .post(`/campaigns/${id}/close`)
        .set('Authorization', as(USERS.carla))
        .send({}),
    ]) {
      expect(res.status).toBe(409);
    }
    expect(await counts(knex)).toEqual(before);
    const open = await request(app)
      .get('/campaign-items')
      .set('Authorization', as(USERS.carla));
    expect(open.body.total).toBe(0);
    // everyone who reads sees the campaign's events in the audit trail
    const trail = await request(app)
      .get('/audit-trail')
      .query({ subjectType: 'campaign' })
      .set('Authorization', as(USERS.finn));
    expect(trail.body.total).toBe(3);
  });

  it('lists open campaigns first, then by deadline', async () => {
    const { app } = await seed(database.get());
    const late = await create(app, { ...TIMEOUTS, title: 'Late one' });
    const soon = await create(app, {
      ...TIMEOUTS,
      title: 'Soon one',
      deadline: '2025-06-10T00:00:00Z',
    });
    const closed = await create(app, {
      ...TIMEOUTS,
      title: 'Closed one',
      deadline: '2025-05-10T00:00:00Z',
      enforceFrom: null,
    });
    await request(app)
      .post(`/campaigns/${closed.id}/close`)
      .set('Authorization', as(USERS.carla))
      .send({});
    const list = await request(app)
      .get('/campaigns')
      .set('Authorization', as(USERS.ana));
    expect(list.body.items.map((c: any) => c.id)).toEqual([
      soon.id,
      late.id,
      closed.id,
    ]);
    const open = await request(app)
      .get('/campaigns')
      .query({ state: ['open'], limit: 1, offset: 1 })
      .set('Authorization', as(USERS.ana));
    expect(open.body).toMatchObject({ total: 2, offset: 1, limit: 1 });
    expect(open.body.items.map((c: any) => c.id)).toEqual([late.id]);
  });

  it('marks an open campaign past its deadline with open items overdue', async () => {
    const { app } = await seed(database.get());
    const { id } = await create(app, {
      ...TIMEOUTS,
      startsAt: '2025-03-01T00:00:00Z',
      deadline: '2025-04-30T00:00:00Z',
      enforceFrom: '2025-04-01T00:00:00Z',
    });
    const detail = await request(app)
      .get(`/campaigns/${id}`)
      .set('Authorization', as(USERS.carla));
    expect(detail.body.campaign).toMatchObject({
      enforcement: 'enforced',
      overdue: true,
    });
  });

  it('counts only what the caller may see', async () => {
    const { app } = await seed(database.get());
    const { id } = await create(app);
    // finn reads beta only, which the goal does not concern
    const detail = await request(app)
      .get(`/campaigns/${id}`)
      .set('Authorization', as(USERS.finn));
    expect(detail.body.campaign.progress).toMatchObject({ inScope: 0 });
    // ana does not see the orphan
    const ana = await request(app)
      .get(`/campaigns/${id}`)
      .set('Authorization', as(USERS.ana));
    expect(ana.body.campaign.progress).toMatchObject({ inScope: 4, open: 1 });
  });

  describe('refuses', () => {
    async function expectRefused(
      knex: RawDatabase,
      send: () => Promise<request.Response>,
      status: number,
      message: RegExp,
    ) {
      const before = await counts(knex);
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.body.error.message).toMatch(message);
      expect(await counts(knex)).toEqual(before);
    }

    it('writes without the manage permission, and reads without the read one', async () => {
      const knex = database.get();
      const { app } = await seed(knex);
      const { id } = await create(app);
      for (const user of [USERS.ana, USERS.bob]) {
        await expectRefused(
          knex,
          () =>
            request(app)
              .post('/campaigns')
              .set('Authorization', as(user))
              .send(TIMEOUTS),
          403,
          /extension-scorecard\.campaign\.manage/,
        );
        await expectRefused(
          knex,
          () =>
            request(app)
              .patch(`/campaigns/${id}`)
              .set('Authorization', as(user))
              .send({ title: 'Mine now' }),
          403,
          /campaign\.manage/,
        );
        await expectRefused(
          knex,
          () =>
            request(app)
              .post(`/campaigns/${id}/close`)
              .set('Authorization', as(user))
              .send({}),
          403,
          /campaign\.manage/,
        );
      }
      for (const path of [
        '/campaigns',
        `/campaigns/${id}`,
        '/campaign-items',
      ]) {
        const res = await request(app)
          .get(path)
          .set('Authorization', as(USERS.eve));
        expect(res.status).toBe(403);
      }
    });

    it('a campaign that does not hold together, naming the field', async () => {
      const knex = database.get();
      const { app } = await seed(knex);
      const post = (body: object) => () =>
        request(app)
          .post('/campaigns')
          .set('Authorization', as(USERS.carla))
          .send({ ...TIMEOUTS, ...body });
      const cases: Array<[object, RegExp]> = [
        [
          { deadline: '2025-04-01T00:00:00Z' },
          /deadline must lie after startsAt/,
        ],
        [
          { enforceFrom: '2025-07-01T00:00:00Z' },
          /enforceFrom must lie between/,
        ],
        [{ goal: { level: 2 } }, /enforceFrom needs goal checks/],
        [
          { goal: { checks: ['webhook.nope'] } },
          /unknown checks: webhook.nope/,
        ],
        [{ goal: {} }, /goal/],
        [{ scope: { kinds: ['webhooks'] } }, /unknown kinds: webhooks/],
        [
          { scope: { teams: ['group:default/team-z'] } },
          /groups the catalog does not have: group:default\/team-z/,
        ],
        [{ title: '   ab   ' }, /title/],
        [
          { startsAt: '2025-02-30T00:00:00Z' },
          /startsAt is not a valid date-time/,
        ],
        [{ owner: 'x' }, /must NOT have additional properties/],
      ];
      for (const [body, message] of cases) {
        await expectRefused(knex, post(body), 400, message);
      }
      const { id } = await create(app);
      await expectRefused(
        knex,
        () =>
          request(app)
            .patch(`/campaigns/${id}`)
            .set('Authorization', as(USERS.carla))
            .send({ deadline: '2025-04-10T00:00:00Z' }),
        400,
        /deadline must lie after startsAt/,
      );
      await expectRefused(
        knex,
        () =>
          request(app)
            .get('/campaigns/nope')
            .set('Authorization', as(USERS.carla)),
        404,
        /No campaign nope/,
      );
    });
  });

  it('reports the campaigns of the quarter as they stood in its last snapshot, in the report and the exports', async () => {
    const { app } = await seed(database.get());
    const { id } = await create(app);
    // created after the quarter's snapshot: counted as it stood then
    const report = await request(app)
      .get('/audit/2025-Q2')
      .set('Authorization', as(USERS.carla));
    expect(report.body.campaigns).toEqual([
      {
        id,
        title: 'Webhook timeouts under 10 s',
        startsAt: '2025-04-15T00:00:00.000Z',
        deadline: '2025-06-30T00:00:00.000Z',
        enforceFrom: '2025-06-01T00:00:00.000Z',
        state: 'open',
        enforcement: 'announced',
        overdue: false,
        inScope: 5,
        done: 2,
        waived: 1,
        open: 2,
        teams: [
          {
            team: 'group:default/team-b',
            inScope: 2,
            done: 0,
            waived: 1,
            open: 1,
          },
          { team: null, inScope: 1, done: 0, waived: 0, open: 1 },
          {
            team: 'group:default/team-a',
            inScope: 1,
            done: 1,
            waived: 0,
            open: 0,
          },
          {
            team: 'group:default/team-a-oncall',
            inScope: 1,
            done: 1,
            waived: 0,
            open: 0,
          },
        ],
      },
    ]);
    const json = await request(app)
      .get('/audit/2025-Q2/export')
      .query({ format: 'json' })
      .set('Authorization', as(USERS.carla));
    expect(json.body.report.campaigns).toHaveLength(1);
    const csv = await request(app)
      .get('/audit/2025-Q2/export')
      .query({ format: 'campaigns-csv' })
      .set('Authorization', as(USERS.carla));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="extension-scorecard-campaigns-2025-Q2.csv"',
    );
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'quarter,snapshot_id,snapshot_taken_at,campaign_id,title,state,starts_at,enforce_from,deadline,enforcement,overdue,team,in_scope,done,waived,open',
    );
    const base = `2025-Q2,${report.body.snapshot.id},2025-05-01T10:00:00.000Z,${id},Webhook timeouts under 10 s,open,2025-04-15T00:00:00.000Z,2025-06-01T00:00:00.000Z,2025-06-30T00:00:00.000Z,announced,false`;
    expect(lines.slice(1)).toEqual([
      `${base},,5,2,1,2`,
      `${base},group:default/team-b,2,0,1,1`,
      `${base},(no owner),1,0,0,1`,
      `${base},group:default/team-a,1,1,0,0`,
      `${base},group:default/team-a-oncall,1,1,0,0`,
    ]);
    // the exports need the export permission
    const refused = await request(app)
      .get('/audit/2025-Q2/export')
      .query({ format: 'campaigns-csv' })
      .set('Authorization', as(USERS.eve));
    expect(refused.status).toBe(403);
  });

  it('suggests campaigns from the latest snapshot, for everyone who reads', async () => {
    const { app } = await seed(database.get());
    // webhook.timeout fails on team-b's delta only, cert.expiry on team-b's beta: no
    // check fails across two teams, and the snapshot has no upgrade report
    const none = await request(app)
      .get('/campaign-suggestions')
      .set('Authorization', as(USERS.ana));
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ items: [] });
    const refused = await request(app)
      .get('/campaign-suggestions')
      .set('Authorization', as(USERS.eve));
    expect(refused.status).toBe(403);
  });

  it('creates the configured campaigns once', async () => {
    const knex = database.get();
    const { campaigns } = await seed(knex);
    const logger = mockServices.logger.mock();
    const definition = {
      id: 'timeouts',
      ...TIMEOUTS,
      scope: { teams: ['team-from-another-catalog'] },
    };
    expect(await campaigns.seed([definition], logger)).toEqual(['timeouts']);
    expect(await campaigns.seed([definition], logger)).toEqual([]);
    const [row] = await knex('campaigns').select('id', 'created_by', 'scope');
    expect(row).toEqual({
      id: 'timeouts',
      created_by: 'extension-scorecard:config',
      scope: JSON.stringify({
        teams: ['group:default/team-from-another-catalog'],
      }),
    });
    await expect(
      campaigns.seed(
        [{ ...definition, id: 'bad', deadline: '2025-01-01T00:00:00Z' }],
        logger,
      ),
    ).rejects.toThrow(
      "Invalid campaign 'bad' in extensionScorecard.campaigns: deadline must lie after startsAt",
    );
  });
});
