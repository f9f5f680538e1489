/** Failure boundary of scheduler plugins: declared extension points, Pods stuck on a dead scheduler. */
import type {
  BuiltinClusterCheck,
  BuiltinComponentCheck,
} from '../builtinContext';
import {
  fail,
  listed,
  notApplicable,
  pass,
  warn,
  withRemediation,
} from '../builtinContext';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const profileDeclared: BuiltinComponentCheck = {
  id: 'scheduler.profile-declared',
  dimension: 'failure-boundary',
  kinds: ['scheduler-plugin'],
  severity: 'medium',
  scope: 'component',
  title: 'Extension points used are declared',
  remediation:
    'Declare spec.extension.scheduler.extensionPoints (Filter = hard constraint, Score = preference, Reserve/Permit/Bind = side effects); give Permit a timeout (permitTimeoutSeconds) and pair Reserve with Unreserve.',
  docsUrl:
    'https://kubernetes.io/docs/concepts/scheduling-eviction/scheduling-framework/',
  evaluate(component) {
    const scheduler = component.catalog?.descriptor?.scheduler;
    const points = scheduler?.extensionPoints ?? [];
    const observed = {
      extensionPoints: points,
      permitTimeoutSeconds: scheduler?.permitTimeoutSeconds ?? null,
      unreserve: scheduler?.unreserve ?? null,
    };
    if (!points.length)
      return warn(
        'no scheduler extension points declared (spec.extension.scheduler.extensionPoints)',
        observed,
      );
    if (
      points.includes('Permit') &&
      !(scheduler?.permitTimeoutSeconds && scheduler.permitTimeoutSeconds > 0)
    ) {
      return withRemediation(
        fail(
          `uses Permit (${points.join(
            ', ',
          )}) with no declared permitTimeoutSeconds: a waiting Pod can hold resources forever`,
          observed,
        ),
        'Make the Permit plugin return Wait with a timeout and declare it as spec.extension.scheduler.permitTimeoutSeconds.',
      );
    }
    if (
      points.includes('Reserve') &&
      !points.includes('Unreserve') &&
      scheduler?.unreserve !== true
    ) {
      return withRemediation(
        warn(
          `uses Reserve without Unreserve (${points.join(
            ', ',
          )}): a failed binding leaks its reservation`,
          observed,
        ),
        'Implement Unreserve to release what Reserve took, and declare it (Unreserve in spec.extension.scheduler.extensionPoints, or unreserve: true).',
      );
    }
    const hard = points.includes('Filter')
      ? '; Filter is a hard constraint'
      : '';
    return pass(`declares ${points.join(', ')}${hard}`, observed);
  },
};

const pendingPods: BuiltinClusterCheck = {
  id: 'scheduler.pending-pods',
  dimension: 'failure-boundary',
  kinds: ['scheduler-plugin'],
  severity: 'high',
  scope: 'cluster',
  reads: ['pods', 'deployments', 'statefulsets'],
  title: 'No Pods wait on a scheduler that is down',
  remediation:
    'Bring the scheduler back (≥ 2 replicas with leader election), or move the Pods to default-scheduler: Pods naming a scheduler that does not run stay Pending forever.',
  evaluate(component, context) {
    const names = [
      ...new Set([
        ...context.instance.schedulerNames,
        ...(component.catalog?.descriptor?.scheduler?.schedulerName
          ? [component.catalog.descriptor.scheduler.schedulerName]
          : []),
      ]),
    ];
    const pending = context.instance.objects.pendingPods;
    // the scheduler itself, not the component's other controllers
    const backends = context.facts.syncBackends;
    const deployments = backends.length
      ? backends.map(b => b.object)
      : [
          ...context.instance.objects.deployments,
          ...(context.instance.objects.statefulSets ?? []),
        ];
    if (!deployments.length && !pending.length) {
      return notApplicable(
        `no scheduler workload and no Pending Pods for ${
          names.join(', ') || 'this scheduler'
        } in cluster ${context.index.name}`,
      );
    }
    const ready = deployments.reduce(
      (sum, d) => sum + (d.status?.readyReplicas ?? 0),
      0,
    );
    const podNames = pending.map(
      p => `${p.metadata.namespace}/${p.metadata.name}`,
    );
    const observed = {
      schedulerNames: names,
      readyReplicas: ready,
      pendingPods: podNames.length,
    };
    if (pending.length && ready === 0) {
      return fail(
        `${plural(pending.length, 'Pod')} Pending on ${
          names.join(', ') || 'this scheduler'
        } with 0 ready scheduler replicas: ${listed(podNames)}`,
        observed,
      );
    }
    if (pending.length) {
      return pass(
        `${plural(ready, 'ready scheduler replica')}; ${plural(
          pending.length,
          'Pod',
        )} Pending on ${names.join(', ')} (scheduler is running)`,
        observed,
      );
    }
    return pass(
      `${plural(ready, 'ready scheduler replica')}; no Pod Pending on ${
        names.join(', ') || 'it'
      }`,
      observed,
    );
  },
};

export const schedulerChecks = [profileDeclared, pendingPods];
