/**
 * RBAC: can the component's service accounts do more than they need? Each
 * workload's service account is resolved to its effective rules first
 * (facts/serviceAccountGrants.ts); findings name the binding, role and rule.
 */
import type { RbacFinding } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ResourceKey } from '../collect/types';
import type {
  BuiltinClusterCheck,
  BuiltinClusterContext,
} from './builtinContext';
import {
  fail,
  listed,
  notApplicable,
  pass,
  warn,
  withRemediation,
  WORKLOAD_KINDS,
} from './builtinContext';
import type { RbacFindingCheck } from '@extension-scorecard/plugin-extension-scorecard-common';
import { isFullWildcard } from './kubernetes/rbacAuthorizer';

const WORKLOAD_READS: ResourceKey[] = [
  'deployments',
  'statefulsets',
  'daemonsets',
];
const RBAC_READS: ResourceKey[] = [
  ...WORKLOAD_READS,
  'serviceaccounts',
  'roles',
  'clusterroles',
  'rolebindings',
  'clusterrolebindings',
];
const DOCS =
  'https://kubernetes.io/docs/concepts/security/rbac-good-practices/';

function describeRule(f: RbacFinding): string {
  const groups = f.rule.apiGroups.map(g => (g === '' ? 'core' : g)).join(',');
  return `[${groups}] ${f.rule.resources.join(',')}: ${f.rule.verbs.join(',')}`;
}

/** `ns/sa via ClusterRoleBinding/x → ClusterRole/y [core] secrets: get,list` */
export function describeFinding(f: RbacFinding): string {
  return `${f.serviceAccount} via ${f.binding} → ${f.role} ${describeRule(f)}`;
}

/**
 * Findings for a one-line message, grouped by grant (account, binding and role):
 * `kyverno/kyverno via ClusterRoleBinding/x → ClusterRole/cluster-admin (12 rules,
 * e.g. [*] *: *); … and 3 more grants`. The rules themselves are in the findings.
 */
export function describeFindings(
  findings: readonly RbacFinding[],
  max = 2,
): string {
  const grants = new Map<string, RbacFinding[]>();
  for (const f of findings) {
    const key = `${f.serviceAccount}|${f.binding}|${f.role}`;
    const rules = grants.get(key);
    if (rules) rules.push(f);
    else grants.set(key, [f]);
  }
  const lines = [...grants.values()].map(([first, ...others]) =>
    others.length
      ? `${first.serviceAccount} via ${first.binding} → ${first.role} (${
          others.length + 1
        } rules, e.g. ${describeRule(first)})`
      : describeFinding(first),
  );
  if (lines.length <= max) return lines.join('; ');
  const more = lines.length - max;
  return `${lines.slice(0, max).join('; ')} and ${more} more grant${
    more === 1 ? '' : 's'
  }`;
}

/** `ns/a, ns/b and 3 more`: the accounts judged, for a pass message. */
function accountList(names: readonly string[]): string {
  if (names.length <= 2) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

interface FindingView {
  findings: RbacFinding[];
  observed: Record<string, unknown>;
  accounts: string;
}

/** The check's findings, or `not-applicable` when there is no workload (so no service account). */
function findingsOf(
  context: BuiltinClusterContext,
  checkId: RbacFindingCheck,
): FindingView | undefined {
  const analysis = context.facts.rbac;
  if (!analysis.accounts.length) return undefined;
  const findings = analysis.findings[checkId];
  return {
    findings,
    accounts: accountList(
      analysis.accounts.map(a => `${a.namespace}/${a.name}`),
    ),
    observed: {
      serviceAccounts: analysis.accounts.map(a => `${a.namespace}/${a.name}`),
      grants: analysis.grantCount,
      findings: findings.length,
    },
  };
}

function noAccounts(context: BuiltinClusterContext) {
  return notApplicable(
    `no workload or ServiceAccount of this component in cluster ${context.index.name}`,
  );
}

/**
 * An RBAC check judging the findings of one kind. RBAC only grants (there is no deny),
 * so a finding proven from the bindings, roles and workloads that were read stands
 * whatever was not read: checks that fail on a finding list every read in
 * `failStandsWithout`.
 */
function rbacCheck(
  meta: Omit<
    BuiltinClusterCheck,
    'scope' | 'reads' | 'dimension' | 'kinds' | 'evaluate'
  >,
  judge: (
    view: FindingView,
    context: BuiltinClusterContext,
  ) => ReturnType<BuiltinClusterCheck['evaluate']>,
): BuiltinClusterCheck {
  return {
    ...meta,
    dimension: 'rbac',
    kinds: WORKLOAD_KINDS,
    scope: 'cluster',
    reads: RBAC_READS,
    docsUrl: meta.docsUrl ?? DOCS,
    failStandsWithout: meta.failStandsWithout,
    evaluate(_component, context) {
      const view = findingsOf(context, meta.id as RbacFindingCheck);
      return view ? judge(view, context) : noAccounts(context);
    },
  };
}

const clusterAdmin = rbacCheck(
  {
    id: 'rbac.cluster-admin',
    failStandsWithout: RBAC_READS,
    severity: 'critical',
    title: 'No cluster-admin',
    remediation:
      'Replace the cluster-admin (or all-verbs-on-everything) binding with a ClusterRole listing only the groups, resources and verbs the extension uses.',
  },
  ({ findings, observed, accounts }) =>
    findings.length
      ? fail(`admin rights: ${describeFindings(findings)}`, observed)
      : pass(
          `${accounts}: no cluster-admin or admin-equivalent rule`,
          observed,
        ),
);

const wildcards = rbacCheck(
  {
    id: 'rbac.wildcards',
    failStandsWithout: RBAC_READS,
    severity: 'high',
    title: 'Rules name what they grant',
    remediation:
      'Replace `*` in verbs, resources and apiGroups with the explicit lists the extension needs.',
  },
  ({ findings, observed, accounts }) => {
    const full = findings.filter(f => isFullWildcard({ ...f.rule }));
    if (full.length)
      return fail(`*/*/* granted: ${describeFindings(full)}`, observed);
    if (findings.length)
      return warn(`wildcard rules: ${describeFindings(findings)}`, observed);
    return pass(
      `${accounts}: no wildcard in verbs, resources or apiGroups`,
      observed,
    );
  },
);

const secrets = rbacCheck(
  {
    id: 'rbac.secrets',
    failStandsWithout: RBAC_READS,
    severity: 'high',
    title: 'No cluster-wide Secret reads',
    remediation:
      'Read Secrets only in the namespaces needed (RoleBinding), by name where possible; if cluster-wide list/watch is truly needed, declare it in spec.extension.declaredPermissions with the reason.',
  },
  ({ findings, observed, accounts }) => {
    const broad = findings.filter(
      f =>
        !f.declared &&
        f.rule.verbs.some(v => v === 'list' || v === 'watch' || v === '*'),
    );
    if (broad.length)
      return fail(
        `undeclared cluster-wide list/watch on secrets: ${describeFindings(
          broad,
        )}`,
        observed,
      );
    if (findings.length) {
      if (findings.every(f => f.declared))
        // declared already: what is left is keeping the grant as narrow as the reason
        return withRemediation(
          warn(
            `cluster-wide secrets access (declared): ${describeFindings(
              findings,
            )}`,
            observed,
          ),
          'Declared in spec.extension.declaredPermissions: review that the reason still holds, and narrow the grant to namespaced RoleBindings or resourceNames where it can be.',
        );
      return warn(
        `cluster-wide secrets access: ${describeFindings(findings)}`,
        observed,
      );
    }
    return pass(`${accounts}: no cluster-wide access to secrets`, observed);
  },
);

const escalation = rbacCheck(
  {
    id: 'rbac.escalation',
    failStandsWithout: RBAC_READS,
    severity: 'critical',
    title: 'No privilege escalation paths',
    remediation:
      'Remove escalate/bind/impersonate, serviceaccounts/token create, CSR approval and nodes/proxy grants; if the extension needs one, declare it in spec.extension.declaredPermissions with the reason and have it reviewed.',
  },
  ({ findings, observed, accounts }) => {
    const undeclared = findings.filter(f => !f.declared);
    if (undeclared.length)
      return fail(
        `undeclared escalation: ${describeFindings(undeclared)}`,
        observed,
      );
    if (findings.length)
      return pass(
        `escalation rights declared in the design record: ${describeFindings(
          findings,
        )}`,
        observed,
      );
    return pass(
      `${accounts}: no escalate, bind, impersonate, token, CSR approval or nodes/proxy grant`,
      observed,
    );
  },
);

const webhookWrite = rbacCheck(
  {
    id: 'rbac.webhook-write',
    severity: 'medium',
    title: 'Cannot rewrite admission webhooks',
    remediation:
      "Only the webhook's own certificate/CA manager should write webhook configurations, limited by resourceNames to its own; otherwise the account can disable or hijack admission.",
  },
  ({ findings, observed, accounts }) => {
    const foreign = findings.filter(f => !f.declared);
    if (foreign.length)
      return warn(
        `can write webhook configurations: ${describeFindings(foreign)}`,
        observed,
      );
    if (findings.length)
      return pass(
        `writes only its own webhook configurations: ${describeFindings(
          findings,
        )}`,
        observed,
      );
    return pass(
      `${accounts}: no write access to webhook configurations`,
      observed,
    );
  },
);

const podExec = rbacCheck(
  {
    id: 'rbac.pod-exec',
    failStandsWithout: RBAC_READS,
    severity: 'critical',
    title: 'Cannot exec into Pods',
    remediation:
      'Remove pods/exec and pods/attach (get counts too: WebSocket exec is authorized as get); an account that can exec into any Pod holds every credential those Pods hold.',
    docsUrl:
      'https://github.com/kubernetes/enhancements/tree/master/keps/sig-auth/4006-transition-spdy-to-websockets',
  },
  ({ findings, observed, accounts }) =>
    findings.length
      ? fail(`exec/attach: ${describeFindings(findings)}`, observed)
      : pass(`${accounts}: no pods/exec or pods/attach`, observed),
);

const defaultServiceAccount: BuiltinClusterCheck = {
  id: 'rbac.default-sa',
  dimension: 'rbac',
  kinds: WORKLOAD_KINDS,
  severity: 'medium',
  scope: 'cluster',
  reads: WORKLOAD_READS,
  title: 'Workloads have their own service account',
  remediation:
    'Run each workload as a dedicated ServiceAccount (spec.template.spec.serviceAccountName) so its rights are its own and auditable.',
  docsUrl:
    'https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/',
  evaluate(_component, context) {
    const accounts = context.facts.rbac.accounts.filter(
      a => a.workloads.length,
    );
    if (!accounts.length) return noAccounts(context);
    const defaults = accounts.filter(a => a.name === 'default');
    const observed = {
      serviceAccounts: accounts.map(a => `${a.namespace}/${a.name}`),
    };
    if (defaults.length) {
      return warn(
        `${listed(defaults.flatMap(a => a.workloads))} run${
          defaults.flatMap(a => a.workloads).length > 1 ? '' : 's'
        } as the default service account`,
        observed,
      );
    }
    return pass(
      `workloads run as ${listed(
        accounts.map(a => `${a.namespace}/${a.name}`),
      )}`,
      observed,
    );
  },
};

export const rbacChecks = [
  clusterAdmin,
  wildcards,
  secrets,
  escalation,
  webhookWrite,
  podExec,
  defaultServiceAccount,
];
