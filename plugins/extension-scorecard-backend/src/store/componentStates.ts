/**
 * component_states rows: the denormalized per-component summary the list, summaries
 * and history read. A row is valid for snapshot ids in [valid_from, valid_to).
 */
import {
  DIMENSIONS,
  type CheckStatus,
  type ComponentSummary,
  type Dimension,
  type DimensionStatuses,
  type ExtensionKind,
  type ReadinessLevel,
  type StatusCounts,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import { canonicalJson, parseJsonColumn, sha256 } from './encoding';
import { whereInJsonArray } from './database';
import type { FacetMatches } from './facetIndex';
import type {
  ComponentFilter,
  ComponentVisibility,
  SnapshotComponentInput,
} from './types';
import { renderRelative } from '../checks/relativeDays';
import { componentSearchText } from '../scoring/campaigns';

/** valid_to of rows still valid in the newest snapshot. */
export const OPEN_VALIDITY = 2147483647;

/** Column holding the worst status of each dimension. */
export const DIMENSION_COLUMNS = {
  ownership: 'dim_ownership',
  'failure-boundary': 'dim_failure_boundary',
  availability: 'dim_availability',
  certificates: 'dim_certificates',
  rbac: 'dim_rbac',
  upgrade: 'dim_upgrade',
  observability: 'dim_observability',
  experiments: 'dim_experiments',
  retirement: 'dim_retirement',
} as const satisfies Record<Dimension, string>;

/** A dimension column name. */
export type DimensionColumn = (typeof DIMENSION_COLUMNS)[Dimension];

/** Columns holding result counts, by StatusCounts field. */
export const COUNT_COLUMNS: Record<keyof StatusCounts, string> = {
  pass: 'c_pass',
  warn: 'c_warn',
  fail: 'c_fail',
  notApplicable: 'c_na',
  unknown: 'c_unknown',
  waived: 'c_waived',
};

/** The stored row (what knex returns; booleans are 0/1 on SQLite). */
export interface ComponentStateRow {
  id: number;
  component_id: string;
  valid_from: number;
  valid_to: number;
  state_hash: string;
  evaluation_id: number;
  facet_set_id: number;
  name: string;
  title: string | null;
  kind: string;
  owner: string | null;
  lifecycle: string | null;
  orphan: boolean | number;
  level: number;
  score: number;
  hard_gate_count: number;
  c_pass: number;
  c_warn: number;
  c_fail: number;
  c_na: number;
  c_unknown: number;
  c_waived: number;
  /** The evaluation holds countdowns counted at read time (checks/relativeDays). */
  relative_days: boolean | number;
  clusters: string;
  stale_clusters: string;
  next_level_blockers: string;
  /** id, name, owner and title, lower-cased (text search). */
  search_text: string;
  dim_ownership: string | null;
  dim_failure_boundary: string | null;
  dim_availability: string | null;
  dim_certificates: string | null;
  dim_rbac: string | null;
  dim_upgrade: string | null;
  dim_observability: string | null;
  dim_experiments: string | null;
  dim_retirement: string | null;
}

/** A row to insert, minus validity and evaluation (known only inside the transaction). */
export type NewComponentState = Omit<
  ComponentStateRow,
  | 'id'
  | 'valid_from'
  | 'valid_to'
  | 'evaluation_id'
  | 'facet_set_id'
  | 'relative_days'
>;

/** All-zero status counts. */
export function emptyStatusCounts(): StatusCounts {
  return { pass: 0, warn: 0, fail: 0, notApplicable: 0, unknown: 0, waived: 0 };
}

/** Counts results per status; waived results also count under their status. */
export function countResults(
  results: ReadonlyArray<{ status: CheckStatus; waiver?: unknown }>,
): StatusCounts {
  const counts = emptyStatusCounts();
  for (const result of results) {
    if (result.status === 'not-applicable') counts.notApplicable += 1;
    else counts[result.status] += 1;
    if (result.waiver) counts.waived += 1;
  }
  return counts;
}

/**
 * Builds the row of one component. `evaluationHash` identifies the stored body;
 * `state_hash` covers everything in the row, so an unchanged component is
 * recognised by comparing one string.
 */
export function buildComponentState(
  component: SnapshotComponentInput,
  evaluationHash: string,
  staleClusters: ReadonlySet<string>,
  /** The state's hash when already known (see SnapshotComponentInput.stateHash). */
  knownStateHash?: string,
): NewComponentState {
  const { scorecard } = component;
  const counts = countResults(scorecard.results);
  const clusters = [...scorecard.clusters].sort();
  const row: Omit<NewComponentState, 'state_hash' | DimensionColumn> &
    Partial<Record<DimensionColumn, string | null>> = {
    component_id: scorecard.componentId,
    name: scorecard.name,
    title: component.title,
    kind: scorecard.kind,
    owner: scorecard.owner,
    lifecycle: scorecard.lifecycle,
    orphan: scorecard.orphan,
    level: scorecard.level,
    score: scorecard.score,
    hard_gate_count: scorecard.hardGates.length,
    c_pass: counts.pass,
    c_warn: counts.warn,
    c_fail: counts.fail,
    c_na: counts.notApplicable,
    c_unknown: counts.unknown,
    c_waived: counts.waived,
    clusters: JSON.stringify(clusters),
    stale_clusters: JSON.stringify(clusters.filter(c => staleClusters.has(c))),
    next_level_blockers: JSON.stringify(scorecard.nextLevelBlockers),
    search_text: componentSearchText({ ...scorecard, title: component.title }),
  };
  for (const dimension of DIMENSIONS) {
    row[DIMENSION_COLUMNS[dimension]] = scorecard.dimensions[dimension] ?? null;
  }
  return {
    ...(row as Omit<NewComponentState, 'state_hash'>),
    state_hash:
      knownStateHash ?? sha256(canonicalJson({ row, evaluationHash })),
  };
}

/** Worst status per dimension of a row. */
export function rowDimensions(
  row: Pick<ComponentStateRow, DimensionColumn>,
): DimensionStatuses {
  const dimensions: DimensionStatuses = {};
  for (const dimension of DIMENSIONS) {
    const status = row[DIMENSION_COLUMNS[dimension]];
    if (typeof status === 'string')
      dimensions[dimension] = status as CheckStatus;
  }
  return dimensions;
}

/** Result counts of a row. */
export function rowCounts(
  row: Pick<
    ComponentStateRow,
    'c_pass' | 'c_warn' | 'c_fail' | 'c_na' | 'c_unknown' | 'c_waived'
  >,
): StatusCounts {
  return {
    pass: Number(row.c_pass),
    warn: Number(row.c_warn),
    fail: Number(row.c_fail),
    notApplicable: Number(row.c_na),
    unknown: Number(row.c_unknown),
    waived: Number(row.c_waived),
  };
}

/** The list row the API returns, its countdowns counted at `at` (the snapshot's time). */
export function toComponentSummary(
  row: ComponentStateRow,
  at: Date,
): ComponentSummary {
  return {
    componentId: row.component_id,
    name: row.name,
    title: row.title ?? null,
    kind: row.kind as ExtensionKind,
    owner: row.owner ?? null,
    lifecycle: row.lifecycle ?? null,
    orphan: Boolean(row.orphan),
    clusters: parseJsonColumn<string[]>(row.clusters, []),
    staleClusters: parseJsonColumn<string[]>(row.stale_clusters, []),
    level: Number(row.level) as ReadinessLevel,
    score: Number(row.score),
    hardGateCount: Number(row.hard_gate_count),
    counts: rowCounts(row),
    dimensions: rowDimensions(row),
    nextLevelBlockers: renderRelative(
      parseJsonColumn<string[]>(row.next_level_blockers, []),
      at,
    ),
  };
}

/**
 * Restricts a query on `component_states as cs` to the rows valid in a snapshot.
 * The newest snapshot uses the open rows (an equality the indexes serve).
 */
export function whereValidAt(
  query: Knex.QueryBuilder,
  snapshotId: number,
  latest: boolean,
): Knex.QueryBuilder {
  if (latest) return query.where('cs.valid_to', OPEN_VALIDITY);
  return query
    .where('cs.valid_from', '<=', snapshotId)
    .andWhere('cs.valid_to', '>', snapshotId);
}

/** Restricts a query on `component_states as cs` to what the caller may see. */
export function whereVisible(
  knex: Knex,
  query: Knex.QueryBuilder,
  visibility: ComponentVisibility,
): Knex.QueryBuilder {
  const { entityRefs, orphans } = visibility;
  if (entityRefs === null && orphans) return query;
  return query.where(outer => {
    outer.where(linked => {
      linked.where('cs.orphan', false);
      if (entityRefs !== null) {
        whereInJsonArray(knex, linked, 'cs.component_id', entityRefs);
      }
    });
    if (orphans) outer.orWhere('cs.orphan', true);
  });
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, c => `\\${c}`);
}

function required(setIds: readonly number[] | undefined): readonly number[] {
  if (!setIds)
    throw new Error('the facet sets of this filter were not looked up');
  return setIds;
}

/**
 * Restricts `cs` to the facet sets a filter keeps (found by the facet index), with
 * one binding however many: a JSON array SQLite reads with json_each (a lookup table
 * built once), a PostgreSQL array whose size the planner knows.
 */
function whereFacetSetIn(
  query: Knex.QueryBuilder,
  setIds: readonly number[],
): void {
  if (query.client.config.client === 'pg') {
    query.whereRaw('cs.facet_set_id = ANY(?::bigint[])', [[...setIds]]);
  } else {
    query.whereRaw('cs.facet_set_id IN (SELECT value FROM json_each(?))', [
      JSON.stringify(setIds),
    ]);
  }
}

/**
 * Applies the list filters to a query on `component_states as cs`. The cluster and
 * check filters keep the facet sets in `facets`, which the facet index found for the
 * same filter and snapshot (FacetIndex.matches).
 */
export function whereMatches(
  query: Knex.QueryBuilder,
  filter: ComponentFilter,
  facets: FacetMatches,
): Knex.QueryBuilder {
  if (filter.owner?.length) query.whereIn('cs.owner', filter.owner);
  if (filter.kind?.length) query.whereIn('cs.kind', filter.kind);
  if (filter.componentId?.length) {
    query.whereIn('cs.component_id', filter.componentId);
  }
  if (filter.level?.length) query.whereIn('cs.level', filter.level);
  if (filter.lifecycle?.length) query.whereIn('cs.lifecycle', filter.lifecycle);
  if (filter.orphan !== undefined) query.where('cs.orphan', filter.orphan);
  if (filter.stale !== undefined) {
    query.where('cs.stale_clusters', filter.stale ? '<>' : '=', '[]');
  }
  if (filter.failingDimension?.length) {
    const dims = filter.failingDimension;
    query.where(q => {
      for (const d of dims) q.orWhere(`cs.${DIMENSION_COLUMNS[d]}`, 'fail');
    });
  }
  if (filter.warningDimension?.length) {
    const dims = filter.warningDimension;
    query.where(q => {
      for (const d of dims) {
        q.orWhereIn(`cs.${DIMENSION_COLUMNS[d]}`, ['warn', 'fail']);
      }
    });
  }
  if (filter.cluster?.length) whereFacetSetIn(query, required(facets.cluster));
  if (filter.checkId) {
    whereFacetSetIn(query, required(facets.check));
  } else if (filter.status) {
    const column =
      filter.status === 'not-applicable'
        ? COUNT_COLUMNS.notApplicable
        : COUNT_COLUMNS[filter.status];
    query.where(`cs.${column}`, '>', 0);
  }
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
    query.whereRaw(`cs.search_text LIKE ? ESCAPE '\\'`, [pattern]);
  }
  return query;
}
