/* eslint jest/expect-expect: ["warn", { "assertFunctionNames": ["expect", "expectRefused"] }] */
import express from 'express';
import type { RawDatabase } from '../store/__testUtils__/rawDatabase';
import request from 'supertest';
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
import {
  as,
  createTestApi,
  USERS,
  type FakeRefreshRunner,
} from './__testUtils__/scorecardApi';
import { MAX_BODY_BYTES } from './router';

jest.setTimeout(120_000);

const databases = scorecardTestDatabases();
const NOW = new Date('2025-05-02T00:00:00.000Z');
const ORPHAN = 'orphan:prod/ValidatingWebhookConfiguration/stray';

const alpha = (level: 1 | 2) =>
  component(
    scorecard('component:default/alpha', {
      level,
      score: level * 30,
      results: [
        result('ownership.owner-exists', 'pass', { severity: 'critical' }),
        result('webhook.timeout', 'warn', { cluster: 'prod' }),
        result('cert.expiry', 'pass', { cluster: 'prod' }),
      ],
    }),
    'Alpha Webhook',
  );
const beta = component(
  scorecard('component:default/beta', {
    kind: 'csi',
    owner: 'group:default/team-b',
    clusters: ['prod', 'staging'],
    results: [
      result('ownership.owner-exists', 'pass', { severity: 'critical' }),
      result('cert.expiry', 'fail', {
        cluster: 'staging',
        severity: 'critical',
      }),
      result('cert.expiry', 'pass', { cluster: 'prod', severity: 'critical' }),
      result('rbac.wildcards', 'unknown', { cluster: 'prod' }),
      result('retirement.migration-plan', 'warn', {
        observed: {
          reason: 'lifecycle deprecated',
          migration: {
            replacement: 'gamma',
            owner: 'group:default/team-b',
            targetDate: '2025-05-20',
          },
        },
      }),
    ],
  }),
);
const orphan = component(
  scorecard(ORPHAN, {
    level: 0,
    score: 0,
    results: [
      result('ownership.owner-exists', 'fail', { severity: 'critical' }),
    ],
  }),
);
const gamma = component(
  scorecard('component:default/gamma', { level: 3, score: 90 }),
);

async function seed(knex: RawDatabase) {
  const api = await createTestApi(knex, { now: () => NOW });
  await api.stores.snapshotWriter.writeSnapshot(
    snapshotOf('2025-03-31T12:00:00.000Z', [alpha(1), beta, orphan]),
  );
  await api.stores.snapshotWriter.writeSnapshot(
    snapshotOf(
      '2025-05-01T10:00:00.000Z',
      [alpha(2), beta, orphan, gamma],
      [
        {
          name: 'prod',
          source: 'dump',
          collectedAt: '2025-05-01T10:00:00.000Z',
          stale: null,
          version: 'v1.31.0',
        },
        {
          name: 'staging',
          source: 'dump',
          collectedAt: '2025-04-30T10:00:00.000Z',
          stale: { reason: 'unreachable' },
          version: null,
        },
      ],
    ),
  );
  return api;
}

async function rowCounts(knex: RawDatabase) {
  const counts: Record<string, number> = {};
  for (const table of ['evidence', 'waivers', 'audit_events', 'refresh_runs']) {
    const [{ n }] = await knex(table).count({ n: '*' });
    counts[table] = Number(n);
  }
  return counts;
}

const EVIDENCE = {
  component: 'component:default/alpha',
  cluster: 'prod',
  scenario: 'webhook-backend-down',
  startedAt: '2025-04-30T10:00:00Z',
  recoveredAt: '2025-04-30T10:04:00Z',
  verdict: 'pass',
  observations: {
    matchScope: 'pods',
    failurePolicy: 'Ignore',
    apiLatency: '80ms',
    recoveryTime: '4m',
  },
  links: ['https://runbooks.example/alpha'],
};

const WAIVER = {
  component: 'component:default/alpha',
  checkId: 'webhook.timeout',
  cluster: 'prod',
  reason: 'the vendor ships a 5s timeout in the next release',
  expiresAt: '2025-06-01T00:00:00Z',
};

describe.each(databases.ids)('router on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);
  let knex: RawDatabase;
  let app: express.Express;
  let runner: FakeRefreshRunner;

  beforeEach(async () => {
    knex = database.get();
    const api = await seed(knex);
    app = api.app;
    runner = api.runner;
  });

  /** Sends a request that must be refused, and checks nothing was written. */
  async function expectRefused(
    send: () => request.Test,
    status: number,
    message?: RegExp,
  ) {
    const before = await rowCounts(knex);
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.body.error?.message).toEqual(expect.any(String));
    if (message) expect(response.body.error.message).toMatch(message);
    expect(await rowCounts(knex)).toEqual(before);
    return response;
  }

  describe('authentication', () => {
    it('answers health checks without credentials', async () => {
      const response = await request(app).get('/health');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok' });
    });

    it.each([
      ['get', '/components'],
      ['get', '/components/component%3Adefault%2Falpha'],
      ['get', '/summaries/teams'],
      ['get', '/summaries/heatmap'],
      ['get', '/history?scope=fleet'],
      ['get', '/snapshots'],
      ['get', '/snapshots/1'],
      ['get', '/snapshot-diff?from=1&to=2'],
      ['get', '/audit/quarters'],
      ['get', '/audit/2025-Q2'],
      ['get', '/audit/2025-Q2/export?format=csv'],
      ['get', '/audit-trail'],
      ['get', '/evidence'],
      ['get', '/waivers'],
      ['get', '/refresh'],
      ['get', '/clusters'],
      ['get', '/checks'],
    ] as const)('refuses %s %s without credentials', async (method, path) => {
      const response = await request(app)[method](path);
      expect(response.status).toBe(401);
    });

    it('refuses writes without credentials and writes nothing', async () => {
      await expectRefused(
        () =>
          request(app)
            .post('/evidence')
            .set('Idempotency-Key', 'k-123456')
            .send(EVIDENCE),
        401,
      );
      await expectRefused(
        () => request(app).post('/waivers').send(WAIVER),
        401,
      );
      await expectRefused(
        () => request(app).post('/refresh').send({ scope: 'all' }),
        401,
      );
    });
  });

  describe('components', () => {
    it('lists the latest snapshot with filters, sorting and paging', async () => {
      const response = await request(app)
        .get('/components?sort=score&order=desc&limit=2')
        .set('Authorization', as(USERS.carla));
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        snapshot: { id: 2, takenAt: '2025-05-01T10:00:00.000Z' },
        total: 4,
        offset: 0,
        limit: 2,
      });
      expect(response.body.items.map((i: any) => i.name)).toEqual([
        'gamma',
        'alpha',
      ]);

      const single = await request(app)
        .get('/components?kind=csi')
        .set('Authorization', as(USERS.carla));
      expect(single.body.items.map((i: any) => i.name)).toEqual(['beta']);
      const several = await request(app)
        .get('/components?kind=csi&kind=admission-webhook&level=0&orphan=true')
        .set('Authorization', as(USERS.carla));
      expect(several.body.items.map((i: any) => i.componentId)).toEqual([
        ORPHAN,
      ]);
      const failing = await request(app)
        .get(
          '/components?failingDimension=certificates&checkId=cert.expiry&status=fail&stale=true',
        )
        .set('Authorization', as(USERS.carla));
      expect(
        failing.body.items.map((i: any) => [i.name, i.staleClusters]),
      ).toEqual([['beta', ['staging']]]);
      const searched = await request(app)
        .get(
          '/components?search=ALPHA&cluster=prod&owner=group%3Adefault%2Fteam-a&lifecycle=production',
        )
        .set('Authorization', as(USERS.carla));
      expect(searched.body.items.map((i: any) => i.title)).toEqual([
        'Alpha Webhook',
      ]);
      const old = await request(app)
        .get('/components?snapshot=1')
        .set('Authorization', as(USERS.carla));
      expect(old.body.total).toBe(3);
    });

    it('shows each caller what their catalog access allows', async () => {
      const names = async (user: string) =>
        (
          await request(app).get('/components').set('Authorization', as(user))
        ).body.items.map((i: any) => i.name);
      expect(await names(USERS.carla)).toEqual([
        'alpha',
        'beta',
        'gamma',
        'stray',
      ]);
      expect(await names(USERS.ana)).toEqual(['alpha', 'beta', 'gamma']);
      expect(await names(USERS.finn)).toEqual(['beta']);
    });

    it.each([
      ['/components?limit=0', /limit/],
      ['/components?limit=501', /limit/],
      ['/components?sort=bogus', /sort/],
      ['/components?kind=mainframe', /kind/],
      ['/components?level=7', /level/],
      ['/components?orphan=maybe', /orphan/],
      ['/components?unknown=1', /unknown/],
      ['/components?snapshot=abc', /snapshot/],
    ])('rejects %s', async (path, message) => {
      const response = await request(app)
        .get(path)
        .set('Authorization', as(USERS.carla));
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(message);
    });

    it('denies callers without the read permission', async () => {
      const response = await request(app)
        .get('/components')
        .set('Authorization', as(USERS.eve));
      expect(response.status).toBe(403);
      expect(response.body.error.message).toMatch(/extension-scorecard.read/);
    });

    it('answers 404 for a snapshot that does not exist', async () => {
      const response = await request(app)
        .get('/components?snapshot=99')
        .set('Authorization', as(USERS.carla));
      expect(response.status).toBe(404);
    });

    it('returns one component with instances, evidence, waivers and history', async () => {
      await request(app)
        .post('/evidence')
        .set('Authorization', as(USERS.ana))
        .set('Idempotency-Key', 'evidence-0001')
        .send(EVIDENCE)
        .expect(201);
      await request(app)
        .post('/waivers')
        .set('Authorization', as(USERS.ana))
        .send(WAIVER)
        .expect(201);
      const response = await request(app)
        .get(`/components/${encodeURIComponent('component:default/beta')}`)
        .set('Authorization', as(USERS.ana));
      expect(response.status).toBe(200);
      expect(response.body.scorecard.results).toHaveLength(5);
      expect(response.body.staleClusters).toEqual(['staging']);
      expect(response.body.instances).toEqual([
        expect.objectContaining({
          cluster: 'prod',
          stale: false,
          collectedAt: '2025-05-01T10:00:00.000Z',
        }),
        expect.objectContaining({
          cluster: 'staging',
          stale: true,
          collectedAt: '2025-04-30T10:00:00.000Z',
        }),
      ]);
      expect(response.body.history.map((p: any) => p.snapshotId)).toEqual([
        1, 2,
      ]);

      const alphaDetail = await request(app)
        .get(
          `/components/${encodeURIComponent(
            'component:default/alpha',
          )}?historyLimit=1`,
        )
        .set('Authorization', as(USERS.ana));
      expect(alphaDetail.body.evidence).toHaveLength(1);
      expect(alphaDetail.body.waivers).toHaveLength(1);
      expect(alphaDetail.body.history).toHaveLength(1);
    });

    it('hides orphans and unknown components behind 404', async () => {
      for (const [user, id] of [
        [USERS.ana, ORPHAN],
        [USERS.carla, 'component:default/nope'],
        [USERS.finn, 'component:default/alpha'],
      ]) {
        const response = await request(app)
          .get(`/components/${encodeURIComponent(id)}`)
          .set('Authorization', as(user));
        expect(response.status).toBe(404);
      }
      const orphanForAdmin = await request(app)
        .get(`/components/${encodeURIComponent(ORPHAN)}`)
        .set('Authorization', as(USERS.carla));
      expect(orphanForAdmin.status).toBe(200);
    });
  });

  describe('summaries and history', () => {
    it('summarizes teams and the heat map', async () => {
      const teams = await request(app)
        .get('/summaries/teams')
        .set('Authorization', as(USERS.ana));
      expect(teams.status).toBe(200);
      expect(teams.body.items.map((t: any) => [t.owner, t.components])).toEqual(
        [
          ['group:default/team-a', 2],
          ['group:default/team-b', 1],
        ],
      );
      const heatmap = await request(app)
        .get('/summaries/heatmap?owner=group%3Adefault%2Fteam-b')
        .set('Authorization', as(USERS.ana));
      expect(heatmap.status).toBe(200);
      expect(
        heatmap.body.cells.find((c: any) => c.dimension === 'certificates'),
      ).toMatchObject({
        kind: 'csi',
        total: 1,
        fail: 1,
        failShare: 1,
      });
      const denied = await request(app)
        .get('/summaries/heatmap')
        .set('Authorization', as(USERS.eve));
      expect(denied.status).toBe(403);
    });

    it('serves trends and rejects incomplete subjects', async () => {
      const fleet = await request(app)
        .get('/history?scope=fleet')
        .set('Authorization', as(USERS.carla));
      expect(fleet.body.points.map((p: any) => p.components)).toEqual([3, 4]);
      const team = await request(app)
        .get('/history?scope=team&key=group%3Adefault%2Fteam-a')
        .set('Authorization', as(USERS.ana));
      expect(team.body.points.map((p: any) => p.averageScore)).toEqual([
        30, 75,
      ]);
      const ofComponent = await request(app)
        .get('/history?scope=component&key=component%3Adefault%2Falpha')
        .set('Authorization', as(USERS.ana));
      expect(ofComponent.body.points.map((p: any) => p.levels[2])).toEqual([
        0, 1,
      ]);

      for (const [path, status] of [
        ['/history', 400],
        ['/history?scope=team', 400],
        ['/history?scope=kind&key=mainframe', 400],
        ['/history?scope=dimension&key=speed', 400],
        ['/history?scope=component&key=component%3Adefault%2Fnope', 404],
      ] as const) {
        const response = await request(app)
          .get(path)
          .set('Authorization', as(USERS.ana));
        expect(response.status).toBe(status);
      }
    });
  });

  describe('snapshots', () => {
    it('lists, reads and diffs snapshots', async () => {
      const list = await request(app)
        .get('/snapshots')
        .set('Authorization', as(USERS.ana));
      expect(list.body.items.map((s: any) => [s.id, s.quarterEnd])).toEqual([
        [2, false],
        [1, true],
      ]);
      const one = await request(app)
        .get('/snapshots/2')
        .set('Authorization', as(USERS.ana));
      expect(one.body).toMatchObject({
        id: 2,
        componentCount: 4,
        staleClusters: ['staging'],
      });
      const diff = await request(app)
        .get('/snapshot-diff?from=1&to=2')
        .set('Authorization', as(USERS.carla));
      expect(diff.status).toBe(200);
      expect(diff.body.added.map((c: any) => c.name)).toEqual(['gamma']);
      expect(diff.body.levelChanges).toEqual([
        expect.objectContaining({ name: 'alpha', from: 1, to: 2 }),
      ]);
      // beta's content is the same, but staging went stale: only the orphan is unchanged
      expect(diff.body.unchangedComponents).toBe(1);
    });

    it('answers 404 and 400 for bad snapshot references', async () => {
      for (const [path, status] of [
        ['/snapshots/99', 404],
        ['/snapshots/abc', 400],
        ['/snapshot-diff?from=1', 400],
        ['/snapshot-diff?from=1&to=99', 404],
      ] as const) {
        const response = await request(app)
          .get(path)
          .set('Authorization', as(USERS.ana));
        expect(response.status).toBe(status);
      }
    });
  });

  describe('audit', () => {
    it('lists quarters and reports one', async () => {
      const quarters = await request(app)
        .get('/audit/quarters')
        .set('Authorization', as(USERS.carla));
      expect(quarters.body.items).toEqual([
        {
          quarter: '2025-Q2',
          snapshot: { id: 2, takenAt: '2025-05-01T10:00:00.000Z' },
          complete: false,
        },
        {
          quarter: '2025-Q1',
          snapshot: { id: 1, takenAt: '2025-03-31T12:00:00.000Z' },
          complete: true,
        },
      ]);
      const report = await request(app)
        .get('/audit/2025-Q2')
        .set('Authorization', as(USERS.carla));
      expect(report.status).toBe(200);
      expect(report.body).toMatchObject({
        quarter: '2025-Q2',
        complete: false,
        previousQuarter: '2025-Q1',
        previousSnapshot: { id: 1 },
        totals: {
          components: 4,
          orphans: 1,
          criticalFails: 2,
          retirementsDue: 1,
        },
      });
      expect(report.body.changes.improved.map((c: any) => c.name)).toEqual([
        'alpha',
      ]);
      expect(report.body.changes.added.map((c: any) => c.name)).toEqual([
        'gamma',
      ]);
      expect(report.body.retirementsDue).toEqual([
        expect.objectContaining({ name: 'beta', targetDate: '2025-05-20' }),
      ]);
      const teamA = report.body.byTeam.find(
        (t: any) => t.key === 'group:default/team-a',
      );
      expect(teamA).toMatchObject({
        components: 2,
        improved: 1,
        previous: { components: 1 },
      });
      const forAna = await request(app)
        .get('/audit/2025-Q2')
        .set('Authorization', as(USERS.ana));
      expect(forAna.body.totals.components).toBe(3);
      expect(forAna.body.orphans).toEqual([]);
    });

    it('exports CSV with one row per component and check, and JSON', async () => {
      const csv = await request(app)
        .get('/audit/2025-Q2/export?format=csv')
        .set('Authorization', as(USERS.carla));
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toBe(
        'attachment; filename="extension-scorecard-audit-2025-Q2.csv"',
      );
      const lines = csv.text.trim().split('\r\n');
      // alpha 3 checks, beta 4 checks (cert.expiry in two clusters is one row), orphan 1, gamma 2
      expect(lines).toHaveLength(1 + 3 + 4 + 1 + 2);
      expect(lines[0]).toMatch(
        /^quarter,snapshot_id,snapshot_taken_at,component_id/,
      );
      const betaCert = lines.find(
        l => l.includes('component:default/beta') && l.includes('cert.expiry'),
      );
      expect(betaCert).toContain('prod=pass; staging=fail');
      expect(betaCert).toContain(',fail,');

      const json = await request(app)
        .get('/audit/2025-Q2/export?format=json')
        .set('Authorization', as(USERS.carla));
      expect(json.status).toBe(200);
      expect(json.body.report.quarter).toBe('2025-Q2');
      expect(json.body.components).toHaveLength(4);
    });

    it('rejects bad quarters and formats', async () => {
      for (const [path, status] of [
        ['/audit/2025-Q5', 400],
        ['/audit/Q1-2025', 400],
        ['/audit/2019-Q1', 404],
        ['/audit/2025-Q2/export', 400],
        ['/audit/2025-Q2/export?format=xlsx', 400],
        ['/audit/2019-Q1/export?format=csv', 404],
      ] as const) {
        const response = await request(app)
          .get(path)
          .set('Authorization', as(USERS.carla));
        expect(response.status).toBe(status);
      }
      const denied = await request(app)
        .get('/audit/2025-Q2/export?format=csv')
        .set('Authorization', as(USERS.eve));
      expect(denied.status).toBe(403);
    });
  });

  describe('evidence', () => {
    const post = (
      body: object,
      key = 'evidence-0001',
      user: string = USERS.ana,
    ) =>
      request(app)
        .post('/evidence')
        .set('Authorization', as(user))
        .set('Idempotency-Key', key)
        .send(body);

    it('stores evidence once per idempotency key', async () => {
      const first = await post(EVIDENCE);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        component: 'component:default/alpha',
        tool: 'manual',
        startedAt: '2025-04-30T10:00:00.000Z',
        submittedBy: USERS.ana,
      });
      const retry = await post(EVIDENCE);
      expect(retry.status).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body.id).toBe(first.body.id);
      await expectRefused(
        () => post({ ...EVIDENCE, verdict: 'fail' }),
        409,
        /Idempotency-Key/,
      );

      const list = await request(app)
        .get('/evidence?component=component%3Adefault%2Falpha')
        .set('Authorization', as(USERS.ana));
      expect(list.body.total).toBe(1);
      const trail = await request(app)
        .get(`/audit-trail?subjectType=evidence&subjectId=${first.body.id}`)
        .set('Authorization', as(USERS.ana));
      expect(trail.body.items.map((e: any) => e.action)).toEqual(['created']);
    });

    it.each([
      [
        'a verdict outside pass/fail',
        { ...EVIDENCE, verdict: 'maybe' },
        400,
        /verdict/,
      ],
      [
        'a missing startedAt',
        { ...EVIDENCE, startedAt: undefined },
        400,
        /startedAt/,
      ],
      [
        'a date that is not one',
        { ...EVIDENCE, startedAt: 'yesterday' },
        400,
        /startedAt/,
      ],
      [
        'an unknown field',
        { ...EVIDENCE, submittedBy: 'user:default/mallory' },
        400,
        /submittedBy|additional/,
      ],
      [
        'a link that is no URI',
        { ...EVIDENCE, links: ['not a uri'] },
        400,
        /links/,
      ],
      [
        'an unknown scenario',
        { ...EVIDENCE, scenario: 'cosmic-rays' },
        400,
        /Scenario 'cosmic-rays'/,
      ],
      [
        'a cluster the component is not in',
        { ...EVIDENCE, cluster: 'staging' },
        400,
        /does not run in cluster 'staging'/,
      ],
      [
        'recovery before injection',
        { ...EVIDENCE, injectedAt: '2025-04-30T10:05:00Z' },
        400,
        /recoveredAt/,
      ],
      [
        'times in the future',
        {
          ...EVIDENCE,
          startedAt: '2026-01-01T00:00:00Z',
          recoveredAt: undefined,
        },
        400,
        /future/,
      ],
      [
        'an unknown component',
        { ...EVIDENCE, component: 'component:default/nope' },
        404,
        /nope/,
      ],
      [
        'an orphan the caller may not see',
        { ...EVIDENCE, component: ORPHAN },
        404,
        /orphan/,
      ],
    ])(
      'rejects %s and writes nothing',
      async (_name, body, status, message) => {
        await expectRefused(() => post(body), status, message);
      },
    );

    it('rejects a missing or malformed key, an oversized body and a denied caller', async () => {
      await expectRefused(
        () =>
          request(app)
            .post('/evidence')
            .set('Authorization', as(USERS.ana))
            .send(EVIDENCE),
        400,
        /idempotency-key/i,
      );
      await expectRefused(
        () => post(EVIDENCE, 'short'),
        400,
        /idempotency-key/i,
      );
      await expectRefused(
        () =>
          post({
            ...EVIDENCE,
            observations: {
              ...EVIDENCE.observations,
              notes: 'x'.repeat(MAX_BODY_BYTES),
            },
          }),
        413,
        /64 KiB/,
      );
      await expectRefused(
        () =>
          request(app)
            .post('/evidence')
            .set('Authorization', as(USERS.ana))
            .set('Idempotency-Key', 'evidence-0003')
            .set('Content-Type', 'application/json')
            .send('{"component": '),
        400,
        /not valid JSON/,
      );
      await expectRefused(
        () => post(EVIDENCE, 'evidence-0002', USERS.eve),
        403,
        /evidence.create/,
      );
    });
  });

  describe('waivers', () => {
    const requestWaiver = (body: object = WAIVER, user: string = USERS.ana) =>
      request(app).post('/waivers').set('Authorization', as(user)).send(body);
    const decide = (
      id: string,
      action: string,
      user: string,
      body: object = {},
    ) =>
      request(app)
        .post(`/waivers/${id}/${action}`)
        .set('Authorization', as(user))
        .send(body);

    it('requests and approves with a full audit trail', async () => {
      const requested = await requestWaiver();
      expect(requested.status).toBe(201);
      expect(requested.body).toMatchObject({
        state: 'requested',
        requestedBy: USERS.ana,
        owner: 'group:default/team-a',
        cluster: 'prod',
        expiresAt: '2025-06-01T00:00:00.000Z',
      });
      const id = requested.body.id;
      const approved = await decide(id, 'approve', USERS.carla, {
        comment: 'until the release',
      });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({
        state: 'approved',
        active: true,
        decidedBy: USERS.carla,
      });

      const detail = await request(app)
        .get(`/waivers/${id}`)
        .set('Authorization', as(USERS.ana));
      expect(detail.body.trail.map((e: any) => [e.action, e.actor])).toEqual([
        ['requested', USERS.ana],
        ['approved', USERS.carla],
      ]);
      const active = await request(app)
        .get('/waivers?active=true')
        .set('Authorization', as(USERS.ana));
      expect(active.body.items.map((w: any) => w.id)).toEqual([id]);
      const expiring = await request(app)
        .get('/waivers?expiringWithinDays=14')
        .set('Authorization', as(USERS.ana));
      expect(expiring.body.total).toBe(0);

      await expectRefused(
        () => decide(id, 'approve', USERS.carla),
        409,
        /approved/,
      );
      await expectRefused(() => requestWaiver(), 409, /already covers/);
    });

    it('keeps approval away from the requester and the owning group', async () => {
      const { body } = await requestWaiver();
      await expectRefused(
        () => decide(body.id, 'approve', USERS.ana),
        403,
        /owning group|requested/,
      );
      await expectRefused(
        () => decide(body.id, 'approve', USERS.dave),
        403,
        /group:default\/team-a/,
      );
      await expectRefused(
        () => decide(body.id, 'approve', USERS.bob),
        403,
        /waiver.approve/,
      );
      await expectRefused(() => decide(body.id, 'approve', USERS.eve), 403);
      const carlaRequest = await requestWaiver(
        { ...WAIVER, checkId: 'cert.expiry' },
        USERS.carla,
      );
      await expectRefused(
        () => decide(carlaRequest.body.id, 'approve', USERS.carla),
        403,
        /requested this waiver/,
      );
    });

    it('rejects with a comment and revokes by rule', async () => {
      const first = await requestWaiver();
      await expectRefused(
        () => decide(first.body.id, 'reject', USERS.carla),
        400,
        /comment/,
      );
      const rejected = await decide(first.body.id, 'reject', USERS.carla, {
        comment: 'fix it',
      });
      expect(rejected.body.state).toBe('rejected');
      await expectRefused(
        () => decide(first.body.id, 'revoke', USERS.carla),
        409,
        /rejected/,
      );

      const second = await requestWaiver();
      await expectRefused(
        () => decide(second.body.id, 'revoke', USERS.bob),
        403,
        /someone else/,
      );
      const own = await decide(second.body.id, 'revoke', USERS.ana, {
        comment: 'not needed',
      });
      expect(own.body.state).toBe('revoked');
      await expectRefused(
        () => decide('no-such-waiver', 'approve', USERS.carla),
        404,
      );
    });

    it.each([
      ['a short reason', { ...WAIVER, reason: 'because' }, 400, /reason/],
      [
        'an expiry in the past',
        { ...WAIVER, expiresAt: '2025-01-01T00:00:00Z' },
        400,
        /future/,
      ],
      [
        'an expiry beyond the maximum',
        { ...WAIVER, expiresAt: '2026-05-01T00:00:00Z' },
        400,
        /180 days/,
      ],
      [
        'a check without a result',
        { ...WAIVER, checkId: 'rbac.wildcards' },
        400,
        /no result/,
      ],
      [
        'a cluster without a result',
        { ...WAIVER, cluster: 'staging' },
        400,
        /no result for cluster/,
      ],
      [
        'an unknown field',
        { ...WAIVER, state: 'approved' },
        400,
        /state|additional/,
      ],
      [
        'an unknown component',
        { ...WAIVER, component: 'component:default/nope' },
        404,
        /nope/,
      ],
    ])(
      'rejects %s and writes nothing',
      async (_name, body, status, message) => {
        await expectRefused(() => requestWaiver(body), status, message);
      },
    );

    it('denies requests without the permission', async () => {
      await expectRefused(
        () => requestWaiver(WAIVER, USERS.eve),
        403,
        /waiver.request/,
      );
    });
  });

  describe('refresh and clusters', () => {
    const trigger = (body: object, user: string = USERS.carla) =>
      request(app).post('/refresh').set('Authorization', as(user)).send(body);

    it('starts runs of every scope and reports them', async () => {
      const all = await trigger({ scope: 'all' });
      expect(all.status).toBe(202);
      expect(all.body).toMatchObject({
        state: 'queued',
        scope: 'all',
        requestedBy: USERS.carla,
      });
      await trigger({ scope: 'cluster', cluster: 'staging' }).expect(202);
      await trigger({
        scope: 'component',
        componentId: 'component:default/beta',
      }).expect(202);
      expect(runner.calls.map(c => [c.scope, c.target, c.clusters])).toEqual([
        ['all', null, ['prod', 'staging']],
        ['cluster', 'staging', ['staging']],
        ['component', 'component:default/beta', ['prod', 'staging']],
      ]);
      const latest = await request(app)
        .get('/refresh')
        .set('Authorization', as(USERS.ana));
      expect(latest.body.run.scope).toBe('component');
      const one = await request(app)
        .get(`/refresh/${all.body.id}`)
        .set('Authorization', as(USERS.ana));
      expect(one.body.id).toBe(all.body.id);
      const missing = await request(app)
        .get('/refresh/nope')
        .set('Authorization', as(USERS.ana));
      expect(missing.status).toBe(404);
    });

    it('refuses bad, unknown, denied and concurrent refreshes', async () => {
      await expectRefused(() => trigger({ scope: 'everything' }), 400, /scope/);
      await expectRefused(
        () => trigger({ scope: 'cluster' }),
        400,
        /needs a cluster/,
      );
      await expectRefused(
        () => trigger({ scope: 'all', cluster: 'prod' }),
        400,
        /neither/,
      );
      await expectRefused(() => trigger({ scope: 'all', force: true }), 400);
      await expectRefused(
        () => trigger({ scope: 'cluster', cluster: 'mars' }),
        404,
        /mars/,
      );
      await expectRefused(
        () => trigger({ scope: 'component', componentId: ORPHAN }, USERS.ana),
        404,
      );
      await expectRefused(
        () => trigger({ scope: 'all' }, USERS.eve),
        403,
        /extension-scorecard.refresh/,
      );
      runner.busy = true;
      await expectRefused(() => trigger({ scope: 'all' }), 409, /in progress/);
    });

    it('lists clusters and checks', async () => {
      const clusters = await request(app)
        .get('/clusters')
        .set('Authorization', as(USERS.ana));
      expect(clusters.body.items.map((c: any) => c.name)).toEqual([
        'prod',
        'staging',
      ]);
      const checks = await request(app)
        .get('/checks')
        .set('Authorization', as(USERS.ana));
      expect(checks.body.items).toHaveLength(4);
      const denied = await request(app)
        .get('/checks')
        .set('Authorization', as(USERS.eve));
      expect(denied.status).toBe(403);
    });
  });

  it('serves the OpenAPI document', async () => {
    const response = await request(app).get('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.paths['/components']).toBeDefined();
  });
});
