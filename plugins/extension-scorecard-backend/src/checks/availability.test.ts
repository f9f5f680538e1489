import { caBundle } from './__testUtils__/certificates';
import { NOW } from './__testUtils__/components';
import {
  admissionWebhookFixture,
  cniFixture,
  collectedAfter,
  crdControllerFixture,
  run,
  schedulerFixture,
  withPrevious,
  type Fixture,
} from './__testUtils__/fixtures';
import { ConfigReader } from '@backstage/config';
import { readChecksConfig } from './config';
import {
  deployment,
  FORBIDDEN,
  podDisruptionBudget,
  statefulSet,
} from './__testUtils__/kube';

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
          'Deployment/kyverno/kyverno-admission-controller runs 1 replica (minimum 2 on the sync-api path)',
      });
      expect(run(f, 'availability.replicas').remediation).toMatch(
        /^Run at least 2 replicas/,
      );
      backend(f).spec.replicas = 2;
      backend(f).status.readyReplicas = 1;
      const notReady = run(f, 'availability.replicas');
      expect(notReady).toMatchObject({
        status: 'fail',
        message:
          'Deployment/kyverno/kyverno-admission-controller has 1 of 2 replicas ready (minimum 2 on the sync-api path)',
      });
      // enough replicas are requested: the next step is why they are not ready
      expect(notReady.remediation).toMatch(/^Find why replicas are not ready/);
    });
    it('counts StatefulSets like Deployments (spec.replicas, readyReplicas)', () => {
      const f = crdControllerFixture();
      f.objects.statefulSets = [
        statefulSet('tenants', 'tenant-store', {
          replicas: 3,
          readyReplicas: 1,
        }),
      ];
      expect(run(f, 'availability.replicas')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining(
          'StatefulSet/tenants/tenant-store has 1 of 3 replicas ready (minimum 2)',
        ),
      });
      // a webhook served by a StatefulSet is a sync-path backend
      const g = sync();
      const [backendDeployment] = g.objects.deployments.splice(0, 1);
      g.objects.statefulSets = [
        statefulSet('kyverno', backendDeployment.metadata.name, {
          replicas: 1,
          labels: backendDeployment.spec.selector.matchLabels,
        }),
      ];
      expect(run(g, 'availability.replicas')).toMatchObject({
        status: 'fail',
        message:
          'StatefulSet/kyverno/kyverno-admission-controller runs 1 replica (minimum 2 on the sync-api path)',
      });
    });
    it('a short sync-path backend fails even when other workloads could not be read', () => {
      const f = sync();
      backend(f).spec.replicas = 1;
      backend(f).status.readyReplicas = 1;
      f.cluster.reads.statefulsets = FORBIDDEN;
      expect(run(f, 'availability.replicas')).toMatchObject({
        status: 'fail',
        message: expect.stringMatching(
          /^Deployment\/kyverno\/kyverno-admission-controller runs 1 replica \(minimum 2 on the sync-api path\) \(proven on what was read; reading statefulsets in cluster prod-eu was forbidden/,
        ),
        observed: { missingReads: { statefulsets: expect.any(String) } },
      });
    });
    it('is unknown, not pass, when a missing read could change a passing verdict', () => {
      const f = sync();
      f.cluster.reads.statefulsets = FORBIDDEN;
      expect(run(f, 'availability.replicas')).toMatchObject({
        status: 'unknown',
        message: expect.stringMatching(
          /^cannot judge: reading statefulsets in cluster prod-eu was forbidden .*\(on what was read: pass, Deployment\/kyverno\/kyverno-admission-controller 3\/3 ready\)$/,
        ),
        observed: { onWhatWasRead: 'pass' },
      });
    });
    it('does not prove a fail on a fallback choice of workloads', () => {
      // no Service: the backends cannot be told apart, so every Deployment is judged
      const f = sync();
      f.objects.services = [];
      f.clusterObjects.services = [];
      f.cluster.objects.services = [];
      backend(f).spec.replicas = 1;
      expect(run(f, 'availability.replicas').status).toBe('fail');
      // with the StatefulSets unread, the real backend may be among them
      f.cluster.reads.statefulsets = FORBIDDEN;
      expect(run(f, 'availability.replicas')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          'cannot tell which workloads the API server calls',
        ),
      });
    });
    it('judges on what was read: objects kept from an earlier read prove nothing', () => {
      const f = crdControllerFixture();
      f.objects.statefulSets = [
        statefulSet('tenants', 'stale-store', { replicas: 1 }),
      ];
      f.cluster.objects.statefulsets = f.objects.statefulSets;
      f.cluster.reads.statefulsets = {
        state: 'failed',
        reason:
          'timeout; objects kept from the last good read at 2026-01-15T09:00:00Z',
        lastReadAt: '2026-01-15T09:00:00Z',
      };
      const result = run(f, 'availability.replicas');
      expect(result.status).toBe('unknown');
      expect(result.message).not.toContain('stale-store');
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
        'kyverno-background-controller runs 1 replica',
      );
    });
    it('only warns for other kinds', () => {
      const f = crdControllerFixture();
      f.objects.deployments[0].spec.replicas = 1;
      expect(run(f, 'availability.replicas')).toMatchObject({
        status: 'warn',
        message:
          'Deployment/cert-manager/cert-manager runs 1 replica (minimum 2)',
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
        // a budget exists: the next step is loosening it, not adding one
        remediation: expect.stringMatching(/^Loosen the budget/),
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
    const COVERAGE = 'availability.daemonset-coverage';
    const at = collectedAfter;
    const after = withPrevious;
    const short = () => {
      const f = cniFixture();
      f.objects.daemonSets[0].status.numberReady = 2;
      return f;
    };

    it('passes when ready on every desired node', () => {
      expect(run(cniFixture(), COVERAGE)).toMatchObject({
        status: 'pass',
        message: 'calico-system/calico-node ready on all 3 desired nodes',
      });
    });
    it('warns when ready < desired, with the collection time it was first seen', () => {
      expect(run(short(), COVERAGE)).toMatchObject({
        status: 'warn',
        message:
          'calico-system/calico-node ready 2 of 3 desired since 2026-01-15T10:00:00.000Z (fails once it lasts 60 min)',
        observed: {
          shortfall: ['calico-system/calico-node'],
          since: { 'calico-system/calico-node': '2026-01-15T10:00:00.000Z' },
          failAfterMinutes: 60,
        },
      });
    });
    it('stays warn on a refresh 40 minutes later (time, not collections, counts)', () => {
      const f = short();
      const first = run(f, COVERAGE);
      const refresh = run(at(f, 40), COVERAGE, after(f, first));
      expect(refresh).toMatchObject({
        status: 'warn',
        observed: {
          since: { 'calico-system/calico-node': '2026-01-15T10:00:00.000Z' },
        },
      });
      // and a third look 10 minutes after that still counts from the first sighting
      expect(run(at(f, 50), COVERAGE, after(f, refresh)).status).toBe('warn');
    });
    it('fails once the shortfall has lasted the configured duration', () => {
      const f = short();
      const first = run(f, COVERAGE);
      const refresh = run(at(f, 40), COVERAGE, after(f, first));
      expect(run(at(f, 61), COVERAGE, after(f, refresh))).toMatchObject({
        status: 'fail',
        message:
          'calico-system/calico-node ready 2 of 3 desired since 2026-01-15T10:00:00.000Z (1 h 1 min ≥ 60 min)',
      });
      // one hourly collection later is already past the default
      expect(run(at(f, 60), COVERAGE, after(f, first)).status).toBe('fail');
      const config = readChecksConfig(
        new ConfigReader({
          extensionScorecard: {
            checks: { [COVERAGE]: { failAfterMinutes: 120 } },
          },
        }),
      );
      expect(
        run(at(f, 90), COVERAGE, { ...after(f, first), config }).status,
      ).toBe('warn');
      expect(
        run(at(f, 120), COVERAGE, { ...after(f, first), config }).status,
      ).toBe('fail');
    });
    it('starts again when the shortfall cleared and came back', () => {
      const f = short();
      const first = run(f, COVERAGE);
      const healthy = cniFixture();
      const cleared = run(at(healthy, 30), COVERAGE, after(healthy, first));
      expect(cleared.status).toBe('pass');
      const back = run(at(f, 90), COVERAGE, after(f, cleared));
      expect(back).toMatchObject({
        status: 'warn',
        observed: {
          since: { 'calico-system/calico-node': '2026-01-15T11:30:00.000Z' },
        },
      });
      // another DaemonSet's shortfall is not this one's
      const other = {
        ...first,
        observed: {
          since: { 'calico-system/other': '2026-01-15T08:00:00.000Z' },
        },
      };
      expect(run(at(f, 90), COVERAGE, after(f, other)).status).toBe('warn');
    });
    it('keeps counting through a result that was unknown on partial data', () => {
      const f = short();
      const first = run(f, COVERAGE);
      f.cluster.reads.nodes = FORBIDDEN;
      const partial = run(at(f, 30), COVERAGE, after(f, first));
      expect(partial).toMatchObject({
        status: 'unknown',
        observed: {
          since: { 'calico-system/calico-node': '2026-01-15T10:00:00.000Z' },
        },
      });
      f.cluster.reads.nodes = { state: 'ok' };
      expect(run(at(f, 65), COVERAGE, after(f, partial)).status).toBe('fail');
    });
    it('a lasting shortfall fails even when the Nodes could not be read', () => {
      const f = short();
      const first = run(f, COVERAGE);
      f.cluster.reads.nodes = FORBIDDEN;
      expect(run(at(f, 70), COVERAGE, after(f, first))).toMatchObject({
        status: 'fail',
        message: expect.stringContaining(
          'reading nodes in cluster prod-eu was forbidden',
        ),
        observed: {
          missingReads: { nodes: expect.stringContaining('forbidden') },
        },
      });
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
