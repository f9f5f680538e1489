import { caBundle } from '../__testUtils__/certificates';
import {
  catalogLink,
  completeDescriptor,
  evaluateComponent,
  NOW,
} from '../__testUtils__/components';
import {
  aggregatedApiFixture,
  CLUSTER,
  run,
  type Fixture,
} from '../__testUtils__/fixtures';
import { namespace } from '../__testUtils__/kube';

describe('aggregated API checks', () => {
  let base: Fixture;
  beforeAll(async () => {
    base = aggregatedApiFixture(
      await caBundle(NOW, {
        subject: 'CN=metrics-server-ca',
        daysFromNow: 300,
      }),
    );
  });
  const fresh = () => structuredClone(base);
  const api = (f: Fixture) => f.objects.apiServices[0];
  const stuckNamespace = (message: string) =>
    namespace(
      'team-old',
      {},
      {
        phase: 'Terminating',
        conditions: [
          {
            type: 'NamespaceDeletionDiscoveryFailure',
            status: 'True',
            reason: 'DiscoveryFailed',
            message,
          },
        ],
      },
    );

  describe('aggregated.available', () => {
    it('passes when Available=True', () => {
      expect(run(fresh(), 'aggregated.available')).toMatchObject({
        status: 'pass',
        message: 'v1beta1.metrics.k8s.io Available=True',
      });
    });
    it('fails when Available=False, with the reason', () => {
      const f = fresh();
      api(f).status.conditions = [
        {
          type: 'Available',
          status: 'False',
          reason: 'FailedDiscoveryCheck',
          message:
            'failing or missing response from https://10.96.0.12:443/apis/metrics.k8s.io/v1beta1',
        },
      ];
      expect(run(f, 'aggregated.available')).toMatchObject({
        status: 'fail',
        message: expect.stringMatching(
          /^v1beta1.metrics.k8s.io Available=False \(FailedDiscoveryCheck: failing or missing/,
        ),
      });
    });
    it('cuts a long condition message, keeping the whole one in the observed values', () => {
      const f = fresh();
      const message = `Get "https://10.96.0.12:443/apis/metrics.k8s.io/v1beta1": ${'context deadline exceeded; '.repeat(
        5,
      )}`;
      api(f).status.conditions = [
        {
          type: 'Available',
          status: 'False',
          reason: 'FailedDiscoveryCheck',
          message,
        },
      ];
      const result = run(f, 'aggregated.available');
      expect(result.message.length).toBeLessThan(160);
      expect(result.message).toMatch(/…\)$/);
      expect(result.observed).toMatchObject({
        'v1beta1.metrics.k8s.io': { reason: 'FailedDiscoveryCheck', message },
      });
    });
    it.each([
      'ServiceNotFound',
      'ServicePortError',
      'EndpointsNotFound',
      'MissingEndpoints',
    ])('fails for %s', reason => {
      const f = fresh();
      api(f).status.conditions = [
        { type: 'Available', status: 'False', reason },
      ];
      expect(run(f, 'aggregated.available').message).toContain(reason);
    });
    it('warns when Available is Unknown or missing', () => {
      const f = fresh();
      api(f).status.conditions = [{ type: 'Available', status: 'Unknown' }];
      expect(run(f, 'aggregated.available')).toMatchObject({
        status: 'warn',
        message: 'v1beta1.metrics.k8s.io Available=Unknown',
      });
      api(f).status = {};
      expect(run(f, 'aggregated.available').message).toBe(
        'v1beta1.metrics.k8s.io Available=not reported',
      );
    });
    it('ignores local APIServices served by kube-apiserver', () => {
      const f = fresh();
      api(f).spec.service = null;
      expect(run(f, 'aggregated.available').status).toBe('not-applicable');
    });
  });

  describe('aggregated.justified', () => {
    it('passes with an answer to why not a CRD', () => {
      expect(run(fresh(), 'aggregated.justified')).toMatchObject({
        status: 'pass',
        message: 'why not a CRD: needs custom storage',
      });
    });
    it('warns without one', () => {
      const f = fresh();
      f.component.catalog = catalogLink('metrics-server', 'aggregated-api', {
        descriptor: completeDescriptor('aggregated-api', {
          design: { whyNotBuiltIn: 'x', path: 'sync-api' },
        }),
      });
      expect(run(f, 'aggregated.justified')).toMatchObject({
        status: 'warn',
        message:
          'no answer to "why not a CRD + CEL + controller" in the design record',
      });
    });
  });

  describe('aggregated.stuck-namespaces', () => {
    it('passes when no namespace is stuck on its group', () => {
      expect(run(fresh(), 'aggregated.stuck-namespaces')).toMatchObject({
        status: 'pass',
        message:
          'no namespace stuck Terminating on discovery of metrics.k8s.io/v1beta1',
      });
    });
    it('fails for a namespace stuck on discovery of its group', () => {
      const f = fresh();
      f.clusterObjects.namespaces!.push(
        stuckNamespace(
          'Discovery failed for some groups, 1 failing: unable to retrieve the complete list of server APIs: metrics.k8s.io/v1beta1: the server is currently unable to handle the request',
        ),
      );
      expect(run(f, 'aggregated.stuck-namespaces')).toMatchObject({
        status: 'fail',
        message:
          'namespace(s) team-old stuck Terminating: NamespaceDeletionDiscoveryFailure on metrics.k8s.io/v1beta1',
        observed: { stuckNamespaces: ['team-old'] },
      });
    });
    it('does not blame it for namespaces stuck on another group', () => {
      const f = fresh();
      f.clusterObjects.namespaces!.push(
        stuckNamespace(
          'unable to retrieve the complete list of server APIs: custom.metrics.k8s.io/v1beta2: the server is currently unable to handle the request',
        ),
      );
      expect(run(f, 'aggregated.stuck-namespaces')).toMatchObject({
        status: 'pass',
        message: expect.stringContaining('1 stuck on other groups'),
      });
    });
  });

  it('reports the APIService blast radius: every namespace, every operation', () => {
    const f = fresh();
    const scorecard = evaluateComponent(f.component, [f.cluster], {
      evidence: f.evidence,
    });
    expect(scorecard.blastRadius).toEqual([
      expect.objectContaining({
        cluster: CLUSTER,
        name: 'v1beta1.metrics.k8s.io',
        objectKind: 'APIService',
        operations: ['*'],
        resources: ['metrics.k8s.io/v1beta1/*'],
        totalNamespaces: 4,
        clusterScoped: true,
      }),
    ]);
    expect(scorecard.blastRadius[0].matchedNamespaces).toHaveLength(4);
  });
});
