/**
 * What built-in checks get beyond the public check context: the reference
 * tables, the cluster's indexes and the instance's derived facts.
 */
import { EXTENSION_KINDS } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ResourceKey } from '../collect/types';
import type { ExtensionComponent } from '../inventory/model';
import type { ClusterIndex } from './clusterIndex';
import type { InstanceFacts } from './facts/instanceFacts';
import type { ReferenceTables } from './referenceTables';
import type {
  CheckOutcome,
  ClusterCheckContext,
  ClusterScopedCheck,
  ComponentCheckContext,
  ComponentScopedCheck,
  ExperimentScenario,
} from './types';

export interface BuiltinComponentContext extends ComponentCheckContext {
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
