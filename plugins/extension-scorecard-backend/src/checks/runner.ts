/**
 * Runs the resolved checks over one component: `not-applicable` where neither the
 * component's kind nor any of its facets is one a check covers, `unknown` (with the
 * reason) where the cluster is stale or unreachable or a needed read failed, otherwise
 * the check's own verdict, once per component or once per instance. A check that says
 * which missing reads cannot undo its `fail` (`failStandsWithout`) is judged on what was
 * read: its fail stands, anything else becomes `unknown`.
 */
import type {
  CheckResult,
  ComponentScorecard,
  ExperimentEvidence,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ResourceKey } from '../collect/types';
import type { ComponentInstance, ExtensionComponent } from '../inventory/model';
import {
  type BuiltinClusterContext,
  type BuiltinComponentContext,
  judgedWithout,
  remediationOf,
} from './builtinContext';
import type { ClusterIndex } from './clusterIndex';
import type { ResolvedCheck } from './config';
import { evidenceFromChaosObjects } from './chaosEvidence';
import { scenariosFor } from './experimentScenarios';
import { InstanceFacts } from './facts/instanceFacts';
import { relativeDaysLeft } from './certificateText';
import { RBAC_FINDING_CHECKS } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ReferenceTables } from '../reference';
import type { CheckOutcome, ClusterScopedCheck, ScorecardKind } from './types';

/** What stays the same for every component of one evaluation. */
export interface RunEnvironment {
  now: Date;
  checks: readonly PlannedCheck[];
  kinds: ReadonlyMap<string, ScorecardKind>;
  indexes: ReadonlyMap<string, ClusterIndex>;
  tables: ReferenceTables;
  freshnessDays: number;
}

/** What a run derives about the component besides its results (certificates, RBAC, blast radius). */
export type ComponentFacts = Pick<
  ComponentScorecard,
  'certificates' | 'rbacFindings' | 'blastRadius'
>;

export interface ComponentRun {
  results: CheckResult[];
  facts: ComponentFacts;
}

const UNKNOWN_KIND: Omit<ScorecardKind, 'id'> = {
  title: 'unknown kind',
  pathClass: 'async-control',
  failureImpact: 'unknown',
  syncPath: false,
  nodeExtension: false,
  experiments: [],
};

/**
 * A resolved check with what is the same for every component, computed once per
 * evaluation: the kinds it applies to, its `not-applicable` result per kind (and
 * facets), and per cluster whether it can run there (its `unknown` result when it
 * cannot, or the reads it has to do without). Those shared results are frozen.
 */
export interface PlannedCheck extends ResolvedCheck {
  kinds: ReadonlySet<string> | null;
  notApplicable: Map<string, CheckResult>;
  gates: Map<string, ClusterGate>;
  noInstance?: CheckResult;
}

/** Whether a cluster-scoped check can run on a cluster. */
type ClusterGate =
  | { blocked: CheckResult }
  | {
      blocked?: undefined;
      /** Reads missing that cannot undo a fail (judge on what was read); null when all were read. */
      missing: Partial<Record<ResourceKey, string>> | null;
    };

export function planChecks(checks: readonly ResolvedCheck[]): PlannedCheck[] {
  return checks.map(resolved => ({
    ...resolved,
    kinds:
      resolved.check.kinds === 'all' ? null : new Set(resolved.check.kinds),
    notApplicable: new Map(),
    gates: new Map(),
  }));
}

function toResult(
  planned: ResolvedCheck,
  cluster: string | null,
  outcome: CheckOutcome,
): CheckResult {
  const { check } = planned;
  const result: CheckResult = {
    checkId: check.id,
    dimension: check.dimension,
    severity: planned.severity,
    status: outcome.status,
    cluster,
    message: outcome.message,
    remediation: remediationOf(outcome) ?? check.remediation,
  };
  if (outcome.observed) result.observed = outcome.observed;
  if (check.docsUrl) result.docsUrl = check.docsUrl;
  return result;
}

function shared(
  planned: ResolvedCheck,
  cluster: string | null,
  outcome: CheckOutcome,
): CheckResult {
  return Object.freeze(toResult(planned, cluster, outcome));
}

/** The component's kind and facets, own kind first, without repeats. */
function facetIds(component: ExtensionComponent): string[] {
  return [...new Set<string>([component.kind, ...(component.facets ?? [])])];
}

/** A check applies when it covers the component's kind or any of its facets. */
function applies(planned: PlannedCheck, facets: readonly string[]): boolean {
  return !planned.kinds || facets.some(k => planned.kinds!.has(k));
}

function notApplicableResult(
  planned: PlannedCheck,
  facets: readonly string[],
): CheckResult {
  const key = facets.join(',');
  let result = planned.notApplicable.get(key);
  if (!result) {
    const kinds = planned.kinds ? [...planned.kinds].join(', ') : 'all kinds';
    const [kind, ...others] = facets;
    result = shared(planned, null, {
      status: 'not-applicable',
      message: `applies to ${kinds}, not to ${kind}${
        others.length ? ` (nor to its facets ${others.join(', ')})` : ''
      }`,
    });
    planned.notApplicable.set(key, result);
  }
  return result;
}

/**
 * Whether a cluster-scoped check can run on this cluster: the reason it cannot, or the
 * reads it has to do without (all of them in `failStandsWithout`).
 */
function gate(
  check: ClusterScopedCheck<any>,
  index: ClusterIndex,
): { reason: string } | { missing: Partial<Record<ResourceKey, string>> } {
  const unusable = index.unusable();
  if (unusable) return { reason: unusable };
  if (check.needsVersion && index.release === null) {
    const status = index.collection.versionStatus;
    return {
      reason: `the server version of cluster ${index.name} is unknown (${
        status && status.state !== 'ok'
          ? `${status.state}: ${status.reason}`
          : 'not reported'
      })`,
    };
  }
  const tolerated = new Set(check.failStandsWithout ?? []);
  const missing: Partial<Record<ResourceKey, string>> = {};
  const reads: Array<[ResourceKey, boolean]> = [
    ...(check.reads ?? []).map(k => [k, false] as [ResourceKey, boolean]),
    ...(check.optionalReads ?? []).map(
      k => [k, true] as [ResourceKey, boolean],
    ),
  ];
  for (const [key, optional] of reads) {
    const reason = index.unreadable(key, optional);
    if (!reason) continue;
    if (!tolerated.has(key)) return { reason };
    missing[key] ??= reason;
  }
  return { missing };
}

/** Whether the check can run on the cluster (computed once per cluster, shared). */
function clusterGate(planned: PlannedCheck, index: ClusterIndex): ClusterGate {
  let result = planned.gates.get(index.name);
  if (result === undefined) {
    const verdict = gate(planned.check as ClusterScopedCheck<any>, index);
    if ('reason' in verdict) {
      result = {
        blocked: shared(planned, index.name, {
          status: 'unknown',
          message: `cannot judge: ${verdict.reason}`,
        }),
      };
    } else {
      result = {
        missing: Object.keys(verdict.missing).length ? verdict.missing : null,
      };
    }
    planned.gates.set(index.name, result);
  }
  return result;
}

function checked(
  outcome: CheckOutcome | undefined,
  checkId: string,
): CheckOutcome {
  if (
    !outcome ||
    typeof outcome.status !== 'string' ||
    typeof outcome.message !== 'string'
  ) {
    return {
      status: 'unknown',
      message: `check ${checkId} returned no verdict`,
    };
  }
  return outcome;
}

function crashed(error: unknown, checkId: string): CheckOutcome {
  return {
    status: 'unknown',
    message: `check ${checkId} failed: ${
      (error as Error)?.message ?? String(error)
    }`,
  };
}

export function runComponent(
  component: ExtensionComponent,
  env: RunEnvironment,
  evidence: readonly ExperimentEvidence[],
  previous: readonly CheckResult[],
): ComponentRun {
  const kindOf = (id: string): ScorecardKind =>
    env.kinds.get(id) ?? { id, ...UNKNOWN_KIND };
  const kind = kindOf(component.kind);
  const facets = facetIds(component);
  const instances = component.instances.map(instance => {
    const index = env.indexes.get(instance.cluster);
    const facts =
      index &&
      new InstanceFacts(component, instance, index, env.tables, env.now);
    return { instance, index, facts };
  });
  // chaos records found in the clusters, unless already imported as evidence (the backend stores them)
  const chaos = evidenceFromChaosObjects(component).filter(
    run =>
      !evidence.some(
        e =>
          e.tool === run.tool &&
          e.cluster === run.cluster &&
          e.scenario === run.scenario &&
          e.startedAt === run.startedAt,
      ),
  );
  const base: BuiltinComponentContext = {
    now: env.now,
    settings: {},
    kind,
    facets: facets.map(kindOf),
    evidence: chaos.length ? [...evidence, ...chaos] : evidence,
    previous,
    tables: env.tables,
    freshnessDays: env.freshnessDays,
    // experiments stay by the component's own kind
    scenarios: scenariosFor(
      component,
      kind,
      env.tables.experiments.conditional,
      instances.map(i => i.facts?.webhooks),
    ),
  };
  const contexts = instances.map(({ instance, index, facts }) => {
    const context: BuiltinClusterContext | undefined = index &&
      facts && {
        ...base,
        instance,
        cluster: index.collection,
        index,
        facts,
      };
    return { instance, index, context, partial: undefined as PartialView };
  });

  const results: CheckResult[] = [];
  /** Results of the cluster-scoped checks that ran, by `checkId|cluster`, and whether on partial data. */
  const evaluated = new Map<
    string,
    { result: CheckResult; partial: boolean }
  >();
  for (const planned of env.checks) {
    const { check } = planned;
    if (!applies(planned, facets)) {
      results.push(notApplicableResult(planned, facets));
      continue;
    }
    if (check.scope === 'component') {
      base.settings = planned.settings;
      let outcome: CheckOutcome;
      try {
        outcome = checked(check.evaluate(component, base), check.id);
      } catch (error) {
        outcome = crashed(error, check.id);
      }
      results.push(toResult(planned, null, outcome));
      continue;
    }
    if (!instances.length) {
      planned.noInstance ??= shared(planned, null, {
        status: 'unknown',
        message:
          'no instance of this component was found in any collected cluster',
      });
      results.push(planned.noInstance);
      continue;
    }
    for (const entry of contexts) {
      const { instance, index, context } = entry;
      if (!index || !context) {
        results.push(
          toResult(planned, instance.cluster, {
            status: 'unknown',
            message: `cluster ${instance.cluster} is not part of this collection`,
          }),
        );
        continue;
      }
      const clusterState = clusterGate(planned, index);
      if (clusterState.blocked) {
        results.push(clusterState.blocked);
        continue;
      }
      // with reads missing, the check judges on what was read in this collection
      const judged = clusterState.missing
        ? (entry.partial ??= readView(component, context, env))
        : context;
      judged.settings = planned.settings;
      let outcome: CheckOutcome;
      try {
        outcome = checked(check.evaluate(component, judged), check.id);
      } catch (error) {
        outcome = crashed(error, check.id);
      }
      if (clusterState.missing)
        outcome = judgedWithout(outcome, clusterState.missing);
      const result = toResult(planned, instance.cluster, outcome);
      evaluated.set(`${check.id}|${instance.cluster}`, {
        result,
        partial: !!clusterState.missing,
      });
      results.push(result);
    }
  }

  return {
    results,
    facts: collectFacts(contexts, env.checks, evaluated),
  };
}

type PartialView = BuiltinClusterContext | undefined;

/** The context of an instance as far as its cluster was read in this collection. */
function readView(
  component: ExtensionComponent,
  context: BuiltinClusterContext,
  env: RunEnvironment,
): BuiltinClusterContext {
  const index = context.index.readView();
  const instance: ComponentInstance = context.index.readInstance(
    context.instance,
  );
  if (index === context.index && instance === context.instance)
    return { ...context };
  return {
    ...context,
    instance,
    index,
    cluster: index.collection,
    facts: new InstanceFacts(component, instance, index, env.tables, env.now),
  };
}

const enabledIds = new WeakMap<readonly ResolvedCheck[], Set<string>>();

/**
 * The facts the scorecard reports, from clusters whose data is current. RBAC findings
 * are reported for the checks that ran on the cluster: all of them when the check had
 * every read, those that made it fail when it was judged on partial data.
 */
function collectFacts(
  contexts: ReadonlyArray<{
    context?: BuiltinClusterContext;
    partial?: BuiltinClusterContext;
  }>,
  checks: readonly ResolvedCheck[],
  evaluated: ReadonlyMap<string, { result: CheckResult; partial: boolean }>,
): ComponentFacts {
  let enabled = enabledIds.get(checks);
  if (!enabled) {
    enabled = new Set(checks.map(c => c.check.id));
    enabledIds.set(checks, enabled);
  }
  const facts: ComponentFacts = {
    certificates: [],
    rbacFindings: [],
    blastRadius: [],
  };
  for (const { context, partial } of contexts) {
    if (!context || context.index.unusable()) continue;
    // the scorecard's countdowns are counted when it is read (see relativeDays)
    facts.certificates.push(
      ...context.facts.certificates.map(f =>
        f.daysLeft === undefined ? f : { ...f, daysLeft: relativeDaysLeft(f) },
      ),
    );
    facts.blastRadius.push(...context.facts.blastRadius);
    for (const id of RBAC_FINDING_CHECKS) {
      if (!enabled.has(id)) continue;
      const run = evaluated.get(`${id}|${context.index.name}`);
      if (!run) continue; // did not run here (not applicable, or blocked: unknown)
      const analysis = run.partial
        ? partial?.facts.computed.rbac
        : context.facts.computed.rbac;
      if (!analysis || (run.partial && run.result.status !== 'fail')) continue;
      facts.rbacFindings.push(...analysis.findings[id]);
    }
  }
  return facts;
}
