/** upgrade.rollout-complete: the component's workloads fully rolled out, or how long not. */
import type { KubeObject } from '../../collect/types';
import type { BuiltinClusterCheck } from '../builtinContext';
import {
  conditionsSince,
  fail,
  formatMinutes,
  listed,
  notApplicable,
  numberSetting,
  pass,
  warn,
  WORKLOAD_KINDS,
} from '../builtinContext';
import { desiredReplicas, type WorkloadKind } from '../kubernetes/workloads';
import { WORKLOAD_READS } from './shared';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const ROLLOUT = 'upgrade.rollout-complete';

/** Why a workload's rollout is not complete, if it is not. */
function inProgress(
  object: KubeObject,
  kind: WorkloadKind,
): string | undefined {
  const generation = object.metadata.generation;
  const observedGeneration = object.status?.observedGeneration;
  const name = `${kind}/${object.metadata.namespace}/${object.metadata.name}`;
  if (
    generation !== undefined &&
    observedGeneration !== undefined &&
    observedGeneration < generation
  ) {
    return `${name} observedGeneration ${observedGeneration} < generation ${generation}`;
  }
  if (kind === 'Deployment' || kind === 'StatefulSet') {
    const wanted = desiredReplicas(object);
    const updated = object.status?.updatedReplicas ?? 0;
    const partition = object.spec?.updateStrategy?.rollingUpdate?.partition;
    const staged =
      kind === 'StatefulSet' && typeof partition === 'number' && partition > 0
        ? ` (partition ${partition})`
        : '';
    if (updated < wanted)
      return `${name} updatedReplicas ${updated} of ${wanted}${staged}`;
    if (kind === 'StatefulSet') {
      const current = object.status?.currentRevision;
      const update = object.status?.updateRevision;
      if (current && update && current !== update)
        return `${name} currentRevision ${current} ≠ updateRevision ${update}`;
    }
    return undefined;
  }
  const desired = object.status?.desiredNumberScheduled ?? 0;
  const updated = object.status?.updatedNumberScheduled ?? 0;
  return updated < desired
    ? `${name} updatedNumberScheduled ${updated} of ${desired}`
    : undefined;
}

const rolloutComplete: BuiltinClusterCheck = {
  id: ROLLOUT,
  dimension: 'upgrade',
  kinds: WORKLOAD_KINDS,
  severity: 'high',
  scope: 'cluster',
  reads: WORKLOAD_READS,
  // another workload cannot finish this one's rollout
  failStandsWithout: WORKLOAD_READS,
  title: 'Rollouts complete',
  remediation:
    'Find why the rollout does not finish (failing new Pods, unschedulable, PDB blocking) and fix or roll back: a half-rolled extension runs two versions at once.',
  evaluate(_component, context) {
    const workloads = context.facts.workloads;
    if (!workloads.length) {
      return notApplicable(
        `no backend workload of this component in cluster ${context.index.name}`,
      );
    }
    const pending = workloads
      .map(w => ({
        // a new generation is a new rollout: its clock starts again
        key: `${w.ref} generation ${w.object.metadata.generation ?? '?'}`,
        text: inProgress(w.object, w.kind),
      }))
      .filter((p): p is { key: string; text: string } => !!p.text);
    if (!pending.length) {
      return pass(`${plural(workloads.length, 'workload')} fully rolled out`, {
        inProgress: [],
      });
    }
    const stuckAfter = numberSetting(context, 'stuckAfterMinutes');
    const { since, minutes } = conditionsSince(
      context,
      ROLLOUT,
      pending.map(p => p.key),
    );
    const observed = {
      inProgress: pending.map(p => p.text),
      since,
      stuckAfterMinutes: stuckAfter,
    };
    const stuck = pending.filter(p => minutes[p.key] >= stuckAfter);
    // how long, not since when: the times are in observed.since
    const lasting = (p: { key: string; text: string }) =>
      minutes[p.key]
        ? `${p.text} for ${formatMinutes(minutes[p.key])}`
        : `${p.text}, first seen in this collection`;
    if (stuck.length) {
      return fail(
        `rollout stuck: ${listed(
          stuck.map(lasting),
          2,
        )} (threshold ${formatMinutes(stuckAfter)})`,
        observed,
      );
    }
    return warn(
      `rollout in progress: ${listed(
        pending.map(lasting),
        2,
      )} (stuck after ${formatMinutes(stuckAfter)})`,
      observed,
    );
  },
};

export const rolloutChecks = [rolloutComplete];
