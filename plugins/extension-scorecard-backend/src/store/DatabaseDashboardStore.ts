/**
 * The dashboard's per-snapshot summaries: per team, and the kind × dimension heat
 * map, grouped in the database over the rows the caller may see.
 */
import {
  DIMENSIONS,
  type ExtensionKind,
  type Heatmap,
  type HeatmapCell,
  type SnapshotRef,
  type TeamSummary,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import { FacetIndex } from './facetIndex';
import { averageScore, emptyTally, type Tally } from './aggregates';
import { COUNT_COLUMNS, DIMENSION_COLUMNS, rowCounts } from './componentStates';
import type { DashboardStore } from './interfaces';
import { filteredComponentRows } from './snapshotQueries';
import {
  FULL_VISIBILITY,
  type ComponentFilter,
  type ComponentVisibility,
} from './types';

/** {@link DashboardStore} over the plugin's database. */
export class DatabaseDashboardStore implements DashboardStore {
  constructor(
    private readonly knex: Knex,
    private readonly facets: FacetIndex = new FacetIndex(knex),
  ) {}

  /** Per owner: level distribution and counts of a snapshot's visible components. */
  async teamSummaries(
    snapshot: SnapshotRef,
    filter: ComponentFilter,
    visibility: ComponentVisibility,
  ): Promise<TeamSummary[]> {
    const rowsOf = await filteredComponentRows(
      this.knex,
      this.facets,
      snapshot.id,
      filter,
    );
    const sums = Object.values(COUNT_COLUMNS).map(c => `SUM(cs.${c}) AS ${c}`);
    const rows = await rowsOf(visibility)
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
  ): Promise<Omit<Heatmap, 'snapshot' | 'hiddenByVisibility'>> {
    const rowsOf = await filteredComponentRows(
      this.knex,
      this.facets,
      snapshot.id,
      filter,
    );
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
    const rows: Array<Record<string, any>> = await rowsOf(visibility)
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

  /** Components of a snapshot matching the filter that the caller may not see. */
  async hiddenComponents(
    snapshot: SnapshotRef,
    filter: ComponentFilter,
    visibility: ComponentVisibility,
    visibleCount?: number,
  ): Promise<number> {
    if (visibility.entityRefs === null && visibility.orphans) return 0;
    const rowsOf = await filteredComponentRows(
      this.knex,
      this.facets,
      snapshot.id,
      filter,
    );
    const count = async (as: ComponentVisibility) => {
      const [row] = await rowsOf(as).count({ n: '*' });
      return Number(row?.n ?? 0);
    };
    const [all, visible] = await Promise.all([
      count(FULL_VISIBILITY),
      visibleCount ?? count(visibility),
    ]);
    return Math.max(0, all - visible);
  }
}
