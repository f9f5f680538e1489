/**
 * What every cluster has besides its extensions: system namespaces, the API server's
 * bootstrap ClusterRoles and bindings, ordinary application Deployments with Services
 * and service accounts, and a few Pods pending on the default scheduler.
 */
import type { KubeObject } from '@extension-scorecard/plugin-extension-scorecard-node';
import {
  binding,
  clusterRole,
  container,
  deployment,
  Installation,
  namespaceObject,
  objectMeta,
  PolicyRule,
  service,
  serviceAccount,
} from './kubeObjects';
import type { SeededRandom } from './random';

const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'update', 'patch', 'delete'];

/** A representative subset of the bootstrap ClusterRoles an API server creates. */
const BOOTSTRAP_ROLES: Array<[string, PolicyRule[]]> = [
  ['cluster-admin', [{ apiGroups: ['*'], resources: ['*'], verbs: ['*'] }]],
  [
    'admin',
    [
      {
        apiGroups: ['', 'apps', 'batch'],
        resources: [
          'pods',
          'services',
          'deployments',
          'jobs',
          'secrets',
          'configmaps',
        ],
        verbs: [...READ, ...WRITE],
      },
    ],
  ],
  [
    'edit',
    [
      {
        apiGroups: ['', 'apps', 'batch'],
        resources: ['pods', 'services', 'deployments', 'jobs', 'configmaps'],
        verbs: [...READ, ...WRITE],
      },
    ],
  ],
  [
    'view',
    [
      {
        apiGroups: ['', 'apps', 'batch'],
        resources: ['pods', 'services', 'deployments', 'jobs', 'configmaps'],
        verbs: READ,
      },
    ],
  ],
  [
    'system:auth-delegator',
    [
      {
        apiGroups: ['authentication.k8s.io'],
        resources: ['tokenreviews'],
        verbs: ['create'],
      },
      {
        apiGroups: ['authorization.k8s.io'],
        resources: ['subjectaccessreviews'],
        verbs: ['create'],
      },
    ],
  ],
  [
    'system:kube-scheduler',
    [
      {
        apiGroups: [''],
        resources: [
          'pods',
          'nodes',
          'namespaces',
          'persistentvolumeclaims',
          'persistentvolumes',
        ],
        verbs: READ,
      },
      {
        apiGroups: [''],
        resources: ['bindings', 'pods/binding'],
        verbs: ['create'],
      },
      {
        apiGroups: [''],
        resources: ['pods/status'],
        verbs: ['patch', 'update'],
      },
      {
        apiGroups: ['coordination.k8s.io'],
        resources: ['leases'],
        verbs: ['create', 'get', 'update'],
      },
    ],
  ],
  [
    'system:volume-scheduler',
    [
      {
        apiGroups: [''],
        resources: ['persistentvolumes'],
        verbs: [...READ, 'patch', 'update'],
      },
      {
        apiGroups: ['storage.k8s.io'],
        resources: ['storageclasses'],
        verbs: READ,
      },
    ],
  ],
  [
    'system:node',
    [
      {
        apiGroups: [''],
        resources: ['nodes', 'nodes/status', 'pods', 'pods/status'],
        verbs: [...READ, 'patch', 'update'],
      },
    ],
  ],
  [
    'system:node-proxier',
    [
      {
        apiGroups: ['', 'discovery.k8s.io'],
        resources: ['endpoints', 'services', 'endpointslices', 'nodes'],
        verbs: READ,
      },
    ],
  ],
  ['system:discovery', [{ apiGroups: [], resources: [], verbs: ['get'] }]],
  [
    'system:basic-user',
    [
      {
        apiGroups: ['authorization.k8s.io'],
        resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'],
        verbs: ['create'],
      },
    ],
  ],
  [
    'system:public-info-viewer',
    [{ apiGroups: [], resources: [], verbs: ['get'] }],
  ],
  ['system:monitoring', [{ apiGroups: [], resources: [], verbs: ['get'] }]],
  [
    'system:controller:deployment-controller',
    [
      {
        apiGroups: ['apps'],
        resources: ['deployments', 'replicasets'],
        verbs: [...READ, ...WRITE],
      },
      { apiGroups: [''], resources: ['pods'], verbs: [...READ, 'update'] },
    ],
  ],
  [
    'system:controller:daemon-set-controller',
    [
      {
        apiGroups: ['apps'],
        resources: ['daemonsets', 'controllerrevisions'],
        verbs: [...READ, ...WRITE],
      },
      {
        apiGroups: [''],
        resources: ['pods'],
        verbs: [...READ, 'create', 'delete'],
      },
    ],
  ],
  [
    'system:controller:namespace-controller',
    [
      {
        apiGroups: ['*'],
        resources: ['*'],
        verbs: ['delete', 'deletecollection', 'get', 'list'],
      },
    ],
  ],
  [
    'system:controller:generic-garbage-collector',
    [
      {
        apiGroups: ['*'],
        resources: ['*'],
        verbs: ['delete', 'get', 'list', 'patch', 'update', 'watch'],
      },
    ],
  ],
  [
    'system:controller:endpointslice-controller',
    [
      {
        apiGroups: ['discovery.k8s.io'],
        resources: ['endpointslices'],
        verbs: [...READ, ...WRITE],
      },
    ],
  ],
  [
    'system:controller:resourcequota-controller',
    [{ apiGroups: ['*'], resources: ['*'], verbs: READ }],
  ],
  [
    'system:aggregate-to-view',
    [
      {
        apiGroups: [''],
        resources: ['pods', 'services', 'configmaps'],
        verbs: READ,
      },
    ],
  ],
  [
    'system:aggregate-to-edit',
    [
      {
        apiGroups: [''],
        resources: ['pods', 'services', 'configmaps'],
        verbs: WRITE,
      },
    ],
  ],
  [
    'system:aggregate-to-admin',
    [
      {
        apiGroups: ['authorization.k8s.io'],
        resources: ['localsubjectaccessreviews'],
        verbs: ['create'],
      },
    ],
  ],
  [
    'system:certificates.k8s.io:certificatesigningrequests:nodeclient',
    [
      {
        apiGroups: ['certificates.k8s.io'],
        resources: ['certificatesigningrequests/nodeclient'],
        verbs: ['create'],
      },
    ],
  ],
];

export interface ClusterBaseOptions {
  cluster: string;
  appWorkloads: number;
  nodes: readonly string[];
  createdAt: string;
  rng: SeededRandom;
}

export function clusterBaseObjects(o: ClusterBaseOptions): KubeObject[] {
  const inst: Installation = {
    release: 'kubernetes',
    partOf: 'kubernetes',
    version: 'v1',
    createdAt: o.createdAt,
    rng: o.rng,
  };
  const objects: KubeObject[] = [];
  for (const ns of [
    'default',
    'kube-system',
    'kube-public',
    'kube-node-lease',
  ]) {
    objects.push(namespaceObject(inst, ns));
  }
  for (const [name, rules] of BOOTSTRAP_ROLES) {
    objects.push(
      clusterRole(
        inst,
        name,
        { 'kubernetes.io/bootstrapping': 'rbac-defaults' },
        rules,
      ),
    );
  }
  objects.push(
    binding(inst, {
      name: 'system:kube-scheduler',
      labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' },
      roleKind: 'ClusterRole',
      roleName: 'system:kube-scheduler',
      serviceAccount: { name: 'kube-scheduler', namespace: 'kube-system' },
    }),
  );

  // Applications: ten per namespace, each a Deployment with Service and service account.
  const appsPerNamespace = 10;
  for (let a = 0; a < o.appWorkloads; a++) {
    const ns = `apps-${Math.floor(a / appsPerNamespace)}`;
    if (a % appsPerNamespace === 0)
      objects.push(namespaceObject(inst, ns, { 'team.fleet.io/tenant': ns }));
    const name = `svc-${a}`;
    const app: Installation = {
      ...inst,
      release: name,
      partOf: ns,
      version: `1.${a % 20}.0`,
    };
    const labels = {
      'app.kubernetes.io/name': name,
      'app.kubernetes.io/instance': name,
      'app.kubernetes.io/part-of': ns,
    };
    const selector = { 'app.kubernetes.io/name': name };
    const replicas = 2 + (a % 3);
    objects.push(
      serviceAccount(app, name, ns, labels),
      deployment(app, {
        name,
        namespace: ns,
        replicas,
        readyReplicas: replicas,
        metaLabels: labels,
        selector,
        labels: { ...labels },
        serviceAccount: name,
        containers: [
          container({
            name: 'app',
            image: `registry.fleet.internal/${ns}/${name}:1.${a % 20}.0`,
            ports: [{ name: 'http', containerPort: 8080 }],
            env: {
              LOG_LEVEL: 'info',
              OTEL_EXPORTER_OTLP_ENDPOINT:
                'http://otel-collector.observability:4317',
            },
            probes: true,
          }),
        ],
        spread: true,
      }),
      service(app, {
        name,
        namespace: ns,
        labels,
        selector,
        port: 80,
        targetPort: 'http',
      }),
    );
  }
  // A few Pods pending on the default scheduler (capacity), as any busy cluster has.
  for (let p = 0; p < 5; p++) {
    objects.push({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: objectMeta(
        inst,
        `batch-${p}-${o.rng.int(1e6, 9e6).toString(36)}`,
        {
          namespace: 'default',
          labels: { 'app.kubernetes.io/name': 'batch' },
          managedBy: 'kube-controller-manager',
        },
      ),
      spec: {
        containers: [
          {
            name: 'job',
            image: 'registry.fleet.internal/batch:1',
            resources: { requests: { cpu: '16' } },
          },
        ],
        schedulerName: 'default-scheduler',
        restartPolicy: 'Never',
      },
      status: {
        conditions: [
          {
            lastTransitionTime: o.createdAt,
            message: `0/${o.nodes.length} nodes are available: ${o.nodes.length} Insufficient cpu.`,
            reason: 'Unschedulable',
            status: 'False',
            type: 'PodScheduled',
          },
        ],
        phase: 'Pending',
        qosClass: 'Burstable',
      },
    });
  }
  return objects;
}
