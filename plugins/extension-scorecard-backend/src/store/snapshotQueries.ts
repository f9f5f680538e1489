/**
 * Queries the snapshot stores share: the snapshots row and its mapping, the rows
 * of a snapshot's components the caller may see, and the writers' lock.
 */
import type { Snapshot } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import { quarterOf } from './calendar';
import { whereMatches, whereValidAt, whereVisible } from './componentStates';
import { isPostgres } from './database';
import { parseJsonColumn } from './encoding';
import type { FacetIndex } from './facetIndex';
import type { ComponentFilter } from './interfaces';
import type { ComponentVisibility } from './types';

/** Rows per statement of batched writes and deletes. */
export const CHUNK = 400;

/** Splits a list into batches of `size`. */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(items.slice(i, i + size));
  return out;
}

/** A snapshots row. */
export interface SnapshotRow {
  id: number;
  taken_at: string;
  quarter: string;
  trigger: string;
  refresh_id: string | null;
  component_count: number;
  clusters: string;
  stale_clusters: string;
  summary: string;
}

/**
 * One writer at a time across replicas (snapshot writes and retention); readers
 * are not blocked. SQLite has one writer anyway.
 */
export async function lockSnapshots(trx: Knex.Transaction): Promise<void> {
  if (isPostgres(trx)) {
    await trx.raw('LOCK TABLE snapshots IN SHARE ROW EXCLUSIVE MODE');
  }
}

/** Ids of the newest snapshot of each past quarter (as of `now`). */
export async function quarterEnds(knex: Knex, now: Date): Promise<Set<number>> {
  const current = quarterOf(now.toISOString());
  const rows = await knex('snapshots')
    .where('quarter', '<', current)
    .select('quarter')
    .max({ id: 'id' })
    .groupBy('quarter');
  return new Set(rows.map(r => Number(r.id)));
}

/** The API shape of a snapshots row. */
export function toSnapshot(row: SnapshotRow, ends: Set<number>): Snapshot {
  const summary = parseJsonColumn<
    Pick<Snapshot, 'levels' | 'counts' | 'averageScore'>
  >(row.summary, {} as any);
  return {
    id: Number(row.id),
    takenAt: row.taken_at,
    trigger: row.trigger as Snapshot['trigger'],
    refreshId: row.refresh_id ?? null,
    componentCount: Number(row.component_count),
    clusters: parseJsonColumn<string[]>(row.clusters, []),
    staleClusters: parseJsonColumn<string[]>(row.stale_clusters, []),
    levels: summary.levels,
    counts: summary.counts,
    averageScore: summary.averageScore,
    quarterEnd: ends.has(Number(row.id)),
  };
}

/** Whether the snapshot is the newest one. */
export async function isLatestSnapshot(
  knex: Knex,
  snapshotId: number,
): Promise<boolean> {
  const [{ id }] = await knex('snapshots').max({ id: 'id' });
  return Number(id) === snapshotId;
}

/**
 * A query on the `component_states as cs` rows of a snapshot that the caller may
 * see; `latest` (see isLatestSnapshot) reads the open rows, which the indexes serve.
 * Synchronous on purpose: a query builder is thenable, so returning it from an
 * async function would run it.
 */
export function visibleComponentRows(
  knex: Knex,
  snapshotId: number,
  latest: boolean,
  visibility: ComponentVisibility,
): Knex.QueryBuilder {
  const query = knex('component_states as cs');
  whereValidAt(query, snapshotId, latest);
  return whereVisible(knex, query, visibility);
}

/**
 * The rows of a snapshot that a filter keeps, for any visibility: whether the snapshot
 * is the newest and which facet sets the filter keeps are looked up once, and the
 * function returned builds the query (synchronously, as above).
 */
export async function filteredComponentRows(
  knex: Knex,
  facets: FacetIndex,
  snapshotId: number,
  filter: ComponentFilter,
): Promise<(visibility: ComponentVisibility) => Knex.QueryBuilder> {
  const [latest, matches] = await Promise.all([
    isLatestSnapshot(knex, snapshotId),
    facets.matches(snapshotId, filter),
  ]);
  return visibility =>
    whereMatches(
      visibleComponentRows(knex, snapshotId, latest, visibility),
      filter,
      matches,
    );
}
