import { caBundle, daysFrom } from '../__testUtils__/certificates';
import { evaluateComponent, NOW } from '../__testUtils__/components';
import {
  admissionWebhookFixture,
  CLUSTER,
  run,
  webhookConfiguration,
  webhookEntry,
  type Fixture,
} from '../__testUtils__/fixtures';
import { endpointSlice, FORBIDDEN } from '../__testUtils__/kube';

describe('webhook checks', () => {
  let base: Fixture;
  beforeAll(async () => {
    base = admissionWebhookFixture(
      await caBundle(NOW, { subject: 'CN=kyverno-ca', daysFromNow: 300 }),
    );
  });
  const fresh = () => structuredClone(base);
  const hook = (f: Fixture) =>
    (f.objects.validatingWebhookConfigurations[0] as any).webhooks[0];
  const addMutating = (f: Fixture, overrides: Record<string, unknown> = {}) => {
    f.objects.mutatingWebhookConfigurations.push(
      webhookConfiguration(
        'MutatingWebhookConfiguration',
        'kyverno-resource-mutating-webhook-cfg',
        [
          webhookEntry({
            name: 'mutate.kyverno.svc-fail',
            failurePolicy: 'Ignore',
            reinvocationPolicy: 'Never',
            ...overrides,
          }),
        ],
      ),
    );
  };

  it('are not applicable to an instance without webhook configurations', () => {
    const f = fresh();
    f.objects.validatingWebhookConfigurations = [];
    for (const id of [
      'webhook.timeout',
      'webhook.failure-policy',
      'webhook.scope',
      'webhook.match-conditions',
      'webhook.match-policy',
      'webhook.side-effects',
      'webhook.review-versions',
      'webhook.reinvocation',
    ]) {
      expect(run(f, id).status).toBe('not-applicable');
    }
  });

  describe('on partial data (a proven fail stands, anything else is unknown)', () => {
    it.each([
      ['webhook.timeout', { timeoutSeconds: 30 }],
      ['webhook.side-effects', { sideEffects: 'Some' }],
      ['webhook.review-versions', { admissionReviewVersions: ['v1beta1'] }],
    ] as const)(
      '%s fails on a validating webhook that was read, although mutating webhooks were not',
      (id, broken) => {
        const f = fresh();
        Object.assign(hook(f), broken);
        f.cluster.reads.mutatingwebhookconfigurations = FORBIDDEN;
        expect(run(f, id)).toMatchObject({
          status: 'fail',
          message: expect.stringContaining(
            '(proven on what was read; reading mutatingwebhookconfigurations in cluster prod-eu was forbidden',
          ),
        });
        // without the flaw, the verdict needs the mutating webhooks too
        const ok = fresh();
        ok.cluster.reads.mutatingwebhookconfigurations = FORBIDDEN;
        expect(run(ok, id)).toMatchObject({
          status: 'unknown',
          message: expect.stringMatching(
            /^cannot judge: reading mutatingwebhookconfigurations in cluster prod-eu was forbidden .*\(on what was read: pass, /,
          ),
        });
      },
    );
    it('webhook.failure-policy fails on too few endpoints although mutating webhooks were not read', () => {
      const f = fresh();
      f.clusterObjects.endpointslices = [];
      f.cluster.reads.mutatingwebhookconfigurations = FORBIDDEN;
      expect(run(f, 'webhook.failure-policy').status).toBe('fail');
      const ok = fresh();
      ok.cluster.reads.mutatingwebhookconfigurations = FORBIDDEN;
      expect(run(ok, 'webhook.failure-policy').status).toBe('unknown');
    });
    it('webhook.scope: a selector on the namespace name proves a lock-out without the Namespaces', () => {
      const f = fresh();
      hook(f).namespaceSelector = {
        matchExpressions: [
          {
            key: 'kubernetes.io/metadata.name',
            operator: 'NotIn',
            values: ['kyverno'],
          },
        ],
      };
      f.cluster.reads.namespaces = FORBIDDEN;
      expect(run(f, 'webhook.scope')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining(
          'validate.kyverno.svc-fail (failurePolicy Fail) can match namespace kube-system (proven on what was read; reading namespaces',
        ),
      });
    });
    it('webhook.scope: a selector on other labels proves nothing without the Namespaces', () => {
      const f = fresh();
      // kube-system usually carries this label, so it is excluded; unread, that is unknown
      hook(f).namespaceSelector = {
        matchExpressions: [{ key: 'control-plane', operator: 'DoesNotExist' }],
      };
      expect(run(f, 'webhook.scope').status).toBe('fail');
      f.cluster.reads.namespaces = FORBIDDEN;
      expect(run(f, 'webhook.scope')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          'reading namespaces in cluster prod-eu was forbidden',
        ),
      });
    });
  });

  describe('webhook.timeout', () => {
    it('passes at 5 s or less', () => {
      expect(run(fresh(), 'webhook.timeout')).toMatchObject({
        status: 'pass',
        message: '1 webhook, longest timeoutSeconds 5 (threshold 5 s)',
      });
    });
    it('warns between 6 and 10 s, naming the v1 default', () => {
      const f = fresh();
      delete hook(f).timeoutSeconds;
      expect(run(f, 'webhook.timeout')).toMatchObject({
        status: 'warn',
        message:
          'validate.kyverno.svc-fail timeoutSeconds 10 (default) (threshold 5 s)',
        observed: { timeouts: { 'validate.kyverno.svc-fail': 10 } },
      });
    });
    it('fails above 10 s, including the v1beta1 default of 30', () => {
      const f = fresh();
      delete hook(f).timeoutSeconds;
      f.objects.validatingWebhookConfigurations[0].apiVersion =
        'admissionregistration.k8s.io/v1beta1';
      expect(run(f, 'webhook.timeout')).toMatchObject({
        status: 'fail',
        message:
          'validate.kyverno.svc-fail timeoutSeconds 30 (default) (threshold 10 s): each matched request can wait that long',
      });
    });
    it('summarises many webhooks with the same finding instead of listing each', () => {
      const f = fresh();
      const configuration = f.objects.validatingWebhookConfigurations[0] as any;
      configuration.webhooks = ['a', 'b', 'c', 'd'].map(name => ({
        ...hook(f),
        name: `${name}.kyverno.svc`,
        timeoutSeconds: 30,
      }));
      configuration.webhooks[3].timeoutSeconds = 20;
      expect(run(f, 'webhook.timeout').message).toBe(
        'a.kyverno.svc and 2 more webhooks timeoutSeconds 30; d.kyverno.svc timeoutSeconds 20 (threshold 10 s): each matched request can wait that long',
      );
    });
    it('uses configured thresholds', () => {
      const f = fresh();
      hook(f).timeoutSeconds = 8;
      const checks = {
        'webhook.timeout': { passMaxSeconds: 2, warnMaxSeconds: 7 },
      };
      const { readChecksConfig } = require('../config');
      const { ConfigReader } = require('@backstage/config');
      const config = readChecksConfig(
        new ConfigReader({ extensionScorecard: { checks } }),
      );
      expect(run(f, 'webhook.timeout', { config })).toMatchObject({
        status: 'fail',
        message:
          'validate.kyverno.svc-fail timeoutSeconds 8 (threshold 7 s): each matched request can wait that long',
      });
    });
  });

  describe('webhook.failure-policy', () => {
    it('passes when every Fail webhook has at least 2 ready endpoints', () => {
      expect(run(fresh(), 'webhook.failure-policy')).toMatchObject({
        status: 'pass',
        observed: { readyEndpoints: { 'validate.kyverno.svc-fail': 3 } },
      });
    });
    it('fails with fewer than 2 ready endpoints behind a Fail webhook', () => {
      const f = fresh();
      f.clusterObjects.endpointslices = [
        endpointSlice('kyverno', 'kyverno-svc', [
          { ip: '10.0.1.10', ready: true },
          { ip: '10.0.2.10', ready: false },
        ]),
      ];
      expect(run(f, 'webhook.failure-policy')).toMatchObject({
        status: 'fail',
        message:
          'validate.kyverno.svc-fail (failurePolicy Fail): 1 ready endpoint behind Service kyverno/kyverno-svc (minimum 2)',
      });
    });
    it('counts the v1 default failurePolicy as Fail', () => {
      const f = fresh();
      delete hook(f).failurePolicy;
      f.clusterObjects.endpointslices = [];
      expect(run(f, 'webhook.failure-policy').message).toContain(
        '(failurePolicy Fail (default)): 0 ready endpoints',
      );
    });
    it('warns for a mutating webhook with Fail', () => {
      const f = fresh();
      addMutating(f, { failurePolicy: 'Fail' });
      expect(run(f, 'webhook.failure-policy')).toMatchObject({
        status: 'warn',
        message:
          'mutating mutate.kyverno.svc-fail (failurePolicy Fail): an outage of the backend blocks every matched write',
        // the backend is highly available already: the advice is about the policy
        remediation: expect.stringMatching(
          /^Use failurePolicy Ignore for mutating webhooks/,
        ),
      });
    });
    it('warns for a Fail webhook called by URL', () => {
      const f = fresh();
      hook(f).clientConfig = { url: 'https://policy.example.com/validate' };
      expect(run(f, 'webhook.failure-policy').status).toBe('warn');
    });
    it('passes Ignore webhooks without looking at endpoints', () => {
      const f = fresh();
      hook(f).failurePolicy = 'Ignore';
      f.cluster.reads.endpointslices = FORBIDDEN;
      expect(run(f, 'webhook.failure-policy').status).toBe('pass');
    });
    it('is unknown when endpoints of a Fail webhook cannot be read', () => {
      const f = fresh();
      f.cluster.reads.endpointslices = FORBIDDEN;
      expect(run(f, 'webhook.failure-policy')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          'reading endpointslices in cluster prod-eu was forbidden',
        ),
      });
    });
  });

  describe('webhook.scope', () => {
    it('passes when kube-system and its own namespace are excluded, and reports the blast radius', () => {
      const f = fresh();
      const scorecard = evaluateComponent(f.component, [f.cluster], {
        evidence: f.evidence,
      });
      expect(
        scorecard.results.find(r => r.checkId === 'webhook.scope'),
      ).toMatchObject({
        status: 'pass',
        message: expect.stringContaining('matches at most 4 of 6 namespaces'),
      });
      expect(scorecard.blastRadius).toEqual([
        expect.objectContaining({
          cluster: CLUSTER,
          name: 'validate.kyverno.svc-fail',
          objectKind: 'ValidatingWebhookConfiguration',
          operations: ['CREATE', 'UPDATE'],
          resources: ['v1/pods'],
          matchedNamespaces: [
            'default',
            'kube-public',
            'kube-node-lease',
            'team-a',
          ],
          totalNamespaces: 6,
          clusterScoped: false,
          failurePolicy: 'Fail',
          timeoutSeconds: 5,
          worstCaseLatencySeconds: 5,
          namespaceSelector:
            'kubernetes.io/metadata.name notin (kube-system,kyverno)',
        }),
      ]);
    });
    it('fails when a Fail webhook can match kube-system', () => {
      const f = fresh();
      hook(f).namespaceSelector = {
        matchExpressions: [
          {
            key: 'kubernetes.io/metadata.name',
            operator: 'NotIn',
            values: ['kyverno'],
          },
        ],
      };
      expect(run(f, 'webhook.scope')).toMatchObject({
        status: 'fail',
        message:
          'validate.kyverno.svc-fail (failurePolicy Fail) can match namespace kube-system',
      });
    });
    it('fails when a Fail webhook can match its own namespace', () => {
      const f = fresh();
      hook(f).namespaceSelector = {
        matchExpressions: [
          {
            key: 'kubernetes.io/metadata.name',
            operator: 'NotIn',
            values: ['kube-system'],
          },
        ],
      };
      expect(run(f, 'webhook.scope').message).toBe(
        'validate.kyverno.svc-fail (failurePolicy Fail) can match namespace kyverno',
      );
    });
    it('evaluates selectors against the real namespace labels', () => {
      const f = fresh();
      hook(f).namespaceSelector = {
        matchLabels: { 'policy.example.com/enforce': 'true' },
      };
      expect(run(f, 'webhook.scope').status).toBe('pass');
      const kubeSystem = f.clusterObjects.namespaces!.find(
        n => n.metadata.name === 'kube-system',
      )!;
      kubeSystem.metadata.labels!['policy.example.com/enforce'] = 'true';
      expect(run(f, 'webhook.scope').message).toBe(
        'validate.kyverno.svc-fail (failurePolicy Fail) can match namespace kube-system',
      );
    });
    it('does not fail an Ignore webhook matching kube-system, but warns on * without selectors', () => {
      const f = fresh();
      Object.assign(hook(f), {
        failurePolicy: 'Ignore',
        namespaceSelector: {},
        rules: [
          {
            apiGroups: ['*'],
            apiVersions: ['*'],
            operations: ['CREATE', 'UPDATE'],
            resources: ['*'],
            scope: '*',
          },
        ],
      });
      expect(run(f, 'webhook.scope')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining(
          'validate.kyverno.svc-fail matches every group or every resource of built-in groups with no namespace or object selector',
        ),
      });
    });
    it('warns on Leases in kube-node-lease, TokenReviews and SubjectAccessReviews', () => {
      const f = fresh();
      hook(f).failurePolicy = 'Ignore';
      hook(f).namespaceSelector = {};
      hook(f).rules = [
        {
          apiGroups: ['coordination.k8s.io'],
          apiVersions: ['v1'],
          operations: ['UPDATE'],
          resources: ['leases'],
          scope: 'Namespaced',
        },
        {
          apiGroups: ['authentication.k8s.io'],
          apiVersions: ['v1'],
          operations: ['CREATE'],
          resources: ['tokenreviews'],
          scope: 'Cluster',
        },
        {
          apiGroups: ['authorization.k8s.io'],
          apiVersions: ['v1'],
          operations: ['CREATE'],
          resources: ['subjectaccessreviews'],
          scope: 'Cluster',
        },
      ];
      expect(run(f, 'webhook.scope').message).toBe(
        'validate.kyverno.svc-fail matches Leases in kube-node-lease, TokenReviews and SubjectAccessReviews',
      );
    });
    it('does not reach namespaces with cluster-scoped rules only', () => {
      const f = fresh();
      hook(f).namespaceSelector = {};
      hook(f).rules = [
        {
          apiGroups: [''],
          apiVersions: ['v1'],
          operations: ['CREATE'],
          resources: ['namespaces'],
          scope: 'Cluster',
        },
      ];
      expect(run(f, 'webhook.scope').status).toBe('pass');
    });
  });

  describe('webhook.match-conditions', () => {
    it('passes for explicit rules', () => {
      expect(run(fresh(), 'webhook.match-conditions')).toMatchObject({
        status: 'pass',
        message: '1 webhook names its groups and resources explicitly',
      });
    });
    it('warns for broad rules without matchConditions', () => {
      const f = fresh();
      hook(f).rules = [
        {
          apiGroups: ['*'],
          apiVersions: ['*'],
          operations: ['CREATE'],
          resources: ['*'],
        },
      ];
      expect(run(f, 'webhook.match-conditions')).toMatchObject({
        status: 'warn',
        message:
          'validate.kyverno.svc-fail matches every group or every resource of built-in groups with no matchConditions',
      });
    });
    it("does not count * resources of the extension's own group as broad", () => {
      const f = fresh();
      hook(f).rules = [
        {
          apiGroups: ['cert-manager.io', 'acme.cert-manager.io'],
          apiVersions: ['v1'],
          operations: ['CREATE', 'UPDATE'],
          resources: ['*/*'],
        },
      ];
      expect(run(f, 'webhook.match-conditions').status).toBe('pass');
      hook(f).rules = [
        {
          apiGroups: ['apps'],
          apiVersions: ['v1'],
          operations: ['CREATE'],
          resources: ['*'],
        },
      ];
      expect(run(f, 'webhook.match-conditions').status).toBe('warn');
    });
    it('qualifies webhook names that repeat across configurations', () => {
      const f = fresh();
      hook(f).timeoutSeconds = 10;
      f.objects.mutatingWebhookConfigurations.push(
        webhookConfiguration(
          'MutatingWebhookConfiguration',
          'cert-manager-webhook',
          [
            webhookEntry({
              name: 'validate.kyverno.svc-fail',
              failurePolicy: 'Ignore',
            }),
          ],
        ),
      );
      expect(run(f, 'webhook.timeout').message).toBe(
        'kyverno-resource-validating-webhook-cfg/validate.kyverno.svc-fail timeoutSeconds 10 (threshold 5 s)',
      );
    });
    it('passes broad rules filtered by matchConditions', () => {
      const f = fresh();
      hook(f).rules = [
        {
          apiGroups: ['*'],
          apiVersions: ['*'],
          operations: ['CREATE'],
          resources: ['*'],
        },
      ];
      hook(f).matchConditions = [
        {
          name: 'exclude-system',
          expression: "!request.userInfo.username.startsWith('system:')",
        },
      ];
      expect(run(f, 'webhook.match-conditions').status).toBe('pass');
    });
  });

  describe('webhook.match-policy', () => {
    it('passes for Equivalent', () => {
      expect(run(fresh(), 'webhook.match-policy').status).toBe('pass');
    });
    it('warns for Exact, set or defaulted by v1beta1', () => {
      const f = fresh();
      hook(f).matchPolicy = 'Exact';
      expect(run(f, 'webhook.match-policy').message).toBe(
        'validate.kyverno.svc-fail matchPolicy Exact: requests through other versions bypass it',
      );
      delete hook(f).matchPolicy;
      f.objects.validatingWebhookConfigurations[0].apiVersion =
        'admissionregistration.k8s.io/v1beta1';
      expect(run(f, 'webhook.match-policy')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining('matchPolicy Exact (default)'),
      });
    });
  });

  describe('webhook.side-effects', () => {
    it('passes for None and NoneOnDryRun', () => {
      expect(run(fresh(), 'webhook.side-effects')).toMatchObject({
        status: 'pass',
        message: '1 webhook declares sideEffects NoneOnDryRun',
      });
    });
    it('fails for Some, or the v1beta1 default Unknown', () => {
      const f = fresh();
      hook(f).sideEffects = 'Some';
      expect(run(f, 'webhook.side-effects')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining('sideEffects Some'),
      });
      delete hook(f).sideEffects;
      f.objects.validatingWebhookConfigurations[0].apiVersion =
        'admissionregistration.k8s.io/v1beta1';
      expect(run(f, 'webhook.side-effects').message).toContain(
        'sideEffects Unknown (v1beta1 default)',
      );
    });
  });

  describe('webhook.review-versions', () => {
    it('passes when v1 is accepted', () => {
      expect(run(fresh(), 'webhook.review-versions').status).toBe('pass');
    });
    it('fails without v1', () => {
      const f = fresh();
      hook(f).admissionReviewVersions = ['v1beta1'];
      expect(run(f, 'webhook.review-versions')).toMatchObject({
        status: 'fail',
        message:
          'validate.kyverno.svc-fail admissionReviewVersions [v1beta1] without v1',
      });
    });
  });

  describe('webhook.reinvocation', () => {
    it('does not apply without mutating webhooks', () => {
      expect(run(fresh(), 'webhook.reinvocation')).toMatchObject({
        status: 'not-applicable',
        message: 'no mutating webhook of this component in cluster prod-eu',
      });
    });
    it('passes with reinvocationPolicy Never', () => {
      const f = fresh();
      addMutating(f);
      expect(run(f, 'webhook.reinvocation')).toMatchObject({
        status: 'pass',
        message: '1 mutating webhook with reinvocationPolicy Never',
      });
    });
    it('warns for IfNeeded without an idempotence experiment, and requires the scenario', () => {
      const f = fresh();
      addMutating(f, { reinvocationPolicy: 'IfNeeded' });
      expect(run(f, 'webhook.reinvocation')).toMatchObject({
        status: 'warn',
        severity: 'info',
        message: expect.stringContaining(
          "no fresh passing 'webhook-reinvocation-idempotent' experiment",
        ),
      });
      expect(run(f, 'experiments.required').message).toContain(
        'never ran: webhook-reinvocation-idempotent',
      );
    });
    it('passes IfNeeded proven idempotent by a fresh passing run', () => {
      const f = fresh();
      addMutating(f, { reinvocationPolicy: 'IfNeeded' });
      f.evidence.push({
        ...f.evidence[0],
        id: 'ev-reinvoke',
        scenario: 'webhook-reinvocation-idempotent',
        startedAt: daysFrom(NOW, -3),
        injectedAt: daysFrom(NOW, -3),
      });
      expect(run(f, 'webhook.reinvocation')).toMatchObject({
        status: 'pass',
        message: expect.stringContaining('idempotence proven by ev-reinvoke'),
      });
      f.evidence[f.evidence.length - 1].injectedAt = daysFrom(NOW, -120);
      expect(run(f, 'webhook.reinvocation').status).toBe('warn');
    });
  });
});
