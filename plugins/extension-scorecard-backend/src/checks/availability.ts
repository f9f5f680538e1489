/** Availability: will the backend survive a node loss or a rollout? */
import type { KubeObject } from '../collect/types';
import type {
  BuiltinClusterCheck,
  BuiltinClusterContext,
} from './builtinContext';
import {
  conditionsSince,
  fail,
  formatMinutes,
  isNodeExtension,
  judgedWithout,
  listed,
  missingReads,
  notApplicable,
  numberSetting,
  syncPathOf,
  pass,
  unknown,
  warn,
  withRemediation,
  WORKLOAD_KINDS,
} from './builtinContext';
import type { CheckOutcome } from './types';
import { selectorMatches } from './kubernetes/labelSelectors';
import {
  containersOf,
  desiredReplicas,
  isReplicated,
  readyReplicas,
  type Workload,
} from './kubernetes/workloads';

/** The replicated workloads (Deployments and StatefulSets) and the reads they come from. */
const REPLICATED_READS = ['deployments', 'statefulsets'] as const;
/** Every workload kind. */
const WORKLOAD_READS = ['deployments', 'statefulsets', 'daemonsets'] as const;

/** The replicated workloads an availability check judges, and whether that choice is proven. */
interface Judged {
  workloads: Workload[];
  /** Set when the choice could change with missing data: why. */
  unproven?: string;
}

/**
 * The Deployments and StatefulSets an availability check judges. On the sync path
 * (the component's kind or one of its facets): the backends the API server or the
 * scheduling path calls, all replicated workloads when none can be told apart; for
 * other kinds: every replicated workload.
 *
 * Telling the backends apart needs the Services and every workload; when some of those
 * were not read, the backends found stay backends (a fail on them stands), but falling
 * back to "all of them" is not proven.
 */
function judgedWorkloads(context: BuiltinClusterContext): Judged {
  const replicated = context.facts.workloads.filter(isReplicated);
  if (!syncPathOf(context)) return { workloads: replicated };
  const backends = context.facts.syncBackends;
  if (backends.length) return { workloads: backends };
  const missing = Object.values(
    missingReads(context, ['services', ...REPLICATED_READS]),
  ).filter(Boolean);
  return {
    workloads: replicated,
    unproven: missing.length
      ? `cannot tell which workloads the API server calls: ${missing.join(
          '; ',
        )}`
      : undefined,
  };
}

/**
 * A verdict for a component that may be on the sync path, on workloads chosen with the
 * Services: proven only when they were read (the runner handles the declared reads).
 */
function withServices(
  context: BuiltinClusterContext,
  outcome: CheckOutcome,
): CheckOutcome {
  if (!context.facets.some(k => k.syncPath)) return outcome;
  return judgedWithout(outcome, missingReads(context, ['services']));
}

function noReplicated(context: BuiltinClusterContext) {
  return notApplicable(
    `no backend Deployment or StatefulSet of this component in cluster ${context.index.name}`,
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
  reads: [...REPLICATED_READS],
  // one more workload cannot make a short backend long enough
  failStandsWithout: [...REPLICATED_READS],
  title: 'Backends run more than one replica',
  remediation:
    'Run at least 2 replicas (with leader election for controllers) so a node loss or a rollout does not take the extension down; sync-path backends must never run one.',
  evaluate(_component, context) {
    const { workloads, unproven } = judgedWorkloads(context);
    if (unproven) return unknown(unproven);
    if (!workloads.length) return noReplicated(context);
    const min = numberSetting(context, 'minReplicas');
    const sync = syncPathOf(context);
    const short: string[] = [];
    let tooFewWanted = false;
    const observed: Record<string, unknown> = {};
    for (const w of workloads) {
      const desired = desiredReplicas(w.object);
      const ready = readyReplicas(w.object);
      observed[w.ref] = { replicas: desired, readyReplicas: ready };
      if (desired < min) {
        tooFewWanted = true;
        short.push(
          `${w.ref} runs ${desired} replica${desired === 1 ? '' : 's'}${
            ready < desired ? `, ${ready} ready` : ''
          }`,
        );
      } else if (ready < min)
        short.push(`${w.ref} has ${ready} of ${desired} replicas ready`);
    }
    if (short.length) {
      const text = `${listed(short)} (minimum ${min}${
        sync ? ` on the ${sync.pathClass} path` : ''
      })`;
      const outcome = sync ? fail(text, observed) : warn(text, observed);
      // enough replicas are asked for: what is missing is why they are not ready
      return withServices(
        context,
        tooFewWanted
          ? outcome
          : withRemediation(
              outcome,
              `Find why replicas are not ready (Pod events and status: image, crash loop, scheduling, resources); ${min} or more are already requested.`,
            ),
      );
    }
    return withServices(
      context,
      pass(
        `${listed(
          workloads.map(
            w =>
              `${w.ref} ${(observed[w.ref] as any).readyReplicas}/${
                (observed[w.ref] as any).replicas
              } ready`,
          ),
        )}`,
        observed,
      ),
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
  reads: [...REPLICATED_READS, 'poddisruptionbudgets'],
  // a missing budget is only proven with the budgets read; one more workload cannot add one
  failStandsWithout: [...REPLICATED_READS],
  title: 'A PodDisruptionBudget protects the backend',
  remediation:
    'Add a PodDisruptionBudget selecting the backend Pods (e.g. maxUnavailable 1) so node drains keep replicas serving; avoid budgets that allow no disruption at all.',
  docsUrl: 'https://kubernetes.io/docs/tasks/run-application/configure-pdb/',
  evaluate(_component, context) {
    const { workloads, unproven } = judgedWorkloads(context);
    if (unproven) return unknown(unproven);
    if (!workloads.length) return noReplicated(context);
    const missing: string[] = [];
    const blocking: string[] = [];
    const covered: string[] = [];
    const observed: Record<string, unknown> = {};
    for (const w of workloads) {
      const candidates = new Set([
        ...context.instance.objects.podDisruptionBudgets,
        ...context.index.podDisruptionBudgetsIn(w.namespace),
      ]);
      const budgets = [...candidates].filter(
        p => p.metadata.namespace === w.namespace && selectsWorkload(p, w),
      );
      observed[w.ref] = budgets.map(p => p.metadata.name);
      if (!budgets.length) {
        missing.push(w.ref);
        continue;
      }
      const replicasWanted = desiredReplicas(w.object);
      const budget = budgets[0];
      const maxUnavailable = budget.spec?.maxUnavailable;
      const minAvailable = budget.spec?.minAvailable;
      const allowsNone =
        maxUnavailable === 0 ||
        maxUnavailable === '0%' ||
        minAvailable === '100%' ||
        (typeof minAvailable === 'number' && minAvailable >= replicasWanted);
      const text = `${w.ref} by PDB ${budget.metadata.name} (${
        maxUnavailable !== undefined
          ? `maxUnavailable ${maxUnavailable}`
          : `minAvailable ${minAvailable}`
      })`;
      if (allowsNone)
        blocking.push(`${text} allows no disruption: node drains block`);
      else covered.push(text);
    }
    let outcome: CheckOutcome;
    if (missing.length) {
      const text = `no PodDisruptionBudget selects ${listed(missing)}`;
      outcome = syncPathOf(context)
        ? fail(text, observed)
        : warn(text, observed);
    } else if (blocking.length)
      outcome = withRemediation(
        warn(listed(blocking), observed),
        'Loosen the budget so a drain can evict one Pod at a time: maxUnavailable 1, or minAvailable below the replica count.',
      );
    else outcome = pass(`covered: ${listed(covered)}`, observed);
    return withServices(context, outcome);
  },
};

const probes: BuiltinClusterCheck = {
  id: 'availability.probes',
  dimension: 'availability',
  kinds: WORKLOAD_KINDS,
  severity: 'medium',
  scope: 'cluster',
  reads: [...WORKLOAD_READS],
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
  reads: [...WORKLOAD_READS],
  title: 'Critical backends have a priority class',
  remediation:
    'Set priorityClassName (system-cluster-critical for sync-path backends, system-node-critical for node agents) so they are not evicted or starved first.',
  docsUrl:
    'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/',
  evaluate(_component, context) {
    const workloads = context.facts.workloads;
    if (!workloads.length) return noWorkloads(context);
    const sync = !!syncPathOf(context);
    const needs = sync || isNodeExtension(context);
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
        } no priorityClassName (${sync ? 'sync-path' : 'node'} extension)`,
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
  reads: [...REPLICATED_READS],
  title: 'Replicas spread across nodes',
  remediation:
    'Add topologySpreadConstraints (topologyKey kubernetes.io/hostname or a zone) or a podAntiAffinity so replicas do not share one node.',
  docsUrl:
    'https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/',
  evaluate(_component, context) {
    const { workloads, unproven } = judgedWorkloads(context);
    if (unproven) return unknown(unproven);
    if (!workloads.length) return noReplicated(context);
    const multi = workloads.filter(w => desiredReplicas(w.object) >= 2);
    if (!multi.length) {
      return withServices(
        context,
        pass(
          `single-replica workload(s) ${listed(
            workloads.map(w => w.ref),
          )}: nothing to spread (see availability.replicas)`,
        ),
      );
    }
    const unspread = multi.filter(
      w =>
        !w.podSpec.topologySpreadConstraints?.length &&
        !w.podSpec.affinity?.podAntiAffinity,
    );
    const observed = { unspread: unspread.map(w => w.ref) };
    if (unspread.length) {
      return withServices(
        context,
        warn(
          `${listed(
            unspread.map(
              w => `${w.ref} (${desiredReplicas(w.object)} replicas)`,
            ),
          )} ha${
            unspread.length > 1 ? 've' : 's'
          } no topologySpreadConstraints or podAntiAffinity`,
          observed,
        ),
      );
    }
    return withServices(
      context,
      pass(
        `${multi.length} multi-replica workload(s) spread by topology constraints or anti-affinity`,
        observed,
      ),
    );
  },
};

const COVERAGE = 'availability.daemonset-coverage';

const daemonSetCoverage: BuiltinClusterCheck = {
  id: COVERAGE,
  dimension: 'availability',
  kinds: WORKLOAD_KINDS,
  severity: 'high',
  scope: 'cluster',
  reads: ['daemonsets', 'nodes'],
  // the shortfall is read from the DaemonSet's own status; nodes only add the CNI note
  failStandsWithout: ['nodes'],
  title: 'Node agents are ready on every node that needs them',
  remediation:
    'Find why the DaemonSet Pods are not ready on those nodes (image, crash loop, taints without tolerations, resource pressure): the extension is broken there.',
  evaluate(_component, context) {
    const daemonSets = context.instance.objects.daemonSets;
    if (!daemonSets.length)
      return notApplicable(
        `no DaemonSet of this component in cluster ${context.index.name}`,
      );
    const nodeCount = context.index.objects('nodes').length;
    const failAfter = numberSetting(context, 'failAfterMinutes');
    const notes: string[] = [];
    const observed: Record<string, unknown> = { nodes: nodeCount };
    const shortfall: Array<{ name: string; text: string }> = [];
    for (const ds of daemonSets) {
      const name = `${ds.metadata.namespace}/${ds.metadata.name}`;
      const desired = ds.status?.desiredNumberScheduled ?? 0;
      const ready = ds.status?.numberReady ?? 0;
      observed[name] = { desired, ready };
      if (ready < desired)
        shortfall.push({
          name,
          text: `${name} ready ${ready} of ${desired} desired`,
        });
      else if (hasCni(context) && desired < nodeCount) {
        notes.push(`${name} runs on ${desired} of ${nodeCount} nodes`);
      }
    }
    if (shortfall.length) {
      // how long each shortfall has lasted, from the collection times
      const { since, minutes } = conditionsSince(
        context,
        COVERAGE,
        shortfall.map(s => s.name),
      );
      const lasting = shortfall.filter(s => minutes[s.name] >= failAfter);
      const shortObserved = {
        ...observed,
        shortfall: shortfall.map(s => s.name),
        since,
        failAfterMinutes: failAfter,
      };
      if (lasting.length) {
        return fail(
          `${listed(
            lasting.map(
              s =>
                `${s.text} since ${since[s.name]} (${formatMinutes(
                  minutes[s.name],
                )} ≥ ${failAfter} min)`,
            ),
          )}`,
          shortObserved,
        );
      }
      return warn(
        `${listed(
          shortfall.map(s => `${s.text} since ${since[s.name]}`),
        )} (fails once it lasts ${failAfter} min)`,
        shortObserved,
      );
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

function hasCni(context: BuiltinClusterContext): boolean {
  return context.facets.some(k => k.id === 'cni');
}

export const availabilityChecks = [
  replicas,
  pdb,
  probes,
  priority,
  spread,
  daemonSetCoverage,
];
