import { caBundle } from './__testUtils__/certificates';
import { completeDescriptor, NOW } from './__testUtils__/components';
import {
  admissionPolicyFixture,
  admissionWebhookFixture,
  cniFixture,
  crd,
  crdControllerFixture,
  run,
  type Fixture,
} from './__testUtils__/fixtures';
import { FORBIDDEN, kubeObject } from './__testUtils__/kube';

function stripMetricsPorts(f: Fixture) {
  for (const w of [...f.objects.deployments, ...f.objects.daemonSets]) {
    for (const c of w.spec.template.spec.containers) delete c.ports;
  }
}

describe('observability checks', () => {
  let webhook: Fixture;
  beforeAll(async () => {
    webhook = admissionWebhookFixture(
      await caBundle(NOW, { subject: 'CN=ca', daysFromNow: 300 }),
    );
  });
  const fresh = () => structuredClone(webhook);

  describe('observability.metrics', () => {
    it('passes with a metrics port', () => {
      expect(run(fresh(), 'observability.metrics')).toMatchObject({
        status: 'pass',
        message:
          'scraped via Deployment/kyverno/kyverno-admission-controller port metrics',
      });
    });
    it('passes with a ServiceMonitor selecting the Service (from another namespace too)', () => {
      const f = fresh();
      stripMetricsPorts(f);
      f.clusterObjects.servicemonitors = [
        kubeObject(
          'monitoring.coreos.com/v1',
          'ServiceMonitor',
          'kyverno',
          'monitoring',
          {
            spec: {
              namespaceSelector: { matchNames: ['kyverno'] },
              selector: {
                matchLabels: {
                  'app.kubernetes.io/name': 'kyverno-admission-controller',
                },
              },
              endpoints: [{ port: 'metrics' }],
            },
          },
        ),
      ];
      expect(run(f, 'observability.metrics').message).toBe(
        'scraped via ServiceMonitor monitoring/kyverno',
      );
    });
    it('passes with scrape annotations or a PodMonitor', () => {
      const f = cniFixture();
      stripMetricsPorts(f);
      f.objects.daemonSets[0].spec.template.metadata.annotations = {
        'prometheus.io/scrape': 'true',
      };
      expect(run(f, 'observability.metrics').status).toBe('pass');
      const g = cniFixture();
      stripMetricsPorts(g);
      g.clusterObjects.podmonitors = [
        kubeObject(
          'monitoring.coreos.com/v1',
          'PodMonitor',
          'calico-node',
          'calico-system',
          {
            spec: {
              selector: {
                matchLabels: { 'app.kubernetes.io/name': 'calico-node' },
              },
            },
          },
        ),
      ];
      expect(run(g, 'observability.metrics').message).toBe(
        'scraped via PodMonitor calico-system/calico-node',
      );
    });
    it('warns when nothing exposes or scrapes metrics', () => {
      const f = fresh();
      stripMetricsPorts(f);
      expect(run(f, 'observability.metrics')).toMatchObject({
        status: 'warn',
        message:
          'no metrics port, scrape annotation, ServiceMonitor or PodMonitor for the backend',
      });
    });
    it('is unknown when monitors could not be read and nothing else shows metrics', () => {
      const f = fresh();
      stripMetricsPorts(f);
      f.cluster.reads.servicemonitors = FORBIDDEN;
      expect(run(f, 'observability.metrics')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          'reading servicemonitors in cluster prod-eu was forbidden',
        ),
      });
    });
  });

  describe('observability.alerts', () => {
    it('passes with a declared alert on the failure signal', () => {
      expect(run(fresh(), 'observability.alerts')).toMatchObject({
        status: 'pass',
        message: 'alerts on the failure signal: KyvernoWebhookLatency',
      });
    });
    it('passes with a PrometheusRule on the signal', () => {
      const f = cniFixture();
      f.component.catalog!.descriptor!.alerts = [];
      f.objects.prometheusRules = [
        kubeObject(
          'monitoring.coreos.com/v1',
          'PrometheusRule',
          'calico',
          'calico-system',
          {
            spec: {
              groups: [
                {
                  name: 'calico',
                  rules: [
                    {
                      alert: 'PodSandboxFailures',
                      expr: 'rate(kubelet_runtime_operations_errors_total{operation_type="run_podsandbox"}[5m]) > 0',
                    },
                  ],
                },
              ],
            },
          },
        ),
      ];
      expect(run(f, 'observability.alerts').message).toBe(
        'alerts on the failure signal: PodSandboxFailures',
      );
    });
    it('warns for rules that do not watch the signal', () => {
      const f = cniFixture();
      f.component.catalog!.descriptor!.alerts = [];
      f.objects.prometheusRules = [
        kubeObject(
          'monitoring.coreos.com/v1',
          'PrometheusRule',
          'calico',
          'calico-system',
          {
            spec: {
              groups: [
                { name: 'x', rules: [{ alert: 'Up', expr: 'up == 0' }] },
              ],
            },
          },
        ),
      ];
      expect(run(f, 'observability.alerts')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining(
          '1 PrometheusRule alert(s), none on kubelet_runtime_operations_errors_total',
        ),
      });
    });
    it('warns with no alert at all, also for admission policies', () => {
      const f = admissionPolicyFixture();
      f.component.catalog!.descriptor = completeDescriptor('admission-policy', {
        alerts: [],
      });
      expect(run(f, 'observability.alerts')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining(
          'no alert rule for the failure signal (apiserver_validating_admission_policy_check_total',
        ),
      });
    });
    it('is unknown when PrometheusRules could not be read and nothing is declared', () => {
      const f = cniFixture();
      f.component.catalog!.descriptor!.alerts = [];
      f.cluster.reads.prometheusrules = FORBIDDEN;
      expect(run(f, 'observability.alerts').status).toBe('unknown');
    });
  });

  describe('observability.status', () => {
    it('passes with the status subresource on every served version', () => {
      expect(run(crdControllerFixture(), 'observability.status').status).toBe(
        'pass',
      );
    });
    it('warns for CRDs without it', () => {
      const f = crdControllerFixture();
      f.objects.customResourceDefinitions.push(
        crd('felixconfigurations.crd.projectcalico.org', { status: false }),
      );
      expect(run(f, 'observability.status')).toMatchObject({
        status: 'warn',
        message:
          'no status subresource: felixconfigurations.crd.projectcalico.org (v1)',
      });
    });
  });
});
