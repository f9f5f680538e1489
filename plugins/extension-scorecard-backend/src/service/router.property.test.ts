/**
 * Property-based tests of every write endpoint (fast-check): malformed, oversized,
 * wrong-typed, unicode and injection-style input.
 *
 * - A body that is invalid by construction (one required field missing, one field of
 *   the wrong type, too long, not an allowed value, an unknown field, not an object, a
 *   bad idempotency key, over 64 KiB) is answered 4xx with a message, never 5xx, and
 *   writes nothing: the row count of every table is unchanged.
 * - A well-formed body carrying hostile text in its free-text fields is either refused
 *   with a 4xx and a message, or stored: then exactly what was sent is read back.
 */
import fc from 'fast-check';
import type { RawDatabase } from '../store/__testUtils__/rawDatabase';
import request from 'supertest';
import {
  hostileString,
  INJECTION_STRINGS,
  nonObjectBody,
  nonString,
  oversizedString,
} from '../__faults__/__testUtils__/hostileInput';
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

jest.setTimeout(180_000);

const databases = scorecardTestDatabases();
const NOW = new Date('2025-05-02T00:00:00.000Z');
const ALPHA = 'component:default/alpha';

const EVIDENCE = {
  component: ALPHA,
  cluster: 'prod',
  scenario: 'webhook-backend-down',
  tool: 'chaos-mesh',
  startedAt: '2025-04-30T10:00:00Z',
  recoveredAt: '2025-04-30T10:04:00Z',
  verdict: 'pass',
  observations: { matchScope: 'pods', failurePolicy: 'Ignore' },
  links: ['https://runbooks.example/alpha'],
};
const WAIVER = {
  component: ALPHA,
  checkId: 'webhook.timeout',
  cluster: 'prod',
  reason: 'the vendor ships a 5 s timeout in the next release',
  expiresAt: '2025-06-01T00:00:00Z',
};
const REFRESH = { scope: 'cluster', cluster: 'prod' };

/** A JSON body's fields: which are required, which are text, their limits and values. */
interface BodyShape {
  valid: Record<string, unknown>;
  required: string[];
  /** Text fields and their maxLength. */
  text: Record<string, number>;
  /** Fields restricted to a set of values or a format (enum, pattern, date-time, uri). */
  restricted: string[];
}

const SHAPES: Record<string, BodyShape> = {
  evidence: {
    valid: EVIDENCE,
    required: ['component', 'cluster', 'scenario', 'startedAt', 'verdict'],
    text: { component: 400, cluster: 200, scenario: 200, tool: 100 },
    restricted: ['scenario', 'startedAt', 'recoveredAt', 'verdict'],
  },
  waiver: {
    valid: WAIVER,
    required: ['component', 'checkId', 'reason', 'expiresAt'],
    text: { component: 400, checkId: 200, cluster: 200, reason: 2000 },
    restricted: ['expiresAt'],
  },
  decision: {
    valid: { comment: 'a comment' },
    required: [],
    text: { comment: 2000 },
    restricted: [],
  },
  refresh: {
    valid: REFRESH,
    required: ['scope'],
    text: { cluster: 200, componentId: 400 },
    restricted: ['scope'],
  },
};

/** A body with exactly one thing wrong with it. */
function corrupted(
  shape: BodyShape,
): fc.Arbitrary<{ why: string; body: unknown }> {
  const fields = Object.keys(shape.valid);
  const cases: Array<fc.Arbitrary<{ why: string; body: unknown }>> = [
    nonObjectBody().map(body => ({ why: 'not an object', body })),
    fc
      .tuple(
        hostileString(30).filter(k => k !== '' && !(k in shape.valid)),
        fc.jsonValue(),
      )
      .map(([key, value]) => ({
        why: `unknown field ${JSON.stringify(key)}`,
        body: { ...shape.valid, [key]: value },
      })),
    fc
      .tuple(fc.constantFrom(...fields), nonString())
      .filter(
        ([field, value]) =>
          // objects where objects are expected are fine
          !(
            field === 'observations' &&
            typeof value === 'object' &&
            value &&
            !Array.isArray(value)
          ) &&
          !(field === 'links' && Array.isArray(value) && value.length === 0) &&
          !(field === 'cluster' && value === null && shape === SHAPES.waiver),
      )
      .map(([field, value]) => ({
        why: `${field} of the wrong type`,
        body: { ...shape.valid, [field]: value },
      })),
    fc.constantFrom(...Object.entries(shape.text)).chain(([field, limit]) =>
      oversizedString(limit).map(value => ({
        why: `${field} longer than ${limit}`,
        body: { ...shape.valid, [field]: value },
      })),
    ),
    fc.constantFrom(...Object.keys(shape.text)).map(field => ({
      why: `${field} empty`,
      body: { ...shape.valid, [field]: '' },
    })),
  ];
  if (shape.required.length) {
    cases.push(
      fc.constantFrom(...shape.required).map(field => {
        const { [field]: _dropped, ...rest } = shape.valid;
        return { why: `${field} missing`, body: rest };
      }),
    );
  }
  if (shape.restricted.length) {
    cases.push(
      fc
        .tuple(
          fc.constantFrom(...shape.restricted),
          hostileString(50).filter(s => !/^\d{4}-\d\d-\d\dT/.test(s)),
        )
        .map(([field, value]) => ({
          why: `${field} not an allowed value`,
          body: { ...shape.valid, [field]: value },
        })),
    );
  }
  return fc.oneof(...cases);
}

/** Sends; the answer must be 4xx with a message and nothing may change. */
async function expectRefused(
  knex: RawDatabase,
  send: () => request.Test,
  why: string,
) {
  const before = await rowCounts(knex);
  const response = await send();
  const outcome = {
    why,
    status: response.status,
    clientError: response.status >= 400 && response.status < 500,
    message: typeof response.body?.error?.message === 'string',
  };
  expect(outcome).toEqual({
    why,
    status: outcome.status,
    clientError: true,
    message: true,
  });
  expect(await rowCounts(knex)).toEqual(before);
}

/** What became of a submission: stored exactly as sent, or refused with a message. */
function outcomeOf(
  response: request.Response,
  storedAsSent: () => Promise<boolean>,
): Promise<string> {
  if (response.status === 201) {
    return storedAsSent().then(same =>
      same ? 'stored as sent' : 'stored altered',
    );
  }
  const message = typeof response.body?.error?.message === 'string';
  return Promise.resolve(
    response.status >= 400 && response.status < 500 && message
      ? 'refused with a message'
      : `answered ${response.status}`,
  );
}

describe.each(databases.ids)(
  'write endpoints under hostile input on %p',
  databaseId => {
    const database = useMigratedDatabase(databases, databaseId);
    // fewer runs on PostgreSQL: the same code, a slower round trip
    const numRuns = databaseId === 'SQLITE_3' ? 60 : 20;
    let knex: RawDatabase;
    let app: Parameters<typeof request>[0];
    let waiverId: string;

    beforeEach(async () => {
      knex = database.get();
      const api = await createTestApi(knex, { now: () => NOW });
      app = api.app;
      await api.stores.snapshotWriter.writeSnapshot(
        snapshotOf('2025-05-01T10:00:00.000Z', [
          component(
            scorecard(ALPHA, {
              results: [
                result('ownership.owner-exists', 'pass'),
                result('webhook.timeout', 'warn', { cluster: 'prod' }),
              ],
            }),
          ),
        ]),
      );
      const requested = await request(app)
        .post('/waivers')
        .set('authorization', as(USERS.ana))
        .send({ ...WAIVER, checkId: 'ownership.owner-exists', cluster: null });
      if (requested.status !== 201) {
        throw new Error(`seeding a waiver failed: ${requested.text}`);
      }
      waiverId = requested.body.id;
    });

    const refused = (send: () => request.Test, why: string) =>
      expectRefused(knex, send, why);

    it('POST /evidence refuses every malformed body or key with a 4xx, writing nothing', async () => {
      expect.hasAssertions();
      await fc.assert(
        fc.asyncProperty(corrupted(SHAPES.evidence), async ({ why, body }) => {
          await refused(
            () =>
              request(app)
                .post('/evidence')
                .set('authorization', as(USERS.carla))
                .set('idempotency-key', 'property-key-1')
                .type('json')
                .send(JSON.stringify(body)),
            why,
          );
        }),
        { numRuns },
      );
      await fc.assert(
        fc
          .asyncProperty(
            fc
              .oneof(
                hostileString(40),
                oversizedString(200),
                fc.constant(undefined),
              )
              // 8-200 printable ASCII characters make a valid key
              .filter(k => k === undefined || !/^[\x21-\x7e]{8,200}$/.test(k)),
            async key => {
              await refused(() => {
                const req = request(app)
                  .post('/evidence')
                  .set('authorization', as(USERS.carla));
                // header values must be sendable at all; what is not is never received
                const sendable =
                  key !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(key)
                    ? key
                    : undefined;
                return (
                  sendable === undefined
                    ? req
                    : req.set('idempotency-key', sendable)
                ).send(EVIDENCE);
              }, `idempotency key ${JSON.stringify(key)?.slice(0, 40)}`);
            },
          )
          .beforeEach(() => undefined),
        {
          numRuns,
          // a printable ASCII key of 8..200 characters is a valid key
          examples: [[''], ['short'], ['ключ-ключ-ключ']],
        },
      );
    });

    it('POST /waivers refuses every malformed body with a 4xx, writing nothing', async () => {
      expect.hasAssertions();
      await fc.assert(
        fc.asyncProperty(corrupted(SHAPES.waiver), async ({ why, body }) => {
          await refused(
            () =>
              request(app)
                .post('/waivers')
                .set('authorization', as(USERS.ana))
                .type('json')
                .send(JSON.stringify(body)),
            why,
          );
        }),
        { numRuns },
      );
    });

    it('POST /waivers/{id}/approve|reject|revoke refuse malformed bodies and hostile ids with a 4xx, writing nothing', async () => {
      expect.hasAssertions();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('approve', 'reject', 'revoke'),
          fc.oneof(
            corrupted(SHAPES.decision).filter(
              // {} without a comment is a valid approve or revoke
              c =>
                typeof c.body !== 'object' ||
                c.body === null ||
                Object.keys(c.body).length > 0,
            ),
            fc.constant({ why: 'reject without comment', body: {} }),
          ),
          async (decision, { why, body }) => {
            if (why === 'reject without comment' && decision !== 'reject')
              return;
            await refused(
              () =>
                request(app)
                  .post(`/waivers/${waiverId}/${decision}`)
                  .set('authorization', as(USERS.carla))
                  .type('json')
                  .send(JSON.stringify(body)),
              `${decision}: ${why}`,
            );
          },
        ),
        { numRuns },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('approve', 'reject', 'revoke'),
          fc.oneof(
            fc
              .oneof(hostileString(120), oversizedString(100))
              .filter(id => id.trim() !== '' && id.isWellFormed())
              .map(encodeURIComponent),
            // raw percent-encodings: NUL, a lone surrogate, a byte that is no UTF-8
            fc.constantFrom(
              '%00',
              'a%00b',
              '%ED%A0%80',
              '%FF',
              '..%2F..%2Fsnapshots',
            ),
          ),
          async (decision, id) => {
            await refused(
              () =>
                request(app)
                  .post(`/waivers/${id}/${decision}`)
                  .set('authorization', as(USERS.carla))
                  .send({ comment: 'decided' }),
              `${decision} of waiver ${id.slice(0, 40)}`,
            );
          },
        ),
        { numRuns },
      );
    });

    it('POST /refresh refuses every malformed body with a 4xx, starting nothing', async () => {
      expect.hasAssertions();
      await fc.assert(
        fc.asyncProperty(
          fc
            .oneof(
              corrupted(SHAPES.refresh),
              hostileString(80).map(cluster => ({
                why: `unknown cluster ${JSON.stringify(cluster).slice(0, 40)}`,
                body: { scope: 'cluster', cluster },
              })),
              hostileString(80).map(componentId => ({
                why: `unknown component ${JSON.stringify(componentId).slice(
                  0,
                  40,
                )}`,
                body: { scope: 'component', componentId },
              })),
            )
            .filter(
              c =>
                JSON.stringify(c.body) !==
                  JSON.stringify({ scope: 'cluster', cluster: 'prod' }) &&
                JSON.stringify(c.body) !==
                  JSON.stringify({ scope: 'cluster', cluster: 'staging' }),
            ),
          async ({ why, body }) => {
            await refused(
              () =>
                request(app)
                  .post('/refresh')
                  .set('authorization', as(USERS.carla))
                  .type('json')
                  .send(JSON.stringify(body)),
              why,
            );
          },
        ),
        { numRuns },
      );
    });

    it('every write endpoint answers 413 to a body over 64 KiB, writing nothing', async () => {
      expect.hasAssertions();
      const huge = 'é'.repeat(MAX_BODY_BYTES);
      const target = app;
      for (const [url, headers] of [
        ['/evidence', { 'idempotency-key': 'property-key-huge' }],
        ['/waivers', {}],
        [`/waivers/${waiverId}/approve`, {}],
        [`/waivers/${waiverId}/reject`, {}],
        [`/waivers/${waiverId}/revoke`, {}],
        ['/refresh', {}],
      ] as const) {
        await refused(() => {
          const req = request(target)
            .post(url)
            .set('authorization', as(USERS.carla));
          for (const [k, v] of Object.entries(headers)) req.set(k, v);
          return req.send({ comment: huge, reason: huge });
        }, `${url} oversized`);
      }
    });

    it('read endpoints answer hostile query parameters and ids with 2xx or a 4xx with a message, never 5xx', async () => {
      expect.hasAssertions();
      const reads = [
        '/components',
        `/components/${encodeURIComponent(ALPHA)}`,
        '/summaries/teams',
        '/summaries/heatmap',
        '/history',
        '/snapshots',
        '/snapshot-diff',
        '/audit-trail',
        '/evidence',
        '/waivers',
        '/audit/2025-Q2/export',
      ];
      const params = [
        'search',
        'owner',
        'kind',
        'cluster',
        'level',
        'status',
        'checkId',
        'sort',
        'order',
        'offset',
        'limit',
        'snapshot',
        'from',
        'to',
        'scope',
        'key',
        'format',
        'component',
        'state',
        'orphan',
        'stale',
        'active',
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...reads),
          fc.constantFrom(...params),
          fc.oneof(
            hostileString(100)
              .filter(v => v.isWellFormed())
              .map(encodeURIComponent),
            fc.constantFrom(
              '%00',
              '%ED%A0%80',
              '%FF',
              '-1',
              '1e309',
              '99999999999999999999',
            ),
          ),
          async (path, name, value) => {
            const response = await request(app)
              .get(`${path}?${name}=${value}`)
              .set('authorization', as(USERS.carla));
            const outcome =
              response.status < 300 ||
              (response.status < 500 &&
                typeof response.body?.error?.message === 'string')
                ? 'answered'
                : `answered ${response.status}: ${response.text.slice(0, 200)}`;
            expect({ path, name, value, outcome }).toEqual({
              path,
              name,
              value,
              outcome: 'answered',
            });
          },
        ),
        { numRuns: numRuns * 2 },
      );
      for (const id of ['%00', 'a%00b', '%ED%A0%80', '%FF']) {
        const response = await request(app)
          .get(`/components/${id}`)
          .set('authorization', as(USERS.carla));
        expect({ id, status: response.status }).toEqual({ id, status: 400 });
      }
    });

    it('stores hostile text in valid submissions exactly as sent, or refuses it with a 4xx', async () => {
      expect.hasAssertions();
      let key = 0;
      await fc.assert(
        fc.asyncProperty(
          hostileString(200),
          fc.dictionary(hostileString(40), hostileString(100), { maxKeys: 4 }),
          async (text, observations) => {
            key += 1;
            const evidence = await request(app)
              .post('/evidence')
              .set('authorization', as(USERS.carla))
              .set('idempotency-key', `property-valid-${key}`)
              .send({
                ...EVIDENCE,
                tool: text.slice(0, 100) || 'x',
                observations,
              });
            const tool = text.slice(0, 100) || 'x';
            const evidenceOutcome = await outcomeOf(evidence, async () => {
              const listed = await request(app)
                .get(
                  `/evidence?component=${encodeURIComponent(ALPHA)}&limit=500`,
                )
                .set('authorization', as(USERS.carla));
              const stored = listed.body.items.find(
                (e: any) => e.id === evidence.body.id,
              );
              return (
                // tool is stored trimmed, like waiver reasons
                stored.tool === tool.trim() &&
                JSON.stringify(stored.observations) ===
                  JSON.stringify(observations)
              );
            });
            expect(evidenceOutcome).toMatch(
              /^(stored as sent|refused with a message)$/,
            );

            const reason = `reason: ${text}`.slice(0, 2000);
            const waiver = await request(app)
              .post('/waivers')
              .set('authorization', as(USERS.ana))
              .send({ ...WAIVER, reason });
            const waiverOutcome = await outcomeOf(waiver, async () => {
              const read = await request(app)
                .get(`/waivers/${waiver.body.id}`)
                .set('authorization', as(USERS.ana));
              // revoked, so the next one may be requested again
              await request(app)
                .post(`/waivers/${waiver.body.id}/revoke`)
                .set('authorization', as(USERS.ana))
                .send({});
              return read.body.waiver.reason === reason.trim();
            });
            expect(waiverOutcome).toMatch(
              /^(stored as sent|refused with a message)$/,
            );
          },
        ),
        { numRuns, examples: INJECTION_STRINGS.map(s => [s, { [s]: s }]) },
      );
    });
  },
);
