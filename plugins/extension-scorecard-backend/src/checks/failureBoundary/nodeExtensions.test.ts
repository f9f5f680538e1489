import {
  cniFixture,
  criRuntimeFixture,
  csiFixture,
  run,
} from '../__testUtils__/fixtures';
import { statefulSet } from '../__testUtils__/kube';

describe('node extension checks', () => {
  describe('runtime.handler-nodes', () => {
    it('passes when the RuntimeClass selects nodes and a VM handler declares overhead', () => {
      expect(run(criRuntimeFixture(), 'runtime.handler-nodes')).toMatchObject({
        status: 'pass',
        message:
          'kata-qemu (katacontainers.io/kata-runtime=true) matches 2 of 3 nodes',
      });
    });
    it('fails when its nodeSelector matches no node', () => {
      const f = criRuntimeFixture();
      (f.objects.runtimeClasses[0] as any).scheduling.nodeSelector = {
        'sandbox.example.com/pool': 'kata',
      };
      expect(run(f, 'runtime.handler-nodes')).toMatchObject({
        status: 'fail',
        message:
          'kata-qemu (handler kata-qemu) sandbox.example.com/pool=kata matches none of 3 nodes',
      });
    });
    it('warns when a VM handler has no overhead.podFixed', () => {
      const f = criRuntimeFixture();
      delete (f.objects.runtimeClasses[0] as any).overhead;
      expect(run(f, 'runtime.handler-nodes')).toMatchObject({
        status: 'warn',
        message:
          'kata-qemu runs VM handler kata-qemu without overhead.podFixed',
      });
    });
    it('treats a RuntimeClass without nodeSelector as landing anywhere', () => {
      const f = criRuntimeFixture();
      (f.objects.runtimeClasses[0] as any).scheduling = undefined;
      expect(run(f, 'runtime.handler-nodes').message).toBe(
        'kata-qemu (no nodeSelector) matches 3 of 3 nodes',
      );
    });
  });

  describe('node.canary-rollout', () => {
    it('passes maxUnavailable 1 and 10%', () => {
      expect(run(cniFixture(), 'node.canary-rollout')).toMatchObject({
        status: 'pass',
        message:
          'calico-system/calico-node maxUnavailable 1 (1 of 3 nodes at once)',
      });
      expect(run(csiFixture(), 'node.canary-rollout').status).toBe('pass');
    });
    it('warns when a rolling update takes more than max(1, 10%) of the nodes', () => {
      const f = cniFixture();
      f.objects.daemonSets[0].spec.updateStrategy = {
        type: 'RollingUpdate',
        rollingUpdate: { maxUnavailable: '50%' },
      };
      f.objects.daemonSets[0].status.desiredNumberScheduled = 40;
      expect(run(f, 'node.canary-rollout')).toMatchObject({
        status: 'warn',
        message:
          'calico-system/calico-node maxUnavailable 50% takes 20 of 40 nodes at once (threshold 4: 10% of nodes, at least 1)',
      });
    });
    it('judges a node-plugin StatefulSet (CSI hostpath), not a controller StatefulSet', () => {
      const f = csiFixture();
      const registrar =
        f.objects.daemonSets[0].spec.template.spec.containers[1];
      f.objects.daemonSets = [];
      f.objects.statefulSets = [
        statefulSet('default', 'csi-hostpathplugin', {
          replicas: 1,
          containers: [registrar],
          updateStrategy: { type: 'OnDelete' },
        }),
        statefulSet('default', 'controller-only', { replicas: 2 }),
      ];
      expect(run(f, 'node.canary-rollout')).toMatchObject({
        status: 'warn',
        message:
          'StatefulSet/default/csi-hostpathplugin updateStrategy OnDelete with no declared rollout plan',
      });
      f.objects.statefulSets[0].spec.updateStrategy = {
        type: 'RollingUpdate',
        rollingUpdate: { partition: 0 },
      };
      expect(run(f, 'node.canary-rollout')).toMatchObject({
        status: 'pass',
        message:
          'StatefulSet/default/csi-hostpathplugin maxUnavailable 1 (1 of 1 replicas at once)',
      });
    });
    it('warns for OnDelete without a declared plan, passes with one', () => {
      const f = cniFixture();
      f.objects.daemonSets[0].spec.updateStrategy = { type: 'OnDelete' };
      expect(run(f, 'node.canary-rollout')).toMatchObject({
        status: 'warn',
        message:
          'calico-system/calico-node updateStrategy OnDelete with no declared rollout plan',
      });
      f.component.catalog!.descriptor!.rolloutPlan =
        'drain and delete one node per hour, watch calico_felix_* alerts';
      expect(run(f, 'node.canary-rollout').status).toBe('pass');
    });
    it('does not apply without a DaemonSet', () => {
      const f = criRuntimeFixture();
      f.objects.daemonSets = [];
      expect(run(f, 'node.canary-rollout').status).toBe('not-applicable');
    });
  });
});
