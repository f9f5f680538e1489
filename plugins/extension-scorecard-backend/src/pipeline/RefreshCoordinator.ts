/**
 * Collection runs with progress: a manual refresh (every cluster, one cluster, or
 * the clusters of one component, then a snapshot) and the scheduled assemble step
 * are both recorded in refresh_runs, so the UI can poll any replica.
 */
import { LoggerService } from '@backstage/backend-plugin-api';
import { ConflictError } from '@backstage/errors';
import type { Config } from '@backstage/config';
import type {
  ClusterRunState,
  RefreshScope,
  RefreshStatus,
  RunTrigger,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ClusterSource } from '../collect/types';
import type { RefreshRunner } from '../service/RefreshService';
import type { ScorecardStores } from '../store';
import { collectCluster } from './collectCluster';
import type { WrittenSnapshot } from './assembleSnapshot';

/** Runs older than this that never finished are considered dead. */
const RUN_DEADLINE_MS = 60 * 60_000;
/**
 * Clusters a refresh collects at once (each stored, and released, as soon as read).
 * Two, each with eight lists in flight (LIVE_CLUSTER_DEFAULTS.concurrency), keep as
 * many requests in flight as four with four did while holding half as many
 * clusters' objects: the benchmark's collector peaked 60–80 MiB lower and, with
 * fewer objects for the garbage collector to mark, read the fleet ~15 % faster.
 */
export const CLUSTER_CONCURRENCY = 2;

/**
 * `extensionScorecard.collection.clustersAtOnce` (1–20, default
 * {@link CLUSTER_CONCURRENCY}): fewer for a backend with little memory (each cluster
 * read holds its objects until stored), more for many small clusters far away.
 */
export function readClustersAtOnce(config: Config): number {
  const key = 'extensionScorecard.collection.clustersAtOnce';
  const value = config.getOptionalNumber(key) ?? CLUSTER_CONCURRENCY;
  if (!Number.isInteger(value) || value < 1 || value > 20) {
    throw new Error(
      `Invalid config at ${key}: expected a whole number of clusters between 1 and 20, got ${value}`,
    );
  }
  return value;
}
/** Runs kept in refresh_runs. */
const RUNS_KEPT = 200;

/** Starts, tracks and finishes collection runs. */
export class RefreshCoordinator implements RefreshRunner {
  private running: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      stores: ScorecardStores;
      /** The clusters as located now. */
      sources: () => readonly ClusterSource[];
      /** Runs the dynamic cluster locators (catalog, gke) before a run; never throws. */
      locate?: () => Promise<unknown>;
      assemble: (run: {
        trigger: RunTrigger;
        refreshId: string;
        now: Date;
      }) => Promise<WrittenSnapshot>;
      logger: LoggerService;
      now?: () => Date;
      /** Clusters collected at once (default {@link CLUSTER_CONCURRENCY}). */
      clustersAtOnce?: number;
    },
  ) {}

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  /** Starts a manual run in the background; ConflictError while one is active. */
  async start(request: {
    scope: RefreshScope;
    target: string | null;
    clusters: string[];
    requestedBy: string;
  }): Promise<RefreshStatus> {
    const run = await this.open({ ...request, trigger: 'manual' });
    this.running = this.execute(run.id, request.clusters, 'manual').finally(
      () => {
        this.running = undefined;
      },
    );
    return run;
  }

  /**
   * The scheduled assemble step as a recorded run: each cluster shows the outcome
   * of its latest scheduled collection. Skipped (with a log line) while another
   * run is active.
   */
  async assembleScheduled(
    trigger: RunTrigger,
  ): Promise<RefreshStatus | undefined> {
    let run: RefreshStatus;
    try {
      run = await this.open({
        scope: 'all',
        target: null,
        clusters: this.deps.sources().map(s => s.name),
        requestedBy: null,
        trigger,
      });
    } catch (error) {
      if (error instanceof ConflictError) {
        this.deps.logger.info(
          `extension-scorecard: scheduled snapshot skipped: ${error.message}`,
        );
        return undefined;
      }
      throw error;
    }
    const statuses = await this.deps.stores.clusters.statuses(
      this.deps.sources(),
    );
    for (const status of statuses) {
      let state: ClusterRunState = status.error ? 'failed' : 'succeeded';
      if (status.lastAttemptAt === null) state = 'skipped';
      await this.deps.stores.runs.updateCluster(run.id, status.name, {
        state,
        startedAt: status.lastAttemptAt,
        finishedAt: status.lastAttemptAt,
        objectCount: status.objectCount,
        error: status.error,
      });
    }
    await this.execute(run.id, [], trigger);
    return this.deps.stores.runs.get(run.id);
  }

  /** Waits for the run this process is executing, if any (tests, shutdown). */
  async idle(): Promise<void> {
    await this.running;
  }

  private async open(request: {
    scope: RefreshScope;
    target: string | null;
    clusters: string[];
    requestedBy: string | null;
    trigger: RunTrigger;
  }): Promise<RefreshStatus> {
    const { runs } = this.deps.stores;
    const now = this.now();
    const deadline = new Date(now.getTime() - RUN_DEADLINE_MS).toISOString();
    await runs.failAbandoned(deadline, now.toISOString());
    const active = await runs.active(deadline);
    if (active) {
      throw new ConflictError(
        `A collection run is already in progress (${active.id}, ${active.phase}); follow it at GET /refresh/${active.id}`,
      );
    }
    return runs.create({ ...request, now: now.toISOString() });
  }

  private async execute(id: string, clusters: string[], trigger: RunTrigger) {
    const { stores, logger } = this.deps;
    const stamp = () => this.now().toISOString();
    try {
      await stores.runs.update(id, {
        state: 'running',
        phase: clusters.length ? 'collecting' : 'assembling',
        startedAt: stamp(),
      });
      if (clusters.length) await this.deps.locate?.();
      const sources = this.deps
        .sources()
        .filter(s => clusters.includes(s.name));
      const queue = [...sources];
      const worker = async () => {
        for (let source = queue.shift(); source; source = queue.shift()) {
          await stores.runs.updateCluster(id, source.name, {
            state: 'running',
            startedAt: stamp(),
          });
          const outcome = await collectCluster(source, {
            clusters: stores.clusters,
            logger,
            now: () => this.now(),
          });
          await stores.runs.updateCluster(id, source.name, {
            state: outcome.ok ? 'succeeded' : 'failed',
            finishedAt: stamp(),
            objectCount: outcome.ok ? outcome.objectCount : null,
            error: outcome.error,
          });
        }
      };
      await Promise.all(
        Array.from(
          {
            length: Math.min(
              this.deps.clustersAtOnce ?? CLUSTER_CONCURRENCY,
              queue.length,
            ),
          },
          worker,
        ),
      );
      await stores.runs.update(id, { phase: 'assembling' });
      const written = await this.deps.assemble({
        trigger,
        refreshId: id,
        now: this.now(),
      });
      await stores.runs.update(id, {
        state: 'succeeded',
        phase: 'done',
        finishedAt: stamp(),
        snapshotId: written.snapshotId,
      });
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      logger.error(
        `extension-scorecard: collection run ${id} failed: ${message}`,
      );
      await stores.runs.update(id, {
        state: 'failed',
        phase: 'done',
        finishedAt: stamp(),
        error: message,
      });
    } finally {
      await stores.runs.prune(RUNS_KEPT).catch(() => undefined);
    }
  }
}
