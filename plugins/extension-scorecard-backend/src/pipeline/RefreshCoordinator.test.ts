import { mockServices } from '@backstage/backend-test-utils';
import { ConflictError } from '@backstage/errors';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import type { RawDatabase } from '../store/__testUtils__/rawDatabase';
import path from 'node:path';
import { readChecksConfig } from '../checks';
import { ConfigReader } from '@backstage/config';
import { readCatalogFiles } from '../collect/catalog';
import { createDumpClusterSource } from '../collect/dumps';
import type { ClusterSource } from '../collect/types';
import {
  createScorecardStores,
  FULL_VISIBILITY,
  type ScorecardStores,
} from '../store';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from '../store/__testUtils__/databases';
import {
  assembleSnapshot,
  type AssembleDeps,
  type WrittenSnapshot,
} from './assembleSnapshot';
import { readFingerprint } from './fingerprints';
import { EvaluationMemo } from './incremental';
import { Pacer } from '../pacing/steps';
import {
  CLUSTER_CONCURRENCY,
  readClustersAtOnce,
  RefreshCoordinator,
} from './RefreshCoordinator';

jest.setTimeout(120_000);

const EXAMPLES = path.resolve(__dirname, '../../../../examples');
const databases = scorecardTestDatabases();
const checksConfig = readChecksConfig(new ConfigReader({}));
const LIST = { sort: 'name', order: 'asc', offset: 0, limit: 500 } as const;

describe.each(databases.ids)('collection runs on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);
  let knex: RawDatabase;
  let stores: ScorecardStores;
  let sources: ClusterSource[];
  let snapshots: WrittenSnapshot[];

  async function coordinator(overrides: { sources?: ClusterSource[] } = {}) {
    const entities = await readCatalogFiles([
      path.join(EXAMPLES, 'org.yaml'),
      path.join(EXAMPLES, 'entities.yaml'),
    ]);
    const used = overrides.sources ?? sources;
    return new RefreshCoordinator({
      stores,
      sources: () => used,
      logger: mockServices.logger.mock(),
      assemble: async run => {
        const written = await assembleSnapshot(
          {
            stores,
            catalog: catalogServiceMock({ entities }),
            auth: mockServices.auth(),
            logger: mockServices.logger.mock(),
            checksConfig,
            clusterNames: () => used.map(s => s.name),
            retention: { keepAllHours: 48, dailyDays: 90 },
            onSnapshot: async w => {
              snapshots.push(w);
            },
          },
          run,
        );
        return written;
      },
    });
  }

  beforeEach(() => {
    knex = database.get();
    stores = createScorecardStores(knex);
    snapshots = [];
    sources = ['prod-eu', 'staging-us'].map(name =>
      createDumpClusterSource({
        name,
        directory: path.join(EXAMPLES, 'clusters', name),
      }),
    );
  });

  it('collects every cluster, writes a snapshot and reports progress', async () => {
    const runs = await coordinator();
    const started = await runs.start({
      scope: 'all',
      target: null,
      clusters: ['prod-eu', 'staging-us'],
      requestedBy: 'user:default/ana',
    });
    expect(started.state).toBe('queued');
    await runs.idle();

    const run = await stores.runs.get(started.id);
    expect(run).toMatchObject({
      state: 'succeeded',
      phase: 'done',
      snapshotId: 1,
      error: null,
    });
    expect(run?.clusters.map(c => [c.cluster, c.state])).toEqual([
      ['prod-eu', 'succeeded'],
      ['staging-us', 'succeeded'],
    ]);
    expect(run?.clusters[0].objectCount).toBeGreaterThan(10);
    // each collection stored with the fingerprint of what was read
    const latest = await stores.clusters.latest();
    expect(latest.map(c => c.fingerprint)).toEqual(
      latest.map(c => readFingerprint({ ...c, fingerprint: undefined })),
    );

    const snapshot = (await stores.snapshots.latestSnapshot())!;
    expect(snapshot).toMatchObject({
      trigger: 'manual',
      refreshId: started.id,
      staleClusters: [],
    });
    const page = await stores.components.listComponents(
      snapshot,
      {},
      LIST,
      FULL_VISIBILITY,
    );
    expect(page.total).toBeGreaterThanOrEqual(14);
    expect(page.items.some(c => c.orphan)).toBe(true);
    const linked = page.items.find(c => !c.orphan)!;
    const stored = await stores.components.getComponent(
      snapshot,
      linked.componentId,
      FULL_VISIBILITY,
    );
    expect(stored?.evaluation.instances[0].objects.length).toBeGreaterThan(0);
    expect(snapshots).toHaveLength(1);
  });

  it('stores nothing new when nothing changed, and refuses a second concurrent run', async () => {
    const runs = await coordinator();
    const request = {
      scope: 'all' as const,
      target: null,
      clusters: ['prod-eu', 'staging-us'],
      requestedBy: 'x',
    };
    await runs.start(request);
    await expect(runs.start(request)).rejects.toThrow(ConflictError);
    await runs.idle();
    // the second run may differ where a check looks back one run
    // (availability.daemonset-coverage: "for longer than one collection")
    await runs.start(request);
    await runs.idle();
    const [{ n: states }] = await knex('component_states').count({ n: '*' });
    const [{ n: evaluations }] = await knex('evaluations').count({ n: '*' });
    await runs.start(request);
    await runs.idle();
    expect(snapshots).toHaveLength(3);
    expect(snapshots[2].changed + snapshots[2].added.length).toBe(0);
    expect(snapshots[2].unchanged).toBe(snapshots[0].added.length);
    const [{ n: statesAfter }] = await knex('component_states').count({
      n: '*',
    });
    const [{ n: evaluationsAfter }] = await knex('evaluations').count({
      n: '*',
    });
    expect(Number(statesAfter)).toBe(Number(states));
    expect(Number(evaluationsAfter)).toBe(Number(evaluations));
  });

  it("uses a failed cluster's last good data, marked stale", async () => {
    const first = await coordinator();
    await first.start({
      scope: 'all',
      target: null,
      clusters: ['prod-eu', 'staging-us'],
      requestedBy: 'x',
    });
    await first.idle();

    const broken: ClusterSource = {
      name: 'staging-us',
      type: 'dump',
      collect: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const runs = await coordinator({ sources: [sources[0], broken] });
    const started = await runs.start({
      scope: 'cluster',
      target: 'staging-us',
      clusters: ['staging-us'],
      requestedBy: 'x',
    });
    await runs.idle();
    const run = await stores.runs.get(started.id);
    expect(run?.state).toBe('succeeded');
    expect(run?.clusters.find(c => c.cluster === 'staging-us')).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('ECONNREFUSED'),
    });
    const snapshot = (await stores.snapshots.latestSnapshot())!;
    expect(snapshot.staleClusters).toEqual(['staging-us']);
    const stale = await stores.components.listComponents(
      snapshot,
      { stale: true },
      LIST,
      FULL_VISIBILITY,
    );
    expect(stale.total).toBeGreaterThan(0);
    const statuses = await stores.clusters.statuses(sources);
    expect(statuses.find(s => s.name === 'staging-us')).toMatchObject({
      stale: true,
    });
  });

  it.each([1, 2, 3])(
    'reads at most %p clusters at once',
    async clustersAtOnce => {
      let inFlight = 0;
      let most = 0;
      const slow = sources.flatMap(source =>
        [1, 2, 3].map(
          (n): ClusterSource => ({
            name: `${source.name}-${n}`,
            type: source.type,
            collect: async options => {
              inFlight += 1;
              most = Math.max(most, inFlight);
              await new Promise(resolve => setTimeout(resolve, 20));
              const collection = await source.collect(options);
              inFlight -= 1;
              return { ...collection, cluster: `${source.name}-${n}` };
            },
          }),
        ),
      );
      const runs = new RefreshCoordinator({
        stores,
        sources: () => slow,
        logger: mockServices.logger.mock(),
        clustersAtOnce,
        assemble: async () => {
          throw new Error('not part of this test');
        },
      });
      const started = await runs.start({
        scope: 'all',
        target: null,
        clusters: slow.map(s => s.name),
        requestedBy: 'x',
      });
      await runs.idle();
      const run = await stores.runs.get(started.id);
      expect(run?.clusters.map(c => c.state)).toEqual(
        slow.map(() => 'succeeded'),
      );
      expect(most).toBe(clustersAtOnce);
    },
  );

  it('records a run that failed in the assemble step', async () => {
    const runs = new RefreshCoordinator({
      stores,
      sources: () => sources,
      logger: mockServices.logger.mock(),
      assemble: async () => {
        throw new Error('catalog unavailable');
      },
    });
    const started = await runs.start({
      scope: 'all',
      target: null,
      clusters: [],
      requestedBy: 'x',
    });
    await runs.idle();
    expect(await stores.runs.get(started.id)).toMatchObject({
      state: 'failed',
      error: 'catalog unavailable',
    });
    expect(await stores.snapshots.latestSnapshot()).toBeUndefined();
  });

  it('records scheduled snapshots with the clusters’ latest outcomes', async () => {
    const runs = await coordinator();
    const run = await runs.assembleScheduled('startup');
    expect(run).toMatchObject({
      trigger: 'startup',
      state: 'succeeded',
      snapshotId: 1,
    });
    // nothing was collected yet: both clusters show as skipped
    expect(run?.clusters.map(c => c.state)).toEqual(['skipped', 'skipped']);

    await stores.clusters.save(
      await sources[0].collect(),
      new Date().toISOString(),
    );
    const next = await runs.assembleScheduled('schedule');
    expect(next?.clusters.map(c => [c.cluster, c.state])).toEqual([
      ['prod-eu', 'succeeded'],
      ['staging-us', 'skipped'],
    ]);
    expect((await stores.snapshots.latestSnapshot())?.clusters).toEqual([
      'prod-eu',
    ]);
  });

  /** Stores each source's collection; the deps of an assemble step over them. */
  async function storedCollections(
    logger = mockServices.logger.mock(),
  ): Promise<AssembleDeps> {
    const entities = await readCatalogFiles([
      path.join(EXAMPLES, 'org.yaml'),
      path.join(EXAMPLES, 'entities.yaml'),
    ]);
    for (const source of sources)
      await stores.clusters.save(
        await source.collect(),
        new Date().toISOString(),
      );
    return {
      stores,
      catalog: catalogServiceMock({ entities }),
      auth: mockServices.auth(),
      logger,
      checksConfig,
      clusterNames: () => sources.map(s => s.name),
      retention: { keepAllHours: 48, dailyDays: 90 },
    };
  }

  it('shares the event loop while it assembles, writing what a run that never yields writes', async () => {
    const deps = await storedCollections();
    const assemble = (pacer: Pacer) =>
      assembleSnapshot(
        { ...deps, pacer },
        {
          trigger: 'schedule',
          refreshId: null,
          now: new Date('2026-12-01T08:00:00.000Z'),
        },
      );
    /** A turn after every unit of work (cluster, detector, component, statement). */
    class EveryUnit extends Pacer {
      turns = 0;
      due() {
        return true;
      }
      async turn() {
        this.turns += 1;
        await super.turn();
      }
    }
    const paced = new EveryUnit();
    let immediateRan = false;
    setImmediate(() => {
      immediateRan = true;
    });
    const written = assemble(paced);
    expect(immediateRan).toBe(false);
    const first = await written;
    const total = first.scorecards.length;
    expect(immediateRan).toBe(true);
    // at least once per component in each phase: inventory, checks, next-minor
    // report, snapshot input, the write's preparing and comparing, rendering
    expect(paced.turns).toBeGreaterThan(total * 6);

    // the same run without a turn (a slice of an hour) stores the very same states
    const unpaced = await assemble(new Pacer(3_600_000));
    expect(unpaced.unchanged).toBe(total);
    expect(unpaced.changed + unpaced.added.length).toBe(0);
    expect(unpaced.scorecards).toEqual(first.scorecards);
  });

  it('evaluates again only what changed, and everything when the store moved on without it', async () => {
    const logger = mockServices.logger.mock();
    const deps = await storedCollections(logger);
    const memo = new EvaluationMemo();
    const assemble = (at: string, withMemo = true) =>
      assembleSnapshot(
        { ...deps, ...(withMemo ? { memo } : {}) },
        { trigger: 'schedule', refreshId: null, now: new Date(at) },
      );
    /** `[evaluated, kept]` of the last run, from its log line. */
    const lastCounts = () => {
      const line = String(logger.info.mock.calls.at(-1)?.[0]);
      const match =
        /(\d+) evaluated \(\d+ to what was stored\), (\d+) kept/.exec(line);
      if (!match) throw new Error(`no counts in: ${line}`);
      return [Number(match[1]), Number(match[2])];
    };

    const first = await assemble('2026-12-01T08:00:00.000Z');
    const total = first.scorecards.length;
    expect(lastCounts()).toEqual([total, 0]);

    // an hour later, nothing read differently: only what counts from each collection
    // (an ongoing condition) is evaluated again, and the snapshot reads the same
    const second = await assemble('2026-12-01T09:00:00.000Z');
    const [evaluated, kept] = lastCounts();
    expect(kept).toBeGreaterThan(total / 2);
    expect(evaluated + kept).toBe(total);
    expect(second.unchanged).toBe(total);
    expect(second.scorecards.map(c => c.level)).toEqual(
      first.scorecards.map(c => c.level),
    );

    // another writer took a snapshot: the memo no longer holds the latest
    await assemble('2026-12-01T10:00:00.000Z', false);
    await assemble('2026-12-01T11:00:00.000Z');
    expect(lastCounts()).toEqual([total, 0]);

    // the current state names another evaluation than the memo remembers (a
    // database restored under the same snapshot ids): the write refuses the kept
    // evaluation, and the run evaluates everything and succeeds
    const open = await knex('component_states')
      .where('valid_to', 2147483647)
      .orderBy('component_id')
      .select('id', 'component_id', 'evaluation_id');
    const kyverno = open.find(
      row => row.component_id === 'component:default/kyverno',
    )!;
    const other = open.find(
      row => row.evaluation_id !== kyverno.evaluation_id,
    )!;
    await knex('component_states')
      .where('id', kyverno.id)
      .update({
        evaluation_id: other.evaluation_id,
        state_hash: 'f'.repeat(64),
      });
    const restored = await assemble('2026-12-01T12:00:00.000Z');
    expect(lastCounts()).toEqual([total, 0]);
    expect(restored.changed).toBeGreaterThanOrEqual(1);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /was given as unchanged.*evaluating every component again/,
      ),
    );
  });
});

describe('readClustersAtOnce', () => {
  const read = (clustersAtOnce: unknown) =>
    readClustersAtOnce(
      new ConfigReader({
        extensionScorecard: { collection: { clustersAtOnce } },
      } as any),
    );

  it('defaults to two and takes 1 to 20', () => {
    expect(CLUSTER_CONCURRENCY).toBe(2);
    expect(readClustersAtOnce(new ConfigReader({}))).toBe(2);
    expect(read(1)).toBe(1);
    expect(read(20)).toBe(20);
  });

  it('refuses anything else, naming the key', () => {
    for (const value of [0, 21, 1.5, -2]) {
      expect(() => read(value)).toThrow(
        `Invalid config at extensionScorecard.collection.clustersAtOnce: expected a whole number of clusters between 1 and 20, got ${value}`,
      );
    }
  });
});
