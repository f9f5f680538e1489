/**
 * Kubernetes objects as an API server returns them in a list (JSON, with status and
 * managedFields), shaped after examples/clusters: workloads with probes, resources and
 * security contexts, Services with EndpointSlices, service accounts and RBAC, PDBs,
 * and the cert-manager and Prometheus Operator objects around them.
 */
import type { KubeObject } from '@extension-scorecard/plugin-extension-scorecard-node';
import type { SeededRandom } from './random';

/** The label that links cluster objects to their catalog Component. */
export const KUBERNETES_ID_LABEL = 'backstage.io/kubernetes-id';

/** Who installed an object and when; shared by every object of one installation. */
export interface Installation {
  /** Helm release and `app.kubernetes.io/instance`. */
  release: string;
  /** `app.kubernetes.io/part-of`. */
  partOf: string;
  version: string;
  /** The catalog link, when the component has a catalog entity. */
  kubernetesId?: string;
  /** ISO time the installation was created. */
  createdAt: string;
  rng: SeededRandom;
}

export function installationLabels(
  inst: Installation,
  name: string,
  component: string,
): Record<string, string> {
  return {
    'app.kubernetes.io/name': name,
    'app.kubernetes.io/instance': inst.release,
    'app.kubernetes.io/component': component,
    'app.kubernetes.io/part-of': inst.partOf,
    'app.kubernetes.io/version': inst.version,
    'app.kubernetes.io/managed-by': 'Helm',
    'helm.sh/chart': `${inst.partOf}-${inst.version.replace(/^v/, '')}`,
    ...(inst.kubernetesId ? { [KUBERNETES_ID_LABEL]: inst.kubernetesId } : {}),
  };
}

/** Object metadata with the fields an API server fills in. */
export function objectMeta(
  inst: Installation,
  name: string,
  options: {
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    generation?: number;
    managedBy?: string;
    managedFields?: boolean;
  } = {},
): KubeObject['metadata'] & Record<string, unknown> {
  const rng = inst.rng;
  const meta: KubeObject['metadata'] & Record<string, unknown> = {
    name,
    ...(options.namespace ? { namespace: options.namespace } : {}),
    uid: rng.uid(),
    resourceVersion: String(rng.int(1_000_000, 99_999_999)),
    ...(options.generation ? { generation: options.generation } : {}),
    creationTimestamp: inst.createdAt,
    labels: options.labels ?? {},
    annotations: {
      'meta.helm.sh/release-name': inst.release,
      'meta.helm.sh/release-namespace': options.namespace ?? inst.release,
      ...options.annotations,
    },
  };
  if (options.managedFields !== false) {
    meta.managedFields = [
      {
        apiVersion: 'v1',
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': {
            'f:annotations': {
              '.': {},
              'f:meta.helm.sh/release-name': {},
              'f:meta.helm.sh/release-namespace': {},
            },
            'f:labels': Object.fromEntries(
              Object.keys(options.labels ?? {}).map(k => [`f:${k}`, {}]),
            ),
          },
          'f:spec': {},
        },
        manager: options.managedBy ?? 'helm',
        operation: 'Update',
        time: inst.createdAt,
      },
    ];
  }
  return meta;
}

export interface ContainerOptions {
  name: string;
  image: string;
  args?: string[];
  command?: string[];
  env?: Record<string, string>;
  ports?: Array<{ name: string; containerPort: number }>;
  probes?: boolean;
  mounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
  privileged?: boolean;
}

export function container(o: ContainerOptions): Record<string, unknown> {
  const probePort = o.ports?.[0]?.containerPort ?? 8080;
  return {
    name: o.name,
    image: o.image,
    imagePullPolicy: 'IfNotPresent',
    ...(o.command ? { command: o.command } : {}),
    ...(o.args ? { args: o.args } : {}),
    env: [
      {
        name: 'POD_NAMESPACE',
        valueFrom: {
          fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' },
        },
      },
      {
        name: 'POD_NAME',
        valueFrom: {
          fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' },
        },
      },
      ...Object.entries(o.env ?? {}).map(([name, value]) => ({ name, value })),
    ],
    ports: (o.ports ?? []).map(p => ({ ...p, protocol: 'TCP' })),
    ...(o.probes
      ? {
          livenessProbe: {
            httpGet: { path: '/healthz', port: probePort, scheme: 'HTTP' },
            initialDelaySeconds: 15,
            periodSeconds: 20,
            timeoutSeconds: 1,
            successThreshold: 1,
            failureThreshold: 3,
          },
          readinessProbe: {
            httpGet: { path: '/readyz', port: probePort, scheme: 'HTTP' },
            initialDelaySeconds: 5,
            periodSeconds: 10,
            timeoutSeconds: 1,
            successThreshold: 1,
            failureThreshold: 3,
          },
        }
      : {}),
    resources: {
      requests: { cpu: '100m', memory: '128Mi' },
      limits: { memory: '512Mi' },
    },
    securityContext: o.privileged
      ? { privileged: true }
      : {
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
          readOnlyRootFilesystem: true,
          runAsNonRoot: true,
          runAsUser: 65532,
          seccompProfile: { type: 'RuntimeDefault' },
        },
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
    volumeMounts: o.mounts ?? [],
  };
}

export interface PodTemplateOptions {
  labels: Record<string, string>;
  serviceAccount: string;
  containers: Array<Record<string, unknown>>;
  initContainers?: Array<Record<string, unknown>>;
  volumes?: Array<Record<string, unknown>>;
  priorityClassName?: string;
  nodeSelector?: Record<string, string>;
  spread?: boolean;
  hostNetwork?: boolean;
  tolerateEverything?: boolean;
}

function podTemplate(o: PodTemplateOptions) {
  return {
    metadata: {
      labels: o.labels,
      annotations: {
        'kubectl.kubernetes.io/default-container': String(
          (o.containers[0] as any).name,
        ),
      },
    },
    spec: {
      ...(o.initContainers ? { initContainers: o.initContainers } : {}),
      containers: o.containers,
      dnsPolicy: o.hostNetwork ? 'ClusterFirstWithHostNet' : 'ClusterFirst',
      ...(o.hostNetwork ? { hostNetwork: true } : {}),
      nodeSelector: { 'kubernetes.io/os': 'linux', ...o.nodeSelector },
      ...(o.priorityClassName
        ? { priorityClassName: o.priorityClassName }
        : {}),
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: o.hostNetwork ? {} : { fsGroup: 65532 },
      serviceAccount: o.serviceAccount,
      serviceAccountName: o.serviceAccount,
      terminationGracePeriodSeconds: 30,
      tolerations: o.tolerateEverything
        ? [{ operator: 'Exists' }]
        : [{ key: 'CriticalAddonsOnly', operator: 'Exists' }],
      ...(o.spread
        ? {
            topologySpreadConstraints: [
              {
                labelSelector: { matchLabels: o.labels },
                maxSkew: 1,
                topologyKey: 'topology.kubernetes.io/zone',
                whenUnsatisfiable: 'ScheduleAnyway',
              },
            ],
          }
        : {}),
      volumes: o.volumes ?? [],
    },
  };
}

export function deployment(
  inst: Installation,
  o: PodTemplateOptions & {
    name: string;
    namespace: string;
    replicas: number;
    readyReplicas: number;
    metaLabels: Record<string, string>;
    selector: Record<string, string>;
  },
): KubeObject {
  const generation = inst.rng.int(1, 9);
  const stuck = o.readyReplicas < o.replicas;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: objectMeta(inst, o.name, {
      namespace: o.namespace,
      labels: o.metaLabels,
      annotations: { 'deployment.kubernetes.io/revision': String(generation) },
      generation,
    }),
    spec: {
      progressDeadlineSeconds: 600,
      replicas: o.replicas,
      revisionHistoryLimit: 10,
      selector: { matchLabels: o.selector },
      strategy: {
        type: 'RollingUpdate',
        rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' },
      },
      template: podTemplate(o),
    },
    status: {
      availableReplicas: o.readyReplicas,
      conditions: [
        {
          lastTransitionTime: inst.createdAt,
          lastUpdateTime: inst.createdAt,
          message: stuck
            ? 'Deployment does not have minimum availability.'
            : 'Deployment has minimum availability.',
          reason: stuck
            ? 'MinimumReplicasUnavailable'
            : 'MinimumReplicasAvailable',
          status: stuck ? 'False' : 'True',
          type: 'Available',
        },
        {
          lastTransitionTime: inst.createdAt,
          lastUpdateTime: inst.createdAt,
          message: `ReplicaSet "${o.name}-${inst.rng
            .int(100000, 999999)
            .toString(36)}" has successfully progressed.`,
          reason: 'NewReplicaSetAvailable',
          status: 'True',
          type: 'Progressing',
        },
      ],
      observedGeneration: generation,
      readyReplicas: o.readyReplicas,
      replicas: o.replicas,
      updatedReplicas: o.replicas,
    },
  };
}

export function daemonSet(
  inst: Installation,
  o: PodTemplateOptions & {
    name: string;
    namespace: string;
    metaLabels: Record<string, string>;
    selector: Record<string, string>;
    desired: number;
    ready: number;
    updateStrategy: Record<string, unknown>;
  },
): KubeObject {
  const generation = inst.rng.int(1, 6);
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: objectMeta(inst, o.name, {
      namespace: o.namespace,
      labels: o.metaLabels,
      annotations: {
        'deprecated.daemonset.template.generation': String(generation),
      },
      generation,
    }),
    spec: {
      revisionHistoryLimit: 10,
      selector: { matchLabels: o.selector },
      template: podTemplate(o),
      updateStrategy: o.updateStrategy,
    },
    status: {
      currentNumberScheduled: o.desired,
      desiredNumberScheduled: o.desired,
      numberAvailable: o.ready,
      numberMisscheduled: 0,
      numberReady: o.ready,
      ...(o.ready < o.desired
        ? { numberUnavailable: o.desired - o.ready }
        : {}),
      observedGeneration: generation,
      updatedNumberScheduled: o.desired,
    },
  };
}

export function service(
  inst: Installation,
  o: {
    name: string;
    namespace: string;
    labels: Record<string, string>;
    selector: Record<string, string>;
    port: number;
    targetPort: number | string;
  },
): KubeObject {
  const ip = `10.96.${inst.rng.int(0, 255)}.${inst.rng.int(1, 254)}`;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: objectMeta(inst, o.name, {
      namespace: o.namespace,
      labels: o.labels,
    }),
    spec: {
      clusterIP: ip,
      clusterIPs: [ip],
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [
        {
          name: 'https',
          port: o.port,
          protocol: 'TCP',
          targetPort: o.targetPort,
        },
        { name: 'metrics', port: 8080, protocol: 'TCP', targetPort: 8080 },
      ],
      selector: o.selector,
      sessionAffinity: 'None',
      type: 'ClusterIP',
    },
    status: { loadBalancer: {} },
  };
}

export function endpointSlice(
  inst: Installation,
  o: {
    service: string;
    namespace: string;
    labels: Record<string, string>;
    ready: number;
    notReady: number;
    port: number;
    nodes: readonly string[];
  },
): KubeObject {
  const endpoint = (ready: boolean) => ({
    addresses: [`10.244.${inst.rng.int(0, 255)}.${inst.rng.int(2, 254)}`],
    conditions: { ready, serving: ready, terminating: false },
    nodeName: inst.rng.pick(o.nodes),
    targetRef: {
      kind: 'Pod',
      name: `${o.service}-${inst.rng.int(1e6, 9e6).toString(36)}`,
      namespace: o.namespace,
      uid: inst.rng.uid(),
    },
    zone: `zone-${inst.rng.pick(['a', 'b', 'c'])}`,
  });
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    addressType: 'IPv4',
    endpoints: [
      ...Array.from({ length: o.ready }, () => endpoint(true)),
      ...Array.from({ length: o.notReady }, () => endpoint(false)),
    ],
    metadata: {
      ...objectMeta(
        inst,
        `${o.service}-${inst.rng.int(1e4, 9e4).toString(36)}`,
        {
          namespace: o.namespace,
          labels: {
            ...o.labels,
            'endpointslice.kubernetes.io/managed-by':
              'endpointslice-controller.k8s.io',
            'kubernetes.io/service-name': o.service,
          },
          managedBy: 'kube-controller-manager',
        },
      ),
      generateName: `${o.service}-`,
      ownerReferences: [
        {
          apiVersion: 'v1',
          kind: 'Service',
          name: o.service,
          uid: inst.rng.uid(),
          controller: true,
        },
      ],
    },
    ports: [{ name: 'https', port: o.port, protocol: 'TCP' }],
  };
}

export function serviceAccount(
  inst: Installation,
  name: string,
  namespace: string,
  labels: Record<string, string>,
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: objectMeta(inst, name, {
      namespace,
      labels,
      managedFields: false,
    }),
    automountServiceAccountToken: true,
  };
}

export interface PolicyRule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
  resourceNames?: string[];
}

export function clusterRole(
  inst: Installation,
  name: string,
  labels: Record<string, string>,
  rules: PolicyRule[],
): KubeObject {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: objectMeta(inst, name, { labels, managedFields: false }),
    rules,
  };
}

export function role(
  inst: Installation,
  name: string,
  namespace: string,
  labels: Record<string, string>,
  rules: PolicyRule[],
): KubeObject {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: objectMeta(inst, name, {
      namespace,
      labels,
      managedFields: false,
    }),
    rules,
  };
}

export function binding(
  inst: Installation,
  o: {
    name: string;
    namespace?: string;
    labels: Record<string, string>;
    roleKind: 'ClusterRole' | 'Role';
    roleName: string;
    serviceAccount: { name: string; namespace: string };
  },
): KubeObject {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: o.namespace ? 'RoleBinding' : 'ClusterRoleBinding',
    metadata: objectMeta(inst, o.name, {
      namespace: o.namespace,
      labels: o.labels,
      managedFields: false,
    }),
    roleRef: {
      apiGroup: 'rbac.authorization.k8s.io',
      kind: o.roleKind,
      name: o.roleName,
    },
    subjects: [{ kind: 'ServiceAccount', ...o.serviceAccount }],
  };
}

export function podDisruptionBudget(
  inst: Installation,
  o: {
    name: string;
    namespace: string;
    labels: Record<string, string>;
    selector: Record<string, string>;
    healthy: number;
  },
): KubeObject {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: objectMeta(inst, o.name, {
      namespace: o.namespace,
      labels: o.labels,
      generation: 1,
    }),
    spec: { maxUnavailable: 1, selector: { matchLabels: o.selector } },
    status: {
      conditions: [
        {
          lastTransitionTime: inst.createdAt,
          message: '',
          observedGeneration: 1,
          reason: 'SufficientPods',
          status: 'True',
          type: 'DisruptionAllowed',
        },
      ],
      currentHealthy: o.healthy,
      desiredHealthy: Math.max(0, o.healthy - 1),
      disruptionsAllowed: o.healthy > 1 ? 1 : 0,
      expectedPods: o.healthy,
      observedGeneration: 1,
    },
  };
}

export function namespaceObject(
  inst: Installation,
  name: string,
  labels: Record<string, string> = {},
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: objectMeta(inst, name, {
      labels: { 'kubernetes.io/metadata.name': name, ...labels },
      managedFields: false,
    }),
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  };
}

export function serviceMonitor(
  inst: Installation,
  o: {
    name: string;
    namespace: string;
    labels: Record<string, string>;
    selector: Record<string, string>;
  },
): KubeObject {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'ServiceMonitor',
    metadata: objectMeta(inst, o.name, {
      namespace: o.namespace,
      labels: o.labels,
      generation: 1,
    }),
    spec: {
      endpoints: [
        { interval: '30s', path: '/metrics', port: 'metrics', scheme: 'http' },
      ],
      namespaceSelector: { matchNames: [o.namespace] },
      selector: { matchLabels: o.selector },
    },
  };
}

export function prometheusRule(
  inst: Installation,
  o: {
    name: string;
    namespace: string;
    labels: Record<string, string>;
    alerts: Array<{ name: string; expr: string }>;
  },
): KubeObject {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: objectMeta(inst, o.name, {
      namespace: o.namespace,
      labels: o.labels,
      generation: 1,
    }),
    spec: {
      groups: [
        {
          name: o.name,
          rules: o.alerts.map(a => ({
            alert: a.name,
            expr: a.expr,
            for: '10m',
            labels: { severity: 'critical' },
            annotations: { summary: `${a.name} fired for ${o.name}` },
          })),
        },
      ],
    },
  };
}

export function certificate(
  inst: Installation,
  o: {
    name: string;
    namespace: string;
    labels: Record<string, string>;
    secretName: string;
    dnsNames: string[];
    notAfter: string;
    ready: boolean;
    failedIssuanceAttempts?: number;
  },
): KubeObject {
  const notAfter = new Date(o.notAfter);
  const renewal = new Date(notAfter.getTime() - 30 * 86_400_000);
  return {
    apiVersion: 'cert-manager.io/v1',
    kind: 'Certificate',
    metadata: objectMeta(inst, o.name, {
      namespace: o.namespace,
      labels: o.labels,
      generation: 1,
    }),
    spec: {
      dnsNames: o.dnsNames,
      duration: '2160h0m0s',
      issuerRef: { kind: 'Issuer', name: `${o.name}-selfsign` },
      renewBefore: '720h0m0s',
      secretName: o.secretName,
    },
    status: {
      conditions: [
        {
          lastTransitionTime: inst.createdAt,
          message: o.ready
            ? 'Certificate is up to date and has not expired'
            : 'Issuing certificate as Secret does not exist',
          observedGeneration: 1,
          reason: o.ready ? 'Ready' : 'DoesNotExist',
          status: o.ready ? 'True' : 'False',
          type: 'Ready',
        },
      ],
      ...(o.failedIssuanceAttempts
        ? { failedIssuanceAttempts: o.failedIssuanceAttempts }
        : {}),
      notAfter: notAfter.toISOString().replace(/\.\d+Z$/, 'Z'),
      notBefore: new Date(notAfter.getTime() - 90 * 86_400_000)
        .toISOString()
        .replace(/\.\d+Z$/, 'Z'),
      renewalTime: renewal.toISOString().replace(/\.\d+Z$/, 'Z'),
      revision: 1,
    },
  };
}
