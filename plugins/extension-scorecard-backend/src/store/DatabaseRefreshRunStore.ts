/**
 * Collection runs and their progress, kept in the database so every replica (and
 * the UI polling any of them) sees the same state.
 */
import type {
  ClusterRunStatus,
  RefreshPhase,
  RefreshState,
  RefreshStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { isPostgres } from './database';
import { parseJsonColumn } from './encoding';
import type { NewRefreshRun, RefreshRunStore } from './interfaces';

function pendingCluster(cluster: string): ClusterRunStatus {
  return {
    cluster,
    state: 'pending',
    startedAt: null,
    finishedAt: null,
    objectCount: null,
    error: null,
  };
}

function toStatus(row: Record<string, any>): RefreshStatus {
  return {
    id: row.id,
    trigger: row.trigger,
    scope: row.scope,
    target: row.target ?? null,
    requestedBy: row.requested_by ?? null,
    state: row.state,
    phase: row.phase,
    createdAt: row.created_at,
    startedAt: row.started_at ?? null,
    finishedAt: row.finished_at ?? null,
    clusters: parseJsonColumn<ClusterRunStatus[]>(row.clusters, []),
    snapshotId:
      row.snapshot_id === null || row.snapshot_id === undefined
        ? null
        : Number(row.snapshot_id),
    error: row.error ?? null,
  };
}

/** {@link RefreshRunStore} over the plugin's database. */
export class DatabaseRefreshRunStore implements RefreshRunStore {
  constructor(private readonly knex: Knex) {}

  /** Creates a queued run with every cluster pending. */
  async create(run: NewRefreshRun): Promise<RefreshStatus> {
    const row = {
      id: randomUUID(),
      trigger: run.trigger,
      scope: run.scope,
      target: run.target,
      requested_by: run.requestedBy,
      state: 'queued' as RefreshState,
      phase: 'queued' as RefreshPhase,
      created_at: run.now,
      started_at: null,
      finished_at: null,
      snapshot_id: null,
      error: null,
      clusters: JSON.stringify(run.clusters.map(pendingCluster)),
    };
    await this.knex('refresh_runs').insert(row);
    return toStatus(row);
  }

  /** One run. */
  async get(id: string): Promise<RefreshStatus | undefined> {
    const row = await this.knex('refresh_runs').where({ id }).first();
    return row ? toStatus(row) : undefined;
  }

  /** The newest run. */
  async latest(): Promise<RefreshStatus | undefined> {
    const row = await this.knex('refresh_runs')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first();
    return row ? toStatus(row) : undefined;
  }

  /** A run still queued or running that started after `since` (older ones are dead). */
  async active(since: string): Promise<RefreshStatus | undefined> {
    const row = await this.knex('refresh_runs')
      .whereIn('state', ['queued', 'running'])
      .andWhere('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .first();
    return row ? toStatus(row) : undefined;
  }

  /** Updates run-level fields. */
  async update(
    id: string,
    patch: Partial<
      Pick<
        RefreshStatus,
        'state' | 'phase' | 'startedAt' | 'finishedAt' | 'snapshotId' | 'error'
      >
    >,
  ): Promise<void> {
    const row: Record<string, unknown> = {};
    if (patch.state) row.state = patch.state;
    if (patch.phase) row.phase = patch.phase;
    if (patch.startedAt !== undefined) row.started_at = patch.startedAt;
    if (patch.finishedAt !== undefined) row.finished_at = patch.finishedAt;
    if (patch.snapshotId !== undefined) row.snapshot_id = patch.snapshotId;
    if (patch.error !== undefined) row.error = patch.error;
    await this.knex('refresh_runs').where({ id }).update(row);
  }

  /** Updates one cluster's progress inside a run. */
  async updateCluster(
    id: string,
    cluster: string,
    patch: Partial<Omit<ClusterRunStatus, 'cluster'>>,
  ): Promise<void> {
    await this.knex.transaction(async trx => {
      const select = trx('refresh_runs').where({ id });
      // workers update clusters of one run concurrently: lock the row (SQLite has
      // one writer anyway)
      if (isPostgres(trx)) select.forUpdate();
      const row = await select.first();
      if (!row) return;
      const clusters = parseJsonColumn<ClusterRunStatus[]>(row.clusters, []);
      const entry = clusters.find(c => c.cluster === cluster);
      if (entry) Object.assign(entry, patch);
      else {
        clusters.push({ ...pendingCluster(cluster), ...patch });
      }
      await trx('refresh_runs')
        .where({ id })
        .update({ clusters: JSON.stringify(clusters) });
    });
  }

  /** Marks runs left queued or running before `before` as failed (their process died). */
  async failAbandoned(before: string, now: string): Promise<number> {
    return Number(
      await this.knex('refresh_runs')
        .whereIn('state', ['queued', 'running'])
        .andWhere('created_at', '<', before)
        .update({
          state: 'failed',
          phase: 'done',
          finished_at: now,
          error:
            'abandoned: the run did not finish in time (backend restarted or timed out)',
        }),
    );
  }

  /** Keeps the newest `keep` runs. */
  async prune(keep: number): Promise<number> {
    const newest = this.knex('refresh_runs')
      .select('id')
      .orderBy('created_at', 'desc')
      .limit(keep);
    const ids = (await newest).map(r => r.id);
    if (!ids.length) return 0;
    return Number(
      await this.knex('refresh_runs').whereNotIn('id', ids).delete(),
    );
  }
}
