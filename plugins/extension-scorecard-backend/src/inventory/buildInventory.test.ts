import type { Entity } from '@backstage/catalog-model';
import type { ClusterCollection, KubeObject } from '../collect/types';
import { buildInventory } from './buildInventory';
import type { ExtensionComponent, InstanceObjects } from './model';
import { clusterOf, fixtureObjects, labelled } from './testdata/fixtures';

const NOW = '2025-06-01T00:00:00.000Z';

const ALL_PROJECTS = [
  'base-cluster',
  'cert-manager',
  'kyverno',
  'gatekeeper',
  'istio',
  'metrics-server',
  'aws-ebs-csi-driver',
  'nvidia-device-plugin',
  'dra-example-driver',
  'scheduler-plugins',
  'cilium',
  'kata',
] as const;

function names(
  c: ExtensionComponent | undefined,
  field: keyof InstanceObjects,
  cluster = 0,
) {
  return (c?.instances[cluster]?.objects[field] ?? []).map(o =>
    o.metadata.namespace
      ? `${o.metadata.namespace}/${o.metadata.name}`
      : o.metadata.name,
  );
}

function byId(components: ExtensionComponent[], id: string) {
  const found = components.find(c => c.id === id);
  if (!found)
    throw new Error(
      `no component ${id}; have ${components.map(c => c.id).join(', ')}`,
    );
  return found;
}

function component(
  name: string,
  spec: Record<string, unknown>,
  annotations = {},
): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name,
      annotations: { 'backstage.io/kubernetes-id': name, ...annotations },
    },
    spec: { type: 'kubernetes-extension', lifecycle: 'production', ...spec },
  };
}

const teamSecurity: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Group',
  metadata: {
    name: 'team-security',
    annotations: {
      'pagerduty.com/integration-key': 'R0ZZ-secret-key',
      'opsgenie.com/team': 'sec',
    },
    links: [
      { url: 'https://example.slack.com/archives/C0SEC', title: '#security' },
      { url: 'https://wiki.example.com/security', title: 'Runbooks' },
    ],
  },
  spec: {
    type: 'team',
    profile: { displayName: 'Security', email: 'security@example.com' },
    children: [],
  },
};

describe('buildInventory: orphans from upstream manifests', () => {
  const inventory = buildInventory({
    clusters: [clusterOf('prod-eu', fixtureObjects(...ALL_PROJECTS))],
    entities: [],
    now: NOW,
  });
  const components = inventory.components;

  it('finds every project once, as one component, and no ordinary workload', () => {
    expect(inventory.generatedAt).toBe(NOW);
    expect(components.map(c => c.id)).toEqual([
      'orphan:admission-webhook:cert-manager',
      'orphan:admission-webhook:gatekeeper',
      'orphan:admission-webhook:kyverno',
      'orphan:aggregated-api:metrics-server',
      'orphan:cni:cilium',
      'orphan:cni:istio',
      'orphan:cri-runtime:gvisor',
      'orphan:cri-runtime:kata-clh',
      'orphan:csi:aws-ebs-csi-driver',
      'orphan:device-plugin:nvidia-device-plugin-daemonset',
      'orphan:dra-driver:dra-example-driver',
      'orphan:scheduler-plugin:scheduler-plugins',
      'orphan:scheduler-plugin:volcano',
    ]);
    const everything = JSON.stringify(components);
    expect(everything).not.toContain('"coredns"');
    expect(everything).not.toContain('"kube-proxy"');
    expect(everything).not.toContain('"v1.apps"');
    for (const c of components) {
      expect(c.catalog).toBeNull();
      expect(c.name).toBe(c.id.split(':').slice(2).join(':'));
      expect(c.instances.map(i => i.cluster)).toEqual(['prod-eu']);
      expect(c.facets?.[0]).toBe(c.kind);
    }
  });

  it('keeps a webhook, its CRDs and both controllers of one install together (cert-manager)', () => {
    const c = byId(components, 'orphan:admission-webhook:cert-manager');
    expect(c.kind).toBe('admission-webhook');
    expect(c.facets).toEqual(['admission-webhook', 'crd-controller']);
    expect(names(c, 'validatingWebhookConfigurations')).toEqual([
      'cert-manager-webhook',
    ]);
    expect(names(c, 'mutatingWebhookConfigurations')).toEqual([
      'cert-manager-webhook',
    ]);
    expect(names(c, 'customResourceDefinitions')).toEqual([
      'certificates.cert-manager.io',
      'challenges.acme.cert-manager.io',
    ]);
    expect(names(c, 'services')).toEqual(['cert-manager/cert-manager-webhook']);
    expect(names(c, 'endpointSlices')).toEqual([
      'cert-manager/cert-manager-webhook-x7k2p',
    ]);
    expect(names(c, 'deployments')).toEqual([
      'cert-manager/cert-manager',
      'cert-manager/cert-manager-webhook',
    ]);
    expect(names(c, 'serviceAccounts')).toEqual([
      'cert-manager/cert-manager',
      'cert-manager/cert-manager-webhook',
    ]);
    expect(names(c, 'clusterRoleBindings')).toEqual([
      'cert-manager-controller-certificates',
      'cert-manager-webhook:subjectaccessreviews',
    ]);
    expect(names(c, 'roles')).toEqual([
      'cert-manager/cert-manager-webhook:dynamic-serving',
    ]);
    // the user-facing role it aggregates to view is the cluster's, not cert-manager's
    expect(JSON.stringify(c)).not.toContain('cert-manager-view');
    // the default discovery-only binding to every service account is left out
    expect(JSON.stringify(c)).not.toContain('service-account-issuer-discovery');
  });

  it('joins the webhook configurations calling one Service with the CRDs and the other controllers (Kyverno)', () => {
    const c = byId(components, 'orphan:admission-webhook:kyverno');
    expect(names(c, 'validatingWebhookConfigurations')).toEqual([
      'kyverno-policy-validating-webhook-cfg',
      'kyverno-resource-validating-webhook-cfg',
    ]);
    expect(names(c, 'mutatingWebhookConfigurations')).toEqual([
      'kyverno-resource-mutating-webhook-cfg',
    ]);
    expect(names(c, 'customResourceDefinitions')).toEqual([
      'clusterpolicies.kyverno.io',
    ]);
    expect(names(c, 'deployments')).toEqual([
      'kyverno/kyverno-admission-controller',
      'kyverno/kyverno-background-controller',
    ]);
    expect(names(c, 'podDisruptionBudgets')).toEqual([
      'kyverno/kyverno-admission-controller',
    ]);
    // Kyverno's own aggregation (rbac.kyverno.io labels) stays; the cluster's does not
    expect(names(c, 'clusterRoles')).toEqual([
      'kyverno:admission-controller',
      'kyverno:admission-controller:core',
    ]);
  });

  it('keeps Gatekeeper webhooks, CRDs, controller and audit with their PDB and wildcard role, named by its namespace', () => {
    const c = byId(components, 'orphan:admission-webhook:gatekeeper');
    expect(c.facets).toEqual(['admission-webhook', 'crd-controller']);
    expect(names(c, 'deployments')).toEqual([
      'gatekeeper-system/gatekeeper-audit',
      'gatekeeper-system/gatekeeper-controller-manager',
    ]);
    expect(names(c, 'podDisruptionBudgets')).toEqual([
      'gatekeeper-system/gatekeeper-controller-manager',
    ]);
    expect(names(c, 'clusterRoles')).toEqual(['gatekeeper-manager-role']);
    expect(names(c, 'customResourceDefinitions')).toEqual([
      'constrainttemplates.templates.gatekeeper.sh',
    ]);
  });

  it('classes Istio by what its node agent touches: istio-cni makes the whole install a CNI', () => {
    const c = byId(components, 'orphan:cni:istio');
    expect(c.facets).toEqual(['cni', 'admission-webhook', 'crd-controller']);
    expect(names(c, 'validatingWebhookConfigurations')).toEqual([
      'istio-validator-istio-system',
    ]);
    expect(names(c, 'mutatingWebhookConfigurations')).toEqual([
      'istio-sidecar-injector',
    ]);
    expect(names(c, 'customResourceDefinitions')).toEqual([
      'authorizationpolicies.security.istio.io',
      'virtualservices.networking.istio.io',
    ]);
    expect(names(c, 'deployments')).toEqual(['istio-system/istiod']);
    expect(names(c, 'daemonSets')).toEqual(['istio-system/istio-cni-node']);
  });

  it('follows an APIService to its Service, Deployment, PDB and RBAC (metrics-server)', () => {
    const c = byId(components, 'orphan:aggregated-api:metrics-server');
    expect(c.kind).toBe('aggregated-api');
    expect(names(c, 'apiServices')).toEqual(['v1beta1.metrics.k8s.io']);
    expect(names(c, 'deployments')).toEqual(['kube-system/metrics-server']);
    expect(names(c, 'podDisruptionBudgets')).toEqual([
      'kube-system/metrics-server',
    ]);
    expect(names(c, 'roleBindings')).toEqual([
      'kube-system/metrics-server-auth-reader',
    ]);
    expect(names(c, 'clusterRoleBindings')).toEqual([
      'metrics-server:system:auth-delegator',
      'system:metrics-server',
    ]);
    // metrics-server's own `system:` role is its; the API server's bootstrap roles are not
    expect(names(c, 'clusterRoles')).toEqual(['system:metrics-server']);
    expect(names(c, 'roles')).toEqual([]);
  });

  it('groups a CSI driver with controller, node plugin, sidecars and CSINodes (aws-ebs-csi-driver)', () => {
    const c = byId(components, 'orphan:csi:aws-ebs-csi-driver');
    expect(names(c, 'csiDrivers')).toEqual(['ebs.csi.aws.com']);
    expect(names(c, 'deployments')).toEqual(['kube-system/ebs-csi-controller']);
    expect(names(c, 'daemonSets')).toEqual(['kube-system/ebs-csi-node']);
    expect(names(c, 'csiNodes')).toEqual(['worker-a']);
    expect(names(c, 'nodes')).toEqual(['worker-a']);
    const sidecars =
      c.instances[0].objects.deployments[0].spec.template.spec.containers.map(
        (x: { name: string }) => x.name,
      );
    expect(sidecars).toEqual(
      expect.arrayContaining([
        'csi-provisioner',
        'csi-attacher',
        'csi-resizer',
      ]),
    );
  });

  it('infers the extended resource of a well-known device plugin and the Nodes with it (NVIDIA)', () => {
    const c = byId(
      components,
      'orphan:device-plugin:nvidia-device-plugin-daemonset',
    );
    expect(c.instances[0].advertisedResources).toEqual(['nvidia.com/gpu']);
    expect(names(c, 'nodes')).toEqual(['gpu-a']);
    expect(names(c, 'serviceAccounts')).toEqual([]); // runs as `default`, which has no object here
  });

  it('groups a DRA driver: DeviceClass, ResourceSlices, kubelet plugin and Nodes (dra-example-driver)', () => {
    const c = byId(components, 'orphan:dra-driver:dra-example-driver');
    expect(names(c, 'deviceClasses')).toEqual(['gpu.example.com']);
    expect(names(c, 'resourceSlices')).toEqual(['gpu-a-gpu.example.com-xw5zn']);
    expect(names(c, 'daemonSets')).toEqual([
      'dra-example-driver/dra-example-driver-kubeletplugin',
    ]);
    expect(names(c, 'nodes')).toEqual(['gpu-a']);
  });

  it('groups a second scheduler with the Pending Pods naming it, and keeps Pods waiting for a missing one', () => {
    const c = byId(components, 'orphan:scheduler-plugin:scheduler-plugins');
    expect(c.instances[0].schedulerNames).toEqual([
      'scheduler-plugins-scheduler',
    ]);
    expect(names(c, 'deployments')).toEqual([
      'scheduler-plugins/scheduler-plugins-controller',
      'scheduler-plugins/scheduler-plugins-scheduler',
    ]);
    expect(names(c, 'pendingPods')).toEqual(['ml-batch/pi-worker-0']);
    const missing = byId(components, 'orphan:scheduler-plugin:volcano');
    expect(names(missing, 'deployments')).toEqual([]);
    expect(names(missing, 'pendingPods')).toEqual(['ml-batch/train-0']);
    expect(JSON.stringify(components)).not.toContain('web-7d4b9c6f5-abcde');
  });

  it('groups RuntimeClasses with their installer and the Nodes they can land on (Kata, gVisor)', () => {
    const kata = byId(components, 'orphan:cri-runtime:kata-clh');
    expect(names(kata, 'runtimeClasses')).toEqual(['kata-clh', 'kata-qemu']);
    expect(names(kata, 'daemonSets')).toEqual(['kube-system/kata-deploy']);
    expect(names(kata, 'nodes')).toEqual(['gpu-a']);
    const gvisor = byId(components, 'orphan:cri-runtime:gvisor');
    expect(names(gvisor, 'daemonSets')).toEqual([]);
    expect(names(gvisor, 'nodes')).toEqual(['gpu-a', 'worker-a']);
  });

  it('recognizes a CNI agent by the host paths it writes, with its operator (Cilium)', () => {
    const c = byId(components, 'orphan:cni:cilium');
    expect(names(c, 'daemonSets')).toEqual(['kube-system/cilium']);
    expect(names(c, 'deployments')).toEqual(['kube-system/cilium-operator']);
    expect(names(c, 'serviceAccounts')).toEqual(['kube-system/cilium']);
  });
});

describe('buildInventory: catalog links', () => {
  const clusterObjects = (cluster: string) =>
    clusterOf(
      cluster,
      labelled(
        fixtureObjects(
          'base-cluster',
          'kyverno',
          'cert-manager',
          'nvidia-device-plugin',
          'scheduler-plugins',
        ),
        { 'backstage.io/kubernetes-id': 'kyverno' },
        // as Helm commonLabels would: chart objects only, not the webhook
        // configurations Kyverno writes at run time
        o =>
          o.metadata.namespace === 'kyverno' ||
          o.metadata.name.endsWith('kyverno.io'),
      ),
    );

  it('claims an unlabelled webhook through its labelled backend, in every cluster, with one instance per cluster', () => {
    const inventory = buildInventory({
      clusters: [clusterObjects('prod-eu'), clusterObjects('staging-us')],
      entities: [
        component('kyverno', {
          owner: 'team-security',
          extension: { kind: 'admission-webhook' },
        }),
        teamSecurity,
      ],
      now: NOW,
    });
    const kyverno = byId(inventory.components, 'component:default/kyverno');
    expect(kyverno.kind).toBe('admission-webhook');
    expect(kyverno.instances.map(i => i.cluster)).toEqual([
      'prod-eu',
      'staging-us',
    ]);
    expect(names(kyverno, 'validatingWebhookConfigurations', 1)).toEqual([
      'kyverno-policy-validating-webhook-cfg',
      'kyverno-resource-validating-webhook-cfg',
    ]);
    expect(names(kyverno, 'customResourceDefinitions')).toEqual([
      'clusterpolicies.kyverno.io',
    ]);
    expect(
      inventory.components.some(c => c.id.includes('kyverno-policy')),
    ).toBe(false);
    // cert-manager stays an orphan, merged across both clusters
    const orphan = byId(
      inventory.components,
      'orphan:admission-webhook:cert-manager',
    );
    expect(orphan.instances.map(i => i.cluster)).toEqual([
      'prod-eu',
      'staging-us',
    ]);
  });

  it('resolves the owner to a Group with its contacts, never copying an integration key', () => {
    const inventory = buildInventory({
      clusters: [clusterObjects('prod-eu')],
      entities: [
        component('kyverno', {
          owner: 'team-security',
          system: 'platform',
          extension: { kind: 'admission-webhook' },
        }),
        teamSecurity,
      ],
      now: NOW,
    });
    const link = byId(inventory.components, 'component:default/kyverno')
      .catalog!;
    expect(link).toMatchObject({
      entityRef: 'component:default/kyverno',
      lifecycle: 'production',
      system: 'platform',
      selector: { kubernetesId: 'kyverno' },
    });
    expect(link.owner).toEqual({
      ref: 'group:default/team-security',
      kind: 'Group',
      resolved: true,
      displayName: 'Security',
      contacts: [
        { type: 'email', value: 'security@example.com' },
        {
          type: 'chat',
          value: 'https://example.slack.com/archives/C0SEC',
          title: '#security',
        },
        {
          type: 'link',
          value: 'https://wiki.example.com/security',
          title: 'Runbooks',
        },
        {
          type: 'oncall',
          value: 'pagerduty:integration',
          title: 'PagerDuty integration',
        },
        { type: 'oncall', value: 'opsgenie:team/sec', title: 'Opsgenie team' },
      ],
    });
    expect(JSON.stringify(inventory)).not.toContain('R0ZZ-secret-key');
  });

  it('marks an owner missing from the catalog unresolved, and responsibility refs as findings', () => {
    const inventory = buildInventory({
      clusters: [clusterObjects('prod-eu')],
      entities: [
        component('kyverno', {
          owner: 'user:default/alice',
          extension: {
            kind: 'admission-webhook',
            responsibilities: {
              certificates: 'team-ghost',
              rbac: 'group:default/team-security',
            },
          },
        }),
        teamSecurity,
      ],
      now: NOW,
    });
    const c = byId(inventory.components, 'component:default/kyverno');
    expect(c.catalog?.owner).toEqual({
      ref: 'user:default/alice',
      kind: 'user',
      resolved: false,
      contacts: [],
    });
    expect(c.descriptorFindings).toEqual([
      {
        path: 'spec.extension.responsibilities.certificates',
        message: "'group:default/team-ghost' is not in the catalog",
      },
    ]);
  });

  it('links by label selector, limited to a namespace, and reports a bad selector', () => {
    const inventory = buildInventory({
      clusters: [
        clusterOf('prod-eu', fixtureObjects('base-cluster', 'cert-manager')),
      ],
      entities: [
        {
          apiVersion: 'backstage.io/v1alpha1',
          kind: 'Component',
          metadata: {
            name: 'cm-webhook',
            annotations: {
              'backstage.io/kubernetes-label-selector':
                'app.kubernetes.io/instance=cert-manager,app.kubernetes.io/component in (webhook)',
              'backstage.io/kubernetes-namespace': 'cert-manager',
            },
          },
          spec: { type: 'kubernetes-extension', owner: 'team-security' },
        },
        {
          apiVersion: 'backstage.io/v1alpha1',
          kind: 'Component',
          metadata: {
            name: 'broken',
            annotations: {
              'backstage.io/kubernetes-label-selector': 'app in (a',
            },
          },
          spec: { type: 'kubernetes-extension', extension: { kind: 'cni' } },
        },
      ],
      now: NOW,
    });
    const c = byId(inventory.components, 'component:default/cm-webhook');
    // no spec.extension: kind inferred from what it claimed, nothing to complain about
    expect(c.kind).toBe('admission-webhook');
    expect(c.catalog?.descriptor).toBeNull();
    expect(c.descriptorFindings).toEqual([]);
    expect(names(c, 'validatingWebhookConfigurations')).toEqual([
      'cert-manager-webhook',
    ]);
    // the selector names the webhook; the rest of the install comes with it
    expect(names(c, 'deployments')).toEqual([
      'cert-manager/cert-manager',
      'cert-manager/cert-manager-webhook',
    ]);
    const broken = byId(inventory.components, 'component:default/broken');
    expect(broken.instances).toEqual([]);
    expect(broken.descriptorFindings[0]).toMatchObject({
      path: 'metadata.annotations.backstage.io/kubernetes-label-selector',
    });
  });

  it('applies declared device resources and scheduler names', () => {
    const objects = labelled(
      fixtureObjects(
        'base-cluster',
        'nvidia-device-plugin',
        'scheduler-plugins',
      ),
      { 'backstage.io/kubernetes-id': 'gpus' },
      o => o.metadata.name === 'nvidia-device-plugin-daemonset',
    );
    const inventory = buildInventory({
      clusters: [clusterOf('prod-eu', objects)],
      entities: [
        component('gpus', {
          extension: {
            kind: 'device-plugin',
            deviceResources: ['nvidia.com/mig-1g.10gb'],
          },
        }),
        component('volcano', {
          extension: {
            kind: 'scheduler-plugin',
            scheduler: {
              schedulerName: 'volcano',
              extensionPoints: ['Filter'],
            },
          },
        }),
      ],
      now: NOW,
    });
    const gpus = byId(inventory.components, 'component:default/gpus');
    expect(gpus.instances[0].advertisedResources).toEqual([
      'nvidia.com/mig-1g.10gb',
    ]);
    expect(names(gpus, 'nodes')).toEqual([]); // no Node has that resource
    const volcano = byId(inventory.components, 'component:default/volcano');
    expect(volcano.instances[0].schedulerNames).toEqual(['volcano']);
    expect(names(volcano, 'pendingPods')).toEqual(['ml-batch/train-0']);
    expect(
      inventory.components.some(
        c => c.id === 'orphan:scheduler-plugin:volcano',
      ),
    ).toBe(false);
  });

  it('keeps a declared Component that runs nowhere, without instances', () => {
    const inventory = buildInventory({
      clusters: [clusterOf('prod-eu', fixtureObjects('base-cluster'))],
      entities: [
        component('future-thing', { extension: { kind: 'csi' } }),
        component('unknown-thing', {}),
        {
          apiVersion: 'backstage.io/v1alpha1',
          kind: 'Component',
          metadata: { name: 'web' },
          spec: { type: 'service' },
        },
      ],
      now: NOW,
    });
    expect(
      inventory.components.map(c => [c.id, c.kind, c.instances.length]),
    ).toEqual([
      ['component:default/future-thing', 'csi', 0],
      ['component:default/unknown-thing', 'crd-controller', 0],
    ]);
    expect(
      byId(inventory.components, 'component:default/unknown-thing')
        .descriptorFindings,
    ).toEqual([
      {
        path: 'spec.extension.kind',
        message:
          'not declared and no cluster object to infer it from; shown as crd-controller',
      },
    ]);
  });

  it('gives a cluster that failed no instances, and keeps its collection for later stages', () => {
    const down: ClusterCollection = {
      cluster: 'edge',
      source: 'live',
      collectedAt: NOW,
      version: null,
      versionStatus: { state: 'failed', reason: 'not read' },
      reads: {},
      objects: {},
      error: 'cluster unreachable: connect ECONNREFUSED',
    };
    const inventory = buildInventory({
      clusters: [
        clusterOf('prod-eu', fixtureObjects('base-cluster', 'metrics-server')),
        down,
      ],
      entities: [],
      now: NOW,
    });
    expect(inventory.clusters.map(c => c.cluster)).toEqual(['prod-eu', 'edge']);
    expect(
      inventory.components.map(c => c.instances.map(i => i.cluster)),
    ).toEqual([['prod-eu']]);
  });

  it('prefers the Component labelling the extension object over one labelling only its backend', () => {
    const objects = labelled(
      labelled(
        fixtureObjects('base-cluster', 'cert-manager'),
        { 'backstage.io/kubernetes-id': 'cm-webhook' },
        o =>
          o.kind === 'ValidatingWebhookConfiguration' ||
          o.kind === 'MutatingWebhookConfiguration',
      ),
      { 'backstage.io/kubernetes-id': 'cert-manager' },
      (o: KubeObject) => o.kind === 'Deployment',
    );
    const inventory = buildInventory({
      clusters: [clusterOf('prod-eu', objects)],
      entities: [
        component('cert-manager', { extension: { kind: 'crd-controller' } }),
        component('cm-webhook', { extension: { kind: 'admission-webhook' } }),
      ],
      now: NOW,
    });
    const hook = byId(inventory.components, 'component:default/cm-webhook');
    expect(names(hook, 'validatingWebhookConfigurations')).toEqual([
      'cert-manager-webhook',
    ]);
    const cm = byId(inventory.components, 'component:default/cert-manager');
    expect(names(cm, 'validatingWebhookConfigurations')).toEqual([]);
    expect(names(cm, 'customResourceDefinitions')).toEqual([
      'certificates.cert-manager.io',
      'challenges.acme.cert-manager.io',
    ]);
    expect(inTwoComponents(inventory.components)).toEqual([]);
  });
});

/** `cluster|Kind ns/name` of every object held by more than one component (context kinds aside). */
function inTwoComponents(components: ExtensionComponent[]): string[] {
  const seen = new Map<string, number>();
  for (const c of components) {
    for (const i of c.instances) {
      for (const list of Object.values(i.objects)) {
        for (const o of list as KubeObject[]) {
          if (['Node', 'CSINode', 'Pod'].includes(o.kind)) continue;
          const key = `${i.cluster}|${o.kind} ${o.metadata.namespace ?? ''}/${
            o.metadata.name
          }`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
      }
    }
  }
  return [...seen].filter(([, n]) => n > 1).map(([k]) => k);
}

describe('buildInventory: a catalog as companies already have it', () => {
  const group: Entity = {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Group',
    metadata: { name: 'security' },
    spec: { type: 'team', children: [] },
  };
  const entity = (
    kind: string,
    name: string,
    spec: Record<string, unknown>,
    annotations: Record<string, string>,
  ): Entity => ({
    apiVersion: 'backstage.io/v1alpha1',
    kind,
    metadata: { name, annotations },
    spec: { owner: 'group:default/security', ...spec },
  });
  // as a chart's podLabels value would: the id only on pod templates
  const podLabelled = (objects: KubeObject[], id: string, ns: string) =>
    objects.map(o =>
      (o.kind === 'Deployment' || o.kind === 'DaemonSet') &&
      o.metadata.namespace === ns
        ? {
            ...o,
            spec: {
              ...o.spec,
              template: {
                ...o.spec.template,
                metadata: {
                  ...o.spec.template.metadata,
                  labels: {
                    ...o.spec.template.metadata?.labels,
                    'backstage.io/kubernetes-id': id,
                  },
                },
              },
            },
          }
        : o,
    );
  const app: KubeObject[] = [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'checkout',
        namespace: 'shop',
        labels: { 'backstage.io/kubernetes-id': 'checkout' },
      },
      spec: {
        selector: { matchLabels: { app: 'checkout' } },
        template: { metadata: { labels: { app: 'checkout' } }, spec: {} },
      },
    },
  ];

  it('links a Component of any type through the Kubernetes plugin annotations, pod templates included', () => {
    const inventory = buildInventory({
      clusters: [
        clusterOf(
          'prod-eu',
          podLabelled(
            fixtureObjects('base-cluster', 'kyverno'),
            'image-policy',
            'kyverno',
          ),
        ),
      ],
      entities: [
        entity(
          'Component',
          'image-policy-webhook',
          { type: 'service', lifecycle: 'deprecated' },
          { 'backstage.io/kubernetes-id': 'image-policy' },
        ),
        group,
      ],
      now: NOW,
    });
    expect(inventory.components.map(c => c.id)).toEqual([
      'component:default/image-policy-webhook',
    ]);
    const [c] = inventory.components;
    expect(c.kind).toBe('admission-webhook');
    expect(c.facets).toEqual(['admission-webhook', 'crd-controller']);
    expect(c.catalog).toMatchObject({
      lifecycle: 'deprecated',
      descriptor: null,
      owner: { ref: 'group:default/security', resolved: true },
    });
    expect(c.descriptorFindings).toEqual([]);
    expect(names(c, 'validatingWebhookConfigurations')).toHaveLength(2);
  });

  it('makes no component of an entity whose objects extend nothing', () => {
    const inventory = buildInventory({
      clusters: [
        clusterOf('prod-eu', [...fixtureObjects('base-cluster'), ...app]),
      ],
      entities: [
        entity(
          'Component',
          'checkout',
          { type: 'service', lifecycle: 'production' },
          { 'backstage.io/kubernetes-id': 'checkout' },
        ),
        group,
      ],
      now: NOW,
    });
    expect(inventory.components).toEqual([]);
  });

  it('lets a Resource own infrastructure, by label selector', () => {
    const inventory = buildInventory({
      clusters: [
        clusterOf('prod-eu', fixtureObjects('base-cluster', 'cilium')),
      ],
      entities: [
        entity(
          'Resource',
          'cluster-network',
          { type: 'infrastructure' },
          {
            'backstage.io/kubernetes-label-selector':
              'app.kubernetes.io/part-of=cilium',
          },
        ),
        group,
      ],
      now: NOW,
    });
    const c = byId(inventory.components, 'resource:default/cluster-network');
    expect(c.kind).toBe('cni');
    expect(names(c, 'daemonSets')).toEqual(['kube-system/cilium']);
  });

  it('keeps a declared kind that contradicts the objects, as a finding', () => {
    const inventory = buildInventory({
      clusters: [
        clusterOf(
          'prod-eu',
          labelled(
            fixtureObjects('base-cluster', 'kyverno'),
            { 'backstage.io/kubernetes-id': 'kyverno' },
            o => o.metadata.namespace === 'kyverno',
          ),
        ),
      ],
      entities: [
        entity(
          'Component',
          'kyverno',
          { type: 'service', extension: { kind: 'cni' } },
          { 'backstage.io/kubernetes-id': 'kyverno' },
        ),
        group,
      ],
      now: NOW,
    });
    const c = byId(inventory.components, 'component:default/kyverno');
    expect(c.kind).toBe('cni');
    expect(c.descriptorFindings).toContainEqual({
      path: 'spec.extension.kind',
      message:
        'declares cni, but its cluster objects form admission-webhook and crd-controller; checked as cni',
    });
  });
});

describe('buildInventory: autoscalers and API Priority and Fairness', () => {
  function hpa(
    name: string,
    namespace: string,
    scaleTargetRef: Record<string, string>,
  ): KubeObject {
    return {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name, namespace },
      spec: { minReplicas: 2, maxReplicas: 5, scaleTargetRef },
    };
  }

  function flowSchema(
    name: string,
    subjects: unknown[],
    annotations?: Record<string, string>,
  ): KubeObject {
    return {
      apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
      kind: 'FlowSchema',
      metadata: { name, ...(annotations ? { annotations } : {}) },
      spec: {
        priorityLevelConfiguration: { name: 'workload-high' },
        matchingPrecedence: 1000,
        rules: [
          {
            subjects,
            resourceRules: [
              { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
            ],
          },
        ],
      },
    };
  }

  const sa = (namespace: string, name: string) => ({
    kind: 'ServiceAccount',
    serviceAccount: { namespace, name },
  });

  const inventory = buildInventory({
    clusters: [
      clusterOf('prod-eu', [
        ...fixtureObjects('base-cluster', 'metrics-server'),
        hpa('metrics-server', 'kube-system', {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: 'metrics-server',
        }),
        // no apiVersion in the ref: kind and name decide
        hpa('metrics-server-by-name', 'kube-system', {
          kind: 'Deployment',
          name: 'metrics-server',
        }),
        // same name, but another namespace, kind or API group
        hpa('metrics-server', 'monitoring', {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: 'metrics-server',
        }),
        hpa('metrics-server-sts', 'kube-system', {
          apiVersion: 'apps/v1',
          kind: 'StatefulSet',
          name: 'metrics-server',
        }),
        hpa('metrics-server-other-group', 'kube-system', {
          apiVersion: 'example.com/v1',
          kind: 'Deployment',
          name: 'metrics-server',
        }),
        flowSchema('metrics-server', [
          { kind: 'Group', group: { name: 'system:masters' } },
          sa('kube-system', 'metrics-server'),
        ]),
        flowSchema('kube-system-every-sa', [sa('kube-system', '*')]),
        flowSchema('other-sa', [sa('kube-system', 'coredns')]),
        flowSchema('service-accounts', [
          { kind: 'Group', group: { name: 'system:serviceaccounts' } },
        ]),
        // the API server's own APF configuration belongs to no component
        flowSchema('system-nodes', [sa('kube-system', 'metrics-server')], {
          'apf.kubernetes.io/autoupdate-spec': 'true',
        }),
      ]),
    ],
    entities: [],
    now: NOW,
  });

  it('adds the HorizontalPodAutoscalers whose scaleTargetRef names the workload', () => {
    const c = byId(
      inventory.components,
      'orphan:aggregated-api:metrics-server',
    );
    expect(names(c, 'horizontalPodAutoscalers')).toEqual([
      'kube-system/metrics-server',
      'kube-system/metrics-server-by-name',
    ]);
  });

  it("adds the FlowSchemas naming the workload's service account as a subject", () => {
    const c = byId(
      inventory.components,
      'orphan:aggregated-api:metrics-server',
    );
    expect(names(c, 'flowSchemas')).toEqual(['metrics-server']);
    const everything = JSON.stringify(inventory.components);
    expect(everything).not.toContain('kube-system-every-sa');
    expect(everything).not.toContain('system-nodes');
  });
});
