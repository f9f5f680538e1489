/**
 * Experiment evidence read from the clusters themselves: Chaos Mesh
 * experiments and LitmusChaos ChaosResults the inventory attached to a
 * component, mapped to a scenario by the annotation
 * `extension-scorecard.io/scenario`. Observations may be given as a JSON
 * object in `extension-scorecard.io/observations`.
 *
 * Chaos Mesh has no verdict: a finished experiment whose targets all
 * recovered (`AllRecovered=True`) passed, a finished one that did not failed,
 * a running or paused one is not evidence yet. LitmusChaos: `Pass` passed,
 * `Fail` and `Stopped` failed, `Awaited` is still running.
 */
import type { ExperimentEvidence } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { KubeObject } from '../collect/types';
import type { ExtensionComponent } from '../inventory/model';

export const SCENARIO_ANNOTATION = 'extension-scorecard.io/scenario';
export const OBSERVATIONS_ANNOTATION = 'extension-scorecard.io/observations';

function condition(object: KubeObject, type: string): string | undefined {
  return (object.status?.conditions ?? []).find((c: any) => c.type === type)
    ?.status;
}

function observationsOf(object: KubeObject): Record<string, unknown> {
  const raw = object.metadata.annotations?.[OBSERVATIONS_ANNOTATION];
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw);
    return typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed)
      ? parsed
      : {};
  } catch {
    return {};
  }
}

function chaosMeshEvents(object: KubeObject, operation: string): string[] {
  return (object.status?.experiment?.containerRecords ?? [])
    .flatMap((r: any) => r.events ?? [])
    .filter((e: any) => e.operation === operation && e.timestamp)
    .map((e: any) => e.timestamp as string)
    .sort();
}

function fromChaosMesh(
  object: KubeObject,
):
  | Pick<
      ExperimentEvidence,
      'tool' | 'verdict' | 'injectedAt' | 'recoveredAt' | 'observations'
    >
  | undefined {
  if (condition(object, 'Paused') === 'True') return undefined;
  const recovered = condition(object, 'AllRecovered') === 'True';
  const finished =
    object.status?.experiment?.desiredPhase === 'Stop' || recovered;
  if (!finished) return undefined;
  const applied = chaosMeshEvents(object, 'Apply');
  const recoveries = chaosMeshEvents(object, 'Recover');
  return {
    tool: 'chaos-mesh',
    verdict: recovered ? 'pass' : 'fail',
    injectedAt: applied[0],
    recoveredAt: recovered ? recoveries[recoveries.length - 1] : undefined,
    observations: { allRecovered: recovered, ...observationsOf(object) },
  };
}

function fromLitmus(
  object: KubeObject,
): Pick<ExperimentEvidence, 'tool' | 'verdict' | 'observations'> | undefined {
  const status = object.status?.experimentStatus ?? {};
  const verdict: string | undefined = status.verdict;
  if (verdict !== 'Pass' && verdict !== 'Fail' && verdict !== 'Stopped')
    return undefined;
  return {
    tool: 'litmus',
    verdict: verdict === 'Pass' ? 'pass' : 'fail',
    observations: {
      probes: (object.status?.probeStatuses ?? []).map((p: any) => ({
        name: p.name,
        verdict: p.status?.verdict,
        description: p.status?.description,
      })),
      ...(status.errorOutput?.reason
        ? { failure: status.errorOutput.reason }
        : {}),
      ...observationsOf(object),
    },
  };
}

/** Evidence records for the chaos objects of every instance of the component. */
export function evidenceFromChaosObjects(
  component: ExtensionComponent,
): ExperimentEvidence[] {
  const out: ExperimentEvidence[] = [];
  for (const instance of component.instances) {
    for (const object of instance.objects.chaosResults ?? []) {
      const scenario = object.metadata.annotations?.[SCENARIO_ANNOTATION];
      const started = object.metadata.creationTimestamp;
      if (!scenario || !started) continue;
      const run = object.apiVersion.startsWith('litmuschaos.io/')
        ? fromLitmus(object)
        : fromChaosMesh(object);
      if (!run) continue;
      out.push({
        id: `${instance.cluster}/${object.kind}/${object.metadata.namespace}/${object.metadata.name}`,
        component: component.id,
        cluster: instance.cluster,
        scenario,
        startedAt: started,
        links: [],
        submittedBy: `cluster:${instance.cluster}`,
        submittedAt: started,
        ...run,
      });
    }
  }
  return out;
}
