import { RbacFinding } from '@extension-scorecard/plugin-extension-scorecard-common';
import { groupRbacFindings } from './rbacGroups';

const ALL = { apiGroups: ['*'], resources: ['*'], verbs: ['*'] };

function finding(overrides: Partial<RbacFinding>): RbacFinding {
  return {
    cluster: 'prod-eu',
    checkId: 'rbac.cluster-admin',
    serviceAccount: 'kyverno/kyverno-admission-controller',
    binding: 'ClusterRoleBinding/kyverno:admin',
    role: 'ClusterRole/cluster-admin',
    rule: ALL,
    declared: false,
    ...overrides,
  };
}

describe('groupRbacFindings', () => {
  it('makes one grant of a cluster-admin binding found by six checks in two clusters', () => {
    const checks: RbacFinding['checkId'][] = [
      'rbac.cluster-admin',
      'rbac.wildcards',
      'rbac.secrets',
      'rbac.escalation',
      'rbac.webhook-write',
      'rbac.pod-exec',
    ];
    const findings = ['prod-eu', 'staging-us'].flatMap(cluster =>
      checks.map(checkId => finding({ cluster, checkId })),
    );
    expect(findings).toHaveLength(12);
    const grants = groupRbacFindings(findings);
    expect(grants).toEqual([
      {
        serviceAccount: 'kyverno/kyverno-admission-controller',
        binding: 'ClusterRoleBinding/kyverno:admin',
        role: 'ClusterRole/cluster-admin',
        clusters: ['prod-eu', 'staging-us'],
        findings: [...checks].sort().map(checkId => ({
          checkId,
          rules: ['* on * (*)'],
        })),
        declared: false,
        partlyDeclared: false,
      },
    ]);
  });

  it('keeps different bindings apart and lists every distinct rule of a check', () => {
    const grants = groupRbacFindings([
      finding({
        checkId: 'rbac.secrets',
        binding: 'RoleBinding/kyverno/secrets',
        role: 'Role/kyverno/secrets',
        rule: { apiGroups: [''], resources: ['secrets'], verbs: ['get'] },
        declared: true,
      }),
      finding({
        checkId: 'rbac.secrets',
        binding: 'RoleBinding/kyverno/secrets',
        role: 'Role/kyverno/secrets',
        rule: { apiGroups: [''], resources: ['secrets'], verbs: ['list'] },
        declared: false,
      }),
      finding({}),
    ]);
    expect(grants.map(g => g.binding)).toEqual([
      'ClusterRoleBinding/kyverno:admin',
      'RoleBinding/kyverno/secrets',
    ]);
    expect(grants[1]).toMatchObject({
      findings: [
        {
          checkId: 'rbac.secrets',
          rules: ['get on secrets (core)', 'list on secrets (core)'],
        },
      ],
      declared: false,
      partlyDeclared: true,
    });
  });
});
