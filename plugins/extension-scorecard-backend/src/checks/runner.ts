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
import type { BuiltinClusterContext, BuiltinComponentContext } from './builtinContext';
import type { ClusterIndex } from './clusterIndex';
import type { ResolvedCheck } from './config';
import { evidenceFromChaosObjects } from './chaosEvidence';
import { scenariosFor } from './experimentScenarios';
import { InstanceFacts } from './facts/instanceFacts';
import { RBAC_FINDING_CHECKS } from './facts/serviceAccountGrants';
import type { ReferenceTables } from './referenceTables';
import type { CheckOutcome, ClusterScopedCheck, ScorecardCheck, ScorecardKind } from './types';

/** What stays the same for every component of one evaluation. */
export interface RunEnvironment {
  now: Date;
  checks: readonly ResolvedCheck[];
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

function applies(check: ScorecardCheck, kind: string): boolean {
  return check.kinds === 'all' || check.kinds.includes(kind);
}

const notApplicableMessages = new Map<string, string>();

function notApplicableMessage(check: ScorecardCheck, kind: string): string {
  const key = `${check.id}|${kind}`;
  let message = notApplicableMessages.get(key);
  if (!message) {
    const kinds = check.kinds === 'all' ? 'all kinds' : check.kinds.join(', ');
    message = `applies to ${kinds}, not to ${kind}`;
    notApplicableMessages.set(key, message);
  }
  return message;
}

/** Why a cluster-scoped check cannot run on this cluster, if it cannot. */
function gate(check: ClusterScopedCheck<any>, index: ClusterIndex): string | undefined {
  const unusable = index.unusable();
  if (unusable) return unusable;
  if (check.needsVersion && index.release === null) {
    const status = index.collection.versionStatus;
    return `the server version of cluster ${index.name} is unknown (${status && status.state !== 'ok' ? `${status.state}: ${status.reason}` : 'not reported'})`;
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

function safely(evaluate: () => CheckOutcome, checkId: string): CheckOutcome {
  try {
    const outcome = evaluate();
    if (!outcome || typeof outcome.status !== 'string' || typeof outcome.message !== 'string') {
      return { status: 'unknown', message: `check ${checkId} returned no verdict` };
    }
    return outcome;
  } catch (error) {
    return { status: 'unknown', message: `check ${checkId} failed: ${(error as Error).message}` };
  }
}

export function runComponent(
  component: ExtensionComponent,
  env: RunEnvironment,
  evidence: readonly ExperimentEvidence[],
  previous: readonly CheckResult[],
): ComponentRun {
  const kind = env.kinds.get(component.kind) ?? { id: component.kind, ...UNKNOWN_KIND };
  const base: BuiltinComponentContext = {
    now: env.now,
    settings: {},
    kind,
    evidence: [...evidence, ...evidenceFromChaosObjects(component)],
    previous,
    tables: env.tables,
    freshnessDays: env.freshnessDays,
    scenarios: scenariosFor(component, kind, env.tables.experiments.conditional),
  };
  const instances = component.instances.map(instance => {
    const index = env.indexes.get(instance.cluster);
    const context: BuiltinClusterContext | undefined = index && {
      ...base,
      instance,
      cluster: index.collection,
      index,
      facts: new InstanceFacts(component, instance, index, env.tables, env.now),
    };
    return { instance, index, context };
  });

  const results: CheckResult[] = [];
  const push = (resolved: ResolvedCheck, cluster: string | null, outcome: CheckOutcome) => {
    const { check } = resolved;
    const result: CheckResult = {
      checkId: check.id,
      dimension: check.dimension,
      severity: resolved.severity,
      status: outcome.status,
      cluster,
      message: outcome.message,
      remediation: check.remediation,
    };
    if (outcome.observed) result.observed = outcome.observed;
    if (check.docsUrl) result.docsUrl = check.docsUrl;
    results.push(result);
  };

  for (const resolved of env.checks) {
    const { check } = resolved;
    if (!applies(check, component.kind)) {
      push(resolved, null, { status: 'not-applicable', message: notApplicableMessage(check, component.kind) });
      continue;
    }
    if (check.scope === 'component') {
      base.settings = resolved.settings;
      push(resolved, null, safely(() => check.evaluate(component, base), check.id));
      continue;
    }
    if (!instances.length) {
      push(resolved, null, {
        status: 'unknown',
        message: 'no instance of this component was found in any collected cluster',
      });
      continue;
    }
    for (const { instance, index, context } of instances) {
      if (!index || !context) {
        push(resolved, instance.cluster, {
          status: 'unknown',
          message: `cluster ${instance.cluster} is not part of this collection`,
        });
        continue;
      }
      const blocked = gate(check, index);
      if (blocked) {
        push(resolved, instance.cluster, { status: 'unknown', message: `cannot judge: ${blocked}` });
        continue;
      }
      context.settings = resolved.settings;
      push(resolved, instance.cluster, safely(() => check.evaluate(component, context), check.id));
    }
  }

  return { results, facts: collectFacts(instances.map(i => i.context), env.checks) };
}

/** The facts the scorecard reports, from clusters whose data is current. */
function collectFacts(
  contexts: Array<BuiltinClusterContext | undefined>,
  checks: readonly ResolvedCheck[],
): ComponentFacts {
  const enabled = new Set(checks.map(c => c.check.id));
  const facts: ComponentFacts = { certificates: [], rbacFindings: [], blastRadius: [] };
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
