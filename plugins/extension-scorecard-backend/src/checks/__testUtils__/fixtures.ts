/**
 * Healthy baseline fixtures per extension kind, modeled on upstream manifests
 * (Kyverno, metrics-server, cert-manager, scheduler-plugins, Kata Containers,
 * Calico, aws-ebs-csi-driver, NVIDIA device plugin, dra-example-driver, a
 * ValidatingAdmissionPolicy). Every check passes (or does not apply) on a
 * baseline; a test breaks one thing and looks at one check.
 */
import type {
  CheckResult,
  ExperimentEvidence,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type {
  ClusterCollection,
  KubeObject,
  ReadStatus,
  ResourceKey,
} from '../../collect/types';
import type {
  ExtensionComponent,
  InstanceObjects,
} from '../../inventory/model';
import { defaultReferenceTables } from '../../reference';
import type { EvaluateOptions } from '../../pipeline/evaluate';
import { daysFrom } from './certificates';
import {
  checkResult,
  completeDescriptor,
  extensionComponent,
  NOW,
} from './components';
import {
  clusterCollection,
  clusterRole,
  clusterRoleBinding,
  container,
  daemonSet,
  defaultNamespaces,
  deployment,
  endpointSlice,
  kubeObject,
  namespace,
  node,
  podDisruptionBudget,
  service,
  serviceAccountSubject,
} from './kube';

export const CLUSTER = 'prod-eu';

export interface Fixture {
  component: ExtensionComponent;
  /** The instance's objects in CLUSTER (mutable). */
  objects: InstanceObjects;
  /** The cluster-wide objects of CLUSTER (mutable). */
  clusterObjects: Partial<Record<ResourceKey, KubeObject[]>>;
  cluster: ClusterCollection;
  evidence: ExperimentEvidence[];
}

/** Sets a read outcome of the fixture's cluster. */
/** The fixture as collected `minutes` after its first collection (2026-01-15T10:00Z). */
export function collectedAfter(f: Fixture, minutes: number): Fixture {
  f.cluster.collectedAt = new Date(
    Date.parse('2026-01-15T10:00:00Z') + minutes * 60_000,
  ).toISOString();
  return f;
}

/** Run options with `result` as the component's previous snapshot. */
export function withPrevious(f: Fixture, result: CheckResult) {
  return { previous: new Map([[f.component.id, [result]]]) };
}

export function setRead(fx: Fixture, key: ResourceKey, status: ReadStatus) {
  fx.cluster.reads[key] = status;
}

/** Runs the fixture and returns one check's result in CLUSTER (or component-wide). */
export function run(
  fx: Fixture,
  checkId: string,
  options: Partial<EvaluateOptions> = {},
): CheckResult {
  return checkResult(checkId, fx.component, [fx.cluster], {
    evidence: fx.evidence,
    ...options,
  });
}

const SPREAD = {
  topologySpreadConstraints: [
    {
      maxSkew: 1,
      topologyKey: 'kubernetes.io/hostname',
      whenUnsatisfiable: 'DoNotSchedule',
    },
  ],
};
const METRICS_PORT = [{ name: 'metrics', containerPort: 8000 }];

/** A highly available backend Deployment with its PDB, Service, ready endpoints and least-privilege RBAC. */
function haBackend(
  ns: string,
  name: string,
  image: string,
  options: { priorityClassName?: string; serviceName?: string } = {},
) {
  const labels = { 'app.kubernetes.io/name': name };
  const serviceName = options.serviceName ?? `${name}-svc`;
  return {
    deployment: deployment(ns, name, {
      replicas: 3,
      labels,
      containers: [container(name, image, { ports: METRICS_PORT })],
      podSpec: {
        priorityClassName:
          options.priorityClassName ?? 'system-cluster-critical',
        ...SPREAD,
      },
    }),
    pdb: podDisruptionBudget(ns, name, labels, { maxUnavailable: 1 }),
    service: service(ns, serviceName, labels, { labels }),
    endpoints: endpointSlice(ns, serviceName, [
      { ip: '10.0.1.10', ready: true },
      { ip: '10.0.2.10', ready: true },
      { ip: '10.0.3.10', ready: true },
    ]),
    role: clusterRole(`${name}:reader`, [
      {
        apiGroups: [''],
        resources: ['configmaps', 'events'],
        verbs: ['get', 'list', 'watch', 'create', 'patch'],
      },
      {
        apiGroups: ['coordination.k8s.io'],
        resources: ['leases'],
        verbs: ['get', 'create', 'update'],
      },
    ]),
    binding: clusterRoleBinding(`${name}:reader`, `${name}:reader`, [
      serviceAccountSubject(ns, name),
    ]),
  };
}

function certificate(
  ns: string,
  name: string,
  options: { notAfterDays?: number; ready?: string; attempts?: number } = {},
): KubeObject {
  const notAfterDays = options.notAfterDays ?? 60;
  return kubeObject('cert-manager.io/v1', 'Certificate', name, ns, {
    spec: {
      secretName: name,
      dnsNames: [`${name}.${ns}.svc`],
      issuerRef: { name: 'selfsigned', kind: 'Issuer' },
      duration: '2160h',
      renewBefore: '720h',
    },
    status: {
      conditions: [
        {
          type: 'Ready',
          status: options.ready ?? 'True',
          reason: options.ready === 'False' ? 'Expired' : 'Ready',
        },
      ],
      notBefore: daysFrom(NOW, notAfterDays - 90),
      notAfter: daysFrom(NOW, notAfterDays),
      renewalTime: daysFrom(NOW, notAfterDays - 30),
      ...(options.attempts ? { failedIssuanceAttempts: options.attempts } : {}),
    },
  });
}

export function webhookEntry(
  overrides: Record<string, unknown> = {},
  caBundle?: string,
): any {
  return {
    name: 'validate.kyverno.svc-fail',
    clientConfig: {
      service: {
        name: 'kyverno-svc',
        namespace: 'kyverno',
        path: '/validate/fail',
        port: 443,
      },
      ...(caBundle ? { caBundle } : {}),
    },
    failurePolicy: 'Fail',
    matchPolicy: 'Equivalent',
    timeoutSeconds: 5,
    sideEffects: 'NoneOnDryRun',
    admissionReviewVersions: ['v1'],
    namespaceSelector: {
      matchExpressions: [
        {
          key: 'kubernetes.io/metadata.name',
          operator: 'NotIn',
          values: ['kube-system', 'kyverno'],
        },
      ],
    },
    objectSelector: {},
    rules: [
      {
        apiGroups: [''],
        apiVersions: ['v1'],
        operations: ['CREATE', 'UPDATE'],
        resources: ['pods'],
        scope: 'Namespaced',
      },
    ],
    ...overrides,
  };
}

export function webhookConfiguration(
  kind: 'ValidatingWebhookConfiguration' | 'MutatingWebhookConfiguration',
  name: string,
  webhooks: any[],
  options: { apiVersion?: string; annotations?: Record<string, string> } = {},
): KubeObject {
  return kubeObject(
    options.apiVersion ?? 'admissionregistration.k8s.io/v1',
    kind,
    name,
    undefined,
    { webhooks },
    {
      annotations: options.annotations,
    },
  );
}

/** The scenarios of a kind, each with a fresh passing run that records every observation. */
export function passingEvidence(
  component: ExtensionComponent,
  kind = component.kind,
): ExperimentEvidence[] {
  const scenarios = defaultReferenceTables().experiments.kinds[kind] ?? [];
  return scenarios.map((s, i) => ({
    id: `ev-${kind}-${i}`,
    component: component.id,
    cluster: CLUSTER,
    scenario: s.id,
    tool: 'manual',
    startedAt: daysFrom(NOW, -10),
    injectedAt: daysFrom(NOW, -10),
    recoveredAt: daysFrom(NOW, -10),
    verdict: 'pass',
    observations: Object.fromEntries(s.observations.map(o => [o, 'recorded'])),
    links: ['https://runbooks.example.com/experiments'],
    submittedBy: 'user:default/alice',
    submittedAt: daysFrom(NOW, -9),
  }));
}

function finish(
  kind: ExtensionComponent['kind'],
  name: string,
  objects: Partial<InstanceObjects>,
  clusterObjects: Partial<Record<ResourceKey, KubeObject[]>>,
  options: {
    version?: string;
    descriptor?: Parameters<typeof completeDescriptor>[1];
    advertisedResources?: string[];
    schedulerNames?: string[];
  } = {},
): Fixture {
  const component = extensionComponent(kind, {
    name,
    descriptor: options.descriptor,
    instances: [
      {
        cluster: CLUSTER,
        objects,
        advertisedResources: options.advertisedResources,
        schedulerNames: options.schedulerNames,
      },
    ],
  });
  const instanceObjects = component.instances[0].objects;
  // what the cluster holds: every object of the instance, plus cluster-wide extras
  const all: Partial<Record<ResourceKey, KubeObject[]>> = {
    namespaces: defaultNamespaces(),
    nodes: [node('node-a'), node('node-b'), node('node-c')],
    deployments: [...instanceObjects.deployments],
    daemonsets: [...instanceObjects.daemonSets],
    statefulsets: [...instanceObjects.statefulSets],
    services: [...instanceObjects.services],
    endpointslices: [...instanceObjects.endpointSlices],
    poddisruptionbudgets: [...instanceObjects.podDisruptionBudgets],
    validatingwebhookconfigurations: [
      ...instanceObjects.validatingWebhookConfigurations,
    ],
    mutatingwebhookconfigurations: [
      ...instanceObjects.mutatingWebhookConfigurations,
    ],
    validatingadmissionpolicies: [
      ...instanceObjects.validatingAdmissionPolicies,
    ],
    validatingadmissionpolicybindings: [
      ...instanceObjects.validatingAdmissionPolicyBindings,
    ],
    customresourcedefinitions: [...instanceObjects.customResourceDefinitions],
    apiservices: [...instanceObjects.apiServices],
    runtimeclasses: [...instanceObjects.runtimeClasses],
    deviceclasses: [...instanceObjects.deviceClasses],
    resourceslices: [...instanceObjects.resourceSlices],
    certificates: [...instanceObjects.certificates],
    servicemonitors: [...instanceObjects.serviceMonitors],
    prometheusrules: [...instanceObjects.prometheusRules],
    clusterroles: [...instanceObjects.clusterRoles],
    clusterrolebindings: [...instanceObjects.clusterRoleBindings],
    roles: [...instanceObjects.roles],
    rolebindings: [...instanceObjects.roleBindings],
  };
  for (const [key, list] of Object.entries(clusterObjects) as Array<
    [ResourceKey, KubeObject[]]
  >) {
    all[key] =
      key === 'nodes' || key === 'namespaces'
        ? list
        : [...(all[key] ?? []), ...list];
  }
  const cluster = clusterCollection(CLUSTER, {
    version: options.version,
    objects: all,
  });
  return {
    component,
    objects: instanceObjects,
    clusterObjects: cluster.objects,
    cluster,
    evidence: passingEvidence(component),
  };
}

/** Kyverno-like validating admission webhook with cert-manager-managed TLS. */
export function admissionWebhookFixture(caBundle: string): Fixture {
  const backend = haBackend(
    'kyverno',
    'kyverno-admission-controller',
    'ghcr.io/kyverno/kyverno:v1.13.4',
    { serviceName: 'kyverno-svc' },
  );
  return finish(
    'admission-webhook',
    'kyverno',
    {
      validatingWebhookConfigurations: [
        webhookConfiguration(
          'ValidatingWebhookConfiguration',
          'kyverno-resource-validating-webhook-cfg',
          [webhookEntry({}, caBundle)],
          {
            annotations: {
              'cert-manager.io/inject-ca-from': 'kyverno/kyverno-svc-tls',
            },
          },
        ),
      ],
      deployments: [backend.deployment],
      services: [backend.service],
      endpointSlices: [backend.endpoints],
      podDisruptionBudgets: [backend.pdb],
      certificates: [certificate('kyverno', 'kyverno-svc-tls')],
      clusterRoles: [backend.role],
      clusterRoleBindings: [backend.binding],
    },
    {
      namespaces: [
        ...defaultNamespaces(),
        namespace('kyverno'),
        namespace('team-a', { team: 'a' }),
      ],
    },
    {
      descriptor: {
        alerts: [
          {
            name: 'KyvernoWebhookLatency',
            expr: 'histogram_quantile(0.99, rate(apiserver_admission_webhook_admission_duration_seconds_bucket[5m])) > 1',
          },
        ],
      },
    },
  );
}

/** metrics-server behind APIService v1beta1.metrics.k8s.io. */
export function aggregatedApiFixture(caBundle: string): Fixture {
  const backend = haBackend(
    'kube-system',
    'metrics-server',
    'registry.k8s.io/metrics-server/metrics-server:v0.7.2',
    { serviceName: 'metrics-server' },
  );
  const api = kubeObject(
    'apiregistration.k8s.io/v1',
    'APIService',
    'v1beta1.metrics.k8s.io',
    undefined,
    {
      spec: {
        group: 'metrics.k8s.io',
        version: 'v1beta1',
        groupPriorityMinimum: 100,
        versionPriority: 100,
        service: {
          name: 'metrics-server',
          namespace: 'kube-system',
          port: 443,
        },
        caBundle,
      },
      status: {
        conditions: [
          {
            type: 'Available',
            status: 'True',
            reason: 'Passed',
            message: 'all checks passed',
          },
        ],
      },
    },
  );
  return finish(
    'aggregated-api',
    'metrics-server',
    {
      apiServices: [api],
      deployments: [backend.deployment],
      services: [backend.service],
      endpointSlices: [backend.endpoints],
      podDisruptionBudgets: [backend.pdb],
      certificates: [certificate('kube-system', 'metrics-server-tls')],
      clusterRoles: [backend.role],
      clusterRoleBindings: [backend.binding],
    },
    {},
    {
      descriptor: {
        alerts: [
          {
            name: 'APIServiceDown',
            expr: 'aggregator_unavailable_apiservice{name="v1beta1.metrics.k8s.io"} > 0',
          },
        ],
      },
    },
  );
}

export function crd(
  name: string,
  options: {
    versions?: string[];
    conversion?: any;
    status?: boolean;
    conditions?: Record<string, string>;
    apiVersion?: string;
  } = {},
): KubeObject {
  const [plural, ...group] = name.split('.');
  const versions = options.versions ?? ['v1'];
  const conditions = options.conditions ?? {
    Established: 'True',
    NamesAccepted: 'True',
  };
  return kubeObject(
    options.apiVersion ?? 'apiextensions.k8s.io/v1',
    'CustomResourceDefinition',
    name,
    undefined,
    {
      spec: {
        group: group.join('.'),
        names: { plural, kind: plural.replace(/s$/, ''), listKind: 'List' },
        scope: 'Namespaced',
        versions: versions.map((v, i) => ({
          name: v,
          served: true,
          storage: i === versions.length - 1,
          ...(options.status === false ? {} : { subresources: { status: {} } }),
          schema: { openAPIV3Schema: { type: 'object' } },
        })),
        ...(options.conversion ? { conversion: options.conversion } : {}),
      },
      status: {
        conditions: Object.entries(conditions).map(([type, status]) => ({
          type,
          status,
        })),
        // the API server records the storage version of every object it wrote
        storedVersions: [versions[versions.length - 1]],
      },
    },
  );
}

/** cert-manager-like CRDs and controller. */
export function crdControllerFixture(): Fixture {
  const backend = haBackend(
    'cert-manager',
    'cert-manager',
    'quay.io/jetstack/cert-manager-controller:v1.16.2',
    { priorityClassName: 'platform-critical' },
  );
  return finish(
    'crd-controller',
    'cert-manager',
    {
      customResourceDefinitions: [
        crd('certificates.cert-manager.io'),
        crd('issuers.cert-manager.io'),
      ],
      deployments: [backend.deployment],
      services: [backend.service],
      podDisruptionBudgets: [backend.pdb],
      clusterRoles: [backend.role],
      clusterRoleBindings: [backend.binding],
    },
    { namespaces: [...defaultNamespaces(), namespace('cert-manager')] },
  );
}

/** A ValidatingAdmissionPolicy requiring a team label, bound with a namespace selector. */
export function admissionPolicyFixture(): Fixture {
  const policy = kubeObject(
    'admissionregistration.k8s.io/v1',
    'ValidatingAdmissionPolicy',
    'require-team-label',
    undefined,
    {
      spec: {
        failurePolicy: 'Fail',
        matchConstraints: {
          resourceRules: [
            {
              apiGroups: ['apps'],
              apiVersions: ['v1'],
              operations: ['CREATE', 'UPDATE'],
              resources: ['deployments'],
            },
          ],
        },
        validations: [
          {
            expression:
              "has(object.metadata.labels) && 'team' in object.metadata.labels",
            message: 'label team is required',
          },
        ],
      },
    },
  );
  const binding = kubeObject(
    'admissionregistration.k8s.io/v1',
    'ValidatingAdmissionPolicyBinding',
    'require-team-label-binding',
    undefined,
    {
      spec: {
        policyName: 'require-team-label',
        validationActions: ['Deny'],
        matchResources: {
          namespaceSelector: {
            matchLabels: { 'platform.example.com/tenant': 'true' },
          },
        },
      },
    },
  );
  return finish(
    'admission-policy',
    'require-team-label-policy',
    {
      validatingAdmissionPolicies: [policy],
      validatingAdmissionPolicyBindings: [binding],
    },
    {
      namespaces: [
        ...defaultNamespaces(),
        namespace('team-a', { 'platform.example.com/tenant': 'true' }),
        namespace('team-b', { 'platform.example.com/tenant': 'true' }),
      ],
    },
    {
      descriptor: {
        alerts: [
          {
            name: 'PolicyDenials',
            expr: 'rate(apiserver_validating_admission_policy_check_total{enforcement_action="deny"}[5m]) > 1',
          },
        ],
      },
    },
  );
}

/** scheduler-plugins as a second scheduler (coscheduling). */
export function schedulerFixture(): Fixture {
  const backend = haBackend(
    'scheduler-plugins',
    'scheduler-plugins-scheduler',
    'registry.k8s.io/scheduler-plugins/kube-scheduler:v0.31.8',
  );
  return finish(
    'scheduler-plugin',
    'coscheduling-scheduler',
    {
      deployments: [backend.deployment],
      podDisruptionBudgets: [backend.pdb],
      clusterRoles: [backend.role],
      clusterRoleBindings: [backend.binding],
    },
    { namespaces: [...defaultNamespaces(), namespace('scheduler-plugins')] },
    {
      schedulerNames: ['scheduler-plugins-scheduler'],
      descriptor: {
        scheduler: {
          schedulerName: 'scheduler-plugins-scheduler',
          extensionPoints: [
            'QueueSort',
            'PreFilter',
            'PostFilter',
            'Permit',
            'Reserve',
          ],
          permitTimeoutSeconds: 60,
          unreserve: true,
        },
      },
    },
  );
}

function nodeAgent(
  ns: string,
  name: string,
  containers: any[],
  options: { nodeSelector?: Record<string, string>; desired?: number } = {},
) {
  return daemonSet(ns, name, {
    desired: options.desired ?? 3,
    containers,
    podSpec: {
      priorityClassName: 'system-node-critical',
      ...(options.nodeSelector ? { nodeSelector: options.nodeSelector } : {}),
    },
  });
}

/** Kata Containers: RuntimeClass kata-qemu and the kata-deploy DaemonSet. */
export function criRuntimeFixture(): Fixture {
  const rc = kubeObject(
    'node.k8s.io/v1',
    'RuntimeClass',
    'kata-qemu',
    undefined,
    {
      handler: 'kata-qemu',
      overhead: { podFixed: { memory: '160Mi', cpu: '250m' } },
      scheduling: {
        nodeSelector: { 'katacontainers.io/kata-runtime': 'true' },
      },
    },
  );
  const kataLabels = { 'katacontainers.io/kata-runtime': 'true' };
  const ds = nodeAgent(
    'kube-system',
    'kata-deploy',
    [
      container('kube-kata', 'quay.io/kata-containers/kata-deploy:3.11.0', {
        ports: METRICS_PORT,
      }),
    ],
    { nodeSelector: kataLabels, desired: 2 },
  );
  return finish(
    'cri-runtime',
    'kata-runtime',
    { runtimeClasses: [rc], daemonSets: [ds] },
    {
      nodes: [
        node('node-a', { labels: kataLabels }),
        node('node-b', { labels: kataLabels }),
        node('node-c'),
      ],
    },
  );
}

/** Calico node agent. */
export function cniFixture(): Fixture {
  const ds = nodeAgent('calico-system', 'calico-node', [
    container('calico-node', 'quay.io/calico/node:v3.29.1', {
      ports: METRICS_PORT,
    }),
  ]);
  return finish('cni', 'calico', { daemonSets: [ds] }, {});
}

export const EBS_SIDECARS = {
  provisioner:
    'public.ecr.aws/eks-distro/kubernetes-csi/external-provisioner:v5.2.0',
  attacher: 'public.ecr.aws/eks-distro/kubernetes-csi/external-attacher:v4.8.1',
  snapshotter:
    'public.ecr.aws/eks-distro/kubernetes-csi/external-snapshotter/csi-snapshotter:v8.2.1',
  resizer: 'public.ecr.aws/eks-distro/kubernetes-csi/external-resizer:v1.13.2',
};

/** aws-ebs-csi-driver: controller Deployment with sidecars, node DaemonSet, CSIDriver. */
export function csiFixture(): Fixture {
  const sidecar = (name: string, image: string) =>
    container(name, image, { probes: true });
  const backend = haBackend(
    'kube-system',
    'ebs-csi-controller',
    'public.ecr.aws/ebs-csi-driver/aws-ebs-csi-driver:v1.37.0',
  );
  backend.deployment.spec.template.spec.containers.push(
    sidecar(
      'csi-provisioner',
      'registry.k8s.io/sig-storage/csi-provisioner:v5.2.0',
    ),
    sidecar('csi-attacher', 'registry.k8s.io/sig-storage/csi-attacher:v4.8.1'),
    sidecar(
      'csi-snapshotter',
      'registry.k8s.io/sig-storage/csi-snapshotter:v8.2.1',
    ),
    sidecar('csi-resizer', 'registry.k8s.io/sig-storage/csi-resizer:v1.13.2'),
    sidecar(
      'liveness-probe',
      'registry.k8s.io/sig-storage/livenessprobe:v2.15.0',
    ),
  );
  const ds = nodeAgent('kube-system', 'ebs-csi-node', [
    container(
      'ebs-plugin',
      'public.ecr.aws/ebs-csi-driver/aws-ebs-csi-driver:v1.37.0',
      { ports: METRICS_PORT },
    ),
    sidecar(
      'node-driver-registrar',
      'registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.13.0',
    ),
    sidecar(
      'liveness-probe',
      'registry.k8s.io/sig-storage/livenessprobe:v2.15.0',
    ),
  ]);
  ds.spec.updateStrategy = {
    type: 'RollingUpdate',
    rollingUpdate: { maxUnavailable: '10%' },
  };
  const driver = kubeObject(
    'storage.k8s.io/v1',
    'CSIDriver',
    'ebs.csi.aws.com',
    undefined,
    { spec: { attachRequired: true, podInfoOnMount: false } },
  );
  return finish(
    'csi',
    'ebs-csi-driver',
    {
      csiDrivers: [driver],
      deployments: [backend.deployment],
      daemonSets: [ds],
      podDisruptionBudgets: [backend.pdb],
      clusterRoles: [backend.role],
      clusterRoleBindings: [backend.binding],
    },
    {},
    { version: '1.32.2' },
  );
}

/** NVIDIA device plugin advertising nvidia.com/gpu on two GPU nodes. */
export function devicePluginFixture(): Fixture {
  const gpu = { 'nvidia.com/gpu.present': 'true' };
  const ds = nodeAgent(
    'kube-system',
    'nvidia-device-plugin-daemonset',
    [
      container(
        'nvidia-device-plugin-ctr',
        'nvcr.io/nvidia/k8s-device-plugin:v0.17.0',
        { ports: METRICS_PORT },
      ),
    ],
    { nodeSelector: gpu, desired: 2 },
  );
  return finish(
    'device-plugin',
    'nvidia-device-plugin',
    { daemonSets: [ds] },
    {
      nodes: [
        node('gpu-a', { labels: gpu, capacity: { 'nvidia.com/gpu': '4' } }),
        node('gpu-b', { labels: gpu, capacity: { 'nvidia.com/gpu': '4' } }),
        node('cpu-a'),
      ],
    },
    {
      advertisedResources: ['nvidia.com/gpu'],
      descriptor: { deviceResources: ['nvidia.com/gpu'] },
    },
  );
}

/** dra-example-driver on resource.k8s.io/v1 (Kubernetes 1.34). */
export function draFixture(): Fixture {
  const deviceClass = kubeObject(
    'resource.k8s.io/v1',
    'DeviceClass',
    'gpu.example.com',
    undefined,
    {
      spec: {
        selectors: [
          { cel: { expression: "device.driver == 'gpu.example.com'" } },
        ],
      },
    },
  );
  const slice = kubeObject(
    'resource.k8s.io/v1',
    'ResourceSlice',
    'node-a-gpu.example.com-x7k2p',
    undefined,
    {
      spec: {
        driver: 'gpu.example.com',
        nodeName: 'node-a',
        pool: { name: 'node-a', generation: 1, resourceSliceCount: 1 },
        devices: [{ name: 'gpu-0' }],
      },
    },
  );
  const ds = nodeAgent(
    'dra-example-driver',
    'dra-example-driver-kubeletplugin',
    [
      container(
        'plugin',
        'registry.k8s.io/dra-example-driver/dra-example-driver:v0.2.0',
        { ports: METRICS_PORT },
      ),
    ],
  );
  const nodes = ['node-a', 'node-b', 'node-c'].map(n =>
    node(n, { kubeletVersion: 'v1.34.1' }),
  );
  return finish(
    'dra-driver',
    'dra-example-driver',
    { deviceClasses: [deviceClass], resourceSlices: [slice], daemonSets: [ds] },
    {
      nodes,
      namespaces: [...defaultNamespaces(), namespace('dra-example-driver')],
    },
    { version: '1.34.1' },
  );
}

export const FIXTURES = {
  'admission-webhook': admissionWebhookFixture,
  'aggregated-api': aggregatedApiFixture,
  'crd-controller': crdControllerFixture,
  'admission-policy': admissionPolicyFixture,
  'scheduler-plugin': schedulerFixture,
  'cri-runtime': criRuntimeFixture,
  cni: cniFixture,
  csi: csiFixture,
  'device-plugin': devicePluginFixture,
  'dra-driver': draFixture,
} as const;

export { certificate as certManagerCertificate };
