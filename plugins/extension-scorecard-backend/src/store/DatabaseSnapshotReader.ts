/**
 * Reads snapshots: the newest, one by id, a page of them, and the quarter ends the
 * audit reads.
 */
import type {
  ClusterUpgradeReadiness,
  Snapshot,
  SnapshotRef,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import { quarterOf } from './calendar';
import { decompressJson } from './encoding';
import type { SnapshotReader } from './interfaces';
import { quarterEnds, toSnapshot, type SnapshotRow } from './snapshotQueries';

/** {@link SnapshotReader} over the plugin's database. */
export class DatabaseSnapshotReader implements SnapshotReader {
  constructor(
    private readonly knex: Knex,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async latestSnapshot(): Promise<Snapshot | undefined> {
    const row = await this.knex<SnapshotRow>('snapshots')
      .orderBy('id', 'desc')
      .first();
    return row ? toSnapshot(row, await this.quarterEnds()) : undefined;
  }

  async getSnapshot(id: number): Promise<Snapshot | undefined> {
    const row = await this.knex<SnapshotRow>('snapshots').where({ id }).first();
    return row ? toSnapshot(row, await this.quarterEnds()) : undefined;
  }

  async listSnapshots(options: {
    from?: string;
    to?: string;
    offset: number;
    limit: number;
  }): Promise<{ total: number; items: Snapshot[] }> {
    const base = this.knex<SnapshotRow>('snapshots');
    if (options.from) base.where('taken_at', '>=', options.from);
    if (options.to) base.where('taken_at', '<=', options.to);
    const [{ n }] = await base.clone().count({ n: '*' });
    const rows = await base
      .clone()
      .orderBy('id', 'desc')
      .offset(options.offset)
      .limit(options.limit);
    const ends = await this.quarterEnds();
    return { total: Number(n), items: rows.map(r => toSnapshot(r, ends)) };
  }

  async upgradeReadiness(
    snapshot: SnapshotRef,
  ): Promise<ClusterUpgradeReadiness[]> {
    const rows: Array<{ cluster: string; upgrade: Buffer | null }> =
      await this.knex('snapshot_clusters')
        .where('snapshot_id', snapshot.id)
        .whereNotNull('upgrade')
        .orderBy('cluster')
        .select('cluster', 'upgrade');
    return rows.map(row =>
      decompressJson<ClusterUpgradeReadiness>(row.upgrade!),
    );
  }

  async quarterSnapshots(): Promise<
    Array<{ quarter: string; snapshot: Snapshot }>
  > {
    const ends = (await this.knex('snapshots')
      .select('quarter')
      .max({ id: 'id' })
      .groupBy('quarter')
      .orderBy('quarter', 'desc')) as Array<{ quarter: string; id: number }>;
    const rows: SnapshotRow[] = ends.length
      ? await this.knex<SnapshotRow>('snapshots').whereIn(
          'id',
          ends.map(e => Number(e.id)),
        )
      : [];
    const current = quarterOf(this.clock().toISOString());
    const endIds = new Set(
      ends.filter(e => e.quarter < current).map(e => Number(e.id)),
    );
    return rows
      .map(row => ({
        quarter: row.quarter,
        snapshot: toSnapshot(row, endIds),
      }))
      .sort((a, b) => b.quarter.localeCompare(a.quarter));
  }

  private quarterEnds(): Promise<Set<number>> {
    return quarterEnds(this.knex, this.clock());
  }
}
