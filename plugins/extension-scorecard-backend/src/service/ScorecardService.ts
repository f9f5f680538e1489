/**
 * The read side of the API: components, summaries, history, snapshots, diffs,
 * clusters and checks. Every call checks the read permission and narrows the
 * answer to the components the caller may see. Used by the router and the actions.
 */
import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError, NotFoundError } from '@backstage/errors';
import {
  DIMENSIONS,
  EXTENSION_KINDS,
  extensionScorecardReadPermission,
  type AuditEvent,
  type AuditTrailQuery,
  type CheckDefinition,
  type ClusterStatus,
  type ComponentDetail,
  type ComponentPage,
  type ComponentQuery,
  type Heatmap,
  type HeatmapQuery,
  type HistoryQuery,
  type HistorySeries,
  type ComponentSummary,
  type Page,
  type Snapshot,
  type SnapshotDiff,
  type TeamSummaryList,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type {
  ComponentVisibility,
  ConfiguredCluster,
  ScorecardStores,
} from '../store';
import type { ScorecardAccess } from './access';
import { parseDateTime } from './inputRules';
import { SnapshotQueryCache } from './SnapshotQueryCache';

/** A time filter as stored times are written (UTC ISO); 400 for an impossible date. */
function isoTime(field: string, value: string | undefined): string | undefined {
  return value === undefined
    ? undefined
    : parseDateTime(field, value).toISOString();
}

/** Default and maximum page sizes. */
export const PAGE_DEFAULT = 50;

/** The snapshot, component and cluster configuration the read side needs. */
export interface ScorecardServiceOptions {
  stores: ScorecardStores;
  access: ScorecardAccess;
  /** The check catalogue as configured. */
  checks: () => CheckDefinition[];
  /** The configured clusters. */
  clusters: () => ReadonlyArray<ConfiguredCluster>;
  now?: () => Date;
  /** Summary answers kept per snapshot (default: a cache of 500 answers). */
  summaryCache?: SnapshotQueryCache;
}

/** Reads of the scorecard, permission-checked and visibility-filtered. */
export class ScorecardService {
  private readonly summaryCache: SnapshotQueryCache;

  constructor(private readonly options: ScorecardServiceOptions) {
    this.summaryCache = options.summaryCache ?? new SnapshotQueryCache();
  }

  private get stores() {
    return this.options.stores;
  }

  now(): Date {
    return this.options.now ? this.options.now() : new Date();
  }

  /** Checks the read permission and returns the caller's visibility. */
  async readerVisibility(
    credentials: BackstageCredentials,
  ): Promise<ComponentVisibility> {
    await this.options.access.require(
      extensionScorecardReadPermission,
      credentials,
    );
    return this.options.access.visibility(credentials);
  }

  /** The requested snapshot, or the newest; NotFoundError when there is none. */
  async snapshot(id?: number): Promise<Snapshot> {
    const snapshot =
      id === undefined
        ? await this.stores.snapshots.latestSnapshot()
        : await this.stores.snapshots.getSnapshot(id);
    if (!snapshot) {
      throw new NotFoundError(
        id === undefined
          ? 'No snapshot yet: the first collection run has not finished'
          : `No snapshot ${id} (it may have been removed by retention)`,
      );
    }
    return snapshot;
  }

  /** A component of the latest snapshot the caller may see; NotFoundError otherwise. */
  async latestComponent(
    componentId: string,
    visibility: ComponentVisibility,
  ): Promise<ComponentSummary> {
    const component = await this.stores.components.componentSummary(
      await this.snapshot(),
      componentId,
      visibility,
    );
    if (!component) {
      throw new NotFoundError(
        `No component ${componentId} in the latest snapshot that you may see`,
      );
    }
    return component;
  }

  async listComponents(
    credentials: BackstageCredentials,
    query: ComponentQuery,
  ): Promise<ComponentPage> {
    const visibility = await this.readerVisibility(credentials);
    const snapshot = await this.snapshot(query.snapshot);
    const { snapshot: _s, sort, order, offset, limit, ...filter } = query;
    const page = {
      sort: sort ?? 'name',
      order: order ?? 'asc',
      offset: offset ?? 0,
      limit: limit ?? PAGE_DEFAULT,
    };
    const result = await this.stores.components.listComponents(
      snapshot,
      filter,
      page,
      visibility,
    );
    // the page's total is what the reader sees of the filter: only the whole is counted
    const hiddenByVisibility = await this.stores.dashboard.hiddenComponents(
      snapshot,
      filter,
      visibility,
      result.total,
    );
    return {
      snapshot: { id: snapshot.id, takenAt: snapshot.takenAt },
      total: result.total,
      offset: page.offset,
      limit: page.limit,
      items: result.items,
      hiddenByVisibility,
    };
  }

  async getComponent(
    credentials: BackstageCredentials,
    componentId: string,
    options: { snapshot?: number; historyLimit?: number },
  ): Promise<ComponentDetail> {
    const visibility = await this.readerVisibility(credentials);
    const snapshot = await this.snapshot(options.snapshot);
    const stored = await this.stores.components.getComponent(
      snapshot,
      componentId,
      visibility,
    );
    if (!stored) {
      throw new NotFoundError(
        `No component ${componentId} in snapshot ${snapshot.id} that you may see`,
      );
    }
    const now = this.now().toISOString();
    const clusters = new Map(stored.clusters.map(c => [c.name, c]));
    const [evidence, waivers, history] = await Promise.all([
      this.stores.evidence.forComponent(componentId),
      this.stores.waivers.forComponent(componentId, now),
      this.stores.history.componentHistory(
        componentId,
        { limit: options.historyLimit ?? 90 },
        visibility,
      ),
    ]);
    return {
      snapshot: { id: snapshot.id, takenAt: snapshot.takenAt },
      scorecard: stored.evaluation.scorecard,
      title: stored.summary.title,
      staleClusters: stored.summary.staleClusters,
      instances: stored.evaluation.instances.map(instance => ({
        ...instance,
        stale: Boolean(clusters.get(instance.cluster)?.stale),
        collectedAt:
          clusters.get(instance.cluster)?.collectedAt ?? snapshot.takenAt,
      })),
      evidence,
      waivers,
      history,
      designRecord: stored.evaluation.designRecord ?? null,
    };
  }

  async teamSummaries(
    credentials: BackstageCredentials,
    query: { snapshot?: number; owner?: string[] },
  ): Promise<TeamSummaryList> {
    const visibility = await this.readerVisibility(credentials);
    const snapshot = await this.snapshot(query.snapshot);
    const filter = { owner: query.owner };
    const { items, hiddenByVisibility } = await this.summaryCache.get(
      'teams',
      snapshot.id,
      { filter, visibility },
      async () => {
        const [summaries, hidden] = await Promise.all([
          this.stores.dashboard.teamSummaries(snapshot, filter, visibility),
          this.stores.dashboard.hiddenComponents(snapshot, filter, visibility),
        ]);
        return { items: summaries, hiddenByVisibility: hidden };
      },
    );
    return {
      snapshot: { id: snapshot.id, takenAt: snapshot.takenAt },
      items,
      hiddenByVisibility,
    };
  }

  async heatmap(
    credentials: BackstageCredentials,
    query: HeatmapQuery,
  ): Promise<Heatmap> {
    const visibility = await this.readerVisibility(credentials);
    const snapshot = await this.snapshot(query.snapshot);
    const filter = {
      owner: query.owner,
      cluster: query.cluster,
      orphan: query.orphan,
    };
    const map = await this.summaryCache.get(
      'heatmap',
      snapshot.id,
      { filter, visibility },
      async () => {
        const [heatmap, hiddenByVisibility] = await Promise.all([
          this.stores.dashboard.heatmap(snapshot, filter, visibility),
          this.stores.dashboard.hiddenComponents(snapshot, filter, visibility),
        ]);
        return { ...heatmap, hiddenByVisibility };
      },
    );
    return { snapshot: { id: snapshot.id, takenAt: snapshot.takenAt }, ...map };
  }

  async history(
    credentials: BackstageCredentials,
    query: HistoryQuery,
  ): Promise<HistorySeries> {
    const visibility = await this.readerVisibility(credentials);
    const range = {
      from: isoTime('from', query.from),
      to: isoTime('to', query.to),
      limit: query.limit ?? 90,
    };
    if (query.scope === 'fleet') {
      return {
        scope: 'fleet',
        key: null,
        points: await this.stores.history.seriesHistory(
          { scope: 'fleet', key: null },
          range,
          visibility,
        ),
      };
    }
    if (!query.key) {
      throw new InputError(`History of scope '${query.scope}' needs a key`);
    }
    if (
      query.scope === 'kind' &&
      !(EXTENSION_KINDS as readonly string[]).includes(query.key)
    ) {
      throw new InputError(`Unknown kind '${query.key}'`);
    }
    if (
      query.scope === 'dimension' &&
      !(DIMENSIONS as readonly string[]).includes(query.key)
    ) {
      throw new InputError(`Unknown dimension '${query.key}'`);
    }
    const points =
      query.scope === 'component'
        ? await this.stores.history.componentHistory(
            query.key,
            range,
            visibility,
          )
        : await this.stores.history.seriesHistory(
            { scope: query.scope, key: query.key },
            range,
            visibility,
          );
    if (query.scope === 'component' && !points.length) {
      throw new NotFoundError(
        `No history of component ${query.key} that you may see`,
      );
    }
    return { scope: query.scope, key: query.key, points };
  }

  async listSnapshots(
    credentials: BackstageCredentials,
    query: { from?: string; to?: string; offset?: number; limit?: number },
  ): Promise<Page<Snapshot>> {
    await this.readerVisibility(credentials);
    const offset = query.offset ?? 0;
    const limit = query.limit ?? PAGE_DEFAULT;
    const page = await this.stores.snapshots.listSnapshots({
      from: isoTime('from', query.from),
      to: isoTime('to', query.to),
      offset,
      limit,
    });
    return { ...page, offset, limit };
  }

  async getSnapshot(
    credentials: BackstageCredentials,
    id: number,
  ): Promise<Snapshot> {
    await this.readerVisibility(credentials);
    return this.snapshot(id);
  }

  async diff(
    credentials: BackstageCredentials,
    fromId: number,
    toId: number,
  ): Promise<SnapshotDiff> {
    const visibility = await this.readerVisibility(credentials);
    const [from, to] = await Promise.all([
      this.snapshot(fromId),
      this.snapshot(toId),
    ]);
    return this.stores.diffs.diffSnapshots(
      { id: from.id, takenAt: from.takenAt },
      { id: to.id, takenAt: to.takenAt },
      visibility,
    );
  }

  async clusters(credentials: BackstageCredentials): Promise<ClusterStatus[]> {
    await this.readerVisibility(credentials);
    return this.stores.clusters.statuses(this.options.clusters());
  }

  async checks(credentials: BackstageCredentials): Promise<CheckDefinition[]> {
    await this.readerVisibility(credentials);
    return this.options.checks();
  }

  async auditTrail(
    credentials: BackstageCredentials,
    query: AuditTrailQuery,
  ): Promise<Page<AuditEvent>> {
    const visibility = await this.readerVisibility(credentials);
    return this.stores.auditTrail.list(
      {
        ...query,
        offset: query.offset ?? 0,
        limit: query.limit ?? PAGE_DEFAULT,
      },
      visibility,
    );
  }
}
