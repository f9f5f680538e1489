import type { Knex } from 'knex';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from './__testUtils__/databases';
import { DatabaseRefreshRunStore } from './DatabaseRefreshRunStore';

jest.setTimeout(60_000);

const databases = scorecardTestDatabases();

describe.each(databases.ids)('RefreshRunStore on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);
  let knex: Knex;
  let store: DatabaseRefreshRunStore;

  beforeEach(() => {
    knex = database.get();
    store = new DatabaseRefreshRunStore(knex);
  });

  it('tracks a run and per-cluster progress', async () => {
    const run = await store.create({
      trigger: 'manual',
      scope: 'all',
      target: null,
      requestedBy: 'user:default/ana',
      clusters: ['prod', 'staging'],
      now: '2025-05-01T10:00:00.000Z',
    });
    expect(run).toMatchObject({
      state: 'queued',
      phase: 'queued',
      snapshotId: null,
    });
    expect(await store.active('2025-05-01T09:00:00.000Z')).toMatchObject({
      id: run.id,
    });

    await store.update(run.id, {
      state: 'running',
      phase: 'collecting',
      startedAt: '2025-05-01T10:00:01.000Z',
    });
    await store.updateCluster(run.id, 'prod', {
      state: 'succeeded',
      objectCount: 42,
    });
    await store.updateCluster(run.id, 'staging', {
      state: 'failed',
      error: 'timeout',
    });
    await store.update(run.id, {
      state: 'succeeded',
      phase: 'done',
      finishedAt: '2025-05-01T10:01:00.000Z',
      snapshotId: 7,
    });
    const done = await store.get(run.id);
    expect(done).toMatchObject({ state: 'succeeded', snapshotId: 7 });
    expect(
      done?.clusters.map(c => [c.cluster, c.state, c.objectCount, c.error]),
    ).toEqual([
      ['prod', 'succeeded', 42, null],
      ['staging', 'failed', null, 'timeout'],
    ]);
    expect(await store.active('2025-05-01T09:00:00.000Z')).toBeUndefined();
    expect((await store.latest())?.id).toBe(run.id);
  });

  it('keeps every cluster of concurrent progress updates', async () => {
    const clusters = Array.from({ length: 8 }, (_, i) => `c${i}`);
    const run = await store.create({
      trigger: 'manual',
      scope: 'all',
      target: null,
      requestedBy: null,
      clusters,
      now: '2025-05-01T10:00:00.000Z',
    });
    await Promise.all(
      clusters.map(cluster =>
        store.updateCluster(run.id, cluster, { state: 'succeeded' }),
      ),
    );
    const done = await store.get(run.id);
    expect(done?.clusters.map(c => c.state)).toEqual(
      clusters.map(() => 'succeeded'),
    );
  });

  it('fails abandoned runs and prunes old ones', async () => {
    for (const minute of ['00', '01', '02']) {
      await store.create({
        trigger: 'schedule',
        scope: 'all',
        target: null,
        requestedBy: null,
        clusters: [],
        now: `2025-05-01T10:${minute}:00.000Z`,
      });
    }
    expect(
      await store.failAbandoned(
        '2025-05-01T10:02:00.000Z',
        '2025-05-01T11:00:00.000Z',
      ),
    ).toBe(2);
    expect((await store.latest())?.state).toBe('queued');
    expect(await store.prune(1)).toBe(2);
  });
});
