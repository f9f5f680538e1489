/**
 * RBAC as the API server evaluates it: a service account's effective rules are
 * the rules of every Role/ClusterRole bound to it (directly, as the user
 * `system:serviceaccount:<ns>:<name>`, or through the groups every service
 * account belongs to), RoleBindings scoping their rules to one namespace, and
 * aggregated ClusterRoles contributing the rules of the ClusterRoles their
 * `aggregationRule.clusterRoleSelectors` select.
 *
 * Rule matching follows the authorizer: `*` in verbs covers every verb, in
 * apiGroups every group, in resources every resource and subresource;
 * `*\/sub` covers that subresource of every resource.
 */
import type { KubeObject } from '../../collect/types';
import { derivedValue } from '../../inventory/derivedValues';
import { selectorMatches } from './labelSelectors';

export interface PolicyRule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

/** One way a service account holds a role. */
export interface RbacGrant {
  /** `ClusterRoleBinding/<name>` or `RoleBinding/<namespace>/<name>` */
  binding: string;
  /** `ClusterRole/<name>` or `Role/<namespace>/<name>` */
  role: string;
  /** Namespace the rules apply in; null for cluster-wide (ClusterRoleBinding). */
  namespace: string | null;
  /** How the binding names the account: the account itself, its user name, or a group. */
  via: string;
  rules: PolicyRule[];
  /** The bound role does not exist (the binding grants nothing until it does). */
  missingRole: boolean;
}

/** A request the rules are asked about; `verbs: ['*']` means any verb. */
export interface RbacRequest {
  apiGroup: string;
  resources: string[];
  verbs: string[];
}

function normalizeRule(rule: any): PolicyRule {
  return {
    apiGroups: rule?.apiGroups ?? [],
    resources: rule?.resources ?? [],
    verbs: rule?.verbs ?? [],
    resourceNames: rule?.resourceNames?.length ? rule.resourceNames : undefined,
    nonResourceURLs: rule?.nonResourceURLs?.length
      ? rule.nonResourceURLs
      : undefined,
  };
}

export function verbMatches(rule: PolicyRule, verb: string): boolean {
  if (verb === '*') return rule.verbs.length > 0;
  return rule.verbs.includes('*') || rule.verbs.includes(verb);
}

export function groupMatches(rule: PolicyRule, group: string): boolean {
  return rule.apiGroups.includes('*') || rule.apiGroups.includes(group);
}

/** `resource` may carry a subresource (`pods/exec`). */
export function resourceMatches(rule: PolicyRule, resource: string): boolean {
  const slash = resource.indexOf('/');
  for (const r of rule.resources) {
    if (r === '*' || r === resource) return true;
    if (slash >= 0 && r.startsWith('*/') && resource.endsWith(r.slice(1)))
      return true;
  }
  return false;
}

/** True when the rule grants at least one verb of the request on one of its resources. */
export function ruleGrants(rule: PolicyRule, request: RbacRequest): boolean {
  if (!groupMatches(rule, request.apiGroup)) return false;
  if (!request.resources.some(r => resourceMatches(rule, r))) return false;
  return request.verbs.some(v => verbMatches(rule, v));
}

/** The verbs of the request the rule grants. */
export function grantedVerbs(rule: PolicyRule, request: RbacRequest): string[] {
  if (!ruleGrants(rule, request)) return [];
  if (request.verbs.includes('*')) return rule.verbs;
  return request.verbs.filter(v => verbMatches(rule, v));
}

export function hasWildcard(rule: PolicyRule): boolean {
  return (
    rule.verbs.includes('*') ||
    rule.resources.includes('*') ||
    rule.apiGroups.includes('*')
  );
}

export function isFullWildcard(rule: PolicyRule): boolean {
  return (
    rule.verbs.includes('*') &&
    rule.resources.includes('*') &&
    rule.apiGroups.includes('*')
  );
}

/** Every group, every resource, and `*` or all of `adminVerbs`, with no resourceNames limit. */
export function isAdminEquivalent(
  rule: PolicyRule,
  adminVerbs: readonly string[],
): boolean {
  if (rule.resourceNames) return false;
  if (!rule.apiGroups.includes('*') || !rule.resources.includes('*'))
    return false;
  return (
    rule.verbs.includes('*') || adminVerbs.every(v => rule.verbs.includes(v))
  );
}

interface BindingEntry {
  object: KubeObject;
  cluster: boolean;
  via: string;
}

/** Per-cluster RBAC index, built once per collection and shared by every component. */
export class RbacIndex {
  private readonly clusterRoles = new Map<string, KubeObject>();
  private readonly roles = new Map<string, KubeObject>();
  private readonly bySubject = new Map<string, BindingEntry[]>();
  private readonly clusterRoleRules = new Map<string, PolicyRule[]>();
  private readonly roleRules = new Map<string, PolicyRule[]>();
  private readonly grantsByAccount = new Map<string, RbacGrant[]>();
  private readonly ruleMemos = new Map<object, Map<PolicyRule, unknown>>();

  constructor(objects: {
    roles?: KubeObject[];
    clusterRoles?: KubeObject[];
    roleBindings?: KubeObject[];
    clusterRoleBindings?: KubeObject[];
  }) {
    for (const role of objects.clusterRoles ?? [])
      this.clusterRoles.set(role.metadata.name, role);
    for (const role of objects.roles ?? []) {
      this.roles.set(`${role.metadata.namespace}/${role.metadata.name}`, role);
    }
    for (const binding of objects.clusterRoleBindings ?? [])
      this.addBinding(binding, true);
    for (const binding of objects.roleBindings ?? [])
      this.addBinding(binding, false);
  }

  private addBinding(object: KubeObject, cluster: boolean) {
    for (const subject of (object as any).subjects ?? []) {
      let key: string | undefined;
      if (subject.kind === 'ServiceAccount') {
        const namespace = subject.namespace || object.metadata.namespace;
        key = `sa:${namespace}/${subject.name}`;
      } else if (subject.kind === 'User') {
        key = `user:${subject.name}`;
      } else if (subject.kind === 'Group') {
        key = `group:${subject.name}`;
      }
      if (!key) continue;
      const list = this.bySubject.get(key) ?? [];
      list.push({ object, cluster, via: `${subject.kind} ${subject.name}` });
      this.bySubject.set(key, list);
    }
  }

  /**
   * A value derived from one rule of this index under `scope` (the settings it is
   * judged by), computed once per index (see derivedValue).
   */
  memoRule<V>(scope: object, rule: PolicyRule, compute: () => V): V {
    return derivedValue(this.ruleMemos, scope, rule, compute);
  }

  /** Own rules of a ClusterRole plus, for aggregated ones, the rules of every ClusterRole selected. */
  rulesOfClusterRole(name: string): PolicyRule[] | undefined {
    const cached = this.clusterRoleRules.get(name);
    if (cached) return cached;
    if (!this.clusterRoles.has(name)) return undefined;
    const rules = this.collectClusterRoleRules(name, new Set());
    this.clusterRoleRules.set(name, rules);
    return rules;
  }

  private collectClusterRoleRules(
    name: string,
    visited: Set<string>,
  ): PolicyRule[] {
    const role = this.clusterRoles.get(name);
    if (!role || visited.has(name)) return [];
    visited.add(name);
    const rules: PolicyRule[] = ((role as any).rules ?? []).map(normalizeRule);
    const selectors: any[] =
      (role as any).aggregationRule?.clusterRoleSelectors ?? [];
    if (selectors.length > 0) {
      const seen = new Set(rules.map(r => JSON.stringify(r)));
      for (const candidate of this.clusterRoles.values()) {
        if (candidate.metadata.name === name) continue;
        if (!selectors.some(s => selectorMatches(s, candidate.metadata.labels)))
          continue;
        for (const rule of this.collectClusterRoleRules(
          candidate.metadata.name,
          visited,
        )) {
          const key = JSON.stringify(rule);
          if (!seen.has(key)) {
            seen.add(key);
            rules.push(rule);
          }
        }
      }
    }
    return rules;
  }

  private rulesOfRole(
    namespace: string,
    name: string,
  ): PolicyRule[] | undefined {
    const key = `${namespace}/${name}`;
    const cached = this.roleRules.get(key);
    if (cached) return cached;
    const role = this.roles.get(key);
    if (!role) return undefined;
    const rules = ((role as any).rules ?? []).map(normalizeRule);
    this.roleRules.set(key, rules);
    return rules;
  }

  /** Every grant that reaches the service account `<namespace>/<name>`. */
  grantsFor(namespace: string, name: string): RbacGrant[] {
    const accountKey = `${namespace}/${name}`;
    const cached = this.grantsByAccount.get(accountKey);
    if (cached) return cached;
    const keys = [
      `sa:${accountKey}`,
      `user:system:serviceaccount:${namespace}:${name}`,
      'group:system:serviceaccounts',
      `group:system:serviceaccounts:${namespace}`,
      'group:system:authenticated',
    ];
    const grants: RbacGrant[] = [];
    for (const key of keys) {
      for (const entry of this.bySubject.get(key) ?? []) {
        grants.push(this.toGrant(entry));
      }
    }
    this.grantsByAccount.set(accountKey, grants);
    return grants;
  }

  private toGrant(entry: BindingEntry): RbacGrant {
    const binding = entry.object;
    const roleRef = (binding as any).roleRef ?? {};
    const bindingNamespace = binding.metadata.namespace ?? null;
    let rules: PolicyRule[] | undefined;
    let role: string;
    if (roleRef.kind === 'Role') {
      role = `Role/${bindingNamespace}/${roleRef.name}`;
      rules = bindingNamespace
        ? this.rulesOfRole(bindingNamespace, roleRef.name)
        : undefined;
    } else {
      role = `ClusterRole/${roleRef.name}`;
      rules = this.rulesOfClusterRole(roleRef.name);
    }
    return {
      binding: entry.cluster
        ? `ClusterRoleBinding/${binding.metadata.name}`
        : `RoleBinding/${bindingNamespace}/${binding.metadata.name}`,
      role,
      namespace: entry.cluster ? null : bindingNamespace,
      via: entry.via,
      rules: rules ?? [],
      missingRole: rules === undefined,
    };
  }
}
