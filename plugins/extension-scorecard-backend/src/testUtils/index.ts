/**
 * Test utilities of the Extension Scorecard backend, published as
 * `@extension-scorecard/plugin-extension-scorecard-backend/testUtils`: for benchmarks
 * and tests; not a stable API (exports may change in any release). A stand-in
 * Kubernetes API server, and the pipeline's seams (collect → inventory → evaluate →
 * snapshot → store) that the benchmarks of `packages/bench` and the plugin's own tests
 * drive directly, without a running backend. The model types they take and return
 * (KubeObject, ClusterCollection, Inventory…) come from
 * `@extension-scorecard/plugin-extension-scorecard-node`.
 *
 * Each export below is tagged `@alpha`: deliberately public for tests, not covered by
 * the plugin's compatibility promise.
 *
 * @packageDocumentation
 */

// ── Stand-in Kubernetes API server ─────────────────────────────────────────────

/** A local fake Kubernetes API server (HTTP or HTTPS) with fault injection. @alpha */
export {
  createStandInHandler,
  standInClusterFromDump,
  standInClusterFromObjects,
  startStandInApiServer,
} from './standInApiServer';
/** Types of the stand-in API server: what it serves, its faults and answers. @alpha */
export type {
  StandInAnswer,
  StandInApiServer,
  StandInCluster,
  StandInFault,
  StandInHandler,
  StandInIncoming,
  StandInOptions,
  StandInRequest,
  StandInResource,
} from './standInApiServer';

// ── Collection ─────────────────────────────────────────────────────────────────

/** The live collector: reads one cluster's API server into a ClusterCollection. @alpha */
export { collectLiveCluster, LIVE_CLUSTER_DEFAULTS } from '../collect/live';
/** How to reach one live cluster (URL, token, CA, page size, concurrency). @alpha */
export type { LiveClusterConfig } from '../collect/live';
/** The collector's resource table, and the entry of the table an object belongs to. @alpha */
export { RESOURCE_SPECS, specForObject } from '../collect/resources';
/** One row of the collector's resource table (group, versions, plural, kind). @alpha */
export type { ResourceSpec } from '../collect/types';

// ── Inventory ──────────────────────────────────────────────────────────────────

/** Groups cluster objects into extension components and links them to the catalog. @alpha */
export { buildInventory } from '../inventory/buildInventory';
/** The input of buildInventory: collections, catalog entities, time, extra kinds. @alpha */
export type { BuildInventoryInput } from '../inventory/buildInventory';
/** A cluster read an hour later with only statuses and EndpointSlices moved on. @alpha */
export { withStatusesMovedOn } from './statusChurn';

// ── Evaluation ─────────────────────────────────────────────────────────────────

/** Runs every enabled check on every component and scores the results. @alpha */
export { evaluateInventory } from '../pipeline/evaluate';
/** The same as the store keeps it (countdowns counted when read), and its rendering for a time. @alpha */
export { evaluateStable, renderScorecards } from '../pipeline/evaluate';
/** The options of evaluateInventory (time, evidence, waivers, checks config). @alpha */
export type { EvaluateOptions, StableScorecard } from '../pipeline/evaluate';
/** The refresh's memo: evaluates again only the components whose inputs changed. @alpha */
export { EvaluationMemo } from '../pipeline/incremental';
/** Work in steps that give the event loop a turn (a refresh's inventory, checks and write). @alpha */
export { Pacer, runSteps, runStepsPaced } from '../pacing/steps';
/** Work that yields between its units (see runSteps, runStepsPaced). @alpha */
export type { Steps } from '../pacing/steps';
/** One refresh's evaluation through the memo, and its options. @alpha */
export type {
  IncrementalEvaluation,
  IncrementalOptions,
} from '../pipeline/incremental';
/** Clusters a refresh collects at once. @alpha */
export { CLUSTER_CONCURRENCY } from '../pipeline/RefreshCoordinator';
/** Fingerprints of a cluster collection (as stored with it, and as a refresh uses it) and of the catalog as read. @alpha */
export {
  catalogFingerprint,
  clusterFingerprint,
  readFingerprint,
} from '../pipeline/fingerprints';
/** Per cluster, what blocks the next Kubernetes minor (the report stored with each snapshot). @alpha */
export { upgradeReadiness } from '../pipeline/upgradeReadiness';
/** The built-in check catalogue, and the reader of `extensionScorecard.checks` config. @alpha */
export { BUILTIN_CHECKS, readChecksConfig } from '../checks';
/** The checks config readChecksConfig returns (enabled checks, thresholds, tables). @alpha */
export type { ChecksConfig } from '../checks';

// ── Snapshot and store ─────────────────────────────────────────────────────────

/** The snapshot a store writes for an evaluated inventory. @alpha */
export {
  snapshotInput,
  snapshotInputSteps,
} from '../pipeline/assembleSnapshot';
/** Builds every store of the plugin over a migrated Knex connection. @alpha */
export { createScorecardStores } from '../store';
/** Every store of the plugin, over one database. @alpha */
export type { ScorecardStores } from '../store';
/** Brings a Knex connection's schema up to date with the plugin's migrations. @alpha */
export { migrateScorecardDatabase } from '../store/database';
/** The snapshot retention policy, its defaults and the snapshots it keeps. @alpha */
export { DEFAULT_RETENTION, selectSnapshotsToKeep } from '../store/retention';
/** How long snapshots are kept (`extensionScorecard.retention`). @alpha */
export type { RetentionPolicy } from '../store/retention';
