import { caBundle } from '../__testUtils__/certificates';
import { NOW } from '../__testUtils__/components';
import {
  admissionWebhookFixture,
  CLUSTER,
  cniFixture,
  collectedAfter,
  crdControllerFixture,
  csiFixture,
  devicePluginFixture,
  draFixture,
  run,
  schedulerFixture,
  withPrevious,
  type Fixture,
} from '../__testUtils__/fixtures';
import { ConfigReader } from '@backstage/config';
import { readChecksConfig } from '../config';
import {
  container,
  FORBIDDEN,
  kubeObject,
  node,
  NOT_SERVED,
  statefulSet,
} from '../__testUtils__/kube';
import { extensionComponent } from '../__testUtils__/components';
import { clusterCollection } from '../__testUtils__/kube';

/**
 * The CSI hostpath driver as deploy/kubernetes-1.34/hostpath/csi-hostpath-plugin.yaml
 * of v1.18.0 runs it: the node plugin, registrar, livenessprobe and the controller
 * sidecars in one StatefulSet.
 */
function hostpathFixture(): Fixture {
  const sig = (name: string, tag: string) =>
    container(name, `registry.k8s.io/sig-storage/${name}:${tag}`, {
      probes: false,
    });
  const sts = statefulSet('default', 'csi-hostpathplugin', {
    replicas: 1,
    serviceAccountName: 'csi-hostpathplugin-sa',
    containers: [
      container(
        'hostpath',
        'registry.k8s.io/sig-storage/hostpathplugin:v1.17.0',
      ),
      {
        ...sig('csi-node-driver-registrar', 'v2.17.0'),
        name: 'node-driver-registrar',
      },
      { ...sig('livenessprobe', 'v2.19.0'), name: 'liveness-probe' },
      { ...sig('csi-attacher', 'v4.12.0'), name: 'csi-attacher' },
      { ...sig('csi-provisioner', 'v6.3.0'), name: 'csi-provisioner' },
      { ...sig('csi-resizer', 'v2.2.1'), name: 'csi-resizer' },
      { ...sig('csi-snapshotter', 'v8.6.0'), name: 'csi-snapshotter' },
    ],
    podSpec: {
      volumes: [
        {
          name: 'registration-dir',
          hostPath: {
            path: '/var/lib/kubelet/plugins_registry',
            type: 'Directory',
          },
        },
      ],
    },
  });
  const driver = kubeObject(
    'storage.k8s.io/v1',
    'CSIDriver',
    'hostpath.csi.k8s.io',
    undefined,
    {
      spec: { attachRequired: true, podInfoOnMount: true },
    },
  );
  const cluster = clusterCollection(CLUSTER, {
    version: '1.34.1',
    objects: { statefulsets: [sts], csidrivers: [driver] },
  });
  const component = extensionComponent('csi', {
    name: 'csi-driver-host-path',
    catalog: null,
    instances: [
      {
        cluster: CLUSTER,
        objects: { statefulSets: [sts], csiDrivers: [driver] },
      },
    ],
  });
  return {
    component,
    objects: component.instances[0].objects,
    clusterObjects: cluster.objects,
    cluster,
    evidence: [],
  };
}

describe('upgrade checks', () => {
  let webhook: Fixture;
  beforeAll(async () => {
    webhook = admissionWebhookFixture(
      await caBundle(NOW, { subject: 'CN=ca', daysFromNow: 300 }),
    );
  });

  describe('upgrade.deprecated-api', () => {
    it('passes on current API versions', () => {
      expect(
        run(structuredClone(webhook), 'upgrade.deprecated-api'),
      ).toMatchObject({
        status: 'pass',
        message: expect.stringContaining(
          'supported by 1.31 and the next minor',
        ),
      });
    });
    it('fails for an API version removed in the cluster version', () => {
      const f = structuredClone(webhook);
      f.objects.validatingWebhookConfigurations[0].apiVersion =
        'admissionregistration.k8s.io/v1beta1';
      expect(run(f, 'upgrade.deprecated-api')).toMatchObject({
        status: 'fail',
        message:
          'ValidatingWebhookConfiguration kyverno-resource-validating-webhook-cfg read as admissionregistration.k8s.io/v1beta1: removed in 1.22 (the cluster runs 1.31: the next apply of that manifest fails); use admissionregistration.k8s.io/v1',
        observed: {
          findings: [
            expect.objectContaining({
              // already removed: not a next-minor blocker, but the manifest is broken
              severity: 'warning',
              category: 'removed-api',
              source: 'object',
              removedIn: '1.22',
              replacement: 'admissionregistration.k8s.io/v1',
            }),
          ],
        },
      });
    });
    describe('sees the version a live object hides', () => {
      /** The webhook fixture's PDB, read in policy/v1 as a live API server answers. */
      const withPdb = (
        version: string,
        edit: (pdb: any) => void,
      ): ReturnType<typeof structuredClone<Fixture>> => {
        const f = structuredClone(webhook);
        f.cluster.version = {
          major: '1',
          minor: version.split('.')[1],
          gitVersion: `v${version}.0`,
        };
        edit(f.objects.podDisruptionBudgets[0]);
        return f;
      };
      const lastApplied = (pdb: any, apiVersion: string) => {
        pdb.metadata.annotations = {
          ...pdb.metadata.annotations,
          'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify({
            apiVersion,
            kind: 'PodDisruptionBudget',
            metadata: {
              name: pdb.metadata.name,
              namespace: pdb.metadata.namespace,
            },
            spec: pdb.spec,
          }),
        };
      };
      it('from the last-applied-configuration annotation', () => {
        const f = withPdb('1.24', pdb => lastApplied(pdb, 'policy/v1beta1'));
        expect(f.objects.podDisruptionBudgets[0].apiVersion).toBe('policy/v1');
        const result = run(f, 'upgrade.deprecated-api');
        expect(result.status).toBe('fail');
        expect(result.message).toContain(
          'last applied as policy/v1beta1 (kubectl last-applied-configuration): removed in 1.25; use policy/v1',
        );
        expect(result.observed?.findings).toEqual([
          expect.objectContaining({
            source: 'last-applied-configuration',
            apiVersion: 'policy/v1beta1',
            removedIn: '1.25',
            category: 'removed-api',
          }),
        ]);
        // applied before the removal: the next apply of the same manifest fails
        expect(
          run(
            withPdb('1.31', pdb => lastApplied(pdb, 'policy/v1beta1')),
            'upgrade.deprecated-api',
          ).message,
        ).toContain('the next apply of that manifest fails');
      });
      it('from a field manager writing through a deprecated version, named', () => {
        const managed = (pdb: any) => {
          pdb.metadata.managedFields = [
            {
              manager: 'helm',
              operation: 'Update',
              apiVersion: 'policy/v1',
              time: '2026-10-01T08:00:00Z',
              fieldsType: 'FieldsV1',
            },
            {
              manager: 'pdb-operator',
              operation: 'Update',
              apiVersion: 'policy/v1beta1',
              time: '2026-11-30T12:00:00Z',
              fieldsType: 'FieldsV1',
            },
          ];
        };
        const before = run(withPdb('1.24', managed), 'upgrade.deprecated-api');
        expect(before).toMatchObject({
          status: 'fail',
          message: expect.stringContaining(
            'written through policy/v1beta1 by field manager pdb-operator (Update, 2026-11-30T12:00:00Z): removed in 1.25',
          ),
        });
        // the cluster already removed it: the write happened before, a warning
        const after = run(withPdb('1.31', managed), 'upgrade.deprecated-api');
        expect(after.status).toBe('warn');
        expect(after.message).toContain(
          'last written through policy/v1beta1 by field manager pdb-operator',
        );
      });
      it('ignores an annotation that is not JSON', () => {
        const f = withPdb('1.31', pdb => {
          pdb.metadata.annotations = {
            'kubectl.kubernetes.io/last-applied-configuration':
              '{"apiVersion": "policy/v1be',
          };
        });
        expect(run(f, 'upgrade.deprecated-api').status).toBe('pass');
      });
    });
    it('fails for one removed in the next minor, warns for deprecated ones', () => {
      const f = draFixture(); // cluster 1.34
      f.objects.deviceClasses[0].apiVersion = 'resource.k8s.io/v1beta1'; // deprecated 1.35, removed 1.38
      f.cluster.version = { major: '1', minor: '37', gitVersion: 'v1.37.0' };
      expect(run(f, 'upgrade.deprecated-api').status).toBe('fail');
      f.cluster.version = { major: '1', minor: '35', gitVersion: 'v1.35.2' };
      expect(run(f, 'upgrade.deprecated-api')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining(
          'deprecated since 1.35, removed in 1.38',
        ),
      });
      f.cluster.version = { major: '1', minor: '34', gitVersion: 'v1.34.1' };
      expect(run(f, 'upgrade.deprecated-api').status).toBe('pass');
    });
    it('warns for deprecated cert-manager API versions', () => {
      const f = structuredClone(webhook);
      f.objects.certificates[0].apiVersion = 'cert-manager.io/v1alpha2';
      expect(run(f, 'upgrade.deprecated-api').message).toContain(
        'deprecated in cert-manager 1.4, removed in cert-manager 1.6',
      );
    });
  });

  describe('upgrade.crd-versions', () => {
    const CHECK = 'upgrade.crd-versions';
    /** The fixture's Certificate CRD with v1alpha1 (not served) and v1, storedVersions from before the migration. */
    const migrating = () => {
      const f = crdControllerFixture();
      const certificates = f.objects.customResourceDefinitions[0];
      certificates.spec.versions = [
        {
          ...certificates.spec.versions[0],
          name: 'v1alpha1',
          served: false,
          storage: false,
        },
        {
          ...certificates.spec.versions[0],
          name: 'v1beta1',
          served: true,
          storage: false,
          deprecated: true,
          deprecationWarning:
            'cert-manager.io/v1beta1 Certificate is deprecated; use cert-manager.io/v1',
        },
        {
          ...certificates.spec.versions[0],
          name: 'v1',
          served: true,
          storage: true,
        },
      ];
      certificates.status.storedVersions = ['v1alpha1', 'v1'];
      return f;
    };

    it('passes when every CRD stores only its storage version', () => {
      expect(run(crdControllerFixture(), CHECK)).toMatchObject({
        status: 'pass',
        message:
          '2 CRD(s) store only served versions and serve none marked deprecated',
      });
    });
    it('fails while storedVersions lists a version no longer served', () => {
      const result = run(migrating(), CHECK);
      expect(result.status).toBe('fail');
      expect(result.message).toContain(
        'CustomResourceDefinition certificates.cert-manager.io: objects may still be stored as v1alpha1, which is no longer served',
      );
      expect(result.observed?.findings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            severity: 'blocker',
            category: 'crd-storage-migration',
            source: 'crd-status',
            sourceDetail: 'status.storedVersions [v1alpha1, v1]',
            apiVersion: 'cert-manager.io/v1alpha1',
            replacement: 'cert-manager.io/v1',
          }),
          expect.objectContaining({
            severity: 'warning',
            category: 'crd-deprecated-version',
            source: 'crd-spec',
            apiVersion: 'cert-manager.io/v1beta1',
          }),
        ]),
      );
    });
    it('warns for a deprecated served version, and says when clients still request it', () => {
      const f = migrating();
      f.objects.customResourceDefinitions[0].status.storedVersions = ['v1'];
      expect(run(f, CHECK)).toMatchObject({
        status: 'warn',
        message:
          'CustomResourceDefinition certificates.cert-manager.io serves cert-manager.io/v1beta1 marked deprecated ("cert-manager.io/v1beta1 Certificate is deprecated; use cert-manager.io/v1")',
      });
      f.cluster.apiServerMetrics = {
        status: { state: 'ok' },
        deprecatedApiRequests: [
          {
            group: 'cert-manager.io',
            version: 'v1beta1',
            resource: 'certificates',
            subresource: '',
            removedRelease: '',
          },
        ],
      };
      expect(run(f, CHECK).message).toContain(
        'clients still request it (API server metric)',
      );
    });
    it('is not applicable without CRDs', () => {
      expect(run(structuredClone(webhook), CHECK).status).toBe(
        'not-applicable',
      );
    });
  });

  describe('upgrade.rollout-complete', () => {
    const ROLLOUT = 'upgrade.rollout-complete';
    const at = collectedAfter;
    const after = withPrevious;
    const rolling = () => {
      const f = structuredClone(webhook);
      f.objects.deployments[0].status.updatedReplicas = 1;
      return f;
    };

    it('passes when fully rolled out', () => {
      expect(run(structuredClone(webhook), ROLLOUT)).toMatchObject({
        status: 'pass',
        message: '1 workload fully rolled out',
      });
    });
    it('warns while in progress, naming when it was first seen', () => {
      expect(run(rolling(), ROLLOUT)).toMatchObject({
        status: 'warn',
        message:
          'rollout in progress: Deployment/kyverno/kyverno-admission-controller updatedReplicas 1 of 3, first seen in this collection (stuck after 1 h)',
        observed: {
          since: {
            'Deployment/kyverno/kyverno-admission-controller generation 3':
              '2026-01-15T10:00:00.000Z',
          },
        },
      });
    });
    it('stays warn on a manual refresh 40 minutes later', () => {
      const f = rolling();
      const first = run(f, ROLLOUT);
      expect(run(at(f, 40), ROLLOUT, after(f, first)).status).toBe('warn');
    });
    it('fails once the same rollout has lasted stuckAfterMinutes', () => {
      const f = rolling();
      const first = run(f, ROLLOUT);
      const refresh = run(at(f, 40), ROLLOUT, after(f, first));
      expect(run(at(f, 75), ROLLOUT, after(f, refresh))).toMatchObject({
        status: 'fail',
        message:
          'rollout stuck: Deployment/kyverno/kyverno-admission-controller updatedReplicas 1 of 3 for 1 h 15 min (threshold 1 h)',
      });
      const config = readChecksConfig(
        new ConfigReader({
          extensionScorecard: {
            checks: { [ROLLOUT]: { stuckAfterMinutes: 180 } },
          },
        }),
      );
      expect(
        run(at(f, 75), ROLLOUT, { ...after(f, first), config }).status,
      ).toBe('warn');
    });
    it('starts again for a new generation or after the rollout finished', () => {
      const f = rolling();
      const first = run(f, ROLLOUT);
      // the next rollout (generation 4) started between the two collections
      const next = structuredClone(f);
      next.objects.deployments[0].metadata.generation = 4;
      next.objects.deployments[0].status.observedGeneration = 4;
      expect(run(at(next, 90), ROLLOUT, after(next, first)).status).toBe(
        'warn',
      );
      // finished in between, then rolling again
      const done = run(at(structuredClone(webhook), 30), ROLLOUT);
      expect(run(at(f, 90), ROLLOUT, after(f, done))).toMatchObject({
        status: 'warn',
        // its clock starts again at this collection
        message: expect.stringContaining(
          'updatedReplicas 1 of 3, first seen in this collection',
        ),
        observed: {
          since: {
            'Deployment/kyverno/kyverno-admission-controller generation 3':
              '2026-01-15T11:30:00.000Z',
          },
        },
      });
    });
    it('sees an unobserved generation and DaemonSets behind', () => {
      const f = structuredClone(webhook);
      f.objects.deployments[0].metadata.generation = 5;
      expect(run(f, ROLLOUT).message).toContain(
        'observedGeneration 3 < generation 5',
      );
      const g = cniFixture();
      g.objects.daemonSets[0].status.updatedNumberScheduled = 1;
      expect(run(g, ROLLOUT).message).toContain(
        'DaemonSet/calico-system/calico-node updatedNumberScheduled 1 of 3',
      );
    });
    it('judges StatefulSets by generation, updatedReplicas and revisions', () => {
      const f = crdControllerFixture();
      f.objects.statefulSets = [
        statefulSet('tenants', 'store', { replicas: 3, generation: 4 }),
      ];
      expect(run(f, ROLLOUT)).toMatchObject({
        status: 'pass',
        message: '2 workloads fully rolled out',
      });
      const [sts] = f.objects.statefulSets;
      sts.status.observedGeneration = 3;
      expect(run(f, ROLLOUT).message).toContain(
        'StatefulSet/tenants/store observedGeneration 3 < generation 4',
      );
      sts.status.observedGeneration = 4;
      sts.status.updatedReplicas = 1;
      sts.spec.updateStrategy.rollingUpdate.partition = 2;
      expect(run(f, ROLLOUT).message).toContain(
        'StatefulSet/tenants/store updatedReplicas 1 of 3 (partition 2)',
      );
      sts.status.updatedReplicas = 3;
      sts.status.updateRevision = 'store-7f6d5c4b3';
      expect(run(f, ROLLOUT).message).toContain(
        'StatefulSet/tenants/store currentRevision store-6d9c8b7f5 ≠ updateRevision store-7f6d5c4b3',
      );
    });
    it('a stuck rollout fails even when other workload kinds could not be read', () => {
      const f = rolling();
      const first = run(f, ROLLOUT);
      f.cluster.reads.daemonsets = FORBIDDEN;
      expect(run(at(f, 70), ROLLOUT, after(f, first)).status).toBe('fail');
      expect(run(at(f, 10), ROLLOUT, after(f, first))).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining('on what was read: warn'),
      });
    });
  });

  describe('upgrade.image-pinned', () => {
    it('passes vendor builds of a release', () => {
      const f = structuredClone(webhook);
      for (const image of [
        'public.ecr.aws/eks-distro/kubernetes-csi/external-provisioner:v5.1.0-eks-1-31-7',
        '602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/kyverno:v1.15.2-eksbuild.1',
        'projects.registry.vmware.com/tkg/kyverno:v1.15.2_vmware.1',
      ]) {
        f.objects.deployments[0].spec.template.spec.containers[0].image = image;
        expect(run(f, 'upgrade.image-pinned').status).toBe('pass');
      }
      f.objects.deployments[0].spec.template.spec.containers[0].image =
        'public.ecr.aws/eks-distro/kubernetes-csi/livenessprobe:v2.15.0-eks-1-33-latest';
      expect(run(f, 'upgrade.image-pinned')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining("a moving 'latest' build of 2.15.0"),
      });
    });
    it('passes release tags and digests', () => {
      const f = structuredClone(webhook);
      f.objects.deployments[0].spec.template.spec.containers[0].image =
        'ghcr.io/kyverno/kyverno@sha256:0123456789abcdef';
      expect(run(f, 'upgrade.image-pinned').status).toBe('pass');
    });
    it.each([
      [
        'quay.io/redhat-cop/podpreset-webhook:latest',
        'quay.io/redhat-cop/podpreset-webhook:latest',
      ],
      ['quay.io/redhat-cop/podpreset-webhook', '(no tag)'],
      ['registry.local:5000/podpreset:main', '(not a release tag)'],
    ])('warns for %s', (image, expected) => {
      const f = structuredClone(webhook);
      f.objects.deployments[0].spec.template.spec.containers[0].image = image;
      expect(run(f, 'upgrade.image-pinned')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining(expected),
      });
    });
  });

  describe('upgrade.version-skew', () => {
    it('passes inside the declared range', () => {
      expect(run(crdControllerFixture(), 'upgrade.version-skew')).toMatchObject(
        { status: 'pass', message: 'cluster 1.31.4 within >=1.29.0 <1.36.0' },
      );
    });
    it('fails outside the declared range', () => {
      const f = crdControllerFixture();
      f.component.catalog!.descriptor!.kubernetesVersions = '>=1.32.0 <1.34.0';
      expect(run(f, 'upgrade.version-skew')).toMatchObject({
        status: 'fail',
        message:
          'cluster 1.31.4 is outside the supported range >=1.32.0 <1.34.0',
        // the range is declared: it is not told to declare it
        remediation: expect.stringMatching(
          /^Upgrade the extension to a release that supports 1.31/,
        ),
      });
    });
    it('warns without a declared range', () => {
      const f = crdControllerFixture();
      f.component.catalog!.descriptor!.kubernetesVersions = undefined;
      expect(run(f, 'upgrade.version-skew')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining(
          'no supported Kubernetes range declared',
        ),
      });
    });
    it('fails a second scheduler built for another minor than the API server allows', () => {
      const f = schedulerFixture(); // API server 1.31
      f.objects.deployments[0].spec.template.spec.containers[0].image =
        'registry.k8s.io/scheduler-plugins/kube-scheduler:v0.29.7';
      expect(run(f, 'upgrade.version-skew')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining(
          '(built for 1.29) vs API server 1.31: more than 1 minor older',
        ),
      });
      f.objects.deployments[0].spec.template.spec.containers[0].image =
        'registry.k8s.io/scheduler-plugins/kube-scheduler:v0.32.7';
      expect(run(f, 'upgrade.version-skew').message).toContain(
        'newer than the API server',
      );
      f.objects.deployments[0].spec.template.spec.containers[0].image =
        'registry.k8s.io/scheduler-plugins/kube-scheduler:v0.30.6';
      expect(run(f, 'upgrade.version-skew').status).toBe('pass');
    });
    it('fails kubelets outside the skew policy on the nodes a node extension runs on', () => {
      const f = cniFixture();
      f.clusterObjects.nodes = [
        node('node-a'),
        node('old-node', { kubeletVersion: 'v1.27.16' }),
        node('new-node', { kubeletVersion: 'v1.32.0' }),
      ];
      expect(run(f, 'upgrade.version-skew')).toMatchObject({
        status: 'fail',
        message:
          'API server 1.31: node old-node: kubelet v1.27.16 is 4 minors behind (policy allows 3); node new-node: kubelet v1.32.0 is newer than the API server',
        remediation: expect.stringMatching(/^Upgrade the kubelets/),
      });
    });
    it('counts many nodes with the same kubelet instead of listing each', () => {
      const f = cniFixture();
      f.clusterObjects.nodes = [
        node('node-a'),
        ...[1, 2, 3, 4, 5].map(i =>
          node(`old-${i}`, { kubeletVersion: 'v1.27.16' }),
        ),
      ];
      const result = run(f, 'upgrade.version-skew');
      expect(result.message).toBe(
        'API server 1.31: 5 nodes (old-1 and 4 more): kubelet v1.27.16 is 4 minors behind (policy allows 3)',
      );
      expect(result.observed?.skewedNodes).toEqual({
        'kubelet v1.27.16 is 4 minors behind (policy allows 3)': [
          'old-1',
          'old-2',
          'old-3',
          'old-4',
          'old-5',
        ],
      });
    });
    it('allows only 2 minors for kubelets older than 1.25', () => {
      const f = cniFixture();
      f.cluster.version = { major: '1', minor: '26', gitVersion: 'v1.26.15' };
      f.component.catalog!.descriptor!.kubernetesVersions = '>=1.20.0';
      f.clusterObjects.nodes = [node('n', { kubeletVersion: 'v1.23.17' })];
      expect(run(f, 'upgrade.version-skew').message).toContain(
        'node n: kubelet v1.23.17 is 3 minors behind (policy allows 2)',
      );
    });
    it('ignores nodes the DaemonSet does not run on', () => {
      const f = devicePluginFixture();
      f.clusterObjects.nodes!.push(
        node('cpu-old', { kubeletVersion: 'v1.26.0' }),
      );
      expect(run(f, 'upgrade.version-skew').status).toBe('pass');
    });
    it('reads vendor server versions and scheduler tags as their upstream release', () => {
      const f = schedulerFixture();
      f.cluster.version = {
        major: '1',
        minor: '31+',
        gitVersion: 'v1.31.4-eks-2d1e2ea',
      };
      f.objects.deployments[0].spec.template.spec.containers[0].image =
        'registry.example.com/kube-scheduler:v1.31.2-gke.1000';
      expect(run(f, 'upgrade.version-skew')).toMatchObject({
        status: 'pass',
        message: expect.stringContaining('cluster 1.31.4 within'),
      });
    });
    it('says which scheduler image it cannot place, and why', () => {
      const f = schedulerFixture();
      f.objects.deployments[0].spec.template.spec.containers[0].image =
        'registry.k8s.io/scheduler-plugins/kube-scheduler@sha256:0123456789abcdef';
      expect(run(f, 'upgrade.version-skew')).toMatchObject({
        status: 'unknown',
        message:
          'cannot place scheduler registry.k8s.io/scheduler-plugins/kube-scheduler@sha256:0123456789abcdef: no tag (digest or untagged), so the Kubernetes minor it is built for is unknown',
      });
      // outside the declared range is proven all the same
      f.component.catalog!.descriptor!.kubernetesVersions = '>=1.32.0 <1.34.0';
      expect(run(f, 'upgrade.version-skew').status).toBe('fail');
    });
    it('a declared range the cluster is outside fails even without the Nodes', () => {
      const f = cniFixture();
      f.component.catalog!.descriptor!.kubernetesVersions = '>=1.32.0 <1.34.0';
      f.cluster.reads.nodes = FORBIDDEN;
      expect(run(f, 'upgrade.version-skew')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining(
          'cluster 1.31.4 is outside the supported range >=1.32.0 <1.34.0 (proven on what was read; cannot judge kubelet skew: reading nodes',
        ),
      });
    });
    it('is unknown when nodes could not be read for a node extension', () => {
      const f = cniFixture();
      f.cluster.reads.nodes = FORBIDDEN;
      expect(run(f, 'upgrade.version-skew')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          'cannot judge kubelet skew: reading nodes',
        ),
      });
    });
  });

  describe('csi.sidecar-matrix', () => {
    it('passes sidecars at or above the recommended minor', () => {
      expect(run(csiFixture(), 'csi.sidecar-matrix')).toMatchObject({
        status: 'pass',
        message: expect.stringContaining('external-provisioner v5.2.0'),
      });
    });
    it('warns below the recommended Kubernetes version', () => {
      const f = csiFixture();
      f.cluster.version = { major: '1', minor: '30', gitVersion: 'v1.30.8' };
      expect(run(f, 'csi.sidecar-matrix')).toMatchObject({
        status: 'warn',
        message:
          'external-provisioner v5.2.0 recommends Kubernetes ≥ 1.31, cluster 1.30; external-resizer v1.13.2 recommends Kubernetes ≥ 1.32, cluster 1.30',
      });
    });
    it('fails below the minimum Kubernetes version', () => {
      const f = csiFixture();
      f.cluster.version = { major: '1', minor: '24', gitVersion: 'v1.24.17' };
      expect(run(f, 'csi.sidecar-matrix')).toMatchObject({
        status: 'fail',
        message:
          'external-snapshotter v8.2.1 needs Kubernetes ≥ 1.25, cluster 1.24',
      });
    });
    it('fails external-provisioner older than 1.4.0 on 1.20+', () => {
      const f = csiFixture();
      f.objects.deployments[0].spec.template.spec.containers[1].image =
        'quay.io/k8scsi/csi-provisioner:v1.3.0';
      expect(run(f, 'csi.sidecar-matrix').message).toContain(
        'external-provisioner v1.3.0 works up to Kubernetes 1.19',
      );
    });
    it('places current releases and vendor builds by their upstream version', () => {
      const f = csiFixture();
      f.cluster.version = {
        major: '1',
        minor: '32+',
        gitVersion: 'v1.32.9-eks-113cf36',
      };
      const containers = f.objects.deployments[0].spec.template.spec.containers;
      containers[1].image =
        'public.ecr.aws/eks-distro/kubernetes-csi/external-provisioner:v5.1.0-eks-1-31-7';
      containers[2].image =
        '602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/csi-attacher:v4.12.0-eksbuild.1';
      containers[4].image =
        'public.ecr.aws/eks-distro/kubernetes-csi/external-resizer:v1.13.2-eks-1-32-4';
      f.objects.daemonSets[0].spec.template.spec.containers[1].image =
        'public.ecr.aws/eks-distro/kubernetes-csi/node-driver-registrar:v2.13.0-eksbuild.1';
      expect(run(f, 'csi.sidecar-matrix')).toMatchObject({
        status: 'pass',
        message: expect.stringContaining(
          'external-provisioner v5.1.0-eks-1-31-7 (upstream 5.1.0)',
        ),
        observed: { clusterVersion: '1.32' },
      });
    });
    it('places a release candidate in its release line, and judges an rc cluster as its release', () => {
      const f = csiFixture();
      f.objects.daemonSets[0].spec.template.spec.containers[2].image =
        'registry.k8s.io/sig-storage/livenessprobe:v2.16.0-rc.1';
      f.cluster.version = {
        major: '1',
        minor: '35',
        gitVersion: 'v1.35.0-rc.1',
      };
      expect(run(f, 'csi.sidecar-matrix').status).toBe('pass');
      const g = crdControllerFixture();
      g.cluster.version = f.cluster.version;
      expect(run(g, 'upgrade.version-skew')).toMatchObject({
        status: 'pass',
        message: 'cluster 1.35.0 within >=1.29.0 <1.36.0',
      });
    });
    it('warns for a release older than the supported release lines', () => {
      const f = csiFixture();
      f.objects.deployments[0].spec.template.spec.containers[2].image =
        'registry.k8s.io/sig-storage/csi-attacher:v3.5.0';
      expect(run(f, 'csi.sidecar-matrix')).toMatchObject({
        status: 'warn',
        message:
          'external-attacher v3.5.0 is older than the oldest release line data/csi-sidecars.yaml lists (4.6.0): no longer supported upstream',
      });
    });
    it('says which image it cannot place, and why', () => {
      const f = csiFixture();
      const containers = f.objects.deployments[0].spec.template.spec.containers;
      containers[1].image =
        'registry.k8s.io/sig-storage/csi-provisioner:v7.0.0';
      expect(run(f, 'csi.sidecar-matrix')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          'external-provisioner v7.0.0: newer than data/csi-sidecars.yaml covers (>=5.0.0 <5.1.0, >=5.1.0 <7.0.0, <1.4.0)',
        ),
      });
      containers[1].image =
        'registry.k8s.io/sig-storage/csi-provisioner@sha256:0123456789abcdef';
      expect(run(f, 'csi.sidecar-matrix').message).toContain(
        'registry.k8s.io/sig-storage/csi-provisioner@sha256:0123456789abcdef: no tag, only a digest, so its external-provisioner release is unknown',
      );
      // a proven incompatibility still fails next to an unplaceable image
      f.cluster.version = { major: '1', minor: '24', gitVersion: 'v1.24.17' };
      expect(run(f, 'csi.sidecar-matrix').status).toBe('fail');
    });
    it('reads the CSI hostpath driver node plugin StatefulSet', () => {
      const f = hostpathFixture();
      expect(run(f, 'csi.sidecar-matrix')).toMatchObject({
        status: 'pass',
        message: expect.stringContaining('node-driver-registrar v2.17.0'),
      });
    });
  });

  describe('csi.node-registrar', () => {
    it('passes with registrar and livenessprobe', () => {
      expect(run(csiFixture(), 'csi.node-registrar')).toMatchObject({
        status: 'pass',
        message:
          'DaemonSet/kube-system/ebs-csi-node runs node-driver-registrar and livenessprobe',
      });
    });
    it('fails without node-driver-registrar', () => {
      const f = csiFixture();
      f.objects.daemonSets[0].spec.template.spec.containers.splice(1, 1);
      expect(run(f, 'csi.node-registrar')).toMatchObject({
        status: 'fail',
        message:
          'DaemonSet/kube-system/ebs-csi-node has no node-driver-registrar container',
      });
    });
    it('warns without livenessprobe', () => {
      const f = csiFixture();
      f.objects.daemonSets[0].spec.template.spec.containers.splice(2, 1);
      expect(run(f, 'csi.node-registrar')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining('has no livenessprobe sidecar'),
        // the registrar is there: only the probe sidecar is to add
        remediation: expect.stringMatching(/^Add the livenessprobe sidecar/),
      });
    });
    it('fails without a node DaemonSet', () => {
      const f = csiFixture();
      f.objects.daemonSets = [];
      expect(run(f, 'csi.node-registrar').message).toContain(
        'no node DaemonSet (or node-plugin StatefulSet) of this CSI driver',
      );
    });
    it('passes the CSI hostpath driver, whose node plugin is one StatefulSet', () => {
      expect(run(hostpathFixture(), 'csi.node-registrar')).toMatchObject({
        status: 'pass',
        message:
          'StatefulSet/default/csi-hostpathplugin runs node-driver-registrar and livenessprobe',
      });
    });
    it('knows vendor images of the registrar', () => {
      const f = csiFixture();
      const registrar =
        f.objects.daemonSets[0].spec.template.spec.containers[1];
      registrar.name = 'registrar';
      registrar.image =
        'public.ecr.aws/eks-distro/kubernetes-csi/node-driver-registrar:v2.13.0-eks-1-31-7';
      expect(run(f, 'csi.node-registrar').status).toBe('pass');
    });
  });

  describe('dra.api-stability', () => {
    it('passes on resource.k8s.io/v1', () => {
      expect(run(draFixture(), 'dra.api-stability')).toMatchObject({
        status: 'pass',
        message:
          'DeviceClasses/ResourceSlices on resource.k8s.io/v1 (GA) in 1.34',
      });
    });
    it('warns on beta, noting the feature gate where it is off by default', () => {
      const f = draFixture();
      f.objects.deviceClasses[0].apiVersion = 'resource.k8s.io/v1beta1';
      expect(run(f, 'dra.api-stability')).toMatchObject({
        status: 'warn',
        message: 'resource.k8s.io/v1beta1 is beta',
      });
      f.cluster.version = { major: '1', minor: '33', gitVersion: 'v1.33.4' };
      f.objects.resourceSlices[0].apiVersion = 'resource.k8s.io/v1beta1';
      expect(run(f, 'dra.api-stability').message).toBe(
        'resource.k8s.io/v1beta1 is beta; feature gate DynamicResourceAllocation is off by default in 1.33',
      );
    });
    it('fails alpha in production, only warns for experimental components', () => {
      const f = draFixture();
      f.cluster.version = { major: '1', minor: '31', gitVersion: 'v1.31.4' };
      f.objects.deviceClasses[0].apiVersion = 'resource.k8s.io/v1alpha3';
      f.objects.resourceSlices[0].apiVersion = 'resource.k8s.io/v1alpha3';
      expect(run(f, 'dra.api-stability')).toMatchObject({
        status: 'fail',
        message: 'resource.k8s.io/v1alpha3 is alpha in a production component',
      });
      f.component.catalog!.lifecycle = 'experimental';
      expect(run(f, 'dra.api-stability').status).toBe('warn');
    });
    it('fails a version the cluster no longer serves', () => {
      const f = draFixture();
      f.objects.deviceClasses[0].apiVersion = 'resource.k8s.io/v1alpha2';
      expect(run(f, 'dra.api-stability').message).toContain(
        'resource.k8s.io/v1alpha2 is no longer served in 1.34',
      );
    });
    it('fails when the cluster does not serve DRA at all, is unknown when it may not read it', () => {
      const f = draFixture();
      f.objects.deviceClasses = [];
      f.objects.resourceSlices = [];
      f.cluster.reads.deviceclasses = NOT_SERVED;
      expect(run(f, 'dra.api-stability')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining('DRA is not enabled'),
        remediation: expect.stringMatching(
          /^Enable dynamic resource allocation/,
        ),
      });
      f.cluster.reads.deviceclasses = FORBIDDEN;
      expect(run(f, 'dra.api-stability').status).toBe('unknown');
      f.cluster.reads.deviceclasses = { state: 'ok' };
      expect(run(f, 'dra.api-stability').status).toBe('warn');
    });
  });

  describe('device-plugin.health', () => {
    it('passes when allocatable equals capacity', () => {
      expect(run(devicePluginFixture(), 'device-plugin.health')).toMatchObject({
        status: 'pass',
        message: 'nvidia.com/gpu healthy on 2 node(s)',
      });
    });
    it('warns when devices are unhealthy on some nodes', () => {
      const f = devicePluginFixture();
      f.clusterObjects.nodes![0].status.allocatable['nvidia.com/gpu'] = '2';
      expect(run(f, 'device-plugin.health')).toMatchObject({
        status: 'warn',
        message: 'nvidia.com/gpu unhealthy on gpu-a (2/4)',
      });
    });
    it('fails when allocatable is 0 everywhere, or no node advertises it', () => {
      const f = devicePluginFixture();
      for (const n of f.clusterObjects.nodes!.slice(0, 2))
        n.status.allocatable['nvidia.com/gpu'] = '0';
      expect(run(f, 'device-plugin.health').message).toBe(
        'nvidia.com/gpu allocatable 0 on all 2 node(s) with capacity',
      );
      f.clusterObjects.nodes = [node('cpu-a')];
      expect(run(f, 'device-plugin.health').message).toBe(
        'no node advertises nvidia.com/gpu',
      );
    });
    it('warns when the resource name is unknown', () => {
      const f = devicePluginFixture();
      f.component.instances[0].advertisedResources = [];
      f.component.catalog!.descriptor!.deviceResources = undefined;
      expect(run(f, 'device-plugin.health')).toMatchObject({
        status: 'warn',
        message:
          'no extended resource known for this device plugin: none is advertised by its nodes or declared',
        remediation: expect.stringContaining('spec.extension.deviceResources'),
      });
    });
  });
});
