import type { CheckResult } from '@extension-scorecard/plugin-extension-scorecard-common';
import { caBundle } from './__testUtils__/certificates';
import { NOW } from './__testUtils__/components';
import {
  admissionWebhookFixture,
  CLUSTER,
  cniFixture,
  crdControllerFixture,
  run,
  schedulerFixture,
  type Fixture,
} from './__testUtils__/fixtures';
import { deployment, podDisruptionBudget } from './__testUtils__/kube';

describe('availability checks', () => {
  let webhook: Fixture;
  beforeAll(async () => {
    webhook = admissionWebhookFixture(
      await caBundle(NOW, { subject: 'CN=ca', daysFromNow: 300 }),
    );
  });
  const sync = () => structuredClone(webhook);
  const backend = (f: Fixture) => f.objects.deployments[0];

  describe('availability.replicas', () => {
    it('passes with enough ready replicas', () => {
      expect(run(sync(), 'availability.replicas')).toMatchObject({
        status: 'pass',
        message: 'Deployment/kyverno/kyverno-admission-controller 3/3 ready',
      });
    });
    it('fails a sync-path backend below 2 replicas or 2 ready', () => {
      const f = sync();
      backend(f).spec.replicas = 1;
      backend(f).status.readyReplicas = 1;
      expect(run(f, 'availability.replicas')).toMatchObject({
        status: 'fail',
        message:
          'Deployment/kyverno/kyverno-admission-controller replicas 1, ready 1 (< 2 on the sync-api path)',
      });
      backend(f).spec.replicas = 2;
      backend(f).status.readyReplicas = 1;
      expect(run(f, 'availability.replicas').status).toBe('fail');
    });
    it('judges only the backends on the sync path, not background controllers', () => {
      const f = sync();
      f.objects.deployments.push(
        deployment('kyverno', 'kyverno-background-controller', {
          replicas: 1,
          labels: { 'app.kubernetes.io/component': 'background-controller' },
        }),
      );
      expect(run(f, 'availability.replicas').status).toBe('pass');
      expect(run(f, 'availability.pdb').status).toBe('pass');
      const g = schedulerFixture();
      g.objects.deployments.push(
        deployment('scheduler-plugins', 'scheduler-plugins-controller', {
          replicas: 1,
        }),
      );
      expect(run(g, 'availability.replicas')).toMatchObject({
        status: 'pass',
        message:
          'Deployment/scheduler-plugins/scheduler-plugins-scheduler 3/3 ready',
      });
    });
    it('judges every Deployment of a sync-path kind when no backend can be told apart', () => {
      const f = sync();
      f.objects.services = [];
      f.clusterObjects.services = [];
      f.objects.deployments.push(
        deployment('kyverno', 'kyverno-background-controller', { replicas: 1 }),
      );
      expect(run(f, 'availability.replicas').message).toContain(
        'kyverno-background-controller replicas 1',
      );
    });
    it('only warns for other kinds', () => {
      const f = crdControllerFixture();
      f.objects.deployments[0].spec.replicas = 1;
      expect(run(f, 'availability.replicas')).toMatchObject({
        status: 'warn',
        message:
          'Deployment/cert-manager/cert-manager replicas 1, ready 3 (< 2)',
      });
    });
    it('does not apply to DaemonSet-only components', () => {
      expect(run(cniFixture(), 'availability.replicas').status).toBe(
        'not-applicable',
      );
    });
  });

  describe('availability.pdb', () => {
    it('passes when a PDB selects the backend', () => {
      expect(run(sync(), 'availability.pdb')).toMatchObject({
        status: 'pass',
        message:
          'covered: Deployment/kyverno/kyverno-admission-controller by PDB kyverno-admission-controller (maxUnavailable 1)',
      });
    });
    it('fails a sync-path backend without a PDB; warns for others', () => {
      const f = sync();
      f.objects.podDisruptionBudgets = [];
      f.clusterObjects.poddisruptionbudgets = [];
      expect(run(f, 'availability.pdb')).toMatchObject({
        status: 'fail',
        message:
          'no PodDisruptionBudget selects Deployment/kyverno/kyverno-admission-controller',
      });
      const g = crdControllerFixture();
      g.objects.podDisruptionBudgets = [];
      g.clusterObjects.poddisruptionbudgets = [];
      expect(run(g, 'availability.pdb').status).toBe('warn');
    });
    it('ignores PDBs that select other Pods', () => {
      const f = sync();
      f.objects.podDisruptionBudgets = [];
      f.clusterObjects.poddisruptionbudgets = [
        podDisruptionBudget('kyverno', 'other', { app: 'other' }),
      ];
      expect(run(f, 'availability.pdb').status).toBe('fail');
    });
    it('finds a PDB in the cluster that the inventory did not attach', () => {
      const f = sync();
      f.objects.podDisruptionBudgets = [];
      expect(run(f, 'availability.pdb').status).toBe('pass');
    });
    it('warns for a PDB that allows no disruption', () => {
      const f = sync();
      f.objects.podDisruptionBudgets = [];
      f.clusterObjects.poddisruptionbudgets = [
        podDisruptionBudget(
          'kyverno',
          'strict',
          { 'app.kubernetes.io/name': 'kyverno-admission-controller' },
          { minAvailable: 3 },
        ),
      ];
      expect(run(f, 'availability.pdb')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining(
          'allows no disruption: node drains block',
        ),
      });
    });
  });

  describe('availability.probes', () => {
    it('passes with liveness and readiness probes', () => {
      expect(run(sync(), 'availability.probes').status).toBe('pass');
    });
    it('warns per container without them', () => {
      const f = sync();
      delete backend(f).spec.template.spec.containers[0].readinessProbe;
      expect(run(f, 'availability.probes')).toMatchObject({
        status: 'warn',
        message:
          'Deployment/kyverno/kyverno-admission-controller container kyverno-admission-controller has no readinessProbe',
      });
    });
  });

  describe('availability.priority', () => {
    it('passes with a priority class', () => {
      expect(run(sync(), 'availability.priority').message).toBe(
        'Deployment/kyverno/kyverno-admission-controller priorityClassName system-cluster-critical',
      );
    });
    it('warns without one for sync-path and node extensions', () => {
      const f = sync();
      delete backend(f).spec.template.spec.priorityClassName;
      expect(run(f, 'availability.priority')).toMatchObject({
        status: 'warn',
        message:
          'Deployment/kyverno/kyverno-admission-controller has no priorityClassName (sync-path extension)',
      });
      const g = cniFixture();
      delete g.objects.daemonSets[0].spec.template.spec.priorityClassName;
      expect(run(g, 'availability.priority').message).toContain(
        '(node extension)',
      );
    });
    it('does not require one for controllers', () => {
      const f = crdControllerFixture();
      delete f.objects.deployments[0].spec.template.spec.priorityClassName;
      expect(run(f, 'availability.priority')).toMatchObject({
        status: 'pass',
        message: expect.stringContaining(
          'not required on the async-control path',
        ),
      });
    });
  });

  describe('availability.spread', () => {
    it('passes with topology spread constraints', () => {
      expect(run(sync(), 'availability.spread').status).toBe('pass');
    });
    it('accepts podAntiAffinity', () => {
      const f = sync();
      const spec = backend(f).spec.template.spec;
      delete spec.topologySpreadConstraints;
      spec.affinity = {
        podAntiAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [],
        },
      };
      expect(run(f, 'availability.spread').status).toBe('pass');
    });
    it('warns for several replicas with neither', () => {
      const f = sync();
      delete backend(f).spec.template.spec.topologySpreadConstraints;
      expect(run(f, 'availability.spread')).toMatchObject({
        status: 'warn',
        message:
          'Deployment/kyverno/kyverno-admission-controller (3 replicas) has no topologySpreadConstraints or podAntiAffinity',
      });
    });
  });

  describe('availability.daemonset-coverage', () => {
    const previous = (
      status: CheckResult['status'],
      shortfall: string[],
    ): CheckResult => ({
      checkId: 'availability.daemonset-coverage',
      dimension: 'availability',
      severity: 'high',
      status,
      cluster: CLUSTER,
      message: 'earlier',
      remediation: '',
      observed: { shortfall },
    });

    it('passes when ready on every desired node', () => {
      expect(
        run(cniFixture(), 'availability.daemonset-coverage'),
      ).toMatchObject({
        status: 'pass',
        message: 'calico-system/calico-node ready on all 3 desired nodes',
      });
    });
    it('warns the first time ready < desired, fails when it persists across collections', () => {
      const f = cniFixture();
      f.objects.daemonSets[0].status.numberReady = 2;
      expect(run(f, 'availability.daemonset-coverage')).toMatchObject({
        status: 'warn',
        message:
          'calico-system/calico-node ready 2 of 3 desired (first collection seeing it)',
      });
      const prev = new Map([
        [f.component.id, [previous('warn', ['calico-system/calico-node'])]],
      ]);
      expect(
        run(f, 'availability.daemonset-coverage', { previous: prev }),
      ).toMatchObject({
        status: 'fail',
        message:
          'calico-system/calico-node ready 2 of 3 desired for longer than one collection',
      });
      const unrelated = new Map([
        [f.component.id, [previous('warn', ['calico-system/other'])]],
      ]);
      expect(
        run(f, 'availability.daemonset-coverage', { previous: unrelated })
          .status,
      ).toBe('warn');
    });
    it('warns when a network plugin does not cover every node', () => {
      const f = cniFixture();
      f.objects.daemonSets[0].status.desiredNumberScheduled = 2;
      f.objects.daemonSets[0].status.numberReady = 2;
      expect(run(f, 'availability.daemonset-coverage').message).toContain(
        'calico-system/calico-node runs on 2 of 3 nodes',
      );
    });
    it('does not apply without DaemonSets', () => {
      expect(
        run(crdControllerFixture(), 'availability.daemonset-coverage').status,
      ).toBe('not-applicable');
    });
  });
});
