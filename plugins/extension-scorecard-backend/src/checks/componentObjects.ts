/** Short descriptions of a component's cluster objects, for messages about orphans and retirements. */
import type { ExtensionComponent, InstanceObjects } from '../inventory/model';

/** Object lists that identify an extension (workloads and RBAC come along with them). */
const IDENTIFYING: ReadonlyArray<keyof InstanceObjects> = [
  'validatingWebhookConfigurations',
  'mutatingWebhookConfigurations',
  'validatingAdmissionPolicies',
  'customResourceDefinitions',
  'apiServices',
  'runtimeClasses',
  'csiDrivers',
  'deviceClasses',
  'deployments',
  'statefulSets',
  'daemonSets',
];

/** `Kind/name (cluster)` for the identifying objects, at most `max`. */
export function describeObjects(
  component: ExtensionComponent,
  max = 3,
): string[] {
  const out: string[] = [];
  for (const instance of component.instances) {
    for (const key of IDENTIFYING) {
      for (const object of instance.objects[key] ?? []) {
        const ns = object.metadata.namespace
          ? `${object.metadata.namespace}/`
          : '';
        out.push(
          `${object.kind}/${ns}${object.metadata.name} in ${instance.cluster}`,
        );
        if (out.length >= max) return out;
      }
    }
  }
  return out;
}
