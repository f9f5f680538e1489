import type { Knex } from 'knex';
import type { ClusterCollection } from '../collect/types';
import { DatabaseClusterCollectionStore } from './DatabaseClusterCollectionStore';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from './__testUtils__/databases';
import { DatabaseNotificationLogStore } from './DatabaseNotificationLogStore';

jest.setTimeout(60_000);

const databases = scorecardTestDatabases();

function collection(
  overrides: Partial<ClusterCollection> = {},
): ClusterCollection {
  return {
    cluster: 'prod',
    source: 'live',
    collectedAt: '2025-05-01T10:00:00.000Z',
    version: { major: '1', minor: '31', gitVersion: 'v1.31.2' },
    versionStatus: { state: 'ok' },
    reads: {
      deployments: { state: 'ok' },
      certificates: {
        state: 'not-served',
        reason: 'cert-manager not installed',
      },
      clusterroles: { state: 'forbidden', reason: '403' },
    },
    objects: {
      deployments: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'a', namespace: 'x' },
        },
      ],
    },
    ...overrides,
  };
}

describe.each(databases.ids)('ClusterCollectionStore on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);
  let knex: Knex;
  let store: DatabaseClusterCollectionStore;

  beforeEach(() => {
    knex = database.get();
    store = new DatabaseClusterCollectionStore(knex);
  });

  it('keeps the last good data and marks it stale after a failed attempt', async () => {
    await store.save(collection(), '2025-05-01T10:00:00.000Z');
    expect(await store.latest()).toEqual([collection()]);

    await store.save(
      collection({ error: 'connect ETIMEDOUT', objects: {}, reads: {} }),
      '2025-05-01T11:00:00.000Z',
    );
    const [stale] = await store.latest();
    expect(stale.objects.deployments).toHaveLength(1);
    expect(stale.stale).toEqual({
      reason: 'connect ETIMEDOUT',
      lastSuccessAt: '2025-05-01T10:00:00.000Z',
    });

    const [status] = await store.statuses([{ name: 'prod', type: 'live' }]);
    expect(status).toMatchObject({
      name: 'prod',
      version: 'v1.31.2',
      stale: true,
      error: 'connect ETIMEDOUT',
      lastAttemptAt: '2025-05-01T11:00:00.000Z',
      lastSuccessAt: '2025-05-01T10:00:00.000Z',
      objectCount: 1,
    });
    expect(status.unreadable.map(u => u.resource)).toEqual([
      'certificates',
      'clusterroles',
    ]);

    await store.save(
      collection({ collectedAt: '2025-05-01T12:00:00.000Z' }),
      '2025-05-01T12:00:00.000Z',
    );
    const [fresh] = await store.latest();
    expect(fresh.stale).toBeUndefined();
  });

  it('reports clusters that never succeeded, and configured ones never tried', async () => {
    await store.save(
      collection({
        cluster: 'edge',
        error: 'no route to host',
        objects: {},
        reads: {},
      }),
      '2025-05-01T10:00:00.000Z',
    );
    const [edge] = await store.latest(['edge']);
    expect(edge).toMatchObject({
      cluster: 'edge',
      error: 'no route to host',
      objects: {},
    });
    expect(edge.stale).toBeUndefined();
    const statuses = await store.statuses([
      { name: 'edge', type: 'live' },
      { name: 'lab', type: 'dump' },
    ]);
    expect(
      statuses.map(s => [s.name, s.stale, s.error, s.lastAttemptAt]),
    ).toEqual([
      ['edge', false, 'no route to host', '2025-05-01T10:00:00.000Z'],
      ['lab', false, null, null],
    ]);
  });

  it('logs sent notifications once', async () => {
    const log = new DatabaseNotificationLogStore(knex);
    expect(await log.unsent(['a', 'b', 'a'])).toEqual(['a', 'b']);
    await log.markSent(['a'], '2025-05-01T00:00:00.000Z');
    await log.markSent(['a'], '2025-05-02T00:00:00.000Z');
    expect(await log.unsent(['a', 'b'])).toEqual(['b']);
    expect(await log.prune('2025-06-01T00:00:00.000Z')).toBe(1);
  });
});
