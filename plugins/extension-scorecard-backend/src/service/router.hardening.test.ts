/**
 * Input hardening of the HTTP API, probe by probe: bodies nested deeper than the
 * cap, integer parameters that are not plain integers within their bounds, texts that
 * are too short once trimmed, impossible dates, links that are not http(s), and
 * error bodies without stack traces in production. Every refused request answers
 * 4xx with a message, never 5xx, and writes nothing (row counts of every table
 * compared before and after).
 */
import type { RawDatabase } from '../store/__testUtils__/rawDatabase';
import request from 'supertest';
import { apiOperations } from '../__faults__/__testUtils__/apiOperations';
import {
  rowCounts,
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
import { MAX_BODY_BYTES } from './router';
import { MAX_BODY_DEPTH } from './storableText';

jest.setTimeout(180_000);

const databases = scorecardTestDatabases();
/** After 29 February 2028, so that a leap day can be a waiver's expiry. */
const NOW = new Date('2028-02-01T00:00:00.000Z');
const ALPHA = 'component:default/alpha';
/** The scheme of script URLs (spelled so that lint does not take it for one). */
const SCRIPT = ['java', 'script'].join('');
const QUARTER = '2028-Q1';

const EVIDENCE = {
  component: ALPHA,
  cluster: 'prod',
  scenario: 'webhook-backend-down',
  tool: 'chaos-mesh',
  startedAt: '2028-01-30T10:00:00Z',
  injectedAt: '2028-01-30T10:01:00Z',
  recoveredAt: '2028-01-30T10:04:00Z',
  verdict: 'pass',
  observations: { matchScope: 'pods', failurePolicy: 'Ignore' },
  links: ['https://runbooks.example/alpha'],
};
const WAIVER = {
  component: ALPHA,
  checkId: 'webhook.timeout',
  cluster: 'prod',
  reason: 'the vendor ships a 5 s timeout in the next release',
  expiresAt: '2028-03-01T00:00:00Z',
};

/** `levels` arrays, one in the other. */
const deepArrays = (levels: number) =>
  `${'['.repeat(levels)}${']'.repeat(levels)}`;
/** `levels` objects, one in the other. */
const deepObjects = (levels: number) =>
  `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** `levels` objects as a value. */
function nested(levels: number): object {
  let value: object = { leaf: 'x' };
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

describe.each(databases.ids)('input hardening of the API on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);
  let knex: RawDatabase;
  let api: Awaited<ReturnType<typeof createTestApi>>;
  let app: Parameters<typeof request>[0];
  let waiverId: string;
  let snapshotId: number;

  beforeEach(async () => {
    knex = database.get();
    api = await createTestApi(knex, { now: () => NOW });
    app = api.app;
    snapshotId = (
      await api.stores.snapshotWriter.writeSnapshot(
        snapshotOf('2028-01-31T10:00:00.000Z', [
          component(
            scorecard(ALPHA, {
              results: [
                result('ownership.owner-exists', 'pass'),
                result('webhook.timeout', 'warn', { cluster: 'prod' }),
              ],
            }),
          ),
        ]),
      )
    ).snapshotId;
    const requested = await request(app)
      .post('/waivers')
      .set('authorization', as(USERS.ana))
      .send({ ...WAIVER, checkId: 'ownership.owner-exists', cluster: null });
    if (requested.status !== 201) {
      throw new Error(`seeding a waiver failed: ${requested.text}`);
    }
    waiverId = requested.body.id;
  });

  /** Sends; the answer must be a 400 whose message matches, and nothing may change. */
  async function refused(
    send: () => request.Test,
    why: string,
    message: RegExp,
  ): Promise<void> {
    const before = await rowCounts(knex);
    const response = await send();
    const text = response.body?.error?.message;
    expect({
      why,
      status: response.status,
      message: typeof text === 'string' && message.test(text) ? 'ok' : text,
    }).toEqual({ why, status: 400, message: 'ok' });
    expect(await rowCounts(knex)).toEqual(before);
  }

  const post = (url: string, body: unknown, user: string = USERS.carla) =>
    request(app)
      .post(url)
      .set('authorization', as(user))
      .set('idempotency-key', `hardening-${Math.random()}`)
      .type('json')
      .send(typeof body === 'string' ? body : JSON.stringify(body));

  it('refuses bodies nested deeper than MAX_BODY_DEPTH on every route, GET /health included, with a 400 naming the limit', async () => {
    expect(MAX_BODY_DEPTH).toBe(32);
    const operations = apiOperations({
      componentId: ALPHA,
      snapshotId,
      previousSnapshotId: snapshotId,
      quarter: QUARTER,
      refreshId: 'no-such-run',
      waiverId,
    });
    expect(operations.map(o => o.name)).toContain('GET /health');
    const levels = Math.floor(MAX_BODY_BYTES / 2) - 100;
    const bodies: Array<[string, string]> = [
      ['5,000 arrays', deepArrays(5000)],
      ['5,000 objects', deepObjects(5000)],
      [`${levels} arrays (just under 64 KiB)`, deepArrays(levels)],
      [`${MAX_BODY_DEPTH + 1} arrays`, deepArrays(MAX_BODY_DEPTH + 1)],
      [
        `a valid body with observations ${MAX_BODY_DEPTH} objects deep`,
        JSON.stringify({ ...EVIDENCE, observations: nested(MAX_BODY_DEPTH) }),
      ],
    ];
    const target = app;
    for (const operation of operations) {
      for (const [what, body] of bodies) {
        await refused(
          () => {
            let req = request(target)
              [operation.method](operation.url)
              .set('authorization', as(USERS.carla))
              .type('json');
            for (const [k, v] of Object.entries(operation.headers)) {
              req = req.set(k, v);
            }
            return req.send(body);
          },
          `${operation.name} with ${what}`,
          new RegExp(`more than ${MAX_BODY_DEPTH} levels deep`),
        );
      }
    }
    // at the limit the body is accepted: evidence whose body is 32 levels deep
    const atLimit = await post('/evidence', {
      ...EVIDENCE,
      observations: nested(MAX_BODY_DEPTH - 1),
    });
    expect(atLimit.status).toBe(201);
    const health = await request(app)
      .get('/health')
      .type('json')
      .send(deepArrays(MAX_BODY_DEPTH));
    expect(health.status).toBe(200);
  });

  it('refuses numbers JSON can spell but not hold (1e309) in a body', async () => {
    expect.hasAssertions();
    await refused(
      () =>
        post('/evidence', JSON.stringify(EVIDENCE).replace('"pods"', '1e309')),
      'observation 1e309',
      /body\.observations\.matchScope is a number too large to store/,
    );
  });

  it('refuses integer parameters that are not plain decimal integers within bounds, on every paged endpoint', async () => {
    const paged: Array<[string, number]> = [
      ['/components?', 500],
      ['/audit-trail?', 500],
      ['/evidence?', 500],
      ['/waivers?', 500],
      ['/snapshots?', 500],
      ['/history?scope=fleet&', 1000],
    ];
    const notIntegers = [
      'Infinity',
      '-Infinity',
      '1e309',
      '-0',
      '1.0',
      '1e2',
      'NaN',
      '',
      '%205',
      '0x10',
      '%2B5',
      '05',
      '99999999999999999999',
    ];
    const target = app;
    for (const [path, max] of paged) {
      const limits = [...notIntegers, '0', '-1', String(max + 1)];
      for (const value of limits) {
        await refused(
          () =>
            request(target)
              .get(`${path}limit=${value}`)
              .set('authorization', as(USERS.carla)),
          `${path}limit=${value}`,
          new RegExp(
            `^Query parameter 'limit' must be a whole number from 1 to ${max}`,
          ),
        );
      }
      if (path.startsWith('/history')) continue; // history has no offset
      for (const value of [...notIntegers, '-1', '1000001']) {
        await refused(
          () =>
            request(target)
              .get(`${path}offset=${value}`)
              .set('authorization', as(USERS.carla)),
          `${path}offset=${value}`,
          /^Query parameter 'offset' must be a whole number from 0 to 1000000/,
        );
      }
      for (const [query, limit] of [
        ['limit=1', 1],
        [`limit=${Math.min(max, 500)}&offset=0`, Math.min(max, 500)],
      ] as const) {
        const response = await request(target)
          .get(`${path}${query}`)
          .set('authorization', as(USERS.carla));
        // a page echoes its limit; a history series has none
        expect({
          path,
          query,
          status: response.status,
          limit: response.body.limit,
        }).toEqual({
          path,
          query,
          status: 200,
          limit: path.startsWith('/history') ? undefined : limit,
        });
      }
    }
    // the other integer parameters, in query and path
    const others: Array<[string, RegExp]> = [
      [
        `/components/${encodeURIComponent(ALPHA)}?historyLimit=Infinity`,
        /'historyLimit'/,
      ],
      [
        `/components/${encodeURIComponent(ALPHA)}?historyLimit=1001`,
        /'historyLimit'/,
      ],
      ['/components?snapshot=1.0', /'snapshot'/],
      ['/summaries/teams?snapshot=Infinity', /'snapshot'/],
      ['/summaries/heatmap?snapshot=0', /'snapshot'/],
      ['/waivers?expiringWithinDays=1e1', /'expiringWithinDays'/],
      ['/waivers?expiringWithinDays=3651', /'expiringWithinDays'/],
      [`/snapshot-diff?from=Infinity&to=${snapshotId}`, /'from'/],
      [`/snapshot-diff?from=${snapshotId}&to=1.0`, /'to'/],
      ['/snapshots/Infinity', /^Path parameter 'snapshotId'/],
      ['/snapshots/1.0', /^Path parameter 'snapshotId'/],
      ['/snapshots/-0', /^Path parameter 'snapshotId'/],
      ['/snapshots/0x1', /^Path parameter 'snapshotId'/],
    ];
    for (const [url, message] of others) {
      await refused(
        () => request(target).get(url).set('authorization', as(USERS.carla)),
        url,
        message,
      );
    }
    const snapshot = await request(app)
      .get(`/snapshots/${snapshotId}`)
      .set('authorization', as(USERS.carla));
    expect(snapshot.status).toBe(200);
  });

  it('trims waiver reasons, decision comments and the evidence tool before their length checks', async () => {
    for (const [reason, message] of [
      [' '.repeat(10), /^reason must not be empty or only whitespace$/],
      ['\t\n '.repeat(5), /^reason must not be empty or only whitespace$/],
      [
        `    too short    `,
        /^reason must have at least 10 characters besides surrounding whitespace \(it has 9\)$/,
      ],
    ] as const) {
      await refused(
        () => post('/waivers', { ...WAIVER, reason }, USERS.ana),
        `reason ${JSON.stringify(reason)}`,
        message,
      );
    }
    const id = waiverId;
    for (const decision of ['approve', 'reject', 'revoke']) {
      await refused(
        () =>
          post(`/waivers/${id}/${decision}`, {
            comment: ' \t '.repeat(3),
          }),
        `${decision} with a blank comment`,
        /^comment must not be empty or only whitespace$/,
      );
    }
    await refused(
      () => post('/evidence', { ...EVIDENCE, tool: '   ' }),
      'blank tool',
      /^tool must not be empty or only whitespace$/,
    );
    // accepted, stored trimmed
    const waiver = await post(
      '/waivers',
      { ...WAIVER, reason: '   ten chars!   ' },
      USERS.ana,
    );
    expect(waiver.status).toBe(201);
    expect(waiver.body.reason).toBe('ten chars!');
    const rejected = await post(`/waivers/${waiverId}/reject`, {
      comment: '  fix it instead  ',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.decisionComment).toBe('fix it instead');
  });

  it('refuses impossible dates naming the field and the value, and accepts leap days', async () => {
    const impossible = [
      '2027-02-30T00:00:00Z',
      '2027-02-29T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2027-04-31T00:00:00Z',
      '2027-06-10T24:00:00Z',
      '2027-06-10T23:60:00Z',
      '2027-06-10T23:59:60Z',
      '2027-13-01T00:00:00Z',
      '2027-00-10T00:00:00Z',
      '2027-06-10T10:00:00+24:00',
      '2027-06-10T10:00:00+01:60',
    ];
    const escape = (s: string) => s.replace(/[+.]/g, '\\$&');
    // ours names the field and the value; the validator's format check (a regex)
    // refuses a few first (23:60), naming the field
    const dateMessage = (field: string, value: string) =>
      new RegExp(
        `^(${field} is not a valid date-time: "${escape(
          value,
        )}" \\(|request/body/${field} must match format "date-time"$)`,
      );
    for (const field of ['startedAt', 'injectedAt', 'recoveredAt']) {
      for (const value of impossible) {
        await refused(
          () =>
            post('/evidence', {
              ...EVIDENCE,
              startedAt: '2027-01-01T00:00:00Z',
              injectedAt: undefined,
              recoveredAt: undefined,
              [field]: value,
            }),
          `evidence ${field} ${value}`,
          dateMessage(field, value),
        );
      }
    }
    for (const value of [
      ...impossible,
      '2028-02-30T00:00:00Z',
      '2029-02-29T00:00:00Z',
    ]) {
      await refused(
        () => post('/waivers', { ...WAIVER, expiresAt: value }, USERS.ana),
        `waiver expiresAt ${value}`,
        dateMessage('expiresAt', value),
      );
    }
    // 2028 and 2000 are leap years; an offset may move the instant to the next day
    const waiver = await post(
      '/waivers',
      { ...WAIVER, expiresAt: '2028-02-29T00:00:00Z' },
      USERS.ana,
    );
    expect(waiver.status).toBe(201);
    expect(waiver.body.expiresAt).toBe('2028-02-29T00:00:00.000Z');
    const evidence = await post('/evidence', {
      ...EVIDENCE,
      startedAt: '2000-02-29T12:00:00Z',
      injectedAt: '2024-02-29T23:30:00-01:00',
      recoveredAt: '2024-03-01t00:45:00.1234z',
    });
    expect(evidence.status).toBe(201);
    expect(evidence.body).toMatchObject({
      startedAt: '2000-02-29T12:00:00.000Z',
      injectedAt: '2024-03-01T00:30:00.000Z',
      recoveredAt: '2024-03-01T00:45:00.123Z',
    });
  });

  it('refuses impossible dates in the time filters of /history and /snapshots, and reads offsets as instants', async () => {
    const get = (url: string) =>
      request(app).get(url).set('authorization', as(USERS.carla));
    for (const [path, field, value] of [
      ['/history?scope=fleet&', 'from', '2027-02-30T00:00:00Z'],
      ['/history?scope=fleet&', 'to', '2026-04-31T00:00:00Z'],
      ['/snapshots?', 'from', '2027-02-29T00:00:00Z'],
      ['/snapshots?', 'to', '2026-06-10T24:00:00Z'],
    ]) {
      await refused(
        () => get(`${path}${field}=${encodeURIComponent(value)}`),
        `${path}${field}=${value}`,
        new RegExp(`^${field} is not a valid date-time: "${value}"`),
      );
    }
    // a filter is an instant: one millisecond after the oldest snapshot, written at
    // UTC-02:00, leaves it out (compared as text it would be kept)
    const all = await get('/snapshots?limit=500');
    expect(all.status).toBe(200);
    const oldest = Math.min(
      ...all.body.items.map((i: { takenAt: string }) => Date.parse(i.takenAt)),
    );
    const local = new Date(oldest + 1 - 2 * 3600_000)
      .toISOString()
      .replace('Z', '-02:00');
    const since = await get(`/snapshots?from=${encodeURIComponent(local)}`);
    expect(since.status).toBe(200);
    expect(since.body.total).toBe(all.body.total - 1);
  });

  it('accepts only http and https evidence links, naming the refused link', async () => {
    for (const [links, index] of [
      [[`${SCRIPT}:alert(1)`], 0],
      [['data:text/html,<script>alert(1)</script>'], 0],
      [['file:///etc/passwd'], 0],
      [['ftp://files.example/runbook.txt'], 0],
      [
        ['https://runbooks.example/alpha', `${SCRIPT.toUpperCase()}:alert(1)`],
        1,
      ],
      [['https://runbooks.example/alpha', 'vbscript:msgbox(1)'], 1],
      [['/runbooks/alpha'], 0],
      [['runbooks.example/alpha'], 0],
    ] as const) {
      await refused(
        () => post('/evidence', { ...EVIDENCE, links }),
        `links ${JSON.stringify(links)}`,
        // ours names links[i]; the validator refuses some first, as links/i
        new RegExp(`links(\\[${index}\\]|/${index}) `),
      );
    }
    const accepted = await post('/evidence', {
      ...EVIDENCE,
      links: ['https://runbooks.example/alpha', 'http://grafana.example/d/1'],
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.links).toEqual([
      'https://runbooks.example/alpha',
      'http://grafana.example/d/1',
    ]);
  });

  it('shows no stack trace in 4xx and 5xx error bodies under NODE_ENV=production', async () => {
    const env = process.env.NODE_ENV;
    /** A 400 and a 500 of an API built under `nodeEnv`. */
    async function errorBodies(nodeEnv: string) {
      process.env.NODE_ENV = nodeEnv;
      try {
        // the error handler decides on stack traces when it is created
        const built = await createTestApi(knex, { now: () => NOW });
        jest
          .spyOn(built.reads, 'listComponents')
          .mockRejectedValue(new Error('the database went away'));
        const clientError = await request(built.app)
          .get('/snapshots?limit=Infinity')
          .set('authorization', as(USERS.carla));
        const serverError = await request(built.app)
          .get('/components')
          .set('authorization', as(USERS.carla));
        return { clientError, serverError };
      } finally {
        process.env.NODE_ENV = env;
      }
    }
    const production = await errorBodies('production');
    expect(process.env.NODE_ENV).toBe(env);
    expect(production.clientError.status).toBe(400);
    expect(production.serverError.status).toBe(500);
    for (const response of [production.clientError, production.serverError]) {
      expect(Object.keys(response.body.error).sort()).toEqual([
        'message',
        'name',
      ]);
      expect(response.text).not.toMatch(/stack|\n\s+at /);
    }
    expect(production.serverError.body.error.message).toBe(
      'the database went away',
    );
    // the check can fail: in development the same errors carry their stack
    const development = await errorBodies('development');
    expect(development.clientError.body.error.stack).toMatch(/InputError/);
    expect(development.serverError.body.error.stack).toMatch(
      /the database went away\n\s+at /,
    );
  });
});
