/**
 * What runs an extension in one cluster: its namespace, service account and RBAC, the
 * Deployment or DaemonSet, the Service and EndpointSlice in front of it, PDB, monitors
 * and the cert-manager Certificate of its serving secret. Every kind builds on this.
 */
import type { KubeObject } from '@extension-scorecard/plugin-extension-scorecard-node';
import type { PoolCertificate } from '../certificates';
import {
  binding,
  certificate,
  clusterRole,
  container,
  daemonSet,
  deployment,
  endpointSlice,
  installationLabels,
  Installation,
  namespaceObject,
  podDisruptionBudget,
  PolicyRule,
  prometheusRule,
  role,
  service,
  serviceAccount,
  serviceMonitor,
} from '../kubeObjects';
import type { NodePool } from '../nodePool';
import type { ClusterPlan, ComponentPlan } from '../plan';

/** Everything a kind builder needs for one component in one cluster. */
export interface ComponentBuild {
  plan: ComponentPlan;
  cluster: ClusterPlan;
  nodes: NodePool;
  inst: Installation;
  certs: readonly PoolCertificate[];
  now: Date;
}

/** Builds the objects of one component in one cluster. */
export type KindBuilder = (build: ComponentBuild) => KubeObject[];

export interface BackendOptions {
  /** Workload name (also Service, ServiceAccount and role names). */
  name: string;
  component: string;
  workload: 'Deployment' | 'DaemonSet';
  image: string;
  args?: string[];
  command?: string[];
  env?: Record<string, string>;
  sidecars?: Array<Record<string, unknown>>;
  volumes?: Array<Record<string, unknown>>;
  mounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
  /** Creates a Service (and EndpointSlice) in front of the workload. */
  servicePort?: number;
  /** The least privilege the component needs (the trait may widen it). */
  rules: PolicyRule[];
  hostNetwork?: boolean;
  privileged?: boolean;
  nodeSelector?: Record<string, string>;
  /** DaemonSets: the nodes it runs on. */
  nodes?: string[];
  /** Mounts `<name>-tls` and, with the cert-manager trait, a Certificate issues it. */
  servingCertificate?: boolean;
  /** Extra ClusterRoles to bind (e.g. system:auth-delegator). */
  bindClusterRoles?: string[];
}

export interface Backend {
  objects: KubeObject[];
  /** Pod labels (also the Service selector). */
  selector: Record<string, string>;
  labels: Record<string, string>;
  serviceName?: string;
  /** `namespace/name` of the serving Certificate, when cert-manager issues it. */
  certificateRef?: string;
}

/** Wider grants than needed, per RBAC trait. */
const WIDER_RULES: Record<string, PolicyRule[]> = {
  least: [],
  wildcard: [
    { apiGroups: ['*'], resources: ['*'], verbs: ['get', 'list', 'watch'] },
  ],
  secrets: [
    {
      apiGroups: [''],
      resources: ['secrets'],
      verbs: ['get', 'list', 'watch'],
    },
  ],
  escalate: [
    {
      apiGroups: ['rbac.authorization.k8s.io'],
      resources: ['clusterroles', 'clusterrolebindings'],
      verbs: ['escalate', 'bind', 'create'],
    },
  ],
  'cluster-admin': [],
};

export function namespaceOf(build: ComponentBuild): KubeObject {
  return namespaceObject(build.inst, build.plan.namespace, {
    'pod-security.kubernetes.io/enforce': 'privileged',
  });
}

export function labelsFor(
  build: ComponentBuild,
  name: string,
  component: string,
) {
  return installationLabels(build.inst, name, component);
}

export function buildBackend(
  build: ComponentBuild,
  o: BackendOptions,
): Backend {
  const { plan, inst, nodes } = build;
  const t = plan.traits;
  const ns = plan.namespace;
  const labels = labelsFor(build, o.name, o.component);
  const selector = {
    'app.kubernetes.io/name': o.name,
    'app.kubernetes.io/instance': inst.release,
  };
  const podLabels = {
    ...selector,
    'app.kubernetes.io/component': o.component,
    'app.kubernetes.io/part-of': inst.partOf,
  };
  const objects: KubeObject[] = [];

  objects.push(serviceAccount(inst, o.name, ns, labels));
  const rules: PolicyRule[] = [
    ...o.rules,
    { apiGroups: [''], resources: ['events'], verbs: ['create', 'patch'] },
    ...WIDER_RULES[t.rbac],
  ];
  objects.push(clusterRole(inst, o.name, labels, rules));
  objects.push(
    binding(inst, {
      name: o.name,
      labels,
      roleKind: 'ClusterRole',
      roleName: o.name,
      serviceAccount: { name: o.name, namespace: ns },
    }),
  );
  for (const extra of [
    ...(o.bindClusterRoles ?? []),
    ...(t.rbac === 'cluster-admin' ? ['cluster-admin'] : []),
  ]) {
    objects.push(
      binding(inst, {
        name: `${o.name}:${extra.replace(/^system:/, '')}`,
        labels,
        roleKind: 'ClusterRole',
        roleName: extra,
        serviceAccount: { name: o.name, namespace: ns },
      }),
    );
  }
  objects.push(
    role(inst, `${o.name}:leader-election`, ns, labels, [
      {
        apiGroups: ['coordination.k8s.io'],
        resources: ['leases'],
        verbs: ['get', 'create', 'update', 'patch'],
      },
      {
        apiGroups: [''],
        resources: ['configmaps'],
        verbs: ['get', 'list', 'watch'],
      },
    ]),
    binding(inst, {
      name: `${o.name}:leader-election`,
      namespace: ns,
      labels,
      roleKind: 'Role',
      roleName: `${o.name}:leader-election`,
      serviceAccount: { name: o.name, namespace: ns },
    }),
  );

  const secretName = `${o.name}-tls`;
  const volumes = [
    ...(o.volumes ?? []),
    ...(o.servingCertificate
      ? [{ name: 'tls', secret: { defaultMode: 420, secretName } }]
      : []),
  ];
  const mounts = [
    ...(o.mounts ?? []),
    ...(o.servingCertificate
      ? [{ name: 'tls', mountPath: '/tls', readOnly: true }]
      : []),
  ];
  const main = container({
    name: o.component,
    image: o.image,
    args: o.args,
    command: o.command,
    env: o.env,
    ports: [
      ...(o.servicePort ? [{ name: 'https', containerPort: 9443 }] : []),
      { name: 'metrics', containerPort: 8080 },
    ],
    probes: t.probes,
    mounts,
    privileged: o.privileged,
  });
  const template = {
    labels: podLabels,
    serviceAccount: o.name,
    containers: [main, ...(o.sidecars ?? [])],
    volumes,
    priorityClassName: t.priorityClass ? 'system-cluster-critical' : undefined,
    nodeSelector: o.nodeSelector,
    spread: t.spread,
    hostNetwork: o.hostNetwork,
    tolerateEverything: o.workload === 'DaemonSet',
  };

  let ready: number;
  if (o.workload === 'Deployment') {
    ready = t.degraded ? Math.max(0, t.replicas - 1) : t.replicas;
    objects.push(
      deployment(inst, {
        ...template,
        name: o.name,
        namespace: ns,
        replicas: t.replicas,
        readyReplicas: ready,
        metaLabels: labels,
        selector,
      }),
    );
  } else {
    const desired = o.nodes?.length ?? nodes.size;
    ready = t.degraded ? Math.max(0, desired - 1) : desired;
    objects.push(
      daemonSet(inst, {
        ...template,
        name: o.name,
        namespace: ns,
        metaLabels: labels,
        selector,
        desired,
        ready,
        updateStrategy:
          t.nodeRollout === 'on-delete'
            ? { type: 'OnDelete' }
            : {
                type: 'RollingUpdate',
                rollingUpdate: {
                  maxSurge: 0,
                  maxUnavailable: t.nodeRollout === 'one-node' ? 1 : '25%',
                },
              },
      }),
    );
  }

  if (o.servicePort) {
    objects.push(
      service(inst, {
        name: o.name,
        namespace: ns,
        labels,
        selector,
        port: o.servicePort,
        targetPort: 'https',
      }),
      endpointSlice(inst, {
        service: o.name,
        namespace: ns,
        labels,
        ready: Math.min(ready, 3),
        notReady: t.degraded ? 1 : 0,
        port: 9443,
        nodes: nodes.names,
      }),
    );
  }
  if (t.pdb && o.workload === 'Deployment') {
    objects.push(
      podDisruptionBudget(inst, {
        name: o.name,
        namespace: ns,
        labels,
        selector,
        healthy: ready,
      }),
    );
  }
  if (t.serviceMonitor && o.servicePort) {
    objects.push(
      serviceMonitor(inst, {
        name: o.name,
        namespace: ns,
        labels,
        selector: labels,
      }),
    );
  }
  if (t.prometheusRule) {
    objects.push(
      prometheusRule(inst, {
        name: `${o.name}-alerts`,
        namespace: ns,
        labels,
        alerts: [
          {
            name: `${pascal(o.name)}Down`,
            expr: `absent(up{job="${o.name}"} == 1)`,
          },
          {
            name: `${pascal(o.name)}Errors`,
            expr: `sum(rate(${o.name.replace(
              /-/g,
              '_',
            )}_errors_total[5m])) > 0`,
          },
        ],
      }),
    );
  }
  let certificateRef: string | undefined;
  if (o.servingCertificate && t.certManager) {
    const cert = build.certs[t.certificate];
    objects.push(
      certificate(inst, {
        name: `${o.name}-serving`,
        namespace: ns,
        labels,
        secretName,
        dnsNames: [`${o.name}.${ns}.svc`, `${o.name}.${ns}.svc.cluster.local`],
        notAfter: cert.notAfter,
        ready: t.certificateReady,
        failedIssuanceAttempts: t.certificateReady ? undefined : 2,
      }),
    );
    certificateRef = `${ns}/${o.name}-serving`;
  }
  return {
    objects,
    selector,
    labels,
    serviceName: o.servicePort ? o.name : undefined,
    certificateRef,
  };
}

/** cert-manager's CA injector annotation, or a caBundle from the pool. */
export function caBundleFor(
  build: ComponentBuild,
  backend: Backend,
): { annotations: Record<string, string>; caBundle: string } {
  const cert = build.certs[build.plan.traits.certificate];
  return {
    annotations: backend.certificateRef
      ? { 'cert-manager.io/inject-ca-from': backend.certificateRef }
      : {},
    caBundle: cert.caBundle,
  };
}

export function image(build: ComponentBuild, repository: string): string {
  return `ghcr.io/fleet-extensions/${repository}:${build.plan.traits.imageVersion}`;
}

function pascal(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .map(w => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}
