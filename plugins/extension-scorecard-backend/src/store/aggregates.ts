/**
 * Figures per snapshot for the fleet, each team, kind and dimension, computed when
 * the snapshot is written so history reads a few rows per snapshot instead of every
 * component. Split by orphan so callers who may not see orphans get exact figures.
 *
 * For the fleet, team and kind series `counts` are check results per status; for a
 * dimension series they are components by their worst status in that dimension
 * (`waived` is not tracked per dimension and stays 0).
 */
import { runSteps, type Steps } from '../pacing/steps';
import {
  DIMENSIONS,
  LEVELS,
  type HistoryPoint,
  type HistoryScope,
  type LevelCounts,
  type StatusCounts,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  COUNT_COLUMNS,
  emptyStatusCounts,
  rowCounts,
  rowDimensions,
  type ComponentStateRow,
  type NewComponentState,
} from './componentStates';

/** One snapshot_aggregates row without its snapshot id. */
export interface AggregateRow {
  scope: Exclude<HistoryScope, 'component'>;
  key: string;
  orphan: boolean;
  components: number;
  level_0: number;
  level_1: number;
  level_2: number;
  level_3: number;
  score_sum: number;
  c_pass: number;
  c_warn: number;
  c_fail: number;
  c_na: number;
  c_unknown: number;
  c_waived: number;
}

/** Figures of a set of components, in API terms. */
export interface Tally {
  components: number;
  levels: LevelCounts;
  scoreSum: number;
  counts: StatusCounts;
}

export function emptyTally(): Tally {
  return {
    components: 0,
    levels: { 0: 0, 1: 0, 2: 0, 3: 0 },
    scoreSum: 0,
    counts: emptyStatusCounts(),
  };
}

/** Adds one component (level, score and counts) to a tally. */
export function addToTally(
  tally: Tally,
  level: number,
  score: number,
  counts: StatusCounts,
): void {
  tally.components += 1;
  tally.levels[level as 0 | 1 | 2 | 3] += 1;
  tally.scoreSum += score;
  // field by field: called for every series of every component of a snapshot
  const into = tally.counts;
  into.pass += counts.pass;
  into.warn += counts.warn;
  into.fail += counts.fail;
  into.notApplicable += counts.notApplicable;
  into.unknown += counts.unknown;
  into.waived += counts.waived;
}

/** Adds one tally to another. */
export function mergeTally(into: Tally, from: Tally): void {
  into.components += from.components;
  into.scoreSum += from.scoreSum;
  for (const level of LEVELS) {
    into.levels[level] += from.levels[level];
  }
  for (const key of Object.keys(from.counts) as Array<keyof StatusCounts>) {
    into.counts[key] += from.counts[key];
  }
}

/** Average score of a tally, rounded to one decimal (0 when empty). */
export function averageScore(tally: Tally): number {
  return tally.components
    ? Math.round((tally.scoreSum / tally.components) * 10) / 10
    : 0;
}

function countsOfStatus(status: string): Readonly<StatusCounts> {
  return Object.freeze({
    pass: status === 'pass' ? 1 : 0,
    warn: status === 'warn' ? 1 : 0,
    fail: status === 'fail' ? 1 : 0,
    notApplicable: status === 'not-applicable' ? 1 : 0,
    unknown: status === 'unknown' ? 1 : 0,
    waived: 0,
  });
}

/** What a dimension's worst status adds to its series: one per status, made once. */
const DIMENSION_COUNTS = new Map(
  ['pass', 'warn', 'fail', 'not-applicable', 'unknown'].map(status => [
    status,
    countsOfStatus(status),
  ]),
);

function dimensionCounts(status: string): Readonly<StatusCounts> {
  return DIMENSION_COUNTS.get(status) ?? countsOfStatus(status);
}

/**
 * Folds component rows into tallies per series (`scope|key|orphan`). Used when
 * writing a snapshot and for callers whose visibility rules out the stored figures.
 */
export function tallySeries(
  rows: ReadonlyArray<NewComponentState | ComponentStateRow>,
  only?: { scope: Exclude<HistoryScope, 'component'>; key: string | null },
): Map<string, SeriesTally> {
  return runSteps(tallySeriesSteps(rows, only));
}

/** One series' tally (see {@link tallySeries}). */
interface SeriesTally {
  scope: AggregateRow['scope'];
  key: string;
  orphan: boolean;
  tally: Tally;
}

/** {@link tallySeries} in steps: it yields between rows (see pacing/steps). */
function* tallySeriesSteps(
  rows: ReadonlyArray<NewComponentState | ComponentStateRow>,
  only?: { scope: Exclude<HistoryScope, 'component'>; key: string | null },
): Steps<Map<string, SeriesTally>> {
  const series = new Map<string, SeriesTally>();
  // the series of a scope and orphan flag by key: no id text per component and series
  const byScope = new Map<
    string,
    [Map<string, SeriesTally>, Map<string, SeriesTally>]
  >();
  const add = (
    scope: AggregateRow['scope'],
    key: string,
    orphan: boolean,
    level: number,
    score: number,
    counts: StatusCounts,
  ) => {
    if (only && (only.scope !== scope || (only.key ?? '') !== key)) return;
    let scoped = byScope.get(scope);
    if (!scoped) {
      scoped = [new Map(), new Map()];
      byScope.set(scope, scoped);
    }
    const keyed = scoped[orphan ? 1 : 0];
    let entry = keyed.get(key);
    if (!entry) {
      entry = { scope, key, orphan, tally: emptyTally() };
      keyed.set(key, entry);
      series.set(`${scope}|${key}|${orphan}`, entry);
    }
    addToTally(entry.tally, level, score, counts);
  };
  for (const row of rows) {
    const orphan = Boolean(row.orphan);
    const level = Number(row.level);
    const score = Number(row.score);
    const counts = rowCounts(row);
    add('fleet', '', orphan, level, score, counts);
    add('team', row.owner ?? '', orphan, level, score, counts);
    add('kind', row.kind, orphan, level, score, counts);
    const dimensions = rowDimensions(row);
    for (const dimension of DIMENSIONS) {
      const status = dimensions[dimension];
      if (status) {
        add(
          'dimension',
          dimension,
          orphan,
          level,
          score,
          dimensionCounts(status),
        );
      }
    }
    yield;
  }
  return series;
}

/** The snapshot_aggregates rows of a snapshot's components, in steps (see pacing/steps). */
export function* aggregateRowSteps(
  rows: ReadonlyArray<NewComponentState>,
): Steps<AggregateRow[]> {
  const series = yield* tallySeriesSteps(rows);
  return [...series.values()].map(({ scope, key, orphan, tally }) => ({
    scope,
    key,
    orphan,
    components: tally.components,
    level_0: tally.levels[0],
    level_1: tally.levels[1],
    level_2: tally.levels[2],
    level_3: tally.levels[3],
    score_sum: tally.scoreSum,
    c_pass: tally.counts.pass,
    c_warn: tally.counts.warn,
    c_fail: tally.counts.fail,
    c_na: tally.counts.notApplicable,
    c_unknown: tally.counts.unknown,
    c_waived: tally.counts.waived,
  }));
}

/** Reads a stored aggregate row back into a tally. */
export function tallyFromAggregate(row: Record<string, unknown>): Tally {
  const counts = {} as StatusCounts;
  for (const [key, column] of Object.entries(COUNT_COLUMNS)) {
    counts[key as keyof StatusCounts] = Number(row[column]);
  }
  return {
    components: Number(row.components),
    levels: {
      0: Number(row.level_0),
      1: Number(row.level_1),
      2: Number(row.level_2),
      3: Number(row.level_3),
    },
    scoreSum: Number(row.score_sum),
    counts,
  };
}

/** A history point from a tally. */
export function historyPoint(
  snapshot: { id: number; takenAt: string },
  tally: Tally,
): HistoryPoint {
  return {
    snapshotId: snapshot.id,
    takenAt: snapshot.takenAt,
    components: tally.components,
    levels: tally.levels,
    averageScore: averageScore(tally),
    counts: tally.counts,
  };
}
