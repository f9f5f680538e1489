/**
 * Test builders for cluster objects and collections, shaped like what the API
 * server returns (field names and defaults as upstream manifests use them).
 */
import type {
  ClusterCollection,
  KubeObject,
  ReadStatus,
  ResourceKey,
} from '../../collect/types';

export const ALL_RESOURCE_KEYS: ResourceKey[] = [
  'namespaces',
  'nodes',
  'pods',
  'services',
  'serviceaccounts',
  'endpointslices',
  'deployments',
  'daemonsets',
  'statefulsets',
  'poddisruptionbudgets',
  'validatingwebhookconfigurations',
  'mutatingwebhookconfigurations',
  'validatingadmissionpolicies',
  'validatingadmissionpolicybindings',
  'customresourcedefinitions',
  'apiservices',
  'runtimeclasses',
  'csidrivers',
  'csinodes',
  'deviceclasses',
  'resourceslices',
  'roles',
  'clusterroles',
  'rolebindings',
  'clusterrolebindings',
  'certificates',
  'servicemonitors',
  'podmonitors',
  'prometheusrules',
  'chaosmesh',
  'chaosresults',
];

export function kubeObject(
  apiVersion: string,
  kind: string,
  name: string,
  objectNamespace: string | undefined,
  rest: Record<string, unknown> = {},
  metadata: Partial<KubeObject['metadata']> = {},
): KubeObject {
  return {
    apiVersion,
    kind,
    metadata: {
      name,
      ...(objectNamespace ? { namespace: objectNamespace } : {}),
      ...metadata,
    },
    ...rest,
  };
}

/** A collection where every read succeeded, unless `reads` says otherwise. */
export function clusterCollection(
  cluster: string,
  options: {
    version?: string;
    objects?: Partial<Record<ResourceKey, KubeObject[]>>;
    reads?: Partial<Record<ResourceKey, ReadStatus>>;
    stale?: ClusterCollection['stale'];
    error?: string;
  } = {},
): ClusterCollection {
  const version = options.version ?? '1.31.4';
  const [major, minor] = version.split('.');
  const reads: Partial<Record<ResourceKey, ReadStatus>> = {};
  for (const key of ALL_RESOURCE_KEYS) reads[key] = { state: 'ok' };
  return {
    cluster,
    source: 'dump',
    collectedAt: '2026-01-15T10:00:00Z',
    version: { major, minor, gitVersion: `v${version}` },
    versionStatus: { state: 'ok' },
    reads: { ...reads, ...options.reads },
    objects: { namespaces: defaultNamespaces(), ...options.objects },
    stale: options.stale,
    error: options.error,
  };
}

export const FORBIDDEN: ReadStatus = {
  state: 'forbidden',
  reason:
    '403 Forbidden: User "system:serviceaccount:backstage:scorecard" cannot list resource',
};
export const NOT_SERVED: ReadStatus = {
  state: 'not-served',
  reason: '404 the server could not find the requested resource',
};
export const FAILED: ReadStatus = {
  state: 'failed',
  reason: 'timeout after 10s',
};

export function namespace(
  name: string,
  labels: Record<string, string> = {},
  status?: any,
): KubeObject {
  return kubeObject(
    'v1',
    'Namespace',
    name,
    undefined,
    { status: status ?? { phase: 'Active' } },
    {
      labels: { 'kubernetes.io/metadata.name': name, ...labels },
    },
  );
}

export function defaultNamespaces(): KubeObject[] {
  return ['default', 'kube-system', 'kube-public', 'kube-node-lease'].map(n =>
    namespace(n),
  );
}

export function node(
  name: string,
  options: {
    labels?: Record<string, string>;
    kubeletVersion?: string;
    capacity?: Record<string, string>;
    allocatable?: Record<string, string>;
  } = {},
): KubeObject {
  return kubeObject(
    'v1',
    'Node',
    name,
    undefined,
    {
      status: {
        capacity: {
          cpu: '8',
          memory: '32Gi',
          pods: '110',
          ...options.capacity,
        },
        allocatable: {
          cpu: '7910m',
          memory: '31Gi',
          pods: '110',
          ...(options.allocatable ?? options.capacity),
        },
        nodeInfo: {
          kubeletVersion: options.kubeletVersion ?? 'v1.31.4',
          containerRuntimeVersion: 'containerd://1.7.22',
        },
      },
    },
    {
      labels: {
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        ...options.labels,
      },
    },
  );
}

export interface ContainerOptions {
  probes?: boolean;
  ports?: Array<{ name: string; containerPort: number }>;
}

export function container(
  name: string,
  image: string,
  options: ContainerOptions = {},
): any {
  const probes = options.probes ?? true;
  return {
    name,
    image,
    ...(options.ports ? { ports: options.ports } : {}),
    ...(probes
      ? {
          livenessProbe: { httpGet: { path: '/healthz', port: 8080 } },
          readinessProbe: { httpGet: { path: '/readyz', port: 8080 } },
        }
      : {}),
  };
}

export interface WorkloadOptions {
  replicas?: number;
  readyReplicas?: number;
  labels?: Record<string, string>;
  serviceAccountName?: string | null;
  containers?: any[];
  podSpec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  generation?: number;
  templateAnnotations?: Record<string, string>;
  updateStrategy?: any;
}

function podTemplate(name: string, options: WorkloadOptions) {
  const labels = options.labels ?? { 'app.kubernetes.io/name': name };
  return {
    metadata: {
      labels,
      ...(options.templateAnnotations
        ? { annotations: options.templateAnnotations }
        : {}),
    },
    spec: {
      ...(options.serviceAccountName === null
        ? {}
        : { serviceAccountName: options.serviceAccountName ?? name }),
      containers: options.containers ?? [
        container(name, `registry.example.com/${name}:v1.2.3`),
      ],
      ...options.podSpec,
    },
  };
}

export function deployment(
  namespaceName: string,
  name: string,
  options: WorkloadOptions = {},
): KubeObject {
  const replicas = options.replicas ?? 2;
  const ready = options.readyReplicas ?? replicas;
  const generation = options.generation ?? 3;
  return kubeObject(
    'apps/v1',
    'Deployment',
    name,
    namespaceName,
    {
      spec: {
        replicas,
        selector: {
          matchLabels: options.labels ?? { 'app.kubernetes.io/name': name },
        },
        template: podTemplate(name, options),
      },
      status: {
        observedGeneration: generation,
        replicas,
        updatedReplicas: replicas,
        readyReplicas: ready,
        availableReplicas: ready,
        ...options.status,
      },
    },
    { generation },
  );
}

export function statefulSet(
  namespaceName: string,
  name: string,
  options: WorkloadOptions & {
    currentRevision?: string;
    updateRevision?: string;
  } = {},
): KubeObject {
  const replicas = options.replicas ?? 2;
  const ready = options.readyReplicas ?? replicas;
  const generation = options.generation ?? 1;
  const revision = `${name}-6d9c8b7f5`;
  return kubeObject(
    'apps/v1',
    'StatefulSet',
    name,
    namespaceName,
    {
      spec: {
        replicas,
        serviceName: name,
        selector: {
          matchLabels: options.labels ?? { 'app.kubernetes.io/name': name },
        },
        template: podTemplate(name, options),
        updateStrategy: options.updateStrategy ?? {
          type: 'RollingUpdate',
          rollingUpdate: { partition: 0 },
        },
        podManagementPolicy: 'OrderedReady',
      },
      status: {
        observedGeneration: generation,
        replicas,
        readyReplicas: ready,
        availableReplicas: ready,
        currentReplicas: replicas,
        updatedReplicas: replicas,
        currentRevision: options.currentRevision ?? revision,
        updateRevision: options.updateRevision ?? revision,
        collisionCount: 0,
        ...options.status,
      },
    },
    { generation },
  );
}

export function daemonSet(
  namespaceName: string,
  name: string,
  options: WorkloadOptions & { desired?: number; ready?: number } = {},
): KubeObject {
  const desired = options.desired ?? 3;
  const ready = options.ready ?? desired;
  const generation = options.generation ?? 2;
  return kubeObject(
    'apps/v1',
    'DaemonSet',
    name,
    namespaceName,
    {
      spec: {
        selector: {
          matchLabels: options.labels ?? { 'app.kubernetes.io/name': name },
        },
        template: podTemplate(name, options),
        updateStrategy: options.updateStrategy ?? {
          type: 'RollingUpdate',
          rollingUpdate: { maxUnavailable: 1, maxSurge: 0 },
        },
      },
      status: {
        observedGeneration: generation,
        desiredNumberScheduled: desired,
        currentNumberScheduled: desired,
        updatedNumberScheduled: desired,
        numberReady: ready,
        numberAvailable: ready,
        ...options.status,
      },
    },
    { generation },
  );
}

export function service(
  namespaceName: string,
  name: string,
  selector: Record<string, string>,
  extra: {
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  } = {},
): KubeObject {
  return kubeObject(
    'v1',
    'Service',
    name,
    namespaceName,
    {
      spec: {
        selector,
        ports: [
          { name: 'https', port: 443, targetPort: 9443, protocol: 'TCP' },
        ],
      },
    },
    { labels: extra.labels, annotations: extra.annotations },
  );
}

export function endpointSlice(
  namespaceName: string,
  serviceName: string,
  endpoints: Array<{ ip: string; ready: boolean }>,
): KubeObject {
  return kubeObject(
    'discovery.k8s.io/v1',
    'EndpointSlice',
    `${serviceName}-abc12`,
    namespaceName,
    {
      addressType: 'IPv4',
      endpoints: endpoints.map(e => ({
        addresses: [e.ip],
        conditions: { ready: e.ready, serving: e.ready, terminating: false },
      })),
      ports: [{ name: 'https', port: 9443, protocol: 'TCP' }],
    },
    {
      labels: {
        'kubernetes.io/service-name': serviceName,
        'endpointslice.kubernetes.io/managed-by':
          'endpointslice-controller.k8s.io',
      },
    },
  );
}

export function podDisruptionBudget(
  namespaceName: string,
  name: string,
  matchLabels: Record<string, string>,
  budget: {
    maxUnavailable?: number | string;
    minAvailable?: number | string;
  } = { maxUnavailable: 1 },
): KubeObject {
  return kubeObject('policy/v1', 'PodDisruptionBudget', name, namespaceName, {
    spec: { selector: { matchLabels }, ...budget },
  });
}

export function clusterRole(
  name: string,
  rules: any[],
  extra: { labels?: Record<string, string>; aggregationRule?: any } = {},
): KubeObject {
  return kubeObject(
    'rbac.authorization.k8s.io/v1',
    'ClusterRole',
    name,
    undefined,
    {
      rules,
      ...(extra.aggregationRule
        ? { aggregationRule: extra.aggregationRule }
        : {}),
    },
    { labels: extra.labels },
  );
}

export function role(
  namespaceName: string,
  name: string,
  rules: any[],
): KubeObject {
  return kubeObject(
    'rbac.authorization.k8s.io/v1',
    'Role',
    name,
    namespaceName,
    { rules },
  );
}

export function serviceAccountSubject(namespaceName: string, name: string) {
  return { kind: 'ServiceAccount', name, namespace: namespaceName };
}

export function clusterRoleBinding(
  name: string,
  roleName: string,
  subjects: any[],
): KubeObject {
  return kubeObject(
    'rbac.authorization.k8s.io/v1',
    'ClusterRoleBinding',
    name,
    undefined,
    {
      roleRef: {
        apiGroup: 'rbac.authorization.k8s.io',
        kind: 'ClusterRole',
        name: roleName,
      },
      subjects,
    },
  );
}

export function roleBinding(
  namespaceName: string,
  name: string,
  roleRef: { kind: 'Role' | 'ClusterRole'; name: string },
  subjects: any[],
): KubeObject {
  return kubeObject(
    'rbac.authorization.k8s.io/v1',
    'RoleBinding',
    name,
    namespaceName,
    {
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', ...roleRef },
      subjects,
    },
  );
}

/** cluster-admin as every cluster ships it. */
export function clusterAdminRole(): KubeObject {
  return clusterRole(
    'cluster-admin',
    [
      { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
      { nonResourceURLs: ['*'], verbs: ['*'] },
    ],
    { labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' } },
  );
}
