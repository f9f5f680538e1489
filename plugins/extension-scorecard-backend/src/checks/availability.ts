/** Availability: will the backend survive a node loss or a rollout? */
import type { KubeObject } from '../collect/types';
import type {
  BuiltinClusterCheck,
  BuiltinClusterContext,
} from './builtinContext';
import {
  fail,
  listed,
  notApplicable,
  numberSetting,
  pass,
  previousResult,
  warn,
  WORKLOAD_KINDS,
} from './builtinContext';
import { selectorMatches } from './kubernetes/labelSelectors';
import {
  containersOf,
  desiredReplicas,
  type Workload,
} from './kubernetes/workloads';

/**
 * The Deployments an availability check judges. For sync-path kinds: the backends the
 * API server or the scheduling path calls (all Deployments when none can be told apart);
 * for other kinds: every Deployment.
 */
function deploymentsOf(context: BuiltinClusterContext): Workload[] {
  const deployments = context.facts.workloads.filter(
    w => w.kind === 'Deployment',
  );
  if (!context.kind.syncPath) return deployments;
  const backends = context.facts.syncBackends;
  return backends.length ? backends : deployments;
}

function noDeployments(context: BuiltinClusterContext) {
  return notApplicable(
    `no backend Deployment of this component in cluster ${context.index.name}`,
  );
}

function noWorkloads(context: BuiltinClusterContext) {
  return notApplicable(
    `no backend workload of this component in cluster ${context.index.name}`,
  );
}

const replicas: BuiltinClusterCheck = {
  id: 'availability.replicas',
  dimension: 'availability',
  kinds: WORKLOAD_KINDS,
  severity: 'high',
  scope: 'cluster',
  reads: ['deployments'],
  title: 'Backends run more than one replica',
  remediation:
    'Run at least 2 replicas (with leader election for controllers) so a node loss or a rollout does not take the extension down; sync-path backends must never run one.',
  evaluate(_component, context) {
    const deployments = deploymentsOf(context);
    if (!deployments.length) return noDeployments(context);
    const min = numberSetting(context, 'minReplicas');
    const sync = context.kind.syncPath;
    const short: string[] = [];
    const observed: Record<string, unknown> = {};
    for (const d of deployments) {
      const desired = desiredReplicas(d.object);
      const ready = d.object.status?.readyReplicas ?? 0;
      observed[d.ref] = { replicas: desired, readyReplicas: ready };
      if (desired < min || ready < min)
        short.push(`${d.ref} replicas ${desired}, ready ${ready}`);
    }
    if (short.length) {
      const text = `${listed(short)} (< ${min}${
        sync ? ` on the ${context.kind.pathClass} path` : ''
      })`;
      return sync ? fail(text, observed) : warn(text, observed);
    }
    return pass(
      `${listed(
        deployments.map(
          d =>
            `${d.ref} ${(observed[d.ref] as any).readyReplicas}/${
              (observed[d.ref] as any).replicas
            } ready`,
        ),
      )}`,
      observed,
    );
  },
};

function selectsWorkload(pdb: KubeObject, workload: Workload): boolean {
  const selector = pdb.spec?.selector;
  if (!selector) return false; // a nil selector selects no Pods
  return selectorMatches(selector, workload.templateLabels);
}

const pdb: BuiltinClusterCheck = {
  id: 'availability.pdb',
  dimension: 'availability',
  kinds: WORKLOAD_KINDS,
  severity: 'high',
  scope: 'cluster',
  reads: ['deployments', 'poddisruptionbudgets'],
  title: 'A PodDisruptionBudget protects the backend',
  remediation:
    'Add a PodDisruptionBudget selecting the backend Pods (e.g. maxUnavailable 1) so node drains keep replicas serving; avoid budgets that allow no disruption at all.',
  docsUrl: 'https://kubernetes.io/docs/tasks/run-application/configure-pdb/',
  evaluate(_component, context) {
    const deployments = deploymentsOf(context);
    if (!deployments.length) return noDeployments(context);
    const missing: string[] = [];
    const blocking: string[] = [];
    const covered: string[] = [];
    const observed: Record<string, unknown> = {};
    for (const d of deployments) {
      const candidates = new Set([
        ...context.instance.objects.podDisruptionBudgets,
        ...context.index.podDisruptionBudgetsIn(d.namespace),
      ]);
      const budgets = [...candidates].filter(
        p => p.metadata.namespace === d.namespace && selectsWorkload(p, d),
      );
      observed[d.ref] = budgets.map(p => p.metadata.name);
      if (!budgets.length) {
        missing.push(d.ref);
        continue;
      }
      const replicasWanted = desiredReplicas(d.object);
      const budget = budgets[0];
      const maxUnavailable = budget.spec?.maxUnavailable;
      const minAvailable = budget.spec?.minAvailable;
      const allowsNone =
        maxUnavailable === 0 ||
        maxUnavailable === '0%' ||
        minAvailable === '100%' ||
        (typeof minAvailable === 'number' && minAvailable >= replicasWanted);
      const text = `${d.ref} by PDB ${budget.metadata.name} (${
        maxUnavailable !== undefined
          ? `maxUnavailable ${maxUnavailable}`
          : `minAvailable ${minAvailable}`
      })`;
      if (allowsNone)
        blocking.push(`${text} allows no disruption: node drains block`);
      else covered.push(text);
    }
    if (missing.length) {
      const text = `no PodDisruptionBudget selects ${listed(missing)}`;
      return context.kind.syncPath
        ? fail(text, observed)
        : warn(text, observed);
    }
    if (blocking.length) return warn(listed(blocking), observed);
    return pass(`covered: ${listed(covered)}`, observed);
  },
};

const probes: BuiltinClusterCheck = {
  id: 'availability.probes',
  dimension: 'availability',
  kinds: WORKLOAD_KINDS,
  severity: 'medium',
  scope: 'cluster',
  reads: ['deployments', 'daemonsets'],
  title: 'Containers have liveness and readiness probes',
  remediation:
    'Give each serving container a readinessProbe (so traffic only reaches ready replicas) and a livenessProbe (so a hung process restarts).',
  docsUrl:
    'https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/',
  evaluate(_component, context) {
    const workloads = context.facts.workloads;
    if (!workloads.length) return noWorkloads(context);
    const gaps: string[] = [];
    let count = 0;
    for (const { workload, container } of containersOf(workloads)) {
      count++;
      const missing = [
        container.livenessProbe ? undefined : 'livenessProbe',
        container.readinessProbe ? undefined : 'readinessProbe',
      ].filter(Boolean);
      if (missing.length)
        gaps.push(
          `${workload.ref} container ${container.name} has no ${missing.join(
            ' or ',
          )}`,
        );
    }
    const observed = { containers: count, withoutProbes: gaps.length };
    if (gaps.length) return warn(listed(gaps), observed);
    return pass(
      `${count} container(s) in ${workloads.length} workload(s) have liveness and readiness probes`,
      observed,
    );
  },
};

const priority: BuiltinClusterCheck = {
  id: 'availability.priority',
  dimension: 'availability',
  kinds: WORKLOAD_KINDS,
  severity: 'medium',
  scope: 'cluster',
  reads: ['deployments', 'daemonsets'],
  title: 'Critical backends have a priority class',
  remediation:
    'Set priorityClassName (system-cluster-critical for sync-path backends, system-node-critical for node agents) so they are not evicted or starved first.',
  docsUrl:
    'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/',
  evaluate(_component, context) {
    const workloads = context.facts.workloads;
    if (!workloads.length) return noWorkloads(context);
    const needs = context.kind.syncPath || context.kind.nodeExtension;
    const unset = workloads.filter(w => !w.podSpec.priorityClassName);
    const observed = {
      priorityClassNames: Object.fromEntries(
        workloads.map(w => [w.ref, w.podSpec.priorityClassName ?? null]),
      ),
    };
    if (unset.length && needs) {
      return warn(
        `${listed(unset.map(w => w.ref))} ha${
          unset.length > 1 ? 've' : 's'
        } no priorityClassName (${
          context.kind.syncPath ? 'sync-path' : 'node'
        } extension)`,
        observed,
      );
    }
    if (unset.length) {
      return pass(
        `no priorityClassName on ${listed(
          unset.map(w => w.ref),
        )}; not required on the ${context.kind.pathClass} path`,
        observed,
      );
    }
    return pass(
      listed(
        workloads.map(
          w => `${w.ref} priorityClassName ${w.podSpec.priorityClassName}`,
        ),
      ),
      observed,
    );
  },
};

const spread: BuiltinClusterCheck = {
  id: 'availability.spread',
  dimension: 'availability',
  kinds: WORKLOAD_KINDS,
  severity: 'medium',
  scope: 'cluster',
  reads: ['deployments'],
  title: 'Replicas spread across nodes',
  remediation:
    'Add topologySpreadConstraints (topologyKey kubernetes.io/hostname or a zone) or a podAntiAffinity so replicas do not share one node.',
  docsUrl:
    'https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/',
  evaluate(_component, context) {
    const deployments = deploymentsOf(context);
    if (!deployments.length) return noDeployments(context);
    const multi = deployments.filter(d => desiredReplicas(d.object) >= 2);
    if (!multi.length) {
      return pass(
        `single-replica Deployment(s) ${listed(
          deployments.map(d => d.ref),
        )}: nothing to spread (see availability.replicas)`,
      );
    }
    const unspread = multi.filter(
      d =>
        !d.podSpec.topologySpreadConstraints?.length &&
        !d.podSpec.affinity?.podAntiAffinity,
    );
    const observed = { unspread: unspread.map(d => d.ref) };
    if (unspread.length) {
      return warn(
        `${listed(
          unspread.map(d => `${d.ref} (${desiredReplicas(d.object)} replicas)`),
        )} ha${
          unspread.length > 1 ? 've' : 's'
        } no topologySpreadConstraints or podAntiAffinity`,
        observed,
      );
    }
    return pass(
      `${multi.length} multi-replica Deployment(s) spread by topology constraints or anti-affinity`,
      observed,
    );
  },
};

const daemonSetCoverage: BuiltinClusterCheck = {
  id: 'availability.daemonset-coverage',
  dimension: 'availability',
  kinds: WORKLOAD_KINDS,
  severity: 'high',
  scope: 'cluster',
  reads: ['daemonsets', 'nodes'],
  title: 'Node agents are ready on every node that needs them',
  remediation:
    'Find why the DaemonSet Pods are not ready on those nodes (image, crash loop, taints without tolerations, resource pressure): the extension is broken there.',
  evaluate(component, context) {
    const daemonSets = context.instance.objects.daemonSets;
    if (!daemonSets.length)
      return notApplicable(
        `no DaemonSet of this component in cluster ${context.index.name}`,
      );
    const nodeCount = context.index.objects('nodes').length;
    const short: string[] = [];
    const notes: string[] = [];
    const observed: Record<string, unknown> = { nodes: nodeCount };
    for (const ds of daemonSets) {
      const name = `${ds.metadata.namespace}/${ds.metadata.name}`;
      const desired = ds.status?.desiredNumberScheduled ?? 0;
      const ready = ds.status?.numberReady ?? 0;
      observed[name] = { desired, ready };
      if (ready < desired)
        short.push(`${name} ready ${ready} of ${desired} desired`);
      else if (component.kind === 'cni' && desired < nodeCount) {
        notes.push(`${name} runs on ${desired} of ${nodeCount} nodes`);
      }
    }
    if (short.length) {
      const shortfall = daemonSets
        .filter(
          ds =>
            (ds.status?.numberReady ?? 0) <
            (ds.status?.desiredNumberScheduled ?? 0),
        )
        .map(ds => `${ds.metadata.namespace}/${ds.metadata.name}`);
      const before = previousResult(
        context,
        'availability.daemonset-coverage',
        context.index.name,
      );
      const beforeShort = before?.observed?.shortfall;
      const persisted =
        !!before &&
        (before.status === 'warn' || before.status === 'fail') &&
        (Array.isArray(beforeShort)
          ? shortfall.some(n => beforeShort.includes(n))
          : true);
      return persisted
        ? fail(`${listed(short)} for longer than one collection`, {
            ...observed,
            shortfall,
          })
        : warn(`${listed(short)} (first collection seeing it)`, {
            ...observed,
            shortfall,
          });
    }
    if (notes.length)
      return warn(
        `${listed(notes)}: nodes without the network plugin cannot run Pods`,
        observed,
      );
    return pass(
      listed(
        daemonSets.map(
          ds =>
            `${ds.metadata.namespace}/${ds.metadata.name} ready on all ${
              ds.status?.desiredNumberScheduled ?? 0
            } desired nodes`,
        ),
      ),
      observed,
    );
  },
};

export const availabilityChecks = [
  replicas,
  pdb,
  probes,
  priority,
  spread,
  daemonSetCoverage,
];
