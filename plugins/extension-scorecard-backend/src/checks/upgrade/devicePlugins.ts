/** device-plugin.health: the devices a device plugin advertises, healthy on the nodes. */
import type { BuiltinClusterCheck } from '../builtinContext';
import { fail, listed, pass, warn, withRemediation } from '../builtinContext';

/** Parses a Kubernetes quantity of a countable resource (`8`, `0`). */
function count(quantity: unknown): number {
  const n = parseInt(String(quantity ?? '0'), 10);
  return Number.isFinite(n) ? n : 0;
}

const devicePluginHealth: BuiltinClusterCheck = {
  id: 'device-plugin.health',
  dimension: 'upgrade',
  kinds: ['device-plugin'],
  severity: 'high',
  scope: 'cluster',
  reads: ['nodes'],
  title: 'Advertised devices are healthy',
  remediation:
    'Investigate unhealthy devices reported through ListAndWatch (allocatable below capacity); make sure the plugin re-registers after kubelet restarts.',
  docsUrl:
    'https://kubernetes.io/docs/concepts/extend-kubernetes/compute-storage-net/device-plugins/',
  evaluate(component, context) {
    const resources = [
      ...new Set([
        ...(component.catalog?.descriptor?.deviceResources ?? []),
        ...context.instance.advertisedResources,
      ]),
    ];
    if (!resources.length) {
      return withRemediation(
        warn(
          'no extended resource known for this device plugin: none is advertised by its nodes or declared',
        ),
        'Declare the extended resources the plugin advertises (e.g. nvidia.com/gpu) in spec.extension.deviceResources, and check that it registers with the kubelet.',
      );
    }
    const failures: string[] = [];
    const warnings: string[] = [];
    const notes: string[] = [];
    const observed: Record<string, unknown> = {};
    for (const resource of resources) {
      const withCapacity = context.index
        .objects('nodes')
        .filter(n => count(n.status?.capacity?.[resource]) > 0);
      const degraded = withCapacity.filter(
        n =>
          count(n.status?.allocatable?.[resource]) <
          count(n.status?.capacity?.[resource]),
      );
      const empty = withCapacity.filter(
        n => count(n.status?.allocatable?.[resource]) === 0,
      );
      observed[resource] = {
        nodesWithCapacity: withCapacity.length,
        degraded: degraded.map(n => n.metadata.name),
      };
      if (!withCapacity.length) {
        failures.push(`no node advertises ${resource}`);
      } else if (empty.length === withCapacity.length) {
        failures.push(
          `${resource} allocatable 0 on all ${withCapacity.length} node(s) with capacity`,
        );
      } else if (degraded.length) {
        warnings.push(
          `${resource} unhealthy on ${listed(
            degraded.map(
              n =>
                `${n.metadata.name} (${count(
                  n.status.allocatable?.[resource],
                )}/${count(n.status.capacity[resource])})`,
            ),
          )}`,
        );
      } else {
        notes.push(`${resource} healthy on ${withCapacity.length} node(s)`);
      }
    }
    if (failures.length) return fail(listed(failures), observed);
    if (warnings.length) return warn(listed(warnings), observed);
    return pass(listed(notes), observed);
  },
};

export const devicePluginChecks = [devicePluginHealth];
