/**
 * The assemble step of a collection run: the latest collection of every cluster
 * (a failed cluster contributes its last good data, marked stale) plus the catalog
 * become the inventory; chaos results found in the clusters are imported as
 * evidence; the checks evaluate the inventory; the store writes the snapshot in one
 * transaction; retention runs; owning groups are notified.
 */
import { AuthService, LoggerService } from '@backstage/backend-plugin-api';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import type {
  CheckResult,
  Snapshot,
  ClusterUpgradeReadiness,
  ComponentScorecard,
  ObjectRef,
  RunTrigger,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ChecksConfig } from '../checks';
import { announcementRules, type TeamsBelow } from './campaignRules';
import { designRecordOf } from './designRecord';
import { renderScorecard } from './evaluate';
import {
  EvaluationMemo,
  type FleetRead,
  type IncrementalOptions,
  type KeptEvaluation,
} from './incremental';
import { evidenceFromChaosObjects } from '../checks/chaosEvidence';
import { readCatalogEntities } from '../collect/catalog';
import type { ClusterCollection } from '../collect/types';
import type {
  ComponentInstance,
  ExtensionComponent,
  Inventory,
} from '../inventory/model';
import {
  ReusedEvaluationMismatch,
  savedFilterLookup,
  type NewSnapshot,
  type RetentionPolicy,
  type ScorecardStores,
  type SnapshotComponentInput,
  type SnapshotWriteResult,
  type StoredInstance,
} from '../store';
import { canonicalJson, sha256 } from '../store/encoding';
import { Pacer, runSteps, runStepsPaced, type Steps } from '../pacing/steps';

/** Object lists of an instance that are not kept with a snapshot: they churn without meaning a change. */
const VOLATILE_OBJECTS = new Set(['nodes', 'pendingPods', 'endpointSlices']);

/** What the assemble step needs. */
export interface AssembleDeps {
  stores: ScorecardStores;
  catalog: CatalogService;
  auth: AuthService;
  logger: LoggerService;
  checksConfig: ChecksConfig;
  /** Names of the configured clusters. */
  clusterNames: () => string[];
  retention: RetentionPolicy;
  /**
   * A group with every group below it (campaign scopes name teams); without it a
   * campaign's teams take only the groups named.
   */
  teamsBelow?: TeamsBelow;
  /** Called with each written snapshot (notifications). */
  onSnapshot?: (written: WrittenSnapshot) => Promise<void>;
  /**
   * What the last snapshot's evaluations read, so the next run evaluates only what
   * changed (one per backend instance). Without it every component is evaluated.
   */
  memo?: EvaluationMemo;
  /**
   * How the step shares the event loop with the rest of the backend: a turn between
   * clusters, components and statements once a slice of work has taken its time
   * (pacing/steps). A new `Pacer` per run by default.
   */
  pacer?: Pacer;
}

/** A written snapshot with the scorecards it holds. */
export interface WrittenSnapshot
  extends Omit<SnapshotWriteResult, 'evaluationHashes' | 'stateHashes'> {
  takenAt: string;
  scorecards: ComponentScorecard[];
}

/** The Kubernetes objects of an instance, as references, in a stable order. */
export function instanceObjectRefs(instance: ComponentInstance): ObjectRef[] {
  const refs: ObjectRef[] = [];
  for (const [list, objects] of Object.entries(instance.objects)) {
    if (VOLATILE_OBJECTS.has(list)) continue;
    for (const object of objects ?? []) {
      refs.push({
        apiVersion: object.apiVersion,
        kind: object.kind,
        ...(object.metadata.namespace
          ? { namespace: object.metadata.namespace }
          : {}),
        name: object.metadata.name,
      });
    }
  }
  const key = (r: ObjectRef) =>
    `${r.kind}/${r.namespace ?? ''}/${r.name}/${r.apiVersion}`;
  return refs.sort((a, b) => key(a).localeCompare(key(b)));
}

function storedInstances(component: ExtensionComponent): StoredInstance[] {
  return component.instances
    .map(instance => ({
      cluster: instance.cluster,
      objects: instanceObjectRefs(instance),
      advertisedResources: [...instance.advertisedResources].sort(),
      schedulerNames: [...instance.schedulerNames].sort(),
    }))
    .sort((a, b) => a.cluster.localeCompare(b.cluster));
}

/**
 * The snapshot input of an evaluated inventory. Components in `reused` kept their
 * evaluation: the store takes it by hash (the inventory need not hold them).
 */
export function snapshotInput(
  inventory: Inventory,
  scorecards: ComponentScorecard[],
  run: { takenAt: string; trigger: RunTrigger; refreshId: string | null },
  upgrade: readonly ClusterUpgradeReadiness[] = [],
  reused: ReadonlyMap<string, KeptEvaluation> = new Map(),
): NewSnapshot {
  return runSteps(
    snapshotInputSteps(inventory, scorecards, run, upgrade, reused),
  );
}

/** {@link snapshotInput} in steps: it yields between components (see pacing/steps). */
export function* snapshotInputSteps(
  inventory: Inventory,
  scorecards: ComponentScorecard[],
  run: { takenAt: string; trigger: RunTrigger; refreshId: string | null },
  upgrade: readonly ClusterUpgradeReadiness[] = [],
  reused: ReadonlyMap<string, KeptEvaluation> = new Map(),
): Steps<NewSnapshot> {
  const upgradeByCluster = new Map(upgrade.map(u => [u.cluster, u]));
  const byId = new Map(inventory.components.map(c => [c.id, c]));
  const components: SnapshotComponentInput[] = [];
  for (const scorecard of scorecards) {
    const component = byId.get(scorecard.componentId);
    const kept = reused.get(scorecard.componentId);
    components.push(
      kept
        ? {
            scorecard,
            title: kept.title,
            instances: [],
            evaluationHash: kept.evaluationHash,
            ...(kept.stateHash ? { stateHash: kept.stateHash } : {}),
          }
        : {
            scorecard,
            title: component?.catalog?.title ?? null,
            instances: component ? storedInstances(component) : [],
            designRecord: designRecordOf(component),
          },
    );
    yield;
  }
  return {
    ...run,
    clusters: inventory.clusters.map(collection => ({
      name: collection.cluster,
      source: collection.source,
      collectedAt: collection.stale?.lastSuccessAt ?? collection.collectedAt,
      stale: staleness(collection),
      version: collection.version?.gitVersion ?? null,
      upgrade: upgradeByCluster.get(collection.cluster) ?? null,
    })),
    components,
  };
}

function staleness(collection: ClusterCollection): { reason: string } | null {
  if (collection.stale) return { reason: collection.stale.reason };
  if (collection.error) return { reason: collection.error };
  return null;
}

/**
 * Imports the finished Chaos Mesh and LitmusChaos runs the inventory found as
 * evidence (idempotent: the same run is stored once, a changed one again).
 */
export async function importChaosEvidence(
  inventory: Inventory,
  stores: ScorecardStores,
  now: string,
): Promise<number> {
  let imported = 0;
  for (const component of inventory.components) {
    for (const record of evidenceFromChaosObjects(component)) {
      const { id, submittedAt: _at, ...content } = record;
      const result = await stores.evidence.create({
        ...content,
        submittedAt: now,
        source: 'import',
        idempotencyKey: `import:${sha256(canonicalJson({ id, content }))}`,
      });
      if (!result.replayed) imported += 1;
    }
  }
  return imported;
}

/** The previous snapshot's results per component (for checks that look back one run). */
async function previousResults(
  stores: ScorecardStores,
  latest: Snapshot | undefined,
): Promise<Map<string, readonly CheckResult[]>> {
  if (!latest) return new Map();
  const cards = await stores.components.loadScorecards(latest, {
    entityRefs: null,
    orphans: true,
  });
  return new Map([...cards].map(([id, card]) => [id, card.results]));
}

/** Runs the assemble step and returns the written snapshot. */
export async function assembleSnapshot(
  deps: AssembleDeps,
  run: {
    trigger: RunTrigger;
    refreshId: string | null;
    now: Date;
    /** The clusters as read at `now` (history import); else the store's latest collections. */
    collections?: ClusterCollection[];
  },
): Promise<WrittenSnapshot> {
  const { stores, logger } = deps;
  const takenAt = run.now.toISOString();
  const collections =
    run.collections ?? (await stores.clusters.latest(deps.clusterNames()));
  const entities = await readCatalogEntities({
    catalog: deps.catalog,
    credentials: await deps.auth.getOwnServiceCredentials(),
  });
  const read: FleetRead = {
    collections,
    entities,
    extraKinds: deps.checksConfig.extraKinds.map(k => k.id),
  };
  const latest = await stores.snapshots.latestSnapshot();
  const latestSnapshotId = latest?.id ?? null;
  const memo = deps.memo ?? new EvaluationMemo();
  const loadEvidence = async () =>
    [...(await stores.evidence.byComponent()).values()].flat();
  const options: IncrementalOptions = {
    now: run.now,
    evidence: await loadEvidence(),
    waivers: await stores.waivers.active(takenAt),
    campaigns: await announcementRules(
      await stores.campaigns.open(),
      deps.teamsBelow ?? (async team => [team]),
      savedFilterLookup(stores.savedFilters),
    ),
    previous:
      memo.previousResults(latestSnapshotId) ??
      (await previousResults(stores, latest)),
    config: deps.checksConfig,
    latestSnapshotId,
  };
  // the work below shares the event loop with the rest of the backend (pacing/steps)
  const pacer = deps.pacer ?? new Pacer();
  const inventoryOf = (build?: boolean) =>
    runStepsPaced(memo.inventorySteps(read, { ...options, build }), pacer);
  let inventory = await inventoryOf();
  let imported = await importChaosEvidence(inventory, stores, takenAt);
  if (imported && memo.isKept(inventory)) {
    // new evidence: its component need not be among those the kept inventory holds
    inventory = await inventoryOf(true);
    imported += await importChaosEvidence(inventory, stores, takenAt);
  }
  if (imported) options.evidence = await loadEvidence();
  /** The checks of what changed, then the next-minor report (kept per component alike). */
  const evaluate = async () => {
    const evaluation = await runStepsPaced(
      memo.evaluateSteps(inventory, options),
      pacer,
    );
    const upgrade = await runStepsPaced(
      memo.upgradeReportSteps(inventory, evaluation, {
        now: run.now,
        config: deps.checksConfig,
      }),
      pacer,
    );
    return { evaluation, upgrade };
  };
  const write = async ({
    evaluation,
    upgrade,
  }: Awaited<ReturnType<typeof evaluate>>) =>
    stores.snapshotWriter.writeSnapshot(
      await runStepsPaced(
        snapshotInputSteps(
          inventory,
          evaluation.scorecards,
          { takenAt, trigger: run.trigger, refreshId: run.refreshId },
          upgrade,
          evaluation.storedByHash,
        ),
        pacer,
      ),
      { pacer },
    );
  let evaluated = await evaluate();
  let written: SnapshotWriteResult;
  try {
    written = await write(evaluated);
  } catch (error) {
    memo.forget();
    if (!(error instanceof ReusedEvaluationMismatch)) throw error;
    // the store moved on without this process (a restore, say): evaluate everything
    logger.warn(
      `extension-scorecard: ${error.message}; evaluating every component again`,
    );
    if (memo.isKept(inventory)) inventory = await inventoryOf(true);
    evaluated = await evaluate();
    written = await write(evaluated);
  }
  const { evaluation, upgrade } = evaluated;
  memo.remember(
    evaluation,
    written.snapshotId,
    written.evaluationHashes,
    upgrade,
    written.stateHashes,
  );
  const stable = evaluation.scorecards;
  const scorecards: ComponentScorecard[] = [];
  for (const card of stable) {
    scorecards.push(renderScorecard(card, run.now));
    await pacer.turn();
  }
  const stale = collections.filter(c => c.stale || c.error).map(c => c.cluster);
  logger.info(
    `extension-scorecard: snapshot ${written.snapshotId} of ${
      scorecards.length
    } components from ${collections.length} clusters (${
      written.added.length
    } added, ${written.removed.length} removed, ${written.changed} changed, ${
      written.unchanged
    } unchanged; ${evaluation.evaluated} evaluated (${
      evaluation.restated.size
    } to what was stored), ${evaluation.reused.size} kept${
      stale.length ? `; stale: ${stale.join(', ')}` : ''
    }${imported ? `; ${imported} chaos results imported as evidence` : ''})`,
  );
  const retention = await stores.retention.applyRetention(
    deps.retention,
    run.now,
  );
  if (retention.deletedSnapshots) {
    logger.info(
      `extension-scorecard: retention removed ${retention.deletedSnapshots} snapshots, ${retention.deletedStates} component states and ${retention.deletedEvaluations} evaluations`,
    );
  }
  const {
    evaluationHashes: _evaluations,
    stateHashes: _states,
    ...counts
  } = written;
  const result = { ...counts, takenAt, scorecards };
  if (deps.onSnapshot) {
    try {
      await deps.onSnapshot(result);
    } catch (error) {
      logger.warn(
        `extension-scorecard: notifications for snapshot ${
          written.snapshotId
        } failed: ${(error as Error).message}`,
      );
    }
  }
  return result;
}
