/** Failure boundary of node extensions: RuntimeClass placement, node-by-node rollout. */
import type { BuiltinClusterCheck } from '../builtinContext';
import {
  fail,
  listed,
  notApplicable,
  numberSetting,
  pass,
  stringsSetting,
  warn,
} from '../builtinContext';
import { selectorMatches } from '../kubernetes/labelSelectors';
import { desiredReplicas, isNodeAgent } from '../kubernetes/workloads';

const handlerNodes: BuiltinClusterCheck = {
  id: 'runtime.handler-nodes',
  dimension: 'failure-boundary',
  kinds: ['cri-runtime'],
  severity: 'high',
  scope: 'cluster',
  reads: ['runtimeclasses', 'nodes'],
  title: 'RuntimeClasses land on nodes that have the handler',
  remediation:
    'Give the RuntimeClass a scheduling.nodeSelector that matches the nodes where the handler is installed (and label them), and set overhead.podFixed for VM-based handlers.',
  docsUrl: 'https://kubernetes.io/docs/concepts/containers/runtime-class/',
  evaluate(_component, context) {
    const classes = context.instance.objects.runtimeClasses;
    if (!classes.length)
      return notApplicable(
        `no RuntimeClass of this component in cluster ${context.index.name}`,
      );
    const nodes = context.index.objects('nodes');
    const vmPatterns = stringsSetting(context, 'vmHandlerPatterns');
    const failures: string[] = [];
    const warnings: string[] = [];
    const notes: string[] = [];
    const observed: Record<string, unknown> = {};
    for (const rc of classes) {
      const handler: string = (rc as any).handler ?? '';
      const nodeSelector = (rc as any).scheduling?.nodeSelector;
      const matching = nodeSelector
        ? nodes.filter(n =>
            selectorMatches({ matchLabels: nodeSelector }, n.metadata.labels),
          )
        : nodes;
      const vm = vmPatterns.some(p =>
        handler.toLowerCase().includes(p.toLowerCase()),
      );
      const overhead = (rc as any).overhead?.podFixed;
      observed[rc.metadata.name] = {
        handler,
        nodeSelector: nodeSelector ?? null,
        matchingNodes: matching.length,
        totalNodes: nodes.length,
        overheadPodFixed: overhead ?? null,
      };
      const selectorText = nodeSelector
        ? Object.entries(nodeSelector)
            .map(([k, v]) => `${k}=${v}`)
            .join(',')
        : 'no nodeSelector';
      if (matching.length === 0) {
        failures.push(
          `${rc.metadata.name} (handler ${handler}) ${selectorText} matches none of ${nodes.length} nodes`,
        );
        continue;
      }
      if (vm && !overhead)
        warnings.push(
          `${rc.metadata.name} runs VM handler ${handler} without overhead.podFixed`,
        );
      notes.push(
        `${rc.metadata.name} (${selectorText}) matches ${matching.length} of ${nodes.length} nodes`,
      );
    }
    if (failures.length) return fail(listed(failures), observed);
    if (warnings.length) return warn(listed(warnings), observed);
    return pass(listed(notes), observed);
  },
};

/** `maxUnavailable` as a node count (percentages round up, as the DaemonSet controller does). */
function maxUnavailableNodes(value: unknown, desired: number): number {
  if (typeof value === 'string' && value.endsWith('%')) {
    return Math.ceil((parseFloat(value) / 100) * desired);
  }
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return 1;
}

const canaryRollout: BuiltinClusterCheck = {
  id: 'node.canary-rollout',
  dimension: 'failure-boundary',
  kinds: ['cni', 'csi', 'device-plugin', 'dra-driver', 'cri-runtime'],
  severity: 'medium',
  scope: 'cluster',
  reads: ['daemonsets', 'statefulsets', 'nodes'],
  title: 'Node DaemonSets roll out node by node',
  remediation:
    'Use RollingUpdate with maxUnavailable 1 (or a small percentage) so a bad version breaks one node, not many; with OnDelete, declare the node-by-node plan in spec.extension.rolloutPlan.',
  docsUrl: 'https://kubernetes.io/docs/tasks/manage-daemon/update-daemon-set/',
  evaluate(component, context) {
    // DaemonSets, and StatefulSets that run a node plugin (CSI hostpath): both roll
    // their Pods over the nodes
    const agents = context.facts.workloads.filter(
      w => w.kind !== 'Deployment' && isNodeAgent(w),
    );
    if (!agents.length)
      return notApplicable(
        `no node DaemonSet of this component in cluster ${context.index.name}`,
      );
    const percent = numberSetting(context, 'maxUnavailablePercent');
    const plan = component.catalog?.descriptor?.rolloutPlan;
    const warnings: string[] = [];
    const notes: string[] = [];
    const observed: Record<string, unknown> = {};
    for (const agent of agents) {
      const object = agent.object;
      const strategy = object.spec?.updateStrategy ?? {};
      const type = strategy.type ?? 'RollingUpdate';
      const desired =
        agent.kind === 'DaemonSet'
          ? object.status?.desiredNumberScheduled ??
            context.index.objects('nodes').length
          : desiredReplicas(object);
      const name =
        agent.kind === 'DaemonSet'
          ? `${agent.namespace}/${agent.name}`
          : agent.ref;
      if (type === 'OnDelete') {
        observed[name] = { updateStrategy: type, rolloutPlan: plan ?? null };
        if (plan) notes.push(`${name} OnDelete with a declared rollout plan`);
        else
          warnings.push(
            `${name} updateStrategy OnDelete with no declared rollout plan`,
          );
        continue;
      }
      // StatefulSets replace one Pod at a time unless maxUnavailable says otherwise
      const raw = strategy.rollingUpdate?.maxUnavailable ?? 1;
      const atOnce = maxUnavailableNodes(raw, desired);
      const allowed = Math.max(1, Math.ceil((percent / 100) * desired));
      observed[name] = {
        updateStrategy: type,
        maxUnavailable: raw,
        nodesAtOnce: atOnce,
        targetedNodes: desired,
        allowed,
      };
      if (atOnce > allowed) {
        warnings.push(
          `${name} maxUnavailable ${raw} takes ${atOnce} of ${desired} nodes at once (threshold ${allowed}: ${percent}% of nodes, at least 1)`,
        );
      } else {
        notes.push(
          `${name} maxUnavailable ${raw} (${atOnce} of ${desired} ${
            agent.kind === 'DaemonSet' ? 'nodes' : 'replicas'
          } at once)`,
        );
      }
    }
    if (warnings.length) return warn(listed(warnings), observed);
    return pass(listed(notes), observed);
  },
};

export const nodeExtensionChecks = [handlerNodes, canaryRollout];
