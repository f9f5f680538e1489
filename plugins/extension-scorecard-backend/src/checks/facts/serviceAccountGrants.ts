/**
 * The service accounts an instance's workloads run as, their effective RBAC
 * grants, and the dangerous ones: each finding names the service account, the
 * binding, the role and the rule that grants the danger.
 */
import {
  RBAC_FINDING_CHECKS,
  type RbacFinding,
  type RbacFindingCheck,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type {
  ComponentInstance,
  DeclaredPermission,
} from '../../inventory/model';
import type { RbacProbe, RbacRisks } from '../../reference';
import {
  grantedVerbs,
  hasWildcard,
  isAdminEquivalent,
  type PolicyRule,
  type RbacGrant,
  type RbacIndex,
  ruleGrants,
} from '../kubernetes/rbacAuthorizer';
import { serviceAccountName, type Workload } from '../kubernetes/workloads';

export interface ServiceAccountUse {
  namespace: string;
  name: string;
  /** Workloads running as it (`Deployment/ns/name`). */
  workloads: string[];
}

export interface RbacAnalysis {
  accounts: ServiceAccountUse[];
  grantCount: number;
  findings: Record<RbacFindingCheck, RbacFinding[]>;
}

export function serviceAccountsOf(
  workloads: readonly Workload[],
): ServiceAccountUse[] {
  const byKey = new Map<string, ServiceAccountUse>();
  for (const workload of workloads) {
    const name = serviceAccountName(workload.podSpec);
    const key = `${workload.namespace}/${name}`;
    const use = byKey.get(key) ?? {
      namespace: workload.namespace,
      name,
      workloads: [],
    };
    use.workloads.push(workload.ref);
    byKey.set(key, use);
  }
  return [...byKey.values()];
}

function declaredRules(declared: readonly DeclaredPermission[]): PolicyRule[] {
  return declared.map(d => ({
    apiGroups: d.apiGroups,
    resources: d.resources,
    verbs: d.verbs,
  }));
}

/** True when every dangerous verb the rule grants for the probe is covered by a declared permission. */
function isDeclared(
  rule: PolicyRule,
  probe: RbacProbe,
  declared: readonly PolicyRule[],
): boolean {
  if (declared.length === 0) return false;
  const verbs = grantedVerbs(rule, probe);
  const anyVerb = probe.verbs.includes('*');
  return probe.resources.every(resource => {
    const single = {
      apiGroup: probe.apiGroup,
      resources: [resource],
      verbs: probe.verbs,
    };
    if (!ruleGrants(rule, single)) return true;
    return (anyVerb ? ['*'] : verbs).every(verb =>
      declared.some(d =>
        ruleGrants(d, {
          apiGroup: probe.apiGroup,
          resources: [resource],
          verbs: [verb],
        }),
      ),
    );
  });
}

/** Webhook-configuration writes limited by resourceNames to the component's own configurations. */
function limitedToOwn(
  rule: PolicyRule,
  ownConfigurations: ReadonlySet<string>,
): boolean {
  return (
    !!rule.resourceNames &&
    rule.resourceNames.every(n => ownConfigurations.has(n))
  );
}

/** What one rule grants that the RBAC checks care about; computed once per rule object. */
interface RuleVerdict {
  admin: boolean;
  wildcard: boolean;
  secrets: RbacProbe[];
  escalation: RbacProbe[];
  webhookWrite: RbacProbe[];
  podExec: boolean;
}

const NOTHING: RuleVerdict = Object.freeze({
  admin: false,
  wildcard: false,
  secrets: [],
  escalation: [],
  webhookWrite: [],
  podExec: false,
}) as RuleVerdict;

/** What one rule grants, once per rule and settings of an RBAC index. */
function verdictOf(
  rbac: RbacIndex,
  rule: PolicyRule,
  risks: RbacRisks,
): RuleVerdict {
  return rbac.memoRule(risks, rule, () => {
    const probed = (probes: readonly RbacProbe[]) =>
      probes.filter(p => ruleGrants(rule, p));
    const verdict: RuleVerdict = {
      admin: isAdminEquivalent(rule, risks.adminVerbs),
      wildcard: hasWildcard(rule),
      secrets: probed(risks.secrets),
      escalation: probed(risks.escalation),
      webhookWrite: probed(risks.webhookWrite),
      podExec: probed(risks.podExec).length > 0,
    };
    const dangerous =
      verdict.admin ||
      verdict.wildcard ||
      verdict.podExec ||
      verdict.secrets.length ||
      verdict.escalation.length ||
      verdict.webhookWrite.length;
    return dangerous ? verdict : NOTHING;
  });
}

export function analyseServiceAccounts(options: {
  instance: ComponentInstance;
  workloads: readonly Workload[];
  rbac: RbacIndex;
  risks: RbacRisks;
  declared: readonly DeclaredPermission[];
}): RbacAnalysis {
  const { instance, rbac, risks } = options;
  const declared = declaredRules(options.declared);
  const ownConfigurations = new Set([
    ...instance.objects.validatingWebhookConfigurations.map(
      c => c.metadata.name,
    ),
    ...instance.objects.mutatingWebhookConfigurations.map(c => c.metadata.name),
  ]);
  const accounts = serviceAccountsOf(options.workloads);
  // the component's own ServiceAccounts count too, used by a workload or not (an
  // operator may start Pods under them on demand)
  for (const sa of instance.objects.serviceAccounts ?? []) {
    const namespace = sa.metadata.namespace ?? 'default';
    if (
      !accounts.some(
        a => a.namespace === namespace && a.name === sa.metadata.name,
      )
    )
      accounts.push({ namespace, name: sa.metadata.name, workloads: [] });
  }
  const findings = Object.fromEntries(
    RBAC_FINDING_CHECKS.map(id => [id, [] as RbacFinding[]]),
  ) as Record<RbacFindingCheck, RbacFinding[]>;
  let grantCount = 0;

  for (const account of accounts) {
    const serviceAccount = `${account.namespace}/${account.name}`;
    const seen = new Set<string>();
    const add = (
      checkId: RbacFindingCheck,
      grant: RbacGrant,
      rule: PolicyRule,
      isOk: boolean,
    ) => {
      const key = `${checkId}|${grant.binding}|${JSON.stringify(rule)}`;
      if (seen.has(key)) return;
      seen.add(key);
      findings[checkId].push({
        cluster: instance.cluster,
        checkId,
        serviceAccount,
        binding: grant.binding,
        role: grant.role,
        rule: {
          apiGroups: rule.apiGroups,
          resources: rule.resources,
          verbs: rule.verbs,
        },
        declared: isOk,
      });
    };
    for (const grant of rbac.grantsFor(account.namespace, account.name)) {
      grantCount++;
      const adminRole =
        grant.role.startsWith('ClusterRole/') &&
        risks.adminRoles.includes(grant.role.slice('ClusterRole/'.length));
      if (adminRole) {
        add(
          'rbac.cluster-admin',
          grant,
          grant.rules[0] ?? {
            apiGroups: ['*'],
            resources: ['*'],
            verbs: ['*'],
          },
          false,
        );
      }
      for (const rule of grant.rules) {
        if (rule.resources.length === 0) continue; // nonResourceURLs only
        const verdict = verdictOf(rbac, rule, risks);
        if (verdict === NOTHING) continue;
        if (!adminRole && verdict.admin)
          add('rbac.cluster-admin', grant, rule, false);
        if (verdict.wildcard) add('rbac.wildcards', grant, rule, false);
        const allDeclared = (probes: readonly RbacProbe[]) =>
          probes.every(p => isDeclared(rule, p, declared));
        if (grant.namespace === null && verdict.secrets.length) {
          add('rbac.secrets', grant, rule, allDeclared(verdict.secrets));
        }
        if (verdict.escalation.length)
          add('rbac.escalation', grant, rule, allDeclared(verdict.escalation));
        if (verdict.webhookWrite.length) {
          add(
            'rbac.webhook-write',
            grant,
            rule,
            limitedToOwn(rule, ownConfigurations) ||
              allDeclared(verdict.webhookWrite),
          );
        }
        if (verdict.podExec) add('rbac.pod-exec', grant, rule, false);
      }
    }
  }
  return { accounts, grantCount, findings };
}
