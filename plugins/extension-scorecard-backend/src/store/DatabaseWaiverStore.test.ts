import { ConflictError, NotFoundError } from '@backstage/errors';
import type { Knex } from 'knex';
import { DatabaseAuditTrailStore } from './DatabaseAuditTrailStore';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from './__testUtils__/databases';
import { DatabaseWaiverStore } from './DatabaseWaiverStore';
import type { NewWaiver } from './interfaces';

jest.setTimeout(60_000);

const databases = scorecardTestDatabases();

const request: NewWaiver = {
  component: 'component:default/alpha',
  checkId: 'webhook.timeout',
  cluster: null,
  reason: 'vendor fix scheduled for the next release',
  expiresAt: '2025-06-01T00:00:00.000Z',
  requestedBy: 'user:default/ana',
  owner: 'group:default/team-a',
  now: '2025-05-01T00:00:00.000Z',
};

describe.each(databases.ids)('WaiverStore on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);
  let knex: Knex;
  let store: DatabaseWaiverStore;

  beforeEach(() => {
    knex = database.get();
    store = new DatabaseWaiverStore(knex);
  });

  it('walks the life cycle with a full audit trail', async () => {
    const waiver = await store.request(request);
    expect(waiver).toMatchObject({
      state: 'requested',
      active: false,
      owner: 'group:default/team-a',
    });

    const approved = await store.decide(waiver.id, 'approve', {
      actor: 'user:default/carla',
      comment: 'ok until June',
      now: '2025-05-02T00:00:00.000Z',
    });
    expect(approved).toMatchObject({
      state: 'approved',
      active: true,
      decidedBy: 'user:default/carla',
      decisionComment: 'ok until June',
    });
    expect(await store.active('2025-05-03T00:00:00.000Z')).toHaveLength(1);
    expect(await store.active('2025-06-02T00:00:00.000Z')).toHaveLength(0);

    const revoked = await store.decide(waiver.id, 'revoke', {
      actor: 'user:default/carla',
      comment: null,
      now: '2025-05-10T00:00:00.000Z',
    });
    expect(revoked.state).toBe('revoked');

    const trail = await new DatabaseAuditTrailStore(knex).forSubject(
      'waiver',
      waiver.id,
    );
    expect(trail.map(e => [e.action, e.actor])).toEqual([
      ['requested', 'user:default/ana'],
      ['approved', 'user:default/carla'],
      ['revoked', 'user:default/carla'],
    ]);
    expect(trail[1].changes.state).toEqual({
      from: 'requested',
      to: 'approved',
    });
  });

  it('refuses invalid transitions, duplicates and unknown waivers', async () => {
    const waiver = await store.request(request);
    await expect(store.request(request)).rejects.toThrow(ConflictError);
    // another cluster is another waiver
    await store.request({ ...request, cluster: 'prod' });

    await store.decide(waiver.id, 'reject', {
      actor: 'user:default/carla',
      comment: 'fix it instead',
      now: request.now,
    });
    await expect(
      store.decide(waiver.id, 'approve', {
        actor: 'x',
        comment: null,
        now: request.now,
      }),
    ).rejects.toThrow(ConflictError);
    await expect(
      store.decide(waiver.id, 'revoke', {
        actor: 'x',
        comment: null,
        now: request.now,
      }),
    ).rejects.toThrow(ConflictError);
    await expect(
      store.decide('nope', 'approve', {
        actor: 'x',
        comment: null,
        now: request.now,
      }),
    ).rejects.toThrow(NotFoundError);

    // rejected: a new request is allowed again
    await store.request(request);

    const expiring = await store.request({
      ...request,
      checkId: 'cert.expiry',
      expiresAt: '2025-05-01T12:00:00.000Z',
    });
    await expect(
      store.decide(expiring.id, 'approve', {
        actor: 'user:default/carla',
        comment: null,
        now: '2025-05-02T00:00:00.000Z',
      }),
    ).rejects.toThrow(/expired/);
  });

  it('lets exactly one of two concurrent decisions win', async () => {
    const waiver = await store.request(request);
    const outcomes = await Promise.allSettled([
      store.decide(waiver.id, 'approve', {
        actor: 'a',
        comment: null,
        now: request.now,
      }),
      store.decide(waiver.id, 'reject', {
        actor: 'b',
        comment: 'no',
        now: request.now,
      }),
    ]);
    expect(outcomes.filter(o => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter(o => o.status === 'rejected')).toHaveLength(1);
  });

  it('lists by state, activity, expiry and what was in force in a period', async () => {
    const a = await store.request(request);
    const b = await store.request({
      ...request,
      checkId: 'cert.expiry',
      expiresAt: '2025-05-20T00:00:00.000Z',
    });
    await store.request({ ...request, checkId: 'rbac.wildcards' });
    for (const w of [a, b]) {
      await store.decide(w.id, 'approve', {
        actor: 'user:default/carla',
        comment: null,
        now: '2025-05-02T00:00:00.000Z',
      });
    }
    const now = '2025-05-10T00:00:00.000Z';
    const list = (q: object) => store.list({ offset: 0, limit: 10, ...q }, now);
    expect((await list({ state: ['requested'] })).total).toBe(1);
    expect((await list({ active: true })).total).toBe(2);
    expect((await list({ active: false })).total).toBe(1);
    expect(
      (await list({ expiringWithinDays: 14 })).items.map(w => w.checkId),
    ).toEqual(['cert.expiry']);
    expect((await list({ owner: 'group:default/team-a' })).total).toBe(3);

    const q2 = await store.inForceDuring(
      '2025-04-01T00:00:00.000Z',
      '2025-07-01T00:00:00.000Z',
      '2025-07-01T00:00:00.000Z',
    );
    expect(q2.used.map(w => w.checkId).sort()).toEqual([
      'cert.expiry',
      'webhook.timeout',
    ]);
    expect(q2.expired.map(w => w.checkId).sort()).toEqual([
      'cert.expiry',
      'webhook.timeout',
    ]);
    const q3 = await store.inForceDuring(
      '2025-07-01T00:00:00.000Z',
      '2025-10-01T00:00:00.000Z',
      '2025-10-01T00:00:00.000Z',
    );
    expect(q3.used).toEqual([]);
  });
});
