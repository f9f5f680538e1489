/**
 * What built-in checks get beyond the public check context: the reference
 * tables, the cluster's indexes and the instance's derived facts.
 */
import { EXTENSION_KINDS } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ResourceKey } from '../collect/types';
import type { ExtensionComponent } from '../inventory/model';
import type { ClusterIndex } from './clusterIndex';
import type { InstanceFacts } from './facts/instanceFacts';
import { changesEveryRun } from './timeBound';
import type { ReferenceTables } from '../reference';
import type {
  CheckOutcome,
  ClusterCheckContext,
  ClusterScopedCheck,
  ComponentCheckContext,
  ComponentScopedCheck,
  ExperimentScenario,
  ScorecardKind,
} from './types';

export interface BuiltinComponentContext extends ComponentCheckContext {
  /**
   * The kinds of extension found among the component's objects, its own `kind` first
   * (`component.facets` resolved; just `[kind]` when the inventory gave none).
   */
  facets: readonly ScorecardKind[];
  tables: ReferenceTables;
  /** Days an experiment run stays fresh. */
  freshnessDays: number;
  /** The scenarios this component must prove (its kind's, plus conditional ones that apply). */
  scenarios: ExperimentScenario[];
}

export interface BuiltinClusterContext
  extends ClusterCheckContext,
    BuiltinComponentContext {
  index: ClusterIndex;
  facts: InstanceFacts;
}

export type BuiltinComponentCheck =
  ComponentScopedCheck<BuiltinComponentContext>;
export type BuiltinClusterCheck = ClusterScopedCheck<BuiltinClusterContext>;
export type BuiltinCheck = BuiltinComponentCheck | BuiltinClusterCheck;

export type CheckFunction<C> = (
  component: ExtensionComponent,
  context: C,
) => CheckOutcome;

/**
 * An outcome that can name the remediation fitting its case (what is actually
 * missing or wrong) in place of the check's general one. The runner reports it as
 * the result's remediation; a `judgedWithout` unknown goes back to the general one.
 */
export interface BuiltinOutcome extends CheckOutcome {
  remediation?: string;
}

/** `outcome` with the remediation that fits its case. */
export function withRemediation(
  outcome: CheckOutcome,
  remediation: string,
): BuiltinOutcome {
  return { ...outcome, remediation };
}

/** The case-specific remediation of an outcome, when it names one. */
export function remediationOf(outcome: CheckOutcome): string | undefined {
  const remediation = (outcome as BuiltinOutcome).remediation;
  return typeof remediation === 'string' && remediation.trim()
    ? remediation
    : undefined;
}

export function pass(
  message: string,
  observed?: Record<string, unknown>,
): CheckOutcome {
  return { status: 'pass', message, observed };
}
export function warn(
  message: string,
  observed?: Record<string, unknown>,
): CheckOutcome {
  return { status: 'warn', message, observed };
}
export function fail(
  message: string,
  observed?: Record<string, unknown>,
): CheckOutcome {
  return { status: 'fail', message, observed };
}
export function unknown(
  message: string,
  observed?: Record<string, unknown>,
): CheckOutcome {
  return { status: 'unknown', message, observed };
}
export function notApplicable(
  message: string,
  observed?: Record<string, unknown>,
): CheckOutcome {
  return { status: 'not-applicable', message, observed };
}

/** A number setting of a check (thresholds are validated at start-up, so this is safe). */
export function numberSetting(
  context: ComponentCheckContext,
  key: string,
): number {
  return context.settings[key] as number;
}

export function stringsSetting(
  context: ComponentCheckContext,
  key: string,
): string[] {
  return context.settings[key] as string[];
}

/** Lists at most `max` items, then "and N more". */
export function listed(items: readonly string[], max = 3): string {
  if (items.length <= max) return items.join('; ');
  return `${items.slice(0, max).join('; ')} and ${items.length - max} more`;
}

/** This check's result for the same cluster in the previous snapshot. */
export function previousResult(
  context: ComponentCheckContext,
  checkId: string,
  cluster: string | null,
) {
  return context.previous.find(
    r => r.checkId === checkId && r.cluster === cluster,
  );
}

/**
 * The rule for judging on partial data: a `fail` proven from what was read stands,
 * with the missing reads named; any other verdict could change with the missing
 * data, so it becomes `unknown` with the reasons (and what was found on what was
 * read). `missing` maps a resource to why it was not read (`reading roles in cluster
 * x was forbidden (…)`), or to undefined when it was read. The runner applies it for
 * `failStandsWithout`; checks apply it themselves for resources they need only in
 * some cases.
 */
export function judgedWithout(
  outcome: CheckOutcome,
  missing: Readonly<Partial<Record<string, string | undefined>>>,
): CheckOutcome {
  const unread: Record<string, string> = {};
  for (const [key, reason] of Object.entries(missing)) {
    if (reason) unread[key] = reason;
  }
  const reasons = [...new Set(Object.values(unread))];
  if (!reasons.length) return outcome;
  if (outcome.status === 'fail') {
    const failed: BuiltinOutcome = {
      status: 'fail',
      message: `${outcome.message} (proven on what was read; ${reasons.join(
        '; ',
      )})`,
      observed: { ...outcome.observed, missingReads: unread },
    };
    const remediation = remediationOf(outcome);
    return remediation ? withRemediation(failed, remediation) : failed;
  }
  return {
    status: 'unknown',
    message: `cannot judge: ${reasons.join('; ')} (on what was read: ${
      outcome.status
    }, ${outcome.message})`,
    observed: {
      ...outcome.observed,
      missingReads: unread,
      onWhatWasRead: outcome.status,
    },
  };
}

/** Why each of `keys` was not read completely in the cluster (undefined for those that were). */
export function missingReads(
  context: { index: { unreadable(key: ResourceKey): string | undefined } },
  keys: readonly ResourceKey[],
): Partial<Record<ResourceKey, string | undefined>> {
  return Object.fromEntries(
    keys.map(key => [key, context.index.unreadable(key)]),
  );
}

/**
 * The synchronous path the component's backends sit on, if any: its own kind's when
 * that kind is on it (webhooks, aggregated APIs, schedulers), else a facet's when the
 * API server or the scheduling path calls one of its workloads (a CNI project that
 * also runs a webhook). A facet without a backend (an admission policy runs inside the
 * API server) does not count.
 */
export function syncPathOf(
  context: BuiltinClusterContext,
): ScorecardKind | undefined {
  if (context.kind.syncPath) return context.kind;
  if (!context.facts.syncBackends.length) return undefined;
  return context.facets.find(k => k.syncPath);
}

/** True when the component's kind or one of its facets rolls out per node. */
export function isNodeExtension(context: BuiltinComponentContext): boolean {
  return context.facets.some(k => k.nodeExtension);
}

/** True when the component's kind or one of its facets is `kind`. */
export function hasFacet(context: BuiltinComponentContext, kind: string) {
  return context.facets.some(k => k.id === kind);
}

const MINUTE = 60_000;

/** The time this cluster's data was read (`collectedAt`), else the evaluation time. */
export function collectedAt(context: BuiltinClusterContext): Date {
  const at = Date.parse(context.cluster.collectedAt);
  return Number.isNaN(at) ? context.now : new Date(at);
}

/**
 * When each ongoing condition was first seen, judged from collection times: a
 * condition (keyed by name) that this check's previous result for the cluster also
 * listed in `observed.since` keeps its time; a new one, or one that cleared in
 * between, starts at this collection. Put the returned map in `observed.since` to
 * carry it forward.
 */
export function conditionsSince(
  context: BuiltinClusterContext,
  checkId: string,
  keys: readonly string[],
): { since: Record<string, string>; minutes: Record<string, number> } {
  // counted from this collection and carried from the previous run: new every run
  if (keys.length) changesEveryRun();
  const now = collectedAt(context);
  const before = previousResult(context, checkId, context.index.name)?.observed
    ?.since;
  const earlier =
    before && typeof before === 'object' && !Array.isArray(before)
      ? (before as Record<string, unknown>)
      : {};
  const since: Record<string, string> = {};
  const minutes: Record<string, number> = {};
  for (const key of keys) {
    const previous = earlier[key];
    const start =
      typeof previous === 'string' && !Number.isNaN(Date.parse(previous))
        ? new Date(Math.min(Date.parse(previous), now.getTime()))
        : now;
    since[key] = start.toISOString();
    minutes[key] = Math.floor((now.getTime() - start.getTime()) / MINUTE);
  }
  return { since, minutes };
}

/** `75 min`, `3 h 5 min`, `2 d 4 h`. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48)
    return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

/** `unknown` naming the first of `keys` the cluster could not read, or undefined when all were read. */
export function unreadableOutcome(
  context: { index: { unreadable(key: ResourceKey): string | undefined } },
  keys: readonly ResourceKey[],
): CheckOutcome | undefined {
  for (const key of keys) {
    const reason = context.index.unreadable(key);
    if (reason) return unknown(`cannot judge: ${reason}`);
  }
  return undefined;
}

/** Kinds that run backend workloads: every built-in kind but admission policies (CEL in the API server). */
export const WORKLOAD_KINDS: readonly string[] = EXTENSION_KINDS.filter(
  k => k !== 'admission-policy',
);
