/**
 * The resources the collector reads, as data. Live collection, dump reading, the
 * stand-in API server used in tests and `deploy/collector-rbac.yaml` all follow this
 * table; a test keeps the ClusterRole and the table in agreement.
 *
 * Secrets are never read: certificate facts come from caBundles and cert-manager status.
 */
import type { ResourceKey, ResourceSpec } from './types';

const DRA_VERSIONS = ['v1', 'v1beta2', 'v1beta1', 'v1alpha3'];

/** The Chaos Mesh experiment kinds collected under the `chaosmesh` key. */
export const CHAOS_MESH_KINDS: Record<string, string> = {
  podchaos: 'PodChaos',
  networkchaos: 'NetworkChaos',
  stresschaos: 'StressChaos',
  iochaos: 'IOChaos',
  timechaos: 'TimeChaos',
  httpchaos: 'HTTPChaos',
  dnschaos: 'DNSChaos',
};

/**
 * Every list the collector makes. Several specs may share a key (`chaosmesh`):
 * their objects are concatenated and their read statuses combined.
 * @public
 */
export const RESOURCE_SPECS: readonly ResourceSpec[] = [
  {
    key: 'namespaces',
    group: '',
    versions: ['v1'],
    plural: 'namespaces',
    kind: 'Namespace',
    namespaced: false,
  },
  {
    key: 'nodes',
    group: '',
    versions: ['v1'],
    plural: 'nodes',
    kind: 'Node',
    namespaced: false,
  },
  {
    key: 'pods',
    group: '',
    versions: ['v1'],
    plural: 'pods',
    kind: 'Pod',
    namespaced: true,
    fieldSelector: 'status.phase=Pending',
  },
  {
    key: 'services',
    group: '',
    versions: ['v1'],
    plural: 'services',
    kind: 'Service',
    namespaced: true,
  },
  {
    key: 'serviceaccounts',
    group: '',
    versions: ['v1'],
    plural: 'serviceaccounts',
    kind: 'ServiceAccount',
    namespaced: true,
  },
  {
    key: 'endpointslices',
    group: 'discovery.k8s.io',
    versions: ['v1'],
    plural: 'endpointslices',
    kind: 'EndpointSlice',
    namespaced: true,
  },
  {
    key: 'deployments',
    group: 'apps',
    versions: ['v1'],
    plural: 'deployments',
    kind: 'Deployment',
    namespaced: true,
  },
  {
    key: 'daemonsets',
    group: 'apps',
    versions: ['v1'],
    plural: 'daemonsets',
    kind: 'DaemonSet',
    namespaced: true,
  },
  {
    key: 'statefulsets',
    group: 'apps',
    versions: ['v1'],
    plural: 'statefulsets',
    kind: 'StatefulSet',
    namespaced: true,
  },
  {
    key: 'poddisruptionbudgets',
    group: 'policy',
    versions: ['v1'],
    plural: 'poddisruptionbudgets',
    kind: 'PodDisruptionBudget',
    namespaced: true,
  },
  {
    key: 'horizontalpodautoscalers',
    group: 'autoscaling',
    versions: ['v2'],
    plural: 'horizontalpodautoscalers',
    kind: 'HorizontalPodAutoscaler',
    namespaced: true,
  },
  // API Priority and Fairness: which FlowSchema an extension's service account falls in.
  {
    key: 'flowschemas',
    group: 'flowcontrol.apiserver.k8s.io',
    versions: ['v1', 'v1beta3'],
    plural: 'flowschemas',
    kind: 'FlowSchema',
    namespaced: false,
  },
  {
    key: 'validatingwebhookconfigurations',
    group: 'admissionregistration.k8s.io',
    versions: ['v1'],
    plural: 'validatingwebhookconfigurations',
    kind: 'ValidatingWebhookConfiguration',
    namespaced: false,
  },
  {
    key: 'mutatingwebhookconfigurations',
    group: 'admissionregistration.k8s.io',
    versions: ['v1'],
    plural: 'mutatingwebhookconfigurations',
    kind: 'MutatingWebhookConfiguration',
    namespaced: false,
  },
  {
    key: 'validatingadmissionpolicies',
    group: 'admissionregistration.k8s.io',
    versions: ['v1', 'v1beta1'],
    plural: 'validatingadmissionpolicies',
    kind: 'ValidatingAdmissionPolicy',
    namespaced: false,
  },
  {
    key: 'validatingadmissionpolicybindings',
    group: 'admissionregistration.k8s.io',
    versions: ['v1', 'v1beta1'],
    plural: 'validatingadmissionpolicybindings',
    kind: 'ValidatingAdmissionPolicyBinding',
    namespaced: false,
  },
  {
    key: 'customresourcedefinitions',
    group: 'apiextensions.k8s.io',
    versions: ['v1'],
    plural: 'customresourcedefinitions',
    kind: 'CustomResourceDefinition',
    namespaced: false,
  },
  {
    key: 'apiservices',
    group: 'apiregistration.k8s.io',
    versions: ['v1'],
    plural: 'apiservices',
    kind: 'APIService',
    namespaced: false,
  },
  {
    key: 'runtimeclasses',
    group: 'node.k8s.io',
    versions: ['v1'],
    plural: 'runtimeclasses',
    kind: 'RuntimeClass',
    namespaced: false,
  },
  {
    key: 'csidrivers',
    group: 'storage.k8s.io',
    versions: ['v1'],
    plural: 'csidrivers',
    kind: 'CSIDriver',
    namespaced: false,
  },
  {
    key: 'csinodes',
    group: 'storage.k8s.io',
    versions: ['v1'],
    plural: 'csinodes',
    kind: 'CSINode',
    namespaced: false,
  },
  // DRA: whichever resource.k8s.io version the cluster serves, found by discovery.
  // Older clusters do not serve the group at all, which is not an error.
  {
    key: 'deviceclasses',
    group: 'resource.k8s.io',
    versions: DRA_VERSIONS,
    plural: 'deviceclasses',
    kind: 'DeviceClass',
    namespaced: false,
    optional: true,
  },
  {
    key: 'resourceslices',
    group: 'resource.k8s.io',
    versions: DRA_VERSIONS,
    plural: 'resourceslices',
    kind: 'ResourceSlice',
    namespaced: false,
    optional: true,
  },
  {
    key: 'roles',
    group: 'rbac.authorization.k8s.io',
    versions: ['v1'],
    plural: 'roles',
    kind: 'Role',
    namespaced: true,
  },
  {
    key: 'clusterroles',
    group: 'rbac.authorization.k8s.io',
    versions: ['v1'],
    plural: 'clusterroles',
    kind: 'ClusterRole',
    namespaced: false,
  },
  {
    key: 'rolebindings',
    group: 'rbac.authorization.k8s.io',
    versions: ['v1'],
    plural: 'rolebindings',
    kind: 'RoleBinding',
    namespaced: true,
  },
  {
    key: 'clusterrolebindings',
    group: 'rbac.authorization.k8s.io',
    versions: ['v1'],
    plural: 'clusterrolebindings',
    kind: 'ClusterRoleBinding',
    namespaced: false,
  },
  // Optional CRDs: absent means not-served, which is fine.
  {
    key: 'certificates',
    group: 'cert-manager.io',
    versions: ['v1'],
    plural: 'certificates',
    kind: 'Certificate',
    namespaced: true,
    optional: true,
  },
  {
    key: 'servicemonitors',
    group: 'monitoring.coreos.com',
    versions: ['v1'],
    plural: 'servicemonitors',
    kind: 'ServiceMonitor',
    namespaced: true,
    optional: true,
  },
  {
    key: 'podmonitors',
    group: 'monitoring.coreos.com',
    versions: ['v1'],
    plural: 'podmonitors',
    kind: 'PodMonitor',
    namespaced: true,
    optional: true,
  },
  {
    key: 'prometheusrules',
    group: 'monitoring.coreos.com',
    versions: ['v1'],
    plural: 'prometheusrules',
    kind: 'PrometheusRule',
    namespaced: true,
    optional: true,
  },
  ...Object.entries(CHAOS_MESH_KINDS).map(
    ([plural, kind]): ResourceSpec => ({
      key: 'chaosmesh',
      group: 'chaos-mesh.org',
      versions: ['v1alpha1'],
      plural,
      kind,
      namespaced: true,
      optional: true,
    }),
  ),
  {
    key: 'chaosresults',
    group: 'litmuschaos.io',
    versions: ['v1alpha1'],
    plural: 'chaosresults',
    kind: 'ChaosResult',
    namespaced: true,
    optional: true,
  },
];

/** Every resource key, in table order, without duplicates. */
export const RESOURCE_KEYS: readonly ResourceKey[] = [
  ...new Set(RESOURCE_SPECS.map(s => s.key)),
];

/** The specs collected under one key (usually one; `chaosmesh` has several). */
export function specsForKey(key: ResourceKey): ResourceSpec[] {
  return RESOURCE_SPECS.filter(s => s.key === key);
}

/** `group/version` as used in apiVersion fields (`v1` for the core group). */
export function groupVersion(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

/** The list path of a resource at the cluster scope, e.g. `/apis/apps/v1/deployments`. */
export function listPath(spec: ResourceSpec, version: string): string {
  return `${spec.group ? `/apis/${spec.group}` : '/api'}/${version}/${
    spec.plural
  }`;
}

/**
 * Every group/version a spec may be served in, for discovery: one request per entry.
 */
export function discoveryGroupVersions(): string[] {
  const out = new Set<string>();
  for (const spec of RESOURCE_SPECS) {
    for (const v of spec.versions) out.add(groupVersion(spec.group, v));
  }
  return [...out];
}

/**
 * Finds the spec a Kubernetes object belongs to from its apiVersion and kind
 * (used by dump reading, where files carry objects, not list URLs).
 */
export function specForObject(
  apiVersion: string,
  kind: string,
): { spec: ResourceSpec; version: string } | undefined {
  const slash = apiVersion.lastIndexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  const spec = RESOURCE_SPECS.find(s => s.group === group && s.kind === kind);
  return spec ? { spec, version } : undefined;
}
