import type { CheckResult } from '@extension-scorecard/plugin-extension-scorecard-common';
import { caBundle } from './__testUtils__/certificates';
import { NOW } from './__testUtils__/components';
import {
  admissionWebhookFixture,
  CLUSTER,
  cniFixture,
  crdControllerFixture,
  csiFixture,
  devicePluginFixture,
  draFixture,
  run,
  schedulerFixture,
  type Fixture,
} from './__testUtils__/fixtures';
import { FORBIDDEN, node, NOT_SERVED } from './__testUtils__/kube';

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
          'ValidatingWebhookConfiguration/kyverno-resource-validating-webhook-cfg admissionregistration.k8s.io/v1beta1 removed in 1.22 (cluster 1.31); use admissionregistration.k8s.io/v1',
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
        'deprecated in cert-manager 1.4, removed in 1.6',
      );
    });
  });

  describe('upgrade.rollout-complete', () => {
    const previous = (status: CheckResult['status']): CheckResult => ({
      checkId: 'upgrade.rollout-complete',
      dimension: 'upgrade',
      severity: 'high',
      status,
      cluster: CLUSTER,
      message: '',
      remediation: '',
    });

    it('passes when fully rolled out', () => {
      expect(
        run(structuredClone(webhook), 'upgrade.rollout-complete'),
      ).toMatchObject({
        status: 'pass',
        message: '1 workload(s) fully rolled out',
      });
    });
    it('warns while in progress, fails when stuck across two collections', () => {
      const f = structuredClone(webhook);
      f.objects.deployments[0].status.updatedReplicas = 1;
      expect(run(f, 'upgrade.rollout-complete')).toMatchObject({
        status: 'warn',
        message:
          'rollout in progress: Deployment/kyverno/kyverno-admission-controller updatedReplicas 1 of 3',
      });
      const prev = new Map([[f.component.id, [previous('warn')]]]);
      expect(
        run(f, 'upgrade.rollout-complete', { previous: prev }),
      ).toMatchObject({
        status: 'fail',
        message: expect.stringContaining('stuck across two collections'),
      });
      expect(
        run(f, 'upgrade.rollout-complete', {
          previous: new Map([[f.component.id, [previous('pass')]]]),
        }).status,
      ).toBe('warn');
    });
    it('sees an unobserved generation and DaemonSets behind', () => {
      const f = structuredClone(webhook);
      f.objects.deployments[0].metadata.generation = 5;
      expect(run(f, 'upgrade.rollout-complete').message).toContain(
        'observedGeneration 3 < generation 5',
      );
      const g = cniFixture();
      g.objects.daemonSets[0].status.updatedNumberScheduled = 1;
      expect(run(g, 'upgrade.rollout-complete').message).toContain(
        'DaemonSet/calico-system/calico-node updatedNumberScheduled 1 of 3',
      );
    });
  });

  describe('upgrade.image-pinned', () => {
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
          'API server 1.31: old-node kubelet v1.27.16 is 4 minors behind (policy allows 3); new-node kubelet v1.32.0 is newer than the API server',
      });
    });
    it('allows only 2 minors for kubelets older than 1.25', () => {
      const f = cniFixture();
      f.cluster.version = { major: '1', minor: '26', gitVersion: 'v1.26.15' };
      f.component.catalog!.descriptor!.kubernetesVersions = '>=1.20.0';
      f.clusterObjects.nodes = [node('n', { kubeletVersion: 'v1.23.17' })];
      expect(run(f, 'upgrade.version-skew').message).toContain(
        'n kubelet v1.23.17 is 3 minors behind (policy allows 2)',
      );
    });
    it('ignores nodes the DaemonSet does not run on', () => {
      const f = devicePluginFixture();
      f.clusterObjects.nodes!.push(
        node('cpu-old', { kubeletVersion: 'v1.26.0' }),
      );
      expect(run(f, 'upgrade.version-skew').status).toBe('pass');
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
          'external-resizer v1.13.2 recommends Kubernetes ≥ 1.32, cluster 1.30',
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
    it('warns for a sidecar the table does not cover', () => {
      const f = csiFixture();
      f.objects.deployments[0].spec.template.spec.containers[2].image =
        'registry.k8s.io/sig-storage/csi-attacher:v3.5.0';
      expect(run(f, 'csi.sidecar-matrix').message).toContain(
        'external-attacher v3.5.0 is not in the compatibility table',
      );
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
      expect(run(f, 'csi.node-registrar').status).toBe('warn');
    });
    it('fails without a node DaemonSet', () => {
      const f = csiFixture();
      f.objects.daemonSets = [];
      expect(run(f, 'csi.node-registrar').message).toContain(
        'no node DaemonSet of this CSI driver',
      );
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
      expect(run(f, 'device-plugin.health').status).toBe('warn');
    });
  });
});
