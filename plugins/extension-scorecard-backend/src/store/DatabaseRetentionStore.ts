/**
 * Retention: removes the snapshots the policy does not keep, then what only they
 * used (component states, evaluations, results, facet sets), in one transaction.
 */
import type { Knex } from 'knex';
import { collectUnusedEvaluations } from './evaluations';
import type { RetentionResult, RetentionStore } from './interfaces';
import { selectSnapshotsToKeep, type RetentionPolicy } from './retention';
import { chunks, lockSnapshots } from './snapshotQueries';

/** {@link RetentionStore} over the plugin's database. */
export class DatabaseRetentionStore implements RetentionStore {
  constructor(private readonly knex: Knex) {}

  async applyRetention(
    policy: RetentionPolicy,
    now: Date,
  ): Promise<RetentionResult> {
    const all = await this.knex('snapshots').select('id', 'taken_at');
    const keep = selectSnapshotsToKeep(
      all.map(r => ({ id: Number(r.id), takenAt: r.taken_at })),
      policy,
      now,
    );
    const drop = all.map(r => Number(r.id)).filter(id => !keep.has(id));
    if (!drop.length) {
      return { deletedSnapshots: 0, deletedStates: 0, deletedEvaluations: 0 };
    }
    return this.knex.transaction(async trx => {
      await lockSnapshots(trx);
      for (const ids of chunks(drop)) {
        await trx('snapshot_aggregates').whereIn('snapshot_id', ids).delete();
        await trx('snapshot_clusters').whereIn('snapshot_id', ids).delete();
        await trx('snapshots').whereIn('id', ids).delete();
      }
      const deletedStates = await trx('component_states as cs')
        .whereNotExists(q =>
          q
            .select(trx.raw('1'))
            .from('snapshots as s')
            .whereRaw('s.id >= cs.valid_from')
            .andWhereRaw('s.id < cs.valid_to'),
        )
        .delete();
      const deletedEvaluations = await collectUnusedEvaluations(trx);
      return {
        deletedSnapshots: drop.length,
        deletedStates: Number(deletedStates),
        deletedEvaluations: Number(deletedEvaluations),
      };
    });
  }
}
