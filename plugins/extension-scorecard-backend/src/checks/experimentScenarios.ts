/** The fault scenarios a component must prove: its kind's, plus conditional ones that apply to it. */
import type { ExtensionComponent } from '../inventory/model';
import { webhooksOf } from './kubernetes/admissionWebhooks';
import type { ConditionalScenario } from './referenceTables';
import type { ExperimentScenario, ScorecardKind } from './types';

/** Conditions data/experiment-scenarios.yaml may name under `conditional[].when`. */
export const SCENARIO_CONDITIONS: Record<string, (component: ExtensionComponent) => boolean> = {
  'mutating-reinvocation-if-needed': component =>
    component.instances.some(instance =>
      webhooksOf(instance).some(w => w.mutating && w.reinvocationPolicy === 'IfNeeded'),
    ),
};

export function scenariosFor(
  component: ExtensionComponent,
  kind: ScorecardKind,
  conditional: readonly ConditionalScenario[],
): ExperimentScenario[] {
  const scenarios = [...(kind.experiments ?? [])];
  for (const entry of conditional) {
    if (!entry.kinds.includes(kind.id)) continue;
    if (SCENARIO_CONDITIONS[entry.when]?.(component)) scenarios.push(entry.scenario);
  }
  return scenarios;
}
