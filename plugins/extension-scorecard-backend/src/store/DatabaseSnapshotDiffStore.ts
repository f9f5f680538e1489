/**
 * What changed between two snapshots: components added and removed, level changes,
 * and checks that got better or worse. Rows shared by both snapshots (the same
 * run-length row) are unchanged by construction and never loaded.
 */
import type {
  CheckChange,
  ComponentRef,
  ExtensionKind,
  LevelChange,
  ReadinessLevel,
  SnapshotDiff,
  SnapshotRef,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import {
  toComponentSummary,
  whereValidAt,
  whereVisible,
  type ComponentStateRow,
} from './componentStates';
import { canonicalJson } from './encoding';
import { chunks } from './snapshotQueries';
import { renderRelative } from '../checks/relativeDays';
import { compareResults } from './diff';
import { loadEvaluations } from './evaluations';
import type { SnapshotDiffStore } from './interfaces';
import type { ComponentVisibility } from './types';

type DiffRow = Pick<
  ComponentStateRow,
  | 'id'
  | 'component_id'
  | 'name'
  | 'kind'
  | 'owner'
  | 'level'
  | 'score'
  | 'evaluation_id'
  | 'relative_days'
>;

function ref(row: DiffRow): ComponentRef {
  return {
    componentId: row.component_id,
    name: row.name,
    kind: row.kind as ExtensionKind,
    owner: row.owner ?? null,
  };
}

async function rowsAt(
  knex: Knex,
  snapshotId: number,
  visibility: ComponentVisibility,
): Promise<Map<string, DiffRow>> {
  const query = knex('component_states as cs');
  whereValidAt(query, snapshotId, false);
  whereVisible(knex, query, visibility);
  const rows: DiffRow[] = await query.select(
    'cs.id',
    'cs.component_id',
    'cs.name',
    'cs.kind',
    'cs.owner',
    'cs.level',
    'cs.score',
    'cs.evaluation_id',
    'cs.relative_days',
  );
  return new Map(rows.map(r => [r.component_id, r]));
}

/** Two evaluations read alike (sorted keys: layouts may order a body's fields differently). */
function readsSame(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** How many of the pairs of rows (whose evaluations read the same) also summarize the same. */
async function countSameSummaries(
  knex: Knex,
  pairs: ReadonlyArray<[DiffRow, DiffRow]>,
  fromAt: Date,
  toAt: Date,
): Promise<number> {
  if (!pairs.length) return 0;
  const rows = new Map<number, ComponentStateRow>();
  for (const ids of chunks(pairs.flatMap(([x, y]) => [x.id, y.id]))) {
    for (const row of await knex('component_states')
      .whereIn('id', ids)
      .select())
      rows.set(Number(row.id), row);
  }
  const summary = (row: DiffRow, at: Date) => {
    return canonicalJson(toComponentSummary(rows.get(Number(row.id))!, at));
  };
  return pairs.filter(
    ([before, after]) => summary(before, fromAt) === summary(after, toAt),
  ).length;
}

/** {@link SnapshotDiffStore} over the plugin's database. */
export class DatabaseSnapshotDiffStore implements SnapshotDiffStore {
  constructor(private readonly knex: Knex) {}

  /** The diff of two snapshots (either order), restricted to what the caller may see. */
  async diffSnapshots(
    from: SnapshotRef,
    to: SnapshotRef,
    visibility: ComponentVisibility,
  ): Promise<SnapshotDiff> {
    const [a, b] = await Promise.all([
      rowsAt(this.knex, from.id, visibility),
      rowsAt(this.knex, to.id, visibility),
    ]);
    const added: ComponentRef[] = [];
    const removed: ComponentRef[] = [];
    const levelChanges: LevelChange[] = [];
    const pairs: Array<[DiffRow, DiffRow]> = [];
    // one row in both snapshots whose countdowns may read differently at the two times
    const counted: DiffRow[] = [];
    let unchangedComponents = 0;
    for (const [id, after] of b) {
      const before = a.get(id);
      if (!before) {
        added.push(ref(after));
      } else if (before.id === after.id) {
        if (after.relative_days) counted.push(after);
        else unchangedComponents += 1;
      } else {
        pairs.push([before, after]);
        if (Number(before.level) !== Number(after.level)) {
          levelChanges.push({
            ...ref(after),
            from: Number(before.level) as ReadinessLevel,
            to: Number(after.level) as ReadinessLevel,
            scoreFrom: Number(before.score),
            scoreTo: Number(after.score),
          });
        }
      }
    }
    for (const [id, before] of a) if (!b.has(id)) removed.push(ref(before));

    const better: CheckChange[] = [];
    const worse: CheckChange[] = [];
    const changedEvaluations = pairs.filter(
      ([before, after]) => before.evaluation_id !== after.evaluation_id,
    );
    const bodies = await loadEvaluations(this.knex, [
      ...changedEvaluations.flatMap(([x, y]) => [
        x.evaluation_id,
        y.evaluation_id,
      ]),
      ...counted.map(row => row.evaluation_id),
    ]);
    const fromAt = new Date(from.takenAt);
    const toAt = new Date(to.takenAt);
    const readAt = (evaluationId: number, at: Date) =>
      renderRelative(bodies.get(evaluationId)!, at);
    // one row in both: unchanged when it reads the same at both times (a countdown
    // that moved is a change)
    for (const row of counted) {
      if (
        readsSame(
          readAt(row.evaluation_id, fromAt),
          readAt(row.evaluation_id, toAt),
        )
      )
        unchangedComponents += 1;
    }
    // two rows that read the same are unchanged too: a component whose evaluation was
    // stored again in another layout (the first snapshot after an upgrade of the store)
    const sameRead: Array<[DiffRow, DiffRow]> = [];
    for (const [before, after] of changedEvaluations) {
      const old = readAt(before.evaluation_id, fromAt);
      const now = readAt(after.evaluation_id, toAt);
      if (readsSame(old, now)) sameRead.push([before, after]);
      const result = compareResults(
        ref(after),
        old.scorecard.results,
        now.scorecard.results,
      );
      better.push(...result.better);
      worse.push(...result.worse);
    }
    unchangedComponents += await countSameSummaries(
      this.knex,
      sameRead,
      fromAt,
      toAt,
    );
    const byName = (x: { componentId: string }, y: { componentId: string }) =>
      x.componentId.localeCompare(y.componentId);
    return {
      from,
      to,
      added: added.sort(byName),
      removed: removed.sort(byName),
      levelChanges: levelChanges.sort(byName),
      better: better.sort(byName),
      worse: worse.sort(byName),
      unchangedComponents,
    };
  }
}
