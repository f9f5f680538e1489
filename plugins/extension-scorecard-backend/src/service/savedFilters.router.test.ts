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

const timeout = (status: 'pass' | 'fail' | 'not-applicable') =>
  result('webhook.timeout', status, { cluster: 'prod' });

/**
 * One snapshot; webhook.timeout passes on alpha (team-a) and hook (team-a-oncall, a
 * child group of team-a), fails on delta (team-b, experimental, titled "Delta
 * mutating hook") and on an orphan, and does not apply to beta (team-b, CSI).
 */
async function seed(knex: RawDatabase) {
  const api = await createTestApi(knex, { now: () => NOW });
  await api.stores.snapshotWriter.writeSnapshot(
    snapshotOf('2025-05-01T10:00:00.000Z', [
      component(
        scorecard('component:default/alpha', { results: [timeout('pass')] }),
      ),
      component(
        scorecard('component:default/hook', {
          owner: 'group:default/team-a-oncall',
          results: [timeout('pass')],
        }),
      ),
      component(
        scorecard('component:default/beta', {
          kind: 'csi',
          owner: 'group:default/team-b',
          results: [timeout('not-applicable')],
        }),
      ),
      component(
        scorecard('component:default/delta', {
          owner: 'group:default/team-b',
          lifecycle: 'experimental',
          results: [timeout('fail')],
        }),
        'Delta mutating hook',
      ),
      component(
        scorecard('orphan:prod/ValidatingWebhookConfiguration/stray', {
          results: [timeout('fail')],
        }),
      ),
    ]),
  );
  return api;
}

async function rows(knex: RawDatabase) {
  const [{ filters }] = await knex('saved_filters').count({ filters: '*' });
  const [{ events }] = await knex('audit_events')
    .where('subject_type', 'saved-filter')
    .count({ events: '*' });
  return { filters: Number(filters), events: Number(events) };
}

const save = (app: any, who: string, body: object) =>
  request(app).post('/saved-filters').set('Authorization', as(who)).send(body);

const remove = (app: any, who: string, id: string) =>
  request(app).delete(`/saved-filters/${id}`).set('Authorization', as(who));

const campaign = (app: any, scope: object, title = 'Webhook timeouts') =>
  request(app)
    .post('/campaigns')
    .set('Authorization', as(USERS.carla))
    .send({
      title,
      why: '',
      goal: { checks: ['webhook.timeout'] },
      scope,
      startsAt: '2025-04-15T00:00:00Z',
      deadline: '2025-06-30T00:00:00Z',
    });

describe.each(databases.ids)('saved filters API on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);

  it('saves a filter any reader may use, lists it by name and audits it', async () => {
    const { app } = await seed(database.get());
    const res = await save(app, USERS.bob, {
      name: '  Team B experiments ',
      description: 'What team-b is still trying out',
      filters: {
        owner: ['group:default/team-b'],
        lifecycle: ['experimental'],
        kind: [],
        search: '  ',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^team-b-experiments-[0-9a-f]{6}$/),
      name: 'Team B experiments',
      description: 'What team-b is still trying out',
      // empty lists and blank text are no filters
      filters: { owner: ['group:default/team-b'], lifecycle: ['experimental'] },
      createdBy: USERS.bob,
      createdAt: NOW.toISOString(),
      resultFields: [],
      campaigns: [],
    });
    expect(
      (
        await save(app, USERS.ana, {
          name: 'Alpha failing',
          filters: { checkId: 'webhook.timeout', status: 'fail', level: [1] },
        })
      ).body.resultFields,
    ).toEqual(['level', 'checkId', 'status']);
    const list = await request(app)
      .get('/saved-filters')
      .set('Authorization', as(USERS.dave));
    expect(list.status).toBe(200);
    expect(list.body.items.map((f: any) => f.name)).toEqual([
      'Alpha failing',
      'Team B experiments',
    ]);
    const trail = await request(app)
      .get('/audit-trail')
      .query({ subjectType: 'saved-filter' })
      .set('Authorization', as(USERS.carla));
    expect(trail.body.items.map((e: any) => [e.action, e.actor])).toEqual(
      expect.arrayContaining([
        ['created', USERS.bob],
        ['created', USERS.ana],
      ]),
    );
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const { app } = await seed(database.get());
    const before = await rows(database.get());
    for (const [body, message] of [
      [{ name: '   ', filters: { kind: ['csi'] } }, /name must not be empty/],
      [{ name: 'ab', filters: { kind: ['csi'] } }, /name/],
      [{ name: 'Nothing', filters: {} }, /at least one filter/],
      [
        { name: 'Nothing', filters: { kind: [], owner: [] } },
        /at least one filter/,
      ],
      [{ name: 'Odd kind', filters: { kind: ['teapot'] } }, /kind/],
      [
        { name: 'Odd field', filters: { colour: ['red'] } },
        /colour|additional/,
      ],
      [{ name: 'No filters' }, /filters/],
    ] as const) {
      const res = await save(app, USERS.bob, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.error.message).toMatch(message);
    }
    expect(await rows(database.get())).toEqual(before);
  });

  it('keeps names unique regardless of case, and answers 403 to those who may not read', async () => {
    const { app } = await seed(database.get());
    expect(
      (
        await save(app, USERS.bob, {
          name: 'CSI drivers',
          filters: { kind: ['csi'] },
        })
      ).status,
    ).toBe(201);
    const again = await save(app, USERS.ana, {
      name: 'csi DRIVERS',
      filters: { kind: ['csi'], cluster: ['prod'] },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/named "CSI drivers" already/);
    expect(
      (await save(app, USERS.eve, { name: 'Mine', filters: { kind: ['csi'] } }))
        .status,
    ).toBe(403);
    expect(
      (
        await request(app)
          .get('/saved-filters')
          .set('Authorization', as(USERS.eve))
      ).status,
    ).toBe(403);
    expect((await rows(database.get())).filters).toBe(1);
  });

  it('stops saving at the limit', async () => {
    const api = await seed(database.get());
    const options = { actor: USERS.bob, now: NOW.toISOString(), limit: 1 };
    await api.stores.savedFilters.create(
      { id: 'one', name: 'One', description: '', filters: { kind: ['csi'] } },
      options,
    );
    await expect(
      api.stores.savedFilters.create(
        { id: 'two', name: 'Two', description: '', filters: { kind: ['cni'] } },
        options,
      ),
    ).rejects.toThrow(/1 filters are saved, the most there may be/);
  });

  it('lets its creator and campaign managers delete it, nobody else', async () => {
    const { app } = await seed(database.get());
    const mine = (
      await save(app, USERS.bob, { name: 'Mine', filters: { kind: ['csi'] } })
    ).body;
    const other = (
      await save(app, USERS.bob, { name: 'Other', filters: { kind: ['cni'] } })
    ).body;
    // ana holds no campaign.manage and did not save it
    const refused = await remove(app, USERS.ana, mine.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(
      /Only user:default\/bob, who saved "Mine"/,
    );
    expect((await remove(app, USERS.bob, mine.id)).status).toBe(204);
    expect((await remove(app, USERS.carla, other.id)).status).toBe(204);
    expect((await remove(app, USERS.carla, other.id)).status).toBe(404);
    expect(await rows(database.get())).toEqual({ filters: 0, events: 4 });
  });

  it('scopes a campaign to what the filter shows in the table, owners as named', async () => {
    const { app } = await seed(database.get());
    const cases: Array<[object, number, { done: number; open: number }]> = [
      // alpha only: the table's owner filter does not take team-a-oncall's hook
      [{ owner: ['group:default/team-a'] }, 1, { done: 1, open: 0 }],
      // the search finds delta by its catalog title
      [{ search: 'MUTATING' }, 1, { done: 0, open: 1 }],
      [{ orphan: true }, 1, { done: 0, open: 1 }],
      // beta is in the filter but webhook.timeout does not concern it
      [{ owner: ['group:default/team-b'] }, 2, { done: 0, open: 1 }],
    ];
    for (const [filters, shown, progress] of cases) {
      const filter = (
        await save(app, USERS.carla, {
          name: `Filter ${JSON.stringify(filters)}`,
          filters,
        })
      ).body;
      const table = await request(app)
        .get('/components')
        .query(filters)
        .set('Authorization', as(USERS.carla));
      expect({ filters, shown: table.body.total }).toEqual({ filters, shown });
      const created = await campaign(
        app,
        { savedFilter: filter.id },
        `Timeouts of ${filter.id}`,
      );
      expect(created.status).toBe(201);
      expect(created.body.scope).toEqual({ savedFilter: filter.id });
      const { inScope, done, waived, open } = created.body.progress;
      expect({ filters, progress: { inScope, done, waived, open } }).toEqual({
        filters,
        progress: {
          inScope: progress.done + progress.open,
          waived: 0,
          ...progress,
        },
      });
    }
    // other scope fields narrow it further
    const teamB = (
      await request(app)
        .get('/saved-filters')
        .set('Authorization', as(USERS.carla))
    ).body.items.find(
      (f: any) => f.filters.owner?.[0] === 'group:default/team-b',
    );
    const narrowed = await campaign(
      app,
      { savedFilter: teamB.id, kinds: ['csi'] },
      'Narrowed',
    );
    expect(narrowed.body.progress).toMatchObject({ inScope: 0 });
  });

  it('refuses a campaign naming a missing filter or one on results', async () => {
    const { app } = await seed(database.get());
    const failing = (
      await save(app, USERS.carla, {
        name: 'Failing timeouts',
        filters: { checkId: 'webhook.timeout', status: 'fail' },
      })
    ).body;
    const onResults = await campaign(app, { savedFilter: failing.id });
    expect(onResults.status).toBe(400);
    expect(onResults.body.error.message).toMatch(
      /"Failing timeouts" filters on results \(checkId, status\)/,
    );
    const missing = await campaign(app, { savedFilter: 'no-such-filter' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(
      /names no saved filter: no-such-filter/,
    );
    const [{ n }] = await database.get()('campaigns').count({ n: '*' });
    expect(Number(n)).toBe(0);
  });

  it('is not deleted while a campaign names it', async () => {
    const { app } = await seed(database.get());
    const filter = (
      await save(app, USERS.bob, {
        name: 'Team A',
        filters: { owner: ['group:default/team-a'] },
      })
    ).body;
    const { body: drive } = await campaign(app, { savedFilter: filter.id });
    const listed = await request(app)
      .get('/saved-filters')
      .set('Authorization', as(USERS.bob));
    expect(listed.body.items[0].campaigns).toEqual([drive.id]);
    const refused = await remove(app, USERS.bob, filter.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(
      `campaign "Webhook timeouts" (${drive.id})`,
    );
    const changed = await request(app)
      .patch(`/campaigns/${drive.id}`)
      .set('Authorization', as(USERS.carla))
      .send({ scope: { teams: ['group:default/team-a'] } });
    expect(changed.status).toBe(200);
    expect((await remove(app, USERS.bob, filter.id)).status).toBe(204);
  });
});
