/**
 * The components of a snapshot: the filtered, sorted list; one component with its
 * evaluation; every component of a snapshot (audit) and their scorecards.
 */
import type {
  ComponentScorecard,
  ComponentSummary,
  SnapshotRef,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import { FacetIndex } from './facetIndex';
import { toComponentSummary, type ComponentStateRow } from './componentStates';
import { renderRelative } from '../checks/relativeDays';
import { loadEvaluations } from './evaluations';
import type { ComponentStore, StoredComponent } from './interfaces';
import {
  filteredComponentRows,
  isLatestSnapshot,
  visibleComponentRows,
} from './snapshotQueries';
import type {
  ComponentFilter,
  ComponentListOptions,
  ComponentVisibility,
} from './types';

/** {@link ComponentStore} over the plugin's database. */
export class DatabaseComponentStore implements ComponentStore {
  constructor(
    private readonly knex: Knex,
    private readonly facets: FacetIndex = new FacetIndex(knex),
  ) {}

  async listComponents(
    snapshot: SnapshotRef,
    filter: ComponentFilter,
    options: ComponentListOptions,
    visibility: ComponentVisibility,
  ): Promise<{ total: number; items: ComponentSummary[] }> {
    const rowsOf = await filteredComponentRows(
      this.knex,
      this.facets,
      snapshot.id,
      filter,
    );
    const base = rowsOf(visibility);
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
    const at = new Date(snapshot.takenAt);
    return {
      total: Number(n),
      items: ids.map(id => toComponentSummary(byId.get(id)!, at)),
    };
  }

  async snapshotComponents(
    snapshot: SnapshotRef,
    visibility: ComponentVisibility,
    filter: ComponentFilter = {},
  ): Promise<ComponentSummary[]> {
    const rows = await this.snapshotRows(snapshot, visibility, filter);
    const at = new Date(snapshot.takenAt);
    return rows.map(row => toComponentSummary(row, at));
  }

  async componentSummary(
    snapshot: SnapshotRef,
    componentId: string,
    visibility: ComponentVisibility,
  ): Promise<ComponentSummary | undefined> {
    const row = await this.componentRow(snapshot, componentId, visibility);
    return row
      ? toComponentSummary(row, new Date(snapshot.takenAt))
      : undefined;
  }

  async getComponent(
    snapshot: SnapshotRef,
    componentId: string,
    visibility: ComponentVisibility,
  ): Promise<StoredComponent | undefined> {
    const row = await this.componentRow(snapshot, componentId, visibility);
    if (!row) return undefined;
    const at = new Date(snapshot.takenAt);
    const [stored] = (
      await loadEvaluations(this.knex, [row.evaluation_id])
    ).values();
    const evaluation = renderRelative(stored, at);
    const clusters = await this.knex('snapshot_clusters')
      .where('snapshot_id', snapshot.id)
      .select();
    return {
      summary: toComponentSummary(row, at),
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

  async loadScorecards(
    snapshot: SnapshotRef,
    visibility: ComponentVisibility,
  ): Promise<Map<string, ComponentScorecard>> {
    const rows = await this.snapshotRows(snapshot, visibility);
    const bodies = await loadEvaluations(
      this.knex,
      rows.map(r => r.evaluation_id),
    );
    const at = new Date(snapshot.takenAt);
    return new Map(
      rows.map(row => [
        row.component_id,
        renderRelative(bodies.get(row.evaluation_id)!.scorecard, at),
      ]),
    );
  }

  async catalogComponentIds(): Promise<string[]> {
    const rows = await this.knex('component_states')
      .where('orphan', false)
      .distinct('component_id');
    return rows.map(r => r.component_id);
  }

  async snapshotEvaluationIds(
    snapshot: SnapshotRef,
    visibility: ComponentVisibility,
  ): Promise<Array<{ summary: ComponentSummary; evaluationId: number }>> {
    const rows = await this.snapshotRows(snapshot, visibility);
    const at = new Date(snapshot.takenAt);
    return rows.map(row => ({
      summary: toComponentSummary(row, at),
      evaluationId: Number(row.evaluation_id),
    }));
  }

  async scorecardsOf(
    evaluationIds: readonly number[],
    at: Date,
  ): Promise<Map<number, ComponentScorecard>> {
    const bodies = await loadEvaluations(this.knex, evaluationIds);
    return new Map(
      [...bodies].map(([id, body]) => [id, renderRelative(body.scorecard, at)]),
    );
  }

  /** Every visible component row of a snapshot, by component id. */
  private async snapshotRows(
    snapshot: SnapshotRef,
    visibility: ComponentVisibility,
    filter: ComponentFilter = {},
  ): Promise<ComponentStateRow[]> {
    const rowsOf = await filteredComponentRows(
      this.knex,
      this.facets,
      snapshot.id,
      filter,
    );
    return rowsOf(visibility).select('cs.*').orderBy('cs.component_id');
  }

  /** The row of one component in a snapshot, if it is there and visible. */
  private async componentRow(
    snapshot: SnapshotRef,
    componentId: string,
    visibility: ComponentVisibility,
  ): Promise<ComponentStateRow | undefined> {
    const latest = await isLatestSnapshot(this.knex, snapshot.id);
    return visibleComponentRows(this.knex, snapshot.id, latest, visibility)
      .where('cs.component_id', componentId)
      .select('cs.*')
      .first();
  }
}
