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
    accounts: analysis.accounts.map(a => `${a.namespace}/${a.name}`).join(', '),
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
      ? fail(
          `admin rights: ${listed(findings.map(describeFinding), 2)}`,
          observed,
        )
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
      return fail(
        `*/*/* granted: ${listed(full.map(describeFinding), 2)}`,
        observed,
      );
    if (findings.length)
      return warn(
        `wildcard rules: ${listed(findings.map(describeFinding), 2)}`,
        observed,
      );
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
        `undeclared cluster-wide list/watch on secrets: ${listed(
          broad.map(describeFinding),
          2,
        )}`,
        observed,
      );
    if (findings.length) {
      const declared = findings.every(f => f.declared) ? ' (declared)' : '';
      return warn(
        `cluster-wide secrets access${declared}: ${listed(
          findings.map(describeFinding),
          2,
        )}`,
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
        `undeclared escalation: ${listed(undeclared.map(describeFinding), 2)}`,
        observed,
      );
    if (findings.length)
      return pass(
        `escalation rights declared in the design record: ${listed(
          findings.map(describeFinding),
          2,
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
        `can write webhook configurations: ${listed(
          foreign.map(describeFinding),
          2,
        )}`,
        observed,
      );
    if (findings.length)
      return pass(
        `writes only its own webhook configurations: ${listed(
          findings.map(describeFinding),
          2,
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
      ? fail(
          `exec/attach: ${listed(findings.map(describeFinding), 2)}`,
          observed,
        )
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
