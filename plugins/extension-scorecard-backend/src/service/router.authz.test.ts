/**
 * AuthZ through the real plugin wiring (plugin.ts, the backend's HTTP router and auth
 * policy, the services): every operation of the OpenAPI spec without credentials
 * answers 401, with a user lacking the permission 403, each with a message and
 * without writing anything; a waiver cannot be approved by its requester or by a
 * member of the owning group, whatever permissions they hold.
 */
import path from 'node:path';
import { mockCredentials } from '@backstage/backend-test-utils';
import { apiOperations } from '../__faults__/__testUtils__/apiOperations';
import { startScorecardBackend } from '../__faults__/__testUtils__/inProcessBackend';
import { rowCounts } from '../store/__testUtils__/databases';

jest.setTimeout(120_000);

const EXAMPLES = path.resolve(__dirname, '../../../../examples');
const READ = 'extension-scorecard.read';
const CATALOG_READ = 'catalog.entity.read';

/** Who may do what (users of examples/org.yaml plus two without roles). */
function allow(user: string | undefined, permission: string): boolean {
  if (user === 'user:default/nobody') return false;
  if (user === 'user:default/reader') {
    return permission === READ || permission === CATALOG_READ;
  }
  return true;
}

const as = (user: string) =>
  mockCredentials.user.header(`user:default/${user}`);

describe('authorization of every endpoint', () => {
  let scorecard: Awaited<ReturnType<typeof startScorecardBackend>>;
  let operations: ReturnType<typeof apiOperations>;
  const url = (u: string) => `${scorecard.base}${u}`;

  /** Requests a waiver on metrics-server (owned by team-api-platform) as bilal.haddad. */
  async function requestWaiver(checkId: string): Promise<string> {
    const response = await scorecard.api
      .post(url('/waivers'))
      .set('authorization', as('bilal.haddad'))
      .send({
        component: 'component:default/metrics-server',
        checkId,
        reason: 'the CRD rewrite lands next quarter',
        expiresAt: new Date(Date.now() + 30 * 86400_000).toISOString(),
      });
    expect(response.status).toBe(201);
    return response.body.id;
  }

  beforeAll(async () => {
    scorecard = await startScorecardBackend({
      clusters: [],
      allow,
      config: {
        extensionScorecard: {
          dumps: ['prod-eu', 'staging-us'].map(name => ({
            name,
            directory: path.join(EXAMPLES, 'clusters', name),
          })),
        },
      },
    });
    await scorecard.refresh(as('hana.sato'));
    const run = await scorecard.refresh(as('hana.sato'));
    const snapshots = (
      await scorecard.api
        .get(url('/snapshots'))
        .set('authorization', as('hana.sato'))
    ).body.items;
    const quarters = (
      await scorecard.api
        .get(url('/audit/quarters'))
        .set('authorization', as('hana.sato'))
    ).body.items;
    operations = apiOperations({
      componentId: 'component:default/metrics-server',
      snapshotId: snapshots[0].id,
      previousSnapshotId: snapshots[1].id,
      quarter: quarters[0].quarter,
      refreshId: run.id,
      waiverId: await requestWaiver('aggregated.justified'),
      campaignId: (
        await scorecard.api
          .post(url('/campaigns'))
          .set('authorization', as('hana.sato'))
          .send({
            title: 'Aggregated APIs justified',
            why: 'Every aggregated API says why a CRD would not do.',
            goal: { checks: ['aggregated.justified'] },
            scope: {},
            startsAt: '2025-01-01T00:00:00Z',
            deadline: '2025-12-31T00:00:00Z',
          })
      ).body.id,
      savedFilterId: (
        await scorecard.api
          .post(url('/saved-filters'))
          .set('authorization', as('hana.sato'))
          .send({
            name: 'Aggregated APIs',
            filters: { kind: ['aggregated-api'] },
          })
      ).body.id,
    });
  });

  afterAll(() => scorecard?.stop());

  function send(operation: (typeof operations)[number], header?: string) {
    let request =
      operation.method === 'get'
        ? scorecard.api.get(url(operation.url))
        : scorecard.api[operation.method](url(operation.url)).send(
            operation.body ?? {},
          );
    for (const [name, value] of Object.entries(operation.headers)) {
      request = request.set(name, value);
    }
    return header ? request.set('authorization', header) : request;
  }

  it('covers every operation of the spec', () => {
    const names = operations.map(o => o.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /components',
        'POST /evidence',
        'POST /waivers/{waiverId}/approve',
        'POST /refresh',
        'GET /audit/{quarter}/export (json)',
      ]),
    );
    expect(names.length).toBeGreaterThanOrEqual(27);
  });

  it('answers 401 with a message to every request without credentials (but /health), writing nothing', async () => {
    const before = await rowCounts(scorecard.knex);
    const answers: string[] = [];
    for (const operation of operations) {
      const response = await send(operation);
      const message =
        typeof response.body?.error?.message === 'string' ? 'message' : 'none';
      answers.push(`${operation.name} ${response.status} ${message}`);
    }
    expect(answers).toEqual(
      operations.map(o =>
        o.name === 'GET /health'
          ? `${o.name} 200 none`
          : `${o.name} 401 message`,
      ),
    );
    expect(await rowCounts(scorecard.knex)).toEqual(before);
  });

  it('answers 403 with a message to a user without any permission, writing nothing', async () => {
    const before = await rowCounts(scorecard.knex);
    const answers: string[] = [];
    for (const operation of operations.filter(o => o.name !== 'GET /health')) {
      const response = await send(operation, as('nobody'));
      answers.push(
        `${operation.name} ${response.status} ${
          response.body?.error?.message ?? 'no message'
        }`,
      );
    }
    for (const answer of answers) {
      expect(answer).toMatch(
        /^\S+ \S+( \([a-z-]+\))? 403 Missing permission extension-scorecard\./,
      );
    }
    expect(await rowCounts(scorecard.knex)).toEqual(before);
  });

  it('answers 403 to every write and the audit export of a user who may only read, writing nothing', async () => {
    const before = await rowCounts(scorecard.knex);
    const answers: string[] = [];
    for (const operation of operations) {
      const response = await send(operation, as('reader'));
      const missing = /^Missing permission/.test(
        response.body?.error?.message ?? '',
      );
      answers.push(
        `${operation.name} ${response.status}${
          missing ? ' missing permission' : ''
        }`,
      );
    }
    // the audit export is a permission of its own (platform admins in the shipped policy)
    const refused = (name: string, write: boolean) =>
      write || name.startsWith('GET /audit/{quarter}/export');
    const expected = (o: (typeof operations)[number]) => {
      // every reader saves filters; deletes only their own (or with campaign.manage)
      if (o.name === 'POST /saved-filters') return `${o.name} 201`;
      if (o.name === 'DELETE /saved-filters/{savedFilterId}') {
        return `${o.name} 403`;
      }
      return refused(o.name, o.write)
        ? `${o.name} 403 missing permission`
        : `${o.name} 200`;
    };
    expect(answers).toEqual(operations.map(expected));
    // the saved filter, and its audit event
    expect(await rowCounts(scorecard.knex)).toEqual({
      ...before,
      saved_filters: before.saved_filters + 1,
      audit_events: before.audit_events + 1,
    });
  });

  it('refuses approval by the requester and by members of the owning group, whatever their permissions', async () => {
    const waiverId = await requestWaiver('availability.replicas');
    const approve = (user: string) =>
      scorecard.api
        .post(url(`/waivers/${waiverId}/approve`))
        .set('authorization', as(user))
        .send({ comment: 'fine by me' });
    const before = await rowCounts(scorecard.knex);

    const own = await approve('bilal.haddad');
    expect(own.status).toBe(403);
    expect(own.body.error.message).toMatch(/You requested this waiver/);
    // chen.wei: team-api-platform; alice.nguyen: team-api-platform and platform-admins
    for (const member of ['chen.wei', 'alice.nguyen']) {
      const response = await approve(member);
      expect({ member, status: response.status }).toEqual({
        member,
        status: 403,
      });
      expect(response.body.error.message).toMatch(
        /belong to group:default\/team-api-platform, which owns component:default\/metrics-server/,
      );
    }
    expect(await rowCounts(scorecard.knex)).toEqual(before);
    const requested = await scorecard.api
      .get(url(`/waivers/${waiverId}`))
      .set('authorization', as('hana.sato'));
    expect(requested.body.waiver.state).toBe('requested');

    // hana.sato belongs to the parent group only: outside the owning group
    const approved = await approve('hana.sato');
    expect(approved.status).toBe(200);
    expect(approved.body.state).toBe('approved');
  });
});
