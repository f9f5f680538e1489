/**
 * The contract of a readiness check: metadata kept as data plus a pure function.
 * Built-in checks and checks added by backend modules share it.
 */
import type {
  CheckResult,
  CheckStatus,
  Dimension,
  ExperimentEvidence,
  PathClass,
  Severity,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ClusterCollection, ResourceKey } from './collection';
import type { ComponentInstance, ExtensionComponent } from './inventory';

/** A threshold or setting of a check, from data/thresholds.yaml or app-config. @public */
export type CheckSettingValue = number | string | boolean | string[];

/** Resolved settings of one check (data defaults merged with app-config overrides). @public */
export type CheckSettings = Readonly<Record<string, CheckSettingValue>>;

/** What a check function returns; the runner adds id, dimension, severity, cluster and remediation. @public */
export interface CheckOutcome {
  status: CheckStatus;
  /** One line naming the observed values. */
  message: string;
  observed?: Record<string, unknown>;
}

/** A fault scenario a kind must prove with experiment evidence. @public */
export interface ExperimentScenario {
  id: string;
  title: string;
  /** The fault to inject. */
  fault: string;
  /** Observation keys the evidence record must carry. */
  observations: string[];
}

/** An extension kind the scorecard evaluates: the ten built-in ones or one a module adds. @public */
export interface ScorecardKind {
  id: string;
  title: string;
  pathClass: PathClass;
  failureImpact: string;
  /** Backends on the synchronous request path: stricter availability rules. */
  syncPath: boolean;
  /** Rolled out per node: node-by-node canary rules. */
  nodeExtension: boolean;
  /** Required fault experiments (built-in kinds take theirs from data/experiment-scenarios.yaml). */
  experiments?: ExperimentScenario[];
}

/** Metadata of a check, kept as data. @public */
export interface CheckMetadata {
  id: string;
  dimension: Dimension;
  /** Kind ids the check applies to; other kinds get `not-applicable`. */
  kinds: 'all' | readonly string[];
  severity: Severity;
  title: string;
  remediation: string;
  docsUrl?: string;
  /** Default thresholds; app-config may override them under `extensionScorecard.checks.<id>`. */
  defaults?: CheckSettings;
}

/** What every check function receives. @public */
export interface ComponentCheckContext {
  now: Date;
  settings: CheckSettings;
  kind: ScorecardKind;
  /** Experiment evidence submitted for this component. */
  evidence: readonly ExperimentEvidence[];
  /** This component's results of the previous snapshot (empty on the first one). */
  previous: readonly CheckResult[];
}

/** Cluster-scoped checks also get the instance and the cluster's collection. @public */
export interface ClusterCheckContext extends ComponentCheckContext {
  instance: ComponentInstance;
  cluster: ClusterCollection;
}

/** A check evaluated once per component (catalog declarations, evidence). @public */
export interface ComponentScopedCheck<
  C extends ComponentCheckContext = ComponentCheckContext,
> extends CheckMetadata {
  scope: 'component';
  evaluate(component: ExtensionComponent, context: C): CheckOutcome;
}

/**
 * A check evaluated once per instance (cluster). The runner answers `unknown` on its
 * behalf when the cluster is stale or unreachable, when `needsVersion` is set and the
 * server version is unknown, or when one of `reads`/`optionalReads` was not read
 * completely, unless `failStandsWithout` lets it judge on what was read.
 *
 * @public
 */
export interface ClusterScopedCheck<
  C extends ClusterCheckContext = ClusterCheckContext,
> extends CheckMetadata {
  scope: 'cluster';
  /** Resources that must have been read completely (`not-served` counts as unreadable). */
  reads?: readonly ResourceKey[];
  /** Resources of optional CRDs: `not-served` means "not installed" (empty), anything else but ok is unreadable. */
  optionalReads?: readonly ResourceKey[];
  /**
   * Reads (of `reads` and `optionalReads`) whose absence cannot undo a `fail`: more
   * objects of these resources could only add to what the check fails on, never take a
   * failure away. One more RoleBinding cannot remove a ClusterRoleBinding to
   * cluster-admin, so `rbac.cluster-admin` lists the RBAC resources; one more
   * EndpointSlice can turn "0 ready endpoints" into 2, so a check failing on too few
   * endpoints must not list `endpointslices`.
   *
   * When some reads are missing and every missing one is listed here, the runner still
   * evaluates the check, on the objects that were read completely in this collection
   * (objects of the missing resources, including those kept from an earlier read, are
   * left out of `instance` and `cluster`). Then:
   *
   * - `fail` stands: it was proven from data that was read. The runner adds which reads
   *   were missing to the message and to `observed.missingReads`. The check must fail
   *   only on what it was given, never because something is absent (it can tell what is
   *   missing from `cluster.reads`).
   * - any other verdict becomes `unknown` with the reason: the missing objects could
   *   change it. The message says what the check found on what was read, and its
   *   `observed` values are kept.
   *
   * A missing read that is not listed keeps the check `unknown` without running it.
   */
  failStandsWithout?: readonly ResourceKey[];
  /** The cluster's server version must be known. */
  needsVersion?: boolean;
  evaluate(component: ExtensionComponent, context: C): CheckOutcome;
}

/** A readiness check. @public */
export type ScorecardCheck =
  | ComponentScopedCheck<any>
  | ClusterScopedCheck<any>;
