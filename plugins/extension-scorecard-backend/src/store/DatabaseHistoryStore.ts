/**
 * Trends across retained snapshots: one component's own rows, or the stored
 * per-snapshot aggregates of the fleet, a team, a kind or a dimension.
 */
import type {
  HistoryPoint,
  SnapshotRef,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import {
  emptyTally,
  historyPoint,
  mergeTally,
  tallyFromAggregate,
  tallySeries,
  type Tally,
} from './aggregates';
import {
  DIMENSION_COLUMNS,
  rowCounts,
  rowDimensions,
  whereVisible,
  type ComponentStateRow,
} from './componentStates';
import type { HistoryStore } from './interfaces';
import type {
  ComponentVisibility,
  HistoryRange,
  HistorySubject,
} from './types';

/** Snapshots of a range, newest `limit` of them, oldest first. */
async function snapshotsInRange(
  knex: Knex,
  range: HistoryRange,
): Promise<SnapshotRef[]> {
  const query = knex('snapshots').select('id', 'taken_at');
  if (range.from) query.where('taken_at', '>=', range.from);
  if (range.to) query.where('taken_at', '<=', range.to);
  const rows = await query.orderBy('id', 'desc').limit(range.limit);
  return rows
    .map(r => ({ id: Number(r.id), takenAt: r.taken_at as string }))
    .reverse();
}

/** {@link HistoryStore} over the plugin's database. */
export class DatabaseHistoryStore implements HistoryStore {
  constructor(private readonly knex: Knex) {}

  /** One component across snapshots (oldest first); empty when it is not visible. */
  async componentHistory(
    componentId: string,
    range: HistoryRange,
    visibility: ComponentVisibility,
  ): Promise<HistoryPoint[]> {
    const query = this.knex('snapshots as s')
      .join('component_states as cs', join =>
        join
          .on('cs.valid_from', '<=', 's.id')
          .andOn('cs.valid_to', '>', 's.id'),
      )
      .where('cs.component_id', componentId);
    whereVisible(this.knex, query, visibility);
    if (range.from) query.where('s.taken_at', '>=', range.from);
    if (range.to) query.where('s.taken_at', '<=', range.to);
    const rows: Array<
      ComponentStateRow & { snapshot_id: number; taken_at: string }
    > = await query
      .select('cs.*', 's.id as snapshot_id', 's.taken_at')
      .orderBy('s.id', 'desc')
      .limit(range.limit);
    return rows.reverse().map(row => {
      const level = Number(row.level) as 0 | 1 | 2 | 3;
      const levels = { 0: 0, 1: 0, 2: 0, 3: 0 };
      levels[level] = 1;
      return {
        snapshotId: Number(row.snapshot_id),
        takenAt: row.taken_at,
        components: 1,
        levels,
        averageScore: Number(row.score),
        counts: rowCounts(row),
        dimensions: rowDimensions(row),
      };
    });
  }

  /**
   * The fleet, a team (`key` = owner ref; null for orphans), a kind or a dimension
   * across snapshots. Callers who may see every catalog component read the stored
   * aggregates; others get the same figures computed from the rows they may see.
   */
  async seriesHistory(
    subject: HistorySubject & {
      scope: Exclude<HistorySubject['scope'], 'component'>;
    },
    range: HistoryRange,
    visibility: ComponentVisibility,
  ): Promise<HistoryPoint[]> {
    const snapshots = await snapshotsInRange(this.knex, range);
    if (!snapshots.length) return [];
    const key = subject.scope === 'fleet' ? '' : subject.key ?? '';
    const tallies = new Map<number, Tally>();

    if (visibility.entityRefs === null) {
      const query = this.knex('snapshot_aggregates')
        .where({ scope: subject.scope, key })
        .whereIn(
          'snapshot_id',
          snapshots.map(s => s.id),
        );
      if (!visibility.orphans) query.where('orphan', false);
      for (const row of await query.select()) {
        const id = Number(row.snapshot_id);
        const tally = tallies.get(id) ?? emptyTally();
        mergeTally(tally, tallyFromAggregate(row));
        tallies.set(id, tally);
      }
    } else {
      const first = snapshots[0].id;
      const last = snapshots[snapshots.length - 1].id;
      const query = this.knex('component_states as cs')
        .where('cs.valid_from', '<=', last)
        .andWhere('cs.valid_to', '>', first);
      whereVisible(this.knex, query, visibility);
      if (subject.scope === 'team') {
        if (key) query.where('cs.owner', key);
        else query.whereNull('cs.owner');
      } else if (subject.scope === 'kind') {
        query.where('cs.kind', key);
      } else if (subject.scope === 'dimension') {
        const column = DIMENSION_COLUMNS[key as keyof typeof DIMENSION_COLUMNS];
        if (!column) return [];
        query.whereNotNull(`cs.${column}`);
      }
      const rows: ComponentStateRow[] = await query.select('cs.*');
      for (const snapshot of snapshots) {
        const valid = rows.filter(
          r => r.valid_from <= snapshot.id && r.valid_to > snapshot.id,
        );
        const tally = emptyTally();
        for (const entry of tallySeries(valid, {
          scope: subject.scope,
          key,
        }).values()) {
          mergeTally(tally, entry.tally);
        }
        if (tally.components) tallies.set(snapshot.id, tally);
      }
    }
    return snapshots
      .filter(s => tallies.has(s.id))
      .map(s => historyPoint(s, tallies.get(s.id)!));
  }
}
