/**
 * Runs the resolved checks over one component: `not-applicable` for kinds a
 * check does not cover, `unknown` (with the reason) where the cluster is
 * stale or unreachable or a needed read failed, otherwise the check's own
 * verdict, once per component or once per instance.
 */
import type {
  CheckResult,
  ExperimentEvidence,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ExtensionComponent } from '../inventory/model';
import type { ComponentFacts } from '../scoring/scorecard';
import type {
  BuiltinClusterContext,
  BuiltinComponentContext,
} from './builtinContext';
import type { ClusterIndex } from './clusterIndex';
import type { ResolvedCheck } from './config';
import { evidenceFromChaosObjects } from './chaosEvidence';
import { scenariosFor } from './experimentScenarios';
import { InstanceFacts } from './facts/instanceFacts';
import { RBAC_FINDING_CHECKS } from './facts/serviceAccountGrants';
import type { ReferenceTables } from './referenceTables';
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
 * evaluation: the kinds it applies to, its `not-applicable` result per kind and its
 * `unknown` result per cluster it cannot run on. Those shared results are frozen.
 */
export interface PlannedCheck extends ResolvedCheck {
  kinds: ReadonlySet<string> | null;
  notApplicable: Map<string, CheckResult>;
  blocked: Map<string, CheckResult | null>;
  noInstance?: CheckResult;
}

export function planChecks(checks: readonly ResolvedCheck[]): PlannedCheck[] {
  return checks.map(resolved => ({
    ...resolved,
    kinds:
      resolved.check.kinds === 'all' ? null : new Set(resolved.check.kinds),
    notApplicable: new Map(),
    blocked: new Map(),
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
    remediation: check.remediation,
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

function notApplicableResult(planned: PlannedCheck, kind: string): CheckResult {
  let result = planned.notApplicable.get(kind);
  if (!result) {
    const kinds = planned.kinds ? [...planned.kinds].join(', ') : 'all kinds';
    result = shared(planned, null, {
      status: 'not-applicable',
      message: `applies to ${kinds}, not to ${kind}`,
    });
    planned.notApplicable.set(kind, result);
  }
  return result;
}

/** Why a cluster-scoped check cannot run on this cluster, if it cannot. */
function gate(
  check: ClusterScopedCheck<any>,
  index: ClusterIndex,
): string | undefined {
  const unusable = index.unusable();
  if (unusable) return unusable;
  if (check.needsVersion && index.release === null) {
    const status = index.collection.versionStatus;
    return `the server version of cluster ${index.name} is unknown (${
      status && status.state !== 'ok'
        ? `${status.state}: ${status.reason}`
        : 'not reported'
    })`;
  }
  for (const key of check.reads ?? []) {
    const reason = index.unreadable(key, false);
    if (reason) return reason;
  }
  for (const key of check.optionalReads ?? []) {
    const reason = index.unreadable(key, true);
    if (reason) return reason;
  }
  return undefined;
}

/** The shared `unknown` result when the check cannot run on the cluster, else null. */
function blockedResult(
  planned: PlannedCheck,
  index: ClusterIndex,
): CheckResult | null {
  let result = planned.blocked.get(index.name);
  if (result === undefined) {
    const reason = gate(planned.check as ClusterScopedCheck<any>, index);
    result = reason
      ? shared(planned, index.name, {
          status: 'unknown',
          message: `cannot judge: ${reason}`,
        })
      : null;
    planned.blocked.set(index.name, result);
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
  const kind = env.kinds.get(component.kind) ?? {
    id: component.kind,
    ...UNKNOWN_KIND,
  };
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
    evidence: chaos.length ? [...evidence, ...chaos] : evidence,
    previous,
    tables: env.tables,
    freshnessDays: env.freshnessDays,
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
    return { instance, index, context };
  });

  const results: CheckResult[] = [];
  for (const planned of env.checks) {
    const { check } = planned;
    if (planned.kinds && !planned.kinds.has(component.kind)) {
      results.push(notApplicableResult(planned, component.kind));
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
    for (const { instance, index, context } of contexts) {
      if (!index || !context) {
        results.push(
          toResult(planned, instance.cluster, {
            status: 'unknown',
            message: `cluster ${instance.cluster} is not part of this collection`,
          }),
        );
        continue;
      }
      const blocked = blockedResult(planned, index);
      if (blocked) {
        results.push(blocked);
        continue;
      }
      context.settings = planned.settings;
      let outcome: CheckOutcome;
      try {
        outcome = checked(check.evaluate(component, context), check.id);
      } catch (error) {
        outcome = crashed(error, check.id);
      }
      results.push(toResult(planned, instance.cluster, outcome));
    }
  }

  return {
    results,
    facts: collectFacts(
      contexts.map(i => i.context),
      env.checks,
    ),
  };
}

const enabledIds = new WeakMap<readonly ResolvedCheck[], Set<string>>();

/** The facts the scorecard reports, from clusters whose data is current. */
function collectFacts(
  contexts: Array<BuiltinClusterContext | undefined>,
  checks: readonly ResolvedCheck[],
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
  for (const context of contexts) {
    if (!context || context.index.unusable()) continue;
    facts.certificates.push(...context.facts.certificates);
    facts.blastRadius.push(...context.facts.blastRadius);
    const rbac = context.facts.computed.rbac;
    if (rbac) {
      for (const id of RBAC_FINDING_CHECKS) {
        if (enabled.has(id)) facts.rbacFindings.push(...rbac.findings[id]);
      }
    }
  }
  return facts;
}
