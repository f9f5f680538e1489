import {
  clusterRole,
  clusterRoleBinding,
  role,
  roleBinding,
  serviceAccountSubject,
} from '../__testUtils__/kube';
import {
  isAdminEquivalent,
  RbacIndex,
  ruleGrants,
  type PolicyRule,
} from './rbacAuthorizer';

const rule = (
  apiGroups: string[],
  resources: string[],
  verbs: string[],
): PolicyRule => ({ apiGroups, resources, verbs });

describe('rule matching as the API server does it', () => {
  it('* in resources covers every resource and subresource', () => {
    expect(
      ruleGrants(rule([''], ['*'], ['get']), {
        apiGroup: '',
        resources: ['pods/exec'],
        verbs: ['get'],
      }),
    ).toBe(true);
    expect(
      ruleGrants(rule([''], ['*'], ['get']), {
        apiGroup: '',
        resources: ['secrets'],
        verbs: ['get'],
      }),
    ).toBe(true);
  });
  it('*/sub covers that subresource of every resource; pods/* is not a wildcard', () => {
    expect(
      ruleGrants(rule([''], ['*/exec'], ['create']), {
        apiGroup: '',
        resources: ['pods/exec'],
        verbs: ['create'],
      }),
    ).toBe(true);
    expect(
      ruleGrants(rule([''], ['pods/*'], ['create']), {
        apiGroup: '',
        resources: ['pods/exec'],
        verbs: ['create'],
      }),
    ).toBe(false);
    expect(
      ruleGrants(rule([''], ['pods'], ['create']), {
        apiGroup: '',
        resources: ['pods/exec'],
        verbs: ['create'],
      }),
    ).toBe(false);
  });
  it('* in apiGroups and verbs covers every group and verb', () => {
    expect(
      ruleGrants(rule(['*'], ['roles'], ['*']), {
        apiGroup: 'rbac.authorization.k8s.io',
        resources: ['roles'],
        verbs: ['escalate'],
      }),
    ).toBe(true);
    expect(
      ruleGrants(rule(['apps'], ['roles'], ['*']), {
        apiGroup: 'rbac.authorization.k8s.io',
        resources: ['roles'],
        verbs: ['escalate'],
      }),
    ).toBe(false);
  });
  it('a probe for any verb matches any granted verb', () => {
    expect(
      ruleGrants(rule([''], ['nodes/proxy'], ['get']), {
        apiGroup: '',
        resources: ['nodes/proxy'],
        verbs: ['*'],
      }),
    ).toBe(true);
    expect(
      ruleGrants(rule([''], ['nodes/proxy'], []), {
        apiGroup: '',
        resources: ['nodes/proxy'],
        verbs: ['*'],
      }),
    ).toBe(false);
  });
  it('recognises admin-equivalent rules', () => {
    const verbs = [
      'get',
      'list',
      'watch',
      'create',
      'update',
      'patch',
      'delete',
    ];
    expect(isAdminEquivalent(rule(['*'], ['*'], verbs), verbs)).toBe(true);
    expect(isAdminEquivalent(rule(['*'], ['*'], ['get', 'list']), verbs)).toBe(
      false,
    );
    expect(
      isAdminEquivalent(
        { ...rule(['*'], ['*'], ['*']), resourceNames: ['x'] },
        verbs,
      ),
    ).toBe(false);
  });
});

describe('RbacIndex', () => {
  const subject = serviceAccountSubject('ops', 'operator');

  it('resolves ClusterRoleBindings, RoleBindings to Roles and RoleBindings to ClusterRoles (scoped)', () => {
    const index = new RbacIndex({
      clusterRoles: [clusterRole('reader', [rule([''], ['pods'], ['get'])])],
      roles: [role('ops', 'local', [rule([''], ['configmaps'], ['update'])])],
      clusterRoleBindings: [clusterRoleBinding('crb', 'reader', [subject])],
      roleBindings: [
        roleBinding('ops', 'rb-role', { kind: 'Role', name: 'local' }, [
          subject,
        ]),
        roleBinding(
          'team-a',
          'rb-cluster',
          { kind: 'ClusterRole', name: 'reader' },
          [subject],
        ),
      ],
    });
    expect(
      index
        .grantsFor('ops', 'operator')
        .map(g => [g.binding, g.role, g.namespace]),
    ).toEqual([
      ['ClusterRoleBinding/crb', 'ClusterRole/reader', null],
      ['RoleBinding/ops/rb-role', 'Role/ops/local', 'ops'],
      ['RoleBinding/team-a/rb-cluster', 'ClusterRole/reader', 'team-a'],
    ]);
  });

  it('includes the aggregated rules of an aggregated ClusterRole', () => {
    const index = new RbacIndex({
      clusterRoles: [
        clusterRole('monitoring', [], {
          aggregationRule: {
            clusterRoleSelectors: [
              {
                matchLabels: {
                  'rbac.example.com/aggregate-to-monitoring': 'true',
                },
              },
            ],
          },
        }),
        clusterRole('monitoring-secrets', [rule([''], ['secrets'], ['list'])], {
          labels: { 'rbac.example.com/aggregate-to-monitoring': 'true' },
        }),
        clusterRole('unrelated', [rule([''], ['nodes'], ['delete'])]),
      ],
      clusterRoleBindings: [clusterRoleBinding('mon', 'monitoring', [subject])],
    });
    const [grant] = index.grantsFor('ops', 'operator');
    expect(grant.rules).toEqual([
      expect.objectContaining({ resources: ['secrets'], verbs: ['list'] }),
    ]);
  });

  it('finds grants through the user name and the service account groups', () => {
    const index = new RbacIndex({
      clusterRoles: [clusterRole('r', [rule([''], ['pods'], ['get'])])],
      clusterRoleBindings: [
        clusterRoleBinding('by-user', 'r', [
          { kind: 'User', name: 'system:serviceaccount:ops:operator' },
        ]),
        clusterRoleBinding('all-sas', 'r', [
          { kind: 'Group', name: 'system:serviceaccounts' },
        ]),
        clusterRoleBinding('ns-sas', 'r', [
          { kind: 'Group', name: 'system:serviceaccounts:ops' },
        ]),
        clusterRoleBinding('other-ns', 'r', [
          { kind: 'Group', name: 'system:serviceaccounts:team-a' },
        ]),
      ],
    });
    expect(index.grantsFor('ops', 'operator').map(g => g.binding)).toEqual([
      'ClusterRoleBinding/by-user',
      'ClusterRoleBinding/all-sas',
      'ClusterRoleBinding/ns-sas',
    ]);
  });

  it('marks bindings to roles that do not exist', () => {
    const index = new RbacIndex({
      clusterRoleBindings: [clusterRoleBinding('dangling', 'gone', [subject])],
    });
    expect(index.grantsFor('ops', 'operator')[0]).toMatchObject({
      missingRole: true,
      rules: [],
    });
  });
});
