import { caBundle } from './__testUtils__/certificates';
import { evaluateComponent, NOW, resultOf } from './__testUtils__/components';
import {
  admissionWebhookFixture,
  CLUSTER,
  run,
  type Fixture,
} from './__testUtils__/fixtures';
import {
  clusterAdminRole,
  clusterRole,
  clusterRoleBinding,
  FORBIDDEN,
  kubeObject,
  role,
  roleBinding,
  serviceAccountSubject,
} from './__testUtils__/kube';

const SA = serviceAccountSubject('kyverno', 'kyverno-admission-controller');

describe('rbac checks', () => {
  let base: Fixture;
  beforeAll(async () => {
    base = admissionWebhookFixture(
      await caBundle(NOW, { subject: 'CN=ca', daysFromNow: 300 }),
    );
  });
  const fresh = () => structuredClone(base);
  /** Grants the backend's service account a ClusterRole with these rules, cluster-wide. */
  const grant = (f: Fixture, name: string, rules: any[]) => {
    f.clusterObjects.clusterroles!.push(clusterRole(name, rules));
    f.clusterObjects.clusterrolebindings!.push(
      clusterRoleBinding(name, name, [SA]),
    );
  };

  it('pass on least-privilege rules', () => {
    const f = fresh();
    for (const id of [
      'rbac.cluster-admin',
      'rbac.wildcards',
      'rbac.secrets',
      'rbac.escalation',
      'rbac.webhook-write',
      'rbac.pod-exec',
    ]) {
      expect(run(f, id)).toMatchObject({
        status: 'pass',
        message: expect.stringContaining(
          'kyverno/kyverno-admission-controller',
        ),
      });
    }
  });

  describe('rbac.cluster-admin', () => {
    it('fails for a binding to cluster-admin, naming binding and role', () => {
      const f = fresh();
      f.clusterObjects.clusterroles!.push(clusterAdminRole());
      f.clusterObjects.clusterrolebindings!.push(
        clusterRoleBinding('tenant-operator-cluster-admin', 'cluster-admin', [
          SA,
        ]),
      );
      const scorecard = evaluateComponent(f.component, [f.cluster], {
        evidence: f.evidence,
      });
      expect(
        scorecard.results.find(r => r.checkId === 'rbac.cluster-admin'),
      ).toMatchObject({
        status: 'fail',
        message:
          'admin rights: kyverno/kyverno-admission-controller via ClusterRoleBinding/tenant-operator-cluster-admin → ClusterRole/cluster-admin [*] *: *',
      });
      expect(scorecard.rbacFindings).toContainEqual({
        cluster: CLUSTER,
        checkId: 'rbac.cluster-admin',
        serviceAccount: 'kyverno/kyverno-admission-controller',
        binding: 'ClusterRoleBinding/tenant-operator-cluster-admin',
        role: 'ClusterRole/cluster-admin',
        rule: { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
        declared: false,
      });
      // cluster-admin also grants every other danger
      for (const id of [
        'rbac.wildcards',
        'rbac.secrets',
        'rbac.escalation',
        'rbac.pod-exec',
      ]) {
        expect(scorecard.results.find(r => r.checkId === id)?.status).toBe(
          'fail',
        );
      }
    });
    it('fails for an admin-equivalent rule spelled out verb by verb', () => {
      const f = fresh();
      grant(f, 'almighty', [
        {
          apiGroups: ['*'],
          resources: ['*'],
          verbs: [
            'get',
            'list',
            'watch',
            'create',
            'update',
            'patch',
            'delete',
          ],
        },
      ]);
      expect(run(f, 'rbac.cluster-admin')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining('ClusterRole/almighty'),
      });
    });
    it('fails for a RoleBinding to cluster-admin too', () => {
      const f = fresh();
      f.clusterObjects.clusterroles!.push(clusterAdminRole());
      f.clusterObjects.rolebindings!.push(
        roleBinding(
          'kyverno',
          'ns-admin',
          { kind: 'ClusterRole', name: 'cluster-admin' },
          [SA],
        ),
      );
      expect(run(f, 'rbac.cluster-admin').message).toContain(
        'RoleBinding/kyverno/ns-admin → ClusterRole/cluster-admin',
      );
    });
  });

  describe('rbac.wildcards', () => {
    it('names a role of many rules once, and counts further grants', () => {
      const f = fresh();
      const all = (resource: string) => ({
        apiGroups: [''],
        resources: [resource],
        verbs: ['*'],
      });
      grant(
        f,
        'everything',
        ['pods', 'services', 'configmaps', 'nodes'].map(all),
      );
      grant(f, 'everything-2', [all('pods')]);
      grant(f, 'everything-3', [all('pods')]);
      expect(run(f, 'rbac.wildcards').message).toBe(
        'wildcard rules: kyverno/kyverno-admission-controller via ClusterRoleBinding/everything → ClusterRole/everything (4 rules, e.g. [core] pods: *); ' +
          'kyverno/kyverno-admission-controller via ClusterRoleBinding/everything-2 → ClusterRole/everything-2 [core] pods: * and 1 more grant',
      );
    });
    it('warns for a wildcard that is not */*/*', () => {
      const f = fresh();
      grant(f, 'gatekeeper-manager-role', [
        { apiGroups: ['*'], resources: ['*'], verbs: ['get', 'list', 'watch'] },
      ]);
      expect(run(f, 'rbac.wildcards')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining(
          'ClusterRole/gatekeeper-manager-role [*] *: get,list,watch',
        ),
      });
    });
    it('fails for */*/*', () => {
      const f = fresh();
      f.clusterObjects.roles!.push(
        role('kyverno', 'everything', [
          { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
        ]),
      );
      f.clusterObjects.rolebindings!.push(
        roleBinding(
          'kyverno',
          'everything',
          { kind: 'Role', name: 'everything' },
          [SA],
        ),
      );
      expect(run(f, 'rbac.wildcards')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining('*/*/* granted'),
      });
    });
  });

  describe('rbac.secrets', () => {
    it('warns for cluster-wide get on secrets', () => {
      const f = fresh();
      grant(f, 'secret-getter', [
        { apiGroups: [''], resources: ['secrets'], verbs: ['get'] },
      ]);
      expect(run(f, 'rbac.secrets')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining('cluster-wide secrets access'),
      });
    });
    it('fails for undeclared cluster-wide list/watch', () => {
      const f = fresh();
      grant(f, 'secret-lister', [
        { apiGroups: [''], resources: ['secrets'], verbs: ['list', 'watch'] },
      ]);
      expect(run(f, 'rbac.secrets')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining(
          'undeclared cluster-wide list/watch on secrets',
        ),
      });
    });
    it('only warns when the design record declares the need', () => {
      const f = fresh();
      grant(f, 'secret-lister', [
        {
          apiGroups: [''],
          resources: ['secrets'],
          verbs: ['get', 'list', 'watch'],
        },
      ]);
      f.component.catalog!.descriptor!.declaredPermissions = [
        {
          apiGroups: [''],
          resources: ['secrets'],
          verbs: ['get', 'list', 'watch'],
          reason: 'reads TLS secrets',
        },
      ];
      expect(run(f, 'rbac.secrets')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining(
          'cluster-wide secrets access (declared): kyverno/kyverno-admission-controller via ClusterRoleBinding/secret-lister',
        ),
        // declared already: it is not told to declare it
        remediation: expect.stringMatching(
          /^Declared in spec.extension.declaredPermissions: review/,
        ),
      });
    });
    it('passes secrets access limited to a namespace', () => {
      const f = fresh();
      f.clusterObjects.roles!.push(
        role('kyverno', 'own-secrets', [
          {
            apiGroups: [''],
            resources: ['secrets'],
            verbs: ['get', 'list', 'watch'],
          },
        ]),
      );
      f.clusterObjects.rolebindings!.push(
        roleBinding(
          'kyverno',
          'own-secrets',
          { kind: 'Role', name: 'own-secrets' },
          [SA],
        ),
      );
      expect(run(f, 'rbac.secrets').status).toBe('pass');
    });
  });

  describe('rbac.escalation', () => {
    it.each([
      [
        'escalate on roles',
        {
          apiGroups: ['rbac.authorization.k8s.io'],
          resources: ['clusterroles'],
          verbs: ['escalate'],
        },
      ],
      [
        'bind on roles',
        {
          apiGroups: ['rbac.authorization.k8s.io'],
          resources: ['roles'],
          verbs: ['bind'],
        },
      ],
      [
        '* verbs on roles',
        {
          apiGroups: ['rbac.authorization.k8s.io'],
          resources: ['clusterroles'],
          verbs: ['*'],
        },
      ],
      [
        'impersonate',
        {
          apiGroups: [''],
          resources: ['serviceaccounts'],
          verbs: ['impersonate'],
        },
      ],
      [
        'token creation',
        {
          apiGroups: [''],
          resources: ['serviceaccounts/token'],
          verbs: ['create'],
        },
      ],
      [
        'CSR approval',
        {
          apiGroups: ['certificates.k8s.io'],
          resources: ['certificatesigningrequests/approval'],
          verbs: ['update'],
        },
      ],
      [
        'a plain get on nodes/proxy',
        { apiGroups: [''], resources: ['nodes/proxy'], verbs: ['get'] },
      ],
    ])('fails for %s unless declared', (_name, dangerous) => {
      const f = fresh();
      grant(f, 'risky', [dangerous]);
      expect(run(f, 'rbac.escalation')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining(
          'undeclared escalation: kyverno/kyverno-admission-controller via ClusterRoleBinding/risky',
        ),
      });
      f.component.catalog!.descriptor!.declaredPermissions = [
        { ...dangerous, reason: 'needed' },
      ];
      expect(run(f, 'rbac.escalation')).toMatchObject({
        status: 'pass',
        message: expect.stringContaining('declared in the design record'),
      });
    });
    it('still fails when only part of the danger is declared', () => {
      const f = fresh();
      grant(f, 'risky', [
        {
          apiGroups: ['rbac.authorization.k8s.io'],
          resources: ['clusterroles'],
          verbs: ['escalate', 'bind'],
        },
      ]);
      f.component.catalog!.descriptor!.declaredPermissions = [
        {
          apiGroups: ['rbac.authorization.k8s.io'],
          resources: ['clusterroles'],
          verbs: ['bind'],
        },
      ];
      expect(run(f, 'rbac.escalation').status).toBe('fail');
    });
  });

  describe('rbac.webhook-write', () => {
    it('warns when it can rewrite any webhook configuration', () => {
      const f = fresh();
      grant(f, 'webhook-writer', [
        {
          apiGroups: ['admissionregistration.k8s.io'],
          resources: ['validatingwebhookconfigurations'],
          verbs: ['update', 'patch'],
        },
      ]);
      expect(run(f, 'rbac.webhook-write')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining('can write webhook configurations'),
      });
    });
    it('passes when limited to its own configurations by resourceNames, or declared', () => {
      const f = fresh();
      grant(f, 'own-webhooks', [
        {
          apiGroups: ['admissionregistration.k8s.io'],
          resources: ['validatingwebhookconfigurations'],
          verbs: ['update'],
          resourceNames: ['kyverno-resource-validating-webhook-cfg'],
        },
      ]);
      expect(run(f, 'rbac.webhook-write')).toMatchObject({
        status: 'pass',
        message: expect.stringContaining(
          'writes only its own webhook configurations',
        ),
      });
      const g = fresh();
      grant(g, 'cainjector', [
        {
          apiGroups: ['admissionregistration.k8s.io'],
          resources: ['mutatingwebhookconfigurations'],
          verbs: ['patch'],
        },
      ]);
      g.component.catalog!.descriptor!.declaredPermissions = [
        {
          apiGroups: ['admissionregistration.k8s.io'],
          resources: ['mutatingwebhookconfigurations'],
          verbs: ['patch'],
        },
      ];
      expect(run(g, 'rbac.webhook-write').status).toBe('pass');
    });
  });

  describe('rbac.pod-exec', () => {
    it.each([
      ['create', ['create']],
      ['get (WebSocket exec)', ['get']],
    ])('fails for pods/exec with %s', (_n, verbs) => {
      const f = fresh();
      grant(f, 'exec', [{ apiGroups: [''], resources: ['pods/exec'], verbs }]);
      expect(run(f, 'rbac.pod-exec')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining(`pods/exec: ${verbs.join(',')}`),
      });
    });
    it('fails for pods/attach and */exec', () => {
      const f = fresh();
      grant(f, 'attach', [
        { apiGroups: [''], resources: ['*/attach'], verbs: ['create'] },
      ]);
      expect(run(f, 'rbac.pod-exec').status).toBe('fail');
    });
    it('finds grants made to every service account of the namespace', () => {
      const f = fresh();
      f.clusterObjects.clusterroles!.push(
        clusterRole('exec', [
          { apiGroups: [''], resources: ['pods/exec'], verbs: ['get'] },
        ]),
      );
      f.clusterObjects.clusterrolebindings!.push(
        clusterRoleBinding('ns-exec', 'exec', [
          { kind: 'Group', name: 'system:serviceaccounts:kyverno' },
        ]),
      );
      expect(run(f, 'rbac.pod-exec').message).toContain(
        'via ClusterRoleBinding/ns-exec',
      );
    });
  });

  describe('rbac.default-sa', () => {
    it('passes with dedicated service accounts', () => {
      expect(run(fresh(), 'rbac.default-sa')).toMatchObject({
        status: 'pass',
        message: 'workloads run as kyverno/kyverno-admission-controller',
      });
    });
    it('warns for workloads running as default', () => {
      const f = fresh();
      delete f.objects.deployments[0].spec.template.spec.serviceAccountName;
      expect(run(f, 'rbac.default-sa')).toMatchObject({
        status: 'warn',
        message:
          'Deployment/kyverno/kyverno-admission-controller runs as the default service account',
      });
    });
  });

  it('do not apply to an instance without workloads or ServiceAccounts', () => {
    const f = fresh();
    f.objects.deployments = [];
    f.objects.serviceAccounts = [];
    expect(run(f, 'rbac.pod-exec')).toMatchObject({
      status: 'not-applicable',
      message:
        'no workload or ServiceAccount of this component in cluster prod-eu',
    });
  });

  it("judge the component's own ServiceAccounts, used by a workload or not", () => {
    // Longhorn binds longhorn-support-bundle to cluster-admin; the manager starts its Pods on demand
    const f = fresh();
    const sa = kubeObject('v1', 'ServiceAccount', 'support-bundle', 'kyverno');
    f.objects.serviceAccounts.push(sa);
    f.clusterObjects.clusterroles!.push(clusterAdminRole());
    f.clusterObjects.clusterrolebindings!.push(
      clusterRoleBinding('support-bundle', 'cluster-admin', [
        serviceAccountSubject('kyverno', 'support-bundle'),
      ]),
    );
    expect(run(f, 'rbac.cluster-admin')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(
        'kyverno/support-bundle via ClusterRoleBinding/support-bundle → ClusterRole/cluster-admin',
      ),
    });
    // no workload runs as it, so it is not a default-SA question
    expect(run(f, 'rbac.default-sa').status).toBe('pass');
  });

  describe('on partial data (a proven fail stands, anything else is unknown)', () => {
    const adminBound = () => {
      const f = fresh();
      f.clusterObjects.clusterroles!.push(clusterAdminRole());
      f.clusterObjects.clusterrolebindings!.push(
        clusterRoleBinding('kyverno-admin', 'cluster-admin', [SA]),
      );
      return f;
    };

    it.each(['roles', 'rolebindings', 'statefulsets', 'daemonsets'] as const)(
      'rbac.cluster-admin fails by a ClusterRoleBinding although %s were not readable',
      key => {
        const f = adminBound();
        f.cluster.reads[key] = FORBIDDEN;
        const scorecard = evaluateComponent(f.component, [f.cluster], {
          evidence: f.evidence,
        });
        const result = resultOf(scorecard, 'rbac.cluster-admin', CLUSTER);
        expect(result).toMatchObject({
          status: 'fail',
          message: expect.stringContaining(
            `via ClusterRoleBinding/kyverno-admin → ClusterRole/cluster-admin [*] *: * (proven on what was read; reading ${key} in cluster prod-eu was forbidden`,
          ),
          observed: { missingReads: { [key]: expect.any(String) } },
        });
        // the proven finding is reported; the checks it does not make fail stay unknown
        expect(scorecard.rbacFindings).toContainEqual(
          expect.objectContaining({
            checkId: 'rbac.cluster-admin',
            binding: 'ClusterRoleBinding/kyverno-admin',
          }),
        );
      },
    );

    it('the cluster-admin binding fails even without the ClusterRole object', () => {
      const f = adminBound();
      f.cluster.reads.clusterroles = FORBIDDEN;
      f.clusterObjects.clusterroles = [];
      expect(run(f, 'rbac.cluster-admin').status).toBe('fail');
    });

    it.each([
      'rbac.cluster-admin',
      'rbac.wildcards',
      'rbac.secrets',
      'rbac.escalation',
      'rbac.pod-exec',
    ])('%s is unknown, not pass, when Roles were not readable', id => {
      const f = fresh();
      f.cluster.reads.roles = FORBIDDEN;
      expect(run(f, id)).toMatchObject({
        status: 'unknown',
        message: expect.stringMatching(
          /^cannot judge: reading roles in cluster prod-eu was forbidden .*\(on what was read: pass, /,
        ),
        observed: { onWhatWasRead: 'pass' },
      });
    });

    it.each([
      [
        'rbac.wildcards',
        { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
        'fail',
      ],
      [
        'rbac.secrets',
        { apiGroups: [''], resources: ['secrets'], verbs: ['list'] },
        'fail',
      ],
      [
        'rbac.escalation',
        {
          apiGroups: ['rbac.authorization.k8s.io'],
          resources: ['clusterroles'],
          verbs: ['escalate'],
        },
        'fail',
      ],
      [
        'rbac.pod-exec',
        { apiGroups: [''], resources: ['pods/exec'], verbs: ['get'] },
        'fail',
      ],
      // a warn could still become a fail with the Roles that were not read
      [
        'rbac.wildcards',
        { apiGroups: ['apps'], resources: ['*'], verbs: ['get'] },
        'unknown',
      ],
      [
        'rbac.secrets',
        { apiGroups: [''], resources: ['secrets'], verbs: ['get'] },
        'unknown',
      ],
    ] as const)(
      '%s on a ClusterRole that was read: %j → %s with the Roles unreadable',
      (id, rule, expected) => {
        const f = fresh();
        grant(f, 'risky', [rule]);
        f.cluster.reads.roles = FORBIDDEN;
        expect(run(f, id).status).toBe(expected);
      },
    );

    it('a binding kept from an earlier read proves nothing', () => {
      const f = adminBound();
      f.cluster.reads.clusterrolebindings = {
        state: 'forbidden',
        reason:
          '403; objects kept from the last good read at 2026-01-15T09:00:00Z',
        lastReadAt: '2026-01-15T09:00:00Z',
      };
      const scorecard = evaluateComponent(f.component, [f.cluster], {
        evidence: f.evidence,
      });
      expect(resultOf(scorecard, 'rbac.cluster-admin', CLUSTER)).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining('clusterrolebindings'),
      });
      expect(scorecard.rbacFindings).toEqual([]);
    });
  });
});
