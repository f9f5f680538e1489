/** The fault scenarios a component must prove: its kind's, plus conditional ones that apply to it. */
import type { ExtensionComponent } from '../inventory/model';
import {
  type AdmissionWebhook,
  webhooksOf,
} from './kubernetes/admissionWebhooks';
import type { ConditionalScenario } from '../reference';
import type { ExperimentScenario, ScorecardKind } from './types';

type Webhooks = ReadonlyArray<AdmissionWebhook[] | undefined>;

/**
 * Conditions data/experiment-scenarios.yaml may name under `conditional[].when`.
 * They get the component and its webhooks per instance (already normalized).
 */
export const SCENARIO_CONDITIONS: Record<
  string,
  (component: ExtensionComponent, webhooks: Webhooks) => boolean
> = {
  'mutating-reinvocation-if-needed': (component, webhooks) =>
    component.instances.some((instance, i) =>
      (webhooks[i] ?? webhooksOf(instance)).some(
        w => w.mutating && w.reinvocationPolicy === 'IfNeeded',
      ),
    ),
};

export function scenariosFor(
  component: ExtensionComponent,
  kind: ScorecardKind,
  conditional: readonly ConditionalScenario[],
  webhooks: Webhooks = [],
): ExperimentScenario[] {
  const scenarios = kind.experiments ?? [];
  let extra: ExperimentScenario[] | undefined;
  for (const entry of conditional) {
    if (!entry.kinds.includes(kind.id)) continue;
    if (SCENARIO_CONDITIONS[entry.when]?.(component, webhooks))
      (extra ??= []).push(entry.scenario);
  }
  return extra ? [...scenarios, ...extra] : [...scenarios];
}
