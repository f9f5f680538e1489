import type { Knex } from 'knex';
import { createScorecardStores } from './index';
import { FacetIndex } from './facetIndex';
import type { ComponentFilter } from './interfaces';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from './__testUtils__/databases';
import {
  component,
  result,
  scorecard,
  snapshotOf,
} from './__testUtils__/scorecards';
import { FULL_VISIBILITY } from './types';

const databases = scorecardTestDatabases();
const LIST = { sort: 'name', order: 'asc', offset: 0, limit: 50 } as const;

/** Three components over two clusters, with the given status of `webhook.timeout` for gamma. */
function fleet(gammaTimeout: 'pass' | 'fail') {
  return [
    component(
      scorecard('component:default/alpha', {
        clusters: ['prod'],
        results: [
          result('ownership.owner-exists', 'pass'),
          result('webhook.timeout', 'fail', { cluster: 'prod' }),
        ],
      }),
    ),
    component(
      scorecard('component:default/beta', {
        clusters: ['prod', 'edge'],
        results: [
          result('ownership.owner-exists', 'warn'),
          // a check whose id extends another's: not one of webhook.timeout's statuses
          result('webhook.timeout-seconds', 'fail', { cluster: 'edge' }),
        ],
      }),
    ),
    component(
      scorecard('component:default/gamma', {
        clusters: ['edge'],
        results: [
          result('ownership.owner-exists', 'pass'),
          result('webhook.timeout', gammaTimeout, { cluster: 'edge' }),
        ],
      }),
    ),
  ];
}

const clusters = ['prod', 'edge'].map(name => ({
  name,
  source: 'dump' as const,
  collectedAt: '2025-05-01T10:00:00.000Z',
  stale: null,
  version: 'v1.31.0',
}));

describe.each(databases.ids)('facet index on %s', id => {
  const db = useMigratedDatabase(databases, id);

  async function write(knex: Knex, at: string, gamma: 'pass' | 'fail') {
    const stores = createScorecardStores(knex);
    return (
      await stores.snapshotWriter.writeSnapshot(
        snapshotOf(at, fleet(gamma), clusters),
      )
    ).snapshotId;
  }

  /** The component ids a filter keeps in a snapshot, through the component list. */
  async function listed(
    stores: ReturnType<typeof createScorecardStores>,
    snapshotId: number,
    filter: Record<string, unknown>,
  ) {
    const snapshot = await stores.snapshots.getSnapshot(snapshotId);
    const page = await stores.components.listComponents(
      snapshot!,
      filter,
      LIST,
      FULL_VISIBILITY,
    );
    return page.items.map(item => item.componentId.split('/')[1]);
  }

  it('keeps the sets that hold a cluster, a check, or a check at a status', async () => {
    const knex = db.get();
    const first = await write(knex, '2025-05-01T10:00:00.000Z', 'fail');
    const stores = createScorecardStores(knex);
    expect(await listed(stores, first, { cluster: ['prod'] })).toEqual([
      'alpha',
      'beta',
    ]);
    expect(await listed(stores, first, { cluster: ['prod', 'edge'] })).toEqual([
      'alpha',
      'beta',
      'gamma',
    ]);
    expect(await listed(stores, first, { checkId: 'webhook.timeout' })).toEqual(
      ['alpha', 'gamma'],
    );
    expect(
      await listed(stores, first, {
        checkId: 'ownership.owner-exists',
        status: 'warn',
      }),
    ).toEqual(['beta']);
    expect(
      await listed(stores, first, {
        checkId: 'webhook.timeout',
        status: 'fail',
        cluster: ['edge'],
      }),
    ).toEqual(['gamma']);
    expect(await listed(stores, first, { cluster: ['nowhere'] })).toEqual([]);
    expect(await listed(stores, first, { checkId: 'no.such-check' })).toEqual(
      [],
    );
  });

  it('answers each snapshot with its own sets, older ones after later writes too', async () => {
    const knex = db.get();
    const stores = createScorecardStores(knex);
    const first = await write(knex, '2025-05-01T10:00:00.000Z', 'fail');
    const failing = { checkId: 'webhook.timeout', status: 'fail' };
    expect(await listed(stores, first, failing)).toEqual(['alpha', 'gamma']);
    // gamma passes in the next snapshot: its state is closed at the first
    const second = await write(knex, '2025-05-01T11:00:00.000Z', 'pass');
    expect(await listed(stores, second, failing)).toEqual(['alpha']);
    expect(await listed(stores, first, failing)).toEqual(['alpha', 'gamma']);
  });

  it('does not keep the answer for a snapshot that is not written yet', async () => {
    const knex = db.get();
    const index = new FacetIndex(knex);
    const first = await write(knex, '2025-05-01T10:00:00.000Z', 'fail');
    const failing: ComponentFilter = {
      checkId: 'webhook.timeout',
      status: 'fail',
    };
    // read before the next snapshot exists (gamma still fails in the open rows)
    const early = await index.matches(first + 1, failing);
    expect(early.check).toHaveLength(2);
    await write(knex, '2025-05-01T11:00:00.000Z', 'pass');
    const late = await index.matches(first + 1, failing);
    expect(late.check).toHaveLength(1);
    expect(early.check).toEqual(expect.arrayContaining(late.check!));
    // no lookup, and no read, for a filter without cluster or check
    expect(await index.matches(first, { owner: ['team-a'] })).toEqual({});
  });
});
