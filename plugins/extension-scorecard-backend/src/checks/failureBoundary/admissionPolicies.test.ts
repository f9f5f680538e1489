import { evaluateComponent } from '../__testUtils__/components';
import {
  admissionPolicyFixture,
  CLUSTER,
  run,
} from '../__testUtils__/fixtures';
import { FORBIDDEN, NOT_SERVED } from '../__testUtils__/kube';

describe('policy.binding', () => {
  it('passes for a bound, namespace-scoped policy and reports its blast radius', () => {
    const f = admissionPolicyFixture();
    const scorecard = evaluateComponent(f.component, [f.cluster], {
      evidence: f.evidence,
    });
    expect(
      scorecard.results.find(r => r.checkId === 'policy.binding'),
    ).toMatchObject({
      status: 'pass',
      message:
        'bindings scoped by namespaceSelector: require-team-label/require-team-label-binding (Deny)',
    });
    expect(scorecard.blastRadius).toEqual([
      expect.objectContaining({
        cluster: CLUSTER,
        name: 'require-team-label/require-team-label-binding',
        objectKind: 'ValidatingAdmissionPolicyBinding',
        operations: ['CREATE', 'UPDATE'],
        resources: ['apps/v1/deployments'],
        matchedNamespaces: ['team-a', 'team-b'],
        totalNamespaces: 6,
        failurePolicy: 'Fail',
        timeoutSeconds: null,
        worstCaseLatencySeconds: null,
      }),
    ]);
  });

  it('fails for a policy without a binding', () => {
    const f = admissionPolicyFixture();
    f.objects.validatingAdmissionPolicyBindings = [];
    f.clusterObjects.validatingadmissionpolicybindings = [];
    expect(run(f, 'policy.binding')).toMatchObject({
      status: 'fail',
      message: 'policy require-team-label has no binding: it enforces nothing',
    });
  });

  it('an unbound policy fails although the Namespaces were not read; a bound one is unknown', () => {
    const f = admissionPolicyFixture();
    f.cluster.reads.namespaces = FORBIDDEN;
    expect(run(f, 'policy.binding').status).toBe('unknown');
    f.objects.validatingAdmissionPolicyBindings = [];
    f.clusterObjects.validatingadmissionpolicybindings = [];
    expect(run(f, 'policy.binding')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(
        'it enforces nothing (proven on what was read; reading namespaces',
      ),
    });
  });

  it('finds bindings in the cluster that the inventory did not attach', () => {
    const f = admissionPolicyFixture();
    f.objects.validatingAdmissionPolicyBindings = [];
    expect(run(f, 'policy.binding').status).toBe('pass');
  });

  it('warns for a binding without matchResources or namespaceSelector', () => {
    const f = admissionPolicyFixture();
    f.objects.validatingAdmissionPolicyBindings[0].spec.matchResources =
      undefined;
    expect(run(f, 'policy.binding')).toMatchObject({
      status: 'warn',
      message:
        'binding require-team-label-binding of require-team-label has no matchResources (validationActions Deny)',
    });
    f.objects.validatingAdmissionPolicyBindings[0].spec.matchResources = {
      objectSelector: { matchLabels: { a: 'b' } },
    };
    expect(run(f, 'policy.binding').message).toContain(
      'has no matchResources.namespaceSelector',
    );
  });

  it('does not apply when the instance has no policy', () => {
    const f = admissionPolicyFixture();
    f.objects.validatingAdmissionPolicies = [];
    expect(run(f, 'policy.binding').status).toBe('not-applicable');
  });

  it('is unknown when bindings could not be read', () => {
    const f = admissionPolicyFixture();
    f.cluster.reads.validatingadmissionpolicybindings = FORBIDDEN;
    expect(run(f, 'policy.binding')).toMatchObject({
      status: 'unknown',
      message: expect.stringContaining(
        'cannot judge bindings: reading validatingadmissionpolicybindings',
      ),
    });
  });

  it('reads "bindings not served" next to served policies as no binding', () => {
    const f = admissionPolicyFixture();
    f.objects.validatingAdmissionPolicyBindings = [];
    f.clusterObjects.validatingadmissionpolicybindings = [];
    f.cluster.reads.validatingadmissionpolicybindings = NOT_SERVED;
    expect(run(f, 'policy.binding').status).toBe('fail');
  });
});
