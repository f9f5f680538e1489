import { completeDescriptor } from '../__testUtils__/components';
import { run, schedulerFixture } from '../__testUtils__/fixtures';
import { deployment, kubeObject } from '../__testUtils__/kube';

function pendingPod(name: string) {
  return kubeObject('v1', 'Pod', name, 'batch', {
    spec: {
      schedulerName: 'scheduler-plugins-scheduler',
      containers: [{ name: 'main', image: 'busybox:1.37' }],
    },
    status: { phase: 'Pending' },
  });
}

describe('scheduler checks', () => {
  describe('scheduler.profile-declared', () => {
    it('passes with declared extension points, a Permit timeout and Unreserve', () => {
      expect(
        run(schedulerFixture(), 'scheduler.profile-declared'),
      ).toMatchObject({
        status: 'pass',
        message: 'declares QueueSort, PreFilter, PostFilter, Permit, Reserve',
      });
    });
    it('warns when no extension point is declared', () => {
      const f = schedulerFixture();
      f.component.catalog!.descriptor = completeDescriptor('scheduler-plugin');
      expect(run(f, 'scheduler.profile-declared')).toMatchObject({
        status: 'warn',
        message:
          'no scheduler extension points declared (spec.extension.scheduler.extensionPoints)',
      });
    });
    it('fails when Permit has no declared timeout', () => {
      const f = schedulerFixture();
      f.component.catalog!.descriptor!.scheduler = {
        extensionPoints: ['Filter', 'Permit'],
      };
      expect(run(f, 'scheduler.profile-declared')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining(
          'uses Permit (Filter, Permit) with no declared permitTimeoutSeconds',
        ),
        remediation: expect.stringContaining(
          'spec.extension.scheduler.permitTimeoutSeconds',
        ),
      });
    });
    it('warns for Reserve without Unreserve', () => {
      const f = schedulerFixture();
      f.component.catalog!.descriptor!.scheduler = {
        extensionPoints: ['Filter', 'Reserve'],
      };
      expect(run(f, 'scheduler.profile-declared')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining('uses Reserve without Unreserve'),
        remediation: expect.stringMatching(/^Implement Unreserve/),
      });
    });
  });

  describe('scheduler.pending-pods', () => {
    it('passes with ready replicas and no Pending Pods', () => {
      expect(run(schedulerFixture(), 'scheduler.pending-pods')).toMatchObject({
        status: 'pass',
        message:
          '3 ready scheduler replicas; no Pod Pending on scheduler-plugins-scheduler',
      });
    });
    it('passes Pending Pods while the scheduler runs (noting them)', () => {
      const f = schedulerFixture();
      f.objects.pendingPods = [pendingPod('job-a-0')];
      expect(run(f, 'scheduler.pending-pods').message).toContain(
        '1 Pod Pending on scheduler-plugins-scheduler (scheduler is running)',
      );
    });
    it('fails when Pods wait on a scheduler with no ready replica', () => {
      const f = schedulerFixture();
      f.objects.deployments[0].status.readyReplicas = 0;
      f.objects.pendingPods = [pendingPod('job-a-0'), pendingPod('job-a-1')];
      expect(run(f, 'scheduler.pending-pods')).toMatchObject({
        status: 'fail',
        message:
          '2 Pods Pending on scheduler-plugins-scheduler with 0 ready scheduler replicas: batch/job-a-0; batch/job-a-1',
      });
    });
    it("counts the scheduler's replicas, not the component's other controllers", () => {
      const f = schedulerFixture();
      f.objects.deployments[0].status.readyReplicas = 0;
      f.objects.deployments.push(
        deployment('scheduler-plugins', 'scheduler-plugins-controller', {
          replicas: 1,
        }),
      );
      f.objects.pendingPods = [pendingPod('job-a-0')];
      expect(run(f, 'scheduler.pending-pods').status).toBe('fail');
    });
    it('does not apply without scheduler workload or Pending Pods', () => {
      const f = schedulerFixture();
      f.objects.deployments = [];
      expect(run(f, 'scheduler.pending-pods').status).toBe('not-applicable');
    });
  });
});
