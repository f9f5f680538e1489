/**
 * Child process: the fleet's inventory, evaluation with every check, and the
 * side-by-side run against Tech Insights, in a process of its own (its heap holds the
 * fleet's cluster objects, as the plugin's does during a refresh).
 */
import type { Inventory } from '@extension-scorecard/plugin-extension-scorecard-node';
import {
  buildInventory,
  catalogFingerprint,
  createScorecardStores,
  EvaluationMemo,
  evaluateStable,
  Pacer,
  readFingerprint,
  runStepsPaced,
  snapshotInputSteps,
  upgradeReadiness,
  withStatusesMovedOn,
} from '@extension-scorecard/plugin-extension-scorecard-backend/testUtils';
import type { PoolCertificate } from '../fleet/certificates';
import { toClusterCollection } from '../fleet/clusterCollection';
import { generateFleet } from '../fleet/generateFleet';
import type { FleetOptions } from '../fleet/plan';
import { serveBenchRequests } from '../process/benchChild';
import { EQUIVALENT_CHECK_IDS } from '../sideBySide/equivalentChecks';
import {
  measureOurs,
  measurePlain,
  measureTechInsights,
  SideBySideFigures,
  SideBySideInput,
  sideBySideInput,
} from '../sideBySide/sideBySideBenchmark';
import { bestOfMs, timeMs, withLongestStall } from '../timing/measure';
import {
  DatabaseEngine,
  freshPostgres,
  freshSqlite,
  usedBytes,
} from '../persistence/scorecardDatabase';

export interface PersistFigures {
  components: number;
  evaluateMs: number;
  persistMs: number;
  totalMs: number;
  /** Bytes the first snapshot added to the empty, migrated database. */
  firstSnapshotBytes: number;
  /** Bytes each following daily snapshot added. */
  dailyIncrementBytes: number[];
  /** The same fleet one, two and three hours after the first snapshot: nothing changed, the common case; the median run. */
  hourLater: RerunFigures;
  /** The three runs' totals, in order. */
  hourlyTotalsMs: number[];
  /** Four, five and six hours after: one cluster of the fleet changed each time (one Deployment scaled); the median run. */
  oneClusterChanged: RerunFigures;
  /** The three runs' totals, in order. */
  oneClusterTotalsMs: number[];
  /**
   * Seven, eight and nine hours after: a busy hour in every cluster (one in ten
   * workloads, PodDisruptionBudgets and EndpointSlices rewritten by their controllers:
   * statuses, endpoints; no spec or label changed); the median run.
   */
  busyHour: RerunFigures;
  /** The three runs' totals, in order. */
  busyHourTotalsMs: number[];
  /** Heap the refresh's memo keeps between runs (what it frees when forgotten), bytes. */
  memoHeapBytes: number;
  /** The longest the event loop went without a turn during the first refresh. */
  firstLongestStallMs: number;
}

/** A refresh after the first: inventory built again, the checks of what changed, the write. */
export interface RerunFigures {
  inventoryMs: number;
  evaluateMs: number;
  persistMs: number;
  totalMs: number;
  /** Components whose evaluation differed from the snapshot before (added or changed). */
  changed: number;
  /** Components the refresh evaluated again (the others it kept: their inputs read the same). */
  evaluated: number;
  /** Whether the inventory was kept (every cluster and the catalog read as before). */
  inventoryKept: boolean;
  /** Clusters the inventory was built again for (the others' parts were taken as they were). */
  clustersRebuilt: number;
  /** Clusters read. */
  clusters: number;
  /** The longest the event loop went without a turn during the run (inventory, checks, report, write). */
  longestStallMs: number;
}

function rerunFigures(f: RerunFigures): RerunFigures {
  return {
    inventoryMs: f.inventoryMs,
    evaluateMs: f.evaluateMs,
    persistMs: f.persistMs,
    totalMs: f.totalMs,
    changed: f.changed,
    evaluated: f.evaluated,
    inventoryKept: f.inventoryKept,
    clustersRebuilt: f.clustersRebuilt,
    clusters: f.clusters,
    longestStallMs: f.longestStallMs,
  };
}

export interface PreparedFleet {
  clusters: number;
  components: number;
  /** Components with a catalog entity (what a user who is not an admin sees; orphans are admin-only). */
  catalogComponents: number;
  objects: number;
  generateMs: number;
  inventoryMs: number;
}

let inventory: Inventory | undefined;
let now = new Date();
/** What the inventory was built from (a later run builds it again). */
let inputs:
  | {
      collections: ReturnType<typeof toClusterCollection>[];
      entities: Parameters<typeof buildInventory>[0]['entities'];
    }
  | undefined;

/**
 * The collections with one cluster changed as a real change looks: read an hour later,
 * one Deployment of it scaled (a new resourceVersion), everything else as it was.
 */
function withOneClusterChanged(
  collections: ReturnType<typeof toClusterCollection>[],
  at: Date,
  cluster: number,
) {
  return collections.map((collection, i) => {
    if (i !== cluster) return collection;
    const deployments = collection.objects.deployments ?? [];
    const target = deployments.findIndex(
      d => d.metadata.namespace !== 'kube-system',
    );
    const changed = deployments.map((d, j) =>
      j === target
        ? {
            ...d,
            metadata: {
              ...d.metadata,
              resourceVersion: `${Number(d.metadata.resourceVersion ?? 0) + 1}`,
              // a spec change: the API server moves the generation too
              generation: Number(d.metadata.generation ?? 0) + 1,
            },
            spec: { ...d.spec, replicas: Number(d.spec?.replicas ?? 1) + 1 },
          }
        : d,
    );
    return {
      ...collection,
      collectedAt: at.toISOString(),
      objects: { ...collection.objects, deployments: changed },
    };
  });
}

/** What a busy hour rewrites (see the busy-hour runs of `persist`). */
const BUSY_HOUR_KINDS = [
  'Deployment',
  'DaemonSet',
  'StatefulSet',
  'PodDisruptionBudget',
  'EndpointSlice',
];

/**
 * The collections as a refresh reads them back from the store: each with the
 * fingerprint of what was read, which the plugin computes once when it stores a
 * collection (pipeline/collectCluster), not at each refresh.
 */
function stored(
  collections: ReturnType<typeof toClusterCollection>[],
): ReturnType<typeof toClusterCollection>[] {
  return collections.map(c => ({ ...c, fingerprint: readFingerprint(c) }));
}

function current(): Inventory {
  if (!inventory) throw new Error('prepare the fleet first');
  return inventory;
}

serveBenchRequests({
  async prepare(request: {
    fleet: FleetOptions;
    certs: PoolCertificate[];
  }): Promise<PreparedFleet> {
    now = request.fleet.now;
    const fleet = generateFleet(request.fleet, request.certs);
    let objects = 0;
    let collections: ReturnType<typeof toClusterCollection>[] = [];
    const generateMs = await timeMs(() => {
      collections = fleet.plan.clusters.map(c => {
        const generated = fleet.cluster(c.name);
        objects += generated.objects.length;
        return toClusterCollection(generated, now);
      });
    });
    inputs = { collections, entities: fleet.entities };
    // the generator's garbage is not the plugin's: collected before the inventory is timed
    global.gc?.();
    const inventoryMs = await timeMs(() => {
      inventory = buildInventory({
        clusters: collections,
        entities: fleet.entities,
        now,
      });
    });
    const components = current().components;
    return {
      clusters: collections.length,
      components: components.length,
      catalogComponents: components.filter(c => c.catalog).length,
      objects,
      generateMs,
      inventoryMs,
    };
  },

  /**
   * All checks over every component as a refresh runs them (`evaluateStable`: countdowns
   * stay tokens, counted for the time a page is read), best of `runs`, after a warm-up
   * on 500.
   */
  async evaluate(request: { runs: number }) {
    const inv = current();
    evaluateStable(
      { ...inv, components: inv.components.slice(0, 500) },
      { now },
    );
    const evaluateMs = await bestOfMs(request.runs, () =>
      evaluateStable(inv, { now }),
    );
    // the next-minor report every snapshot also computes (upgrade checks at the target)
    let blockers = 0;
    const upgradeMs = await bestOfMs(request.runs, () => {
      blockers = upgradeReadiness(inv, { now }).reduce(
        (n, c) => n + c.blockers,
        0,
      );
    });
    return {
      components: inv.components.length,
      evaluateMs,
      upgradeMs,
      blockers,
    };
  },

  /**
   * Evaluate + persist on a fresh, migrated database (migrations untimed): all checks,
   * the snapshot input, and the store's one-transaction write. Then `days` more daily
   * snapshots of the same fleet (the clock moves on: certificate days, support windows
   * and experiment freshness change, so do the evaluations) to see what a day adds.
   */
  async persist(request: {
    engine: DatabaseEngine;
    location: string;
    days: number;
  }): Promise<PersistFigures> {
    const inv = current();
    const knex =
      request.engine === 'sqlite'
        ? await freshSqlite(request.location)
        : await freshPostgres(request.location);
    try {
      const stores = createScorecardStores(knex);
      const emptyBytes = await usedBytes(knex);
      // as the plugin's refresh: one memo, so a run evaluates only what changed
      const memo = new EvaluationMemo();
      const catalog = catalogFingerprint(inputs!.entities);
      let latestSnapshotId: number | null = null;
      /** Inventory (when `clusters` is given: built again from them), the checks of what changed, write. */
      const write = async (
        day: number,
        clusters?: ReturnType<typeof toClusterCollection>[],
      ) => {
        const at = new Date(now.getTime() + day * 86_400_000);
        let inventoryMs = 0;
        let evaluateMs = 0;
        let changed = 0;
        let evaluated = 0;
        let inventoryKept = false;
        let clustersRebuilt = 0;
        let longestStallMs = 0;
        // as the plugin's refresh: every phase in steps, sharing the event loop
        const pacer = new Pacer();
        const totalMs = await timeMs(async () => {
          const { longestStallMs: stall } = await withLongestStall(async () => {
            const options = {
              now: at,
              catalogFingerprint: catalog,
              latestSnapshotId,
            };
            let built = inv;
            if (clusters) {
              // as the plugin's refresh: built again unless nothing was read differently
              const started = performance.now();
              built = await runStepsPaced(
                memo.inventorySteps(
                  { collections: clusters, entities: inputs!.entities },
                  options,
                ),
                pacer,
              );
              inventoryMs = performance.now() - started;
              clustersRebuilt = memo.isKept(built)
                ? 0
                : memo.clustersRebuilt.length;
            }
            const started = performance.now();
            // as a refresh does: countdowns stay tokens in what is stored
            const evaluation = await runStepsPaced(
              memo.evaluateSteps(built, options),
              pacer,
            );
            inventoryKept = evaluation.inventoryKept;
            // the next-minor report every snapshot carries, its findings kept alike
            const upgrade = await runStepsPaced(
              memo.upgradeReportSteps(built, evaluation, { now: at }),
              pacer,
            );
            evaluateMs = performance.now() - started;
            const written = await stores.snapshotWriter.writeSnapshot(
              await runStepsPaced(
                snapshotInputSteps(
                  built,
                  evaluation.scorecards,
                  {
                    takenAt: at.toISOString(),
                    trigger: 'schedule',
                    refreshId: null,
                  },
                  upgrade,
                  evaluation.storedByHash,
                ),
                pacer,
              ),
              { pacer },
            );
            memo.remember(
              evaluation,
              written.snapshotId,
              written.evaluationHashes,
              upgrade,
              written.stateHashes,
            );
            latestSnapshotId = written.snapshotId;
            changed = written.added.length + written.changed;
            evaluated = evaluation.evaluated;
          });
          longestStallMs = stall;
        });
        return {
          changed,
          evaluated,
          inventoryKept,
          clustersRebuilt,
          clusters: clusters?.length ?? 0,
          inventoryMs,
          evaluateMs,
          persistMs: totalMs - evaluateMs - inventoryMs,
          longestStallMs,
          totalMs,
          bytes: await usedBytes(knex),
        };
      };
      // the first refresh: the inventory built through the memo, as the plugin's first
      // refresh does (it keeps each cluster's part for the next), timed apart
      const first = await write(0, stored(inputs!.collections));
      // one, two and three hours later, nothing changed: the whole refresh after
      // collection; the median of the three (a major collection of the large heap can
      // land in any one of them, as in a backend)
      const hourly: Awaited<ReturnType<typeof write>>[] = [];
      for (let hour = 1; hour <= 3; hour++) {
        hourly.push(await write(hour / 24, stored(inputs!.collections)));
      }
      const hourLater = [...hourly].sort((a, b) => a.totalMs - b.totalMs)[1];
      // four, five and six hours later, one cluster of the fleet changed each time (the
      // first, then the second, then the third): the median of the three
      const changedRuns: Awaited<ReturnType<typeof write>>[] = [];
      let read = inputs!.collections;
      for (let k = 0; k < 3; k++) {
        const hour = 4 + k;
        read = withOneClusterChanged(
          read,
          new Date(now.getTime() + hour * 3_600_000),
          k % read.length,
        );
        changedRuns.push(await write(hour / 24, stored(read)));
      }
      const oneCluster = [...changedRuns].sort(
        (a, b) => a.totalMs - b.totalMs,
      )[1];
      // seven, eight and nine hours later, a busy hour in every cluster as real ones
      // have: one in ten of each list's workloads and PodDisruptionBudgets written again
      // by their controllers (statuses: Pods restarted) and one in ten EndpointSlices
      // following the restarted Pods; no spec or label changed. The median of the three
      const busyRuns: Awaited<ReturnType<typeof write>>[] = [];
      for (let k = 0; k < 3; k++) {
        const hour = 7 + k;
        read = read.map(c =>
          withStatusesMovedOn(c, hour, {
            everyNth: 10,
            kinds: BUSY_HOUR_KINDS,
          }),
        );
        busyRuns.push(await write(hour / 24, stored(read)));
      }
      const busyHour = [...busyRuns].sort((a, b) => a.totalMs - b.totalMs)[1];
      // then a day later, and each day after, the fleet as last read: what a day adds
      // (the clock moved: certificate days, support windows, experiment freshness)
      const later: number[] = [];
      let previous = busyRuns[busyRuns.length - 1].bytes;
      const lastRead = stored(read);
      for (let day = 1; day <= request.days; day++) {
        const next = await write(day, lastRead);
        later.push(next.bytes - previous);
        previous = next.bytes;
      }
      const heapUsed = () => {
        global.gc?.();
        return process.memoryUsage().heapUsed;
      };
      const withMemo = heapUsed();
      memo.forget();
      const memoHeapBytes = withMemo - heapUsed();
      return {
        components: inv.components.length,
        evaluateMs: first.evaluateMs,
        persistMs: first.persistMs,
        totalMs: first.totalMs,
        firstSnapshotBytes: first.bytes - emptyBytes,
        dailyIncrementBytes: later,
        hourLater: rerunFigures(hourLater),
        hourlyTotalsMs: hourly.map(h => h.totalMs),
        oneClusterChanged: rerunFigures(oneCluster),
        oneClusterTotalsMs: changedRuns.map(r => r.totalMs),
        busyHour: rerunFigures(busyHour),
        busyHourTotalsMs: busyRuns.map(r => r.totalMs),
        memoHeapBytes,
        firstLongestStallMs: first.longestStallMs,
      };
    } finally {
      await knex.destroy();
    }
  },

  /**
   * Last: ours runs with the cluster objects in the heap (it needs them); then they are
   * released, so Tech Insights and the floor run with only their facts, as they would.
   */
  async sideBySide(request: { runs: number }): Promise<SideBySideFigures> {
    let input: SideBySideInput | undefined = sideBySideInput(current(), now);
    const { refs, facts } = input;
    const oursMs = await measureOurs(input.inventory, now, request.runs);
    input = undefined;
    inventory = undefined;
    global.gc?.();
    const techInsightsMs = await measureTechInsights(refs, facts, request.runs);
    const plainMs = await measurePlain(facts);
    return {
      components: refs.length,
      checks: EQUIVALENT_CHECK_IDS.length,
      oursMs,
      techInsightsMs,
      plainMs,
    };
  },
});
