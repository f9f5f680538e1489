/**
 * Snapshots: written once per collection run in one transaction, read by the list,
 * detail, summaries, history, diff and audit endpoints.
 *
 * Storage stays compact (README "Storage"): component_states rows are run-length
 * encoded over snapshot ids, so a component that did not change costs nothing in a
 * new snapshot; evaluation bodies are content-addressed and gzip-compressed, so
 * identical content is stored once.
 */
import {
  DIMENSIONS,
  type ComponentScorecard,
  type ComponentSummary,
  type ExtensionKind,
  type Heatmap,
  type HeatmapCell,
  type Snapshot,
  type SnapshotRef,
  type TeamSummary,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import {
  addToTally,
  averageScore,
  buildAggregateRows,
  emptyTally,
  type Tally,
} from './aggregates';
import { dayOf, quarterOf } from './calendar';
import {
  COUNT_COLUMNS,
  DIMENSION_COLUMNS,
  OPEN_VALIDITY,
  buildComponentState,
  rowCounts,
  toComponentSummary,
  whereMatches,
  whereValidAt,
  whereVisible,
  type ComponentStateRow,
  type NewComponentState,
} from './componentStates';
import { isPostgres } from './database';
import { parseJsonColumn } from './encoding';
import {
  collectUnusedEvaluations,
  evaluationHash,
  loadEvaluations,
  prepareEvaluation,
  storeEvaluations,
  type EvaluationBody,
} from './evaluations';
import { selectSnapshotsToKeep, type RetentionPolicy } from './retention';
import type {
  ComponentFilter,
  ComponentListOptions,
  ComponentVisibility,
  NewSnapshot,
  SnapshotClusterInput,
  SnapshotWriteResult,
  WrittenLevelChange,
} from './types';

const CHUNK = 400;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(items.slice(i, i + size));
  return out;
}

/** A component as a snapshot saw it: its row, its evaluation and the snapshot's clusters. */
export interface StoredComponent {
  summary: ComponentSummary;
  evaluation: EvaluationBody;
  clusters: Array<SnapshotClusterInput & { staleReason: string | null }>;
}

/** What retention removed. */
export interface RetentionResult {
  deletedSnapshots: number;
  deletedStates: number;
  deletedEvaluations: number;
}

interface SnapshotRow {
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

interface PreparedComponent {
  body: EvaluationBody;
  hash: string;
  state: NewComponentState;
}

/** Snapshots, component states and evaluations in the plugin's database. */
export class SnapshotStore {
  constructor(
    private readonly knex: Knex,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Writes one immutable snapshot in ONE transaction: the snapshot row, its clusters,
   * new evaluation bodies, the changed component states and the aggregates. A run
   * that fails anywhere leaves nothing behind.
   */
  async writeSnapshot(input: NewSnapshot): Promise<SnapshotWriteResult> {
    const staleClusters = new Set(
      input.clusters.filter(c => c.stale).map(c => c.name),
    );
    const seen = new Set<string>();
    const prepared: PreparedComponent[] = input.components.map(component => {
      const id = component.scorecard.componentId;
      if (seen.has(id)) {
        throw new Error(`Component ${id} appears twice in one snapshot`);
      }
      seen.add(id);
      const body: EvaluationBody = {
        scorecard: component.scorecard,
        instances: component.instances,
      };
      const hash = evaluationHash(body);
      return {
        body,
        hash,
        state: buildComponentState(component, hash, staleClusters),
      };
    });

    const fleet = emptyTally();
    for (const { state } of prepared) {
      addToTally(fleet, state.level, state.score, rowCounts(state));
    }

    return this.knex.transaction(async trx => {
      if (isPostgres(trx)) {
        // One writer at a time across replicas; readers are not blocked.
        await trx.raw('LOCK TABLE snapshots IN SHARE ROW EXCLUSIVE MODE');
      }
      const [inserted] = await trx('snapshots')
        .insert({
          taken_at: input.takenAt,
          day: dayOf(input.takenAt),
          quarter: quarterOf(input.takenAt),
          trigger: input.trigger,
          refresh_id: input.refreshId,
          component_count: prepared.length,
          clusters: JSON.stringify(input.clusters.map(c => c.name).sort()),
          stale_clusters: JSON.stringify([...staleClusters].sort()),
          summary: JSON.stringify({
            levels: fleet.levels,
            counts: fleet.counts,
            averageScore: averageScore(fleet),
          }),
        })
        .returning('id');
      const snapshotId = Number(
        typeof inserted === 'object' ? inserted.id : inserted,
      );

      if (input.clusters.length) {
        await trx.batchInsert(
          'snapshot_clusters',
          input.clusters.map(c => ({
            snapshot_id: snapshotId,
            cluster: c.name,
            source: c.source,
            collected_at: c.collectedAt,
            stale: Boolean(c.stale),
            stale_reason: c.stale?.reason ?? null,
            version: c.version,
          })),
          CHUNK,
        );
      }

      const open: Array<
        Pick<ComponentStateRow, 'id' | 'component_id' | 'state_hash' | 'level'>
      > = await trx('component_states')
        .where('valid_to', OPEN_VALIDITY)
        .select('id', 'component_id', 'state_hash', 'level');
      const openById = new Map(open.map(row => [row.component_id, row]));

      const toClose: number[] = [];
      const changedItems: PreparedComponent[] = [];
      const added: string[] = [];
      const levelChanges: WrittenLevelChange[] = [];
      let unchanged = 0;
      for (const item of prepared) {
        const id = item.state.component_id;
        const current = openById.get(id);
        openById.delete(id);
        if (current && current.state_hash === item.state.state_hash) {
          unchanged += 1;
          continue;
        }
        if (current) {
          toClose.push(current.id);
          if (Number(current.level) !== item.state.level) {
            levelChanges.push({
              componentId: id,
              owner: item.state.owner,
              name: item.state.name,
              from: Number(current.level) as WrittenLevelChange['from'],
              to: item.state.level as WrittenLevelChange['to'],
            });
          }
        } else {
          added.push(id);
        }
        changedItems.push(item);
      }
      // only what changed is split into results and stored
      const evaluations = changedItems.map(item =>
        prepareEvaluation(item.body, item.hash),
      );
      const stored = await storeEvaluations(trx, evaluations);
      const toInsert = changedItems.map(
        (item, i) =>
          ({
            ...item.state,
            valid_from: snapshotId,
            valid_to: OPEN_VALIDITY,
            evaluation_id: stored.evaluations.get(item.hash)!,
            facet_set_id: stored.facetSets.get(evaluations[i].facetHash)!,
          } as ComponentStateRow),
      );
      const removed = [...openById.keys()];
      toClose.push(...[...openById.values()].map(row => row.id));

      for (const ids of chunks(toClose)) {
        await trx('component_states')
          .whereIn('id', ids)
          .update({ valid_to: snapshotId });
      }
      if (toInsert.length) {
        await trx.batchInsert('component_states', toInsert, 200);
      }
      const aggregates = buildAggregateRows(prepared.map(p => p.state));
      if (aggregates.length) {
        await trx.batchInsert(
          'snapshot_aggregates',
          aggregates.map(row => ({ ...row, snapshot_id: snapshotId })),
          CHUNK,
        );
      }
      return {
        snapshotId,
        added,
        removed,
        changed: toInsert.length - added.length,
        unchanged,
        levelChanges,
      };
    });
  }

  /** The newest snapshot, if any. */
  async latestSnapshot(): Promise<Snapshot | undefined> {
    const row = await this.knex<SnapshotRow>('snapshots')
      .orderBy('id', 'desc')
      .first();
    return row ? this.toSnapshot(row, await this.quarterEnds()) : undefined;
  }

  /** One snapshot by id. */
  async getSnapshot(id: number): Promise<Snapshot | undefined> {
    const row = await this.knex<SnapshotRow>('snapshots').where({ id }).first();
    return row ? this.toSnapshot(row, await this.quarterEnds()) : undefined;
  }

  /** Retained snapshots, newest first. */
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
    return { total: Number(n), items: rows.map(r => this.toSnapshot(r, ends)) };
  }

  /** The newest snapshot of each quarter, newest quarter first. */
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
        snapshot: this.toSnapshot(row, endIds),
      }))
      .sort((a, b) => b.quarter.localeCompare(a.quarter));
  }

  private async quarterEnds(): Promise<Set<number>> {
    const current = quarterOf(this.clock().toISOString());
    const rows = await this.knex('snapshots')
      .where('quarter', '<', current)
      .select('quarter')
      .max({ id: 'id' })
      .groupBy('quarter');
    return new Set(rows.map(r => Number(r.id)));
  }

  private toSnapshot(row: SnapshotRow, quarterEnds: Set<number>): Snapshot {
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
      quarterEnd: quarterEnds.has(Number(row.id)),
    };
  }

  /** A query on the component rows of a snapshot that the caller may see. */
  private componentRows(
    snapshot: SnapshotRef,
    latest: boolean,
    visibility: ComponentVisibility,
  ): Knex.QueryBuilder {
    const query = this.knex('component_states as cs');
    whereValidAt(query, snapshot.id, latest);
    return whereVisible(this.knex, query, visibility);
  }

  private async isLatest(snapshotId: number): Promise<boolean> {
    const [{ id }] = await this.knex('snapshots').max({ id: 'id' });
    return Number(id) === snapshotId;
  }

  /** One page of a snapshot's components, filtered and sorted in the database. */
  async listComponents(
    snapshot: SnapshotRef,
    filter: ComponentFilter,
    options: ComponentListOptions,
    visibility: ComponentVisibility,
  ): Promise<{ total: number; items: ComponentSummary[] }> {
    const latest = await this.isLatest(snapshot.id);
    const base = whereMatches(
      this.componentRows(snapshot, latest, visibility),
      filter,
    );
    const [{ n }] = await base.clone().count({ n: '*' });
    // Page ids first (narrow rows sort fast), then the rows of the page.
    const page = base.clone().select('cs.id');
    const order = options.order;
    switch (options.sort) {
      case 'level':
        page.orderBy([
          { column: 'cs.level', order },
          { column: 'cs.score', order },
        ]);
        break;
      case 'fails':
        page.orderBy([
          { column: 'cs.c_fail', order },
          { column: 'cs.hard_gate_count', order },
        ]);
        break;
      case 'warns':
        page.orderBy('cs.c_warn', order);
        break;
      case 'owner':
      case 'lifecycle':
        page.orderBy(`cs.${options.sort}`, order, 'last');
        break;
      default:
        page.orderBy(`cs.${options.sort}`, order);
    }
    // the tie-breaker follows the direction so the sort indexes serve the page
    page.orderBy('cs.component_id', order);
    const ids: number[] = (
      await page.offset(options.offset).limit(options.limit)
    ).map((r: { id: number }) => Number(r.id));
    const rows: ComponentStateRow[] = ids.length
      ? await this.knex('component_states').whereIn('id', ids).select()
      : [];
    const byId = new Map(rows.map(r => [Number(r.id), r]));
    return {
      total: Number(n),
      items: ids.map(id => toComponentSummary(byId.get(id)!)),
    };
  }

  /** Every visible component row of a snapshot (summaries, audit). */
  async snapshotRows(
    snapshot: SnapshotRef,
    visibility: ComponentVisibility,
    filter: ComponentFilter = {},
  ): Promise<ComponentStateRow[]> {
    const latest = await this.isLatest(snapshot.id);
    return whereMatches(
      this.componentRows(snapshot, latest, visibility),
      filter,
    )
      .select('cs.*')
      .orderBy('cs.component_id');
  }

  /** The summary row of one component in a snapshot, if it is there and visible. */
  async componentRow(
    snapshot: SnapshotRef,
    componentId: string,
    visibility: ComponentVisibility,
  ): Promise<ComponentStateRow | undefined> {
    const latest = await this.isLatest(snapshot.id);
    return this.componentRows(snapshot, latest, visibility)
      .where('cs.component_id', componentId)
      .select('cs.*')
      .first();
  }

  /** One component of a snapshot with its evaluation and the snapshot's clusters. */
  async getComponent(
    snapshot: SnapshotRef,
    componentId: string,
    visibility: ComponentVisibility,
  ): Promise<StoredComponent | undefined> {
    const row = await this.componentRow(snapshot, componentId, visibility);
    if (!row) return undefined;
    const [evaluation] = (
      await this.loadEvaluations([row.evaluation_id])
    ).values();
    const clusters = await this.knex('snapshot_clusters')
      .where('snapshot_id', snapshot.id)
      .select();
    return {
      summary: toComponentSummary(row),
      evaluation,
      clusters: clusters.map(c => ({
        name: c.cluster,
        source: c.source,
        collectedAt: c.collected_at,
        stale: c.stale ? { reason: c.stale_reason ?? '' } : null,
        staleReason: c.stale_reason ?? null,
        version: c.version ?? null,
      })),
    };
  }

  /** Every catalog-linked component id of the retained snapshots. */
  async catalogComponentIds(): Promise<string[]> {
    const rows = await this.knex('component_states')
      .where('orphan', false)
      .distinct('component_id');
    return rows.map(r => r.component_id);
  }

  /** Evaluation bodies by id. */
  async loadEvaluations(
    ids: readonly number[],
  ): Promise<Map<number, EvaluationBody>> {
    return loadEvaluations(this.knex, ids);
  }

  /** The scorecards of a snapshot's visible components, by component id. */
  async loadScorecards(
    snapshot: SnapshotRef,
    visibility: ComponentVisibility,
  ): Promise<Map<string, ComponentScorecard>> {
    const rows = await this.snapshotRows(snapshot, visibility);
    const bodies = await this.loadEvaluations(rows.map(r => r.evaluation_id));
    return new Map(
      rows.map(row => [
        row.component_id,
        bodies.get(row.evaluation_id)!.scorecard,
      ]),
    );
  }

  /** Per owner: level distribution and counts of a snapshot's visible components. */
  async teamSummaries(
    snapshot: SnapshotRef,
    filter: ComponentFilter,
    visibility: ComponentVisibility,
  ): Promise<TeamSummary[]> {
    const latest = await this.isLatest(snapshot.id);
    const sums = Object.values(COUNT_COLUMNS).map(c => `SUM(cs.${c}) AS ${c}`);
    const rows = await whereMatches(
      this.componentRows(snapshot, latest, visibility),
      filter,
    )
      .select(
        'cs.owner',
        'cs.kind',
        'cs.level',
        this.knex.raw('COUNT(*) AS n'),
        this.knex.raw('SUM(cs.score) AS score_sum'),
        this.knex.raw(
          'SUM(CASE WHEN cs.hard_gate_count > 0 THEN 1 ELSE 0 END) AS gated',
        ),
        this.knex.raw(
          'SUM(CASE WHEN cs.c_fail > 0 THEN 1 ELSE 0 END) AS failing',
        ),
        ...sums.map(s => this.knex.raw(s)),
      )
      .groupBy('cs.owner', 'cs.kind', 'cs.level');
    const teams = new Map<
      string,
      {
        tally: Tally;
        gated: number;
        failing: number;
        kinds: Map<string, number>;
        owner: string | null;
      }
    >();
    for (const row of rows) {
      const key = row.owner ?? '';
      let team = teams.get(key);
      if (!team) {
        team = {
          tally: emptyTally(),
          gated: 0,
          failing: 0,
          kinds: new Map(),
          owner: row.owner ?? null,
        };
        teams.set(key, team);
      }
      const n = Number(row.n);
      team.tally.components += n;
      team.tally.levels[Number(row.level) as 0 | 1 | 2 | 3] += n;
      team.tally.scoreSum += Number(row.score_sum);
      const counts = rowCounts(row);
      for (const k of Object.keys(counts) as Array<keyof typeof counts>) {
        team.tally.counts[k] += counts[k];
      }
      team.gated += Number(row.gated);
      team.failing += Number(row.failing);
      team.kinds.set(row.kind, (team.kinds.get(row.kind) ?? 0) + n);
    }
    return [...teams.values()]
      .map(team => ({
        owner: team.owner,
        components: team.tally.components,
        levels: team.tally.levels,
        averageScore: averageScore(team.tally),
        hardGates: team.gated,
        failing: team.failing,
        counts: team.tally.counts,
        byKind: [...team.kinds.entries()]
          .map(([kind, components]) => ({
            kind: kind as ExtensionKind,
            components,
          }))
          .sort((a, b) => a.kind.localeCompare(b.kind)),
      }))
      .sort((a, b) => (a.owner ?? '\uffff').localeCompare(b.owner ?? '\uffff'));
  }

  /** The kind × dimension heat map of a snapshot's visible components. */
  async heatmap(
    snapshot: SnapshotRef,
    filter: ComponentFilter,
    visibility: ComponentVisibility,
  ): Promise<Omit<Heatmap, 'snapshot'>> {
    const latest = await this.isLatest(snapshot.id);
    const statuses = ['pass', 'warn', 'fail', 'not-applicable', 'unknown'];
    const selects = [this.knex.raw('COUNT(*) AS n')];
    for (const dimension of DIMENSIONS) {
      const column = DIMENSION_COLUMNS[dimension];
      statuses.forEach((status, i) => {
        selects.push(
          this.knex.raw(
            `SUM(CASE WHEN cs.${column} = ? THEN 1 ELSE 0 END) AS ${column}_${i}`,
            [status],
          ),
        );
      });
    }
    const rows: Array<Record<string, any>> = await whereMatches(
      this.componentRows(snapshot, latest, visibility),
      filter,
    )
      .select('cs.kind', ...selects)
      .groupBy('cs.kind')
      .orderBy('cs.kind');
    const cells: HeatmapCell[] = [];
    for (const row of rows) {
      for (const dimension of DIMENSIONS) {
        const column = DIMENSION_COLUMNS[dimension];
        const [pass, warn, fail, notApplicable, unknown] = statuses.map(
          (_, i) => Number(row[`${column}_${i}`]),
        );
        const total = pass + warn + fail + notApplicable + unknown;
        const share = (n: number) =>
          total ? Math.round((n / total) * 1000) / 1000 : 0;
        cells.push({
          kind: row.kind,
          dimension,
          total,
          fail,
          warn,
          pass,
          unknown,
          notApplicable,
          failShare: share(fail),
          warnShare: share(warn),
          passShare: share(pass),
          unknownShare: share(unknown),
        });
      }
    }
    return {
      kinds: rows.map(r => ({ kind: r.kind, components: Number(r.n) })),
      dimensions: [...DIMENSIONS],
      cells,
    };
  }

  /**
   * Deletes the snapshots retention does not keep, then the component states that
   * cover no remaining snapshot and the evaluations nothing refers to any more.
   */
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
      if (isPostgres(trx)) {
        await trx.raw('LOCK TABLE snapshots IN SHARE ROW EXCLUSIVE MODE');
      }
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
