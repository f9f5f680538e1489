/**
 * What a sync-path extension intercepts in one cluster: operations ×
 * resources, the namespaces its selectors actually match (evaluated against
 * the cluster's real Namespace labels), failurePolicy, timeout, and the worst
 * latency it can add to one matched request.
 */
import type { BlastRadius } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { KubeObject } from '../../collect/types';
import type { ComponentInstance } from '../../inventory/model';
import type { ClusterIndex } from '../clusterIndex';
import {
  type AdmissionRule,
  type AdmissionWebhook,
  ruleResources,
} from '../kubernetes/admissionWebhooks';
import {
  formatSelector,
  type LabelSelector,
  selectorMatches,
} from '../kubernetes/labelSelectors';

function union(lists: string[][]): string[] {
  return [...new Set(lists.flat())];
}

function overlaps(a: string[], b: string[]): boolean {
  return a.includes('*') || b.includes('*') || a.some(x => b.includes(x));
}

function rulesOverlap(a: AdmissionRule, b: AdmissionRule): boolean {
  return (
    overlaps(a.operations, b.operations) &&
    overlaps(a.apiGroups, b.apiGroups) &&
    (overlaps(a.resources, b.resources) ||
      a.resources.includes('*/*') ||
      b.resources.includes('*/*'))
  );
}

/** Two webhooks can be called for the same request when some of their rules overlap. */
export function webhooksOverlap(
  a: AdmissionWebhook,
  b: AdmissionWebhook,
): boolean {
  return a.rules.some(ra => b.rules.some(rb => rulesOverlap(ra, rb)));
}

/** Seconds one call can take: its timeout, twice for a mutating webhook reinvoked (IfNeeded). */
export function webhookCallBudget(webhook: AdmissionWebhook): number {
  return (
    webhook.timeoutSeconds *
    (webhook.mutating && webhook.reinvocationPolicy === 'IfNeeded' ? 2 : 1)
  );
}

interface NamespaceMatch {
  matchedNamespaces: string[];
  totalNamespaces: number;
  namespacesUnreadable?: string;
}

/*
 * Webhooks and policies of a fleet repeat a few namespace selectors (none, "not
 * kube-system", "opted in"), so matches are kept per cluster index and selector
 * text; every caller gets its own copy of the list.
 */
const namespaceMatches = new WeakMap<
  ClusterIndex,
  Map<string, NamespaceMatch>
>();

function matchNamespaces(
  index: ClusterIndex,
  namespaced: boolean,
  selectors: Array<LabelSelector | null | undefined>,
): NamespaceMatch {
  let cache = namespaceMatches.get(index);
  if (!cache) {
    cache = new Map();
    namespaceMatches.set(index, cache);
  }
  const key = `${namespaced}|${JSON.stringify(selectors)}`;
  let match = cache.get(key);
  if (!match) {
    match = computeNamespaceMatch(index, namespaced, selectors);
    cache.set(key, match);
  }
  return { ...match, matchedNamespaces: [...match.matchedNamespaces] };
}

function computeNamespaceMatch(
  index: ClusterIndex,
  namespaced: boolean,
  selectors: Array<LabelSelector | null | undefined>,
): NamespaceMatch {
  const unreadable = index.unreadable('namespaces');
  if (unreadable) {
    return {
      matchedNamespaces: [],
      totalNamespaces: 0,
      namespacesUnreadable: unreadable,
    };
  }
  const matched: string[] = [];
  if (namespaced) {
    for (const [name, labels] of index.namespaceLabels) {
      if (selectors.every(s => selectorMatches(s, labels))) matched.push(name);
    }
  }
  return {
    matchedNamespaces: matched,
    totalNamespaces: index.namespaceLabels.size,
  };
}

function webhookRadius(
  webhook: AdmissionWebhook,
  all: readonly AdmissionWebhook[],
  index: ClusterIndex,
): BlastRadius {
  const namespaced = webhook.rules.some(
    r => r.scope === '*' || r.scope === 'Namespaced',
  );
  const worstCase = all
    .filter(other => other === webhook || webhooksOverlap(webhook, other))
    .reduce((sum, other) => sum + webhookCallBudget(other), 0);
  return {
    cluster: index.name,
    name: webhook.name,
    objectKind: webhook.configurationKind,
    operations: union(webhook.rules.map(r => r.operations)),
    resources: union(webhook.rules.map(ruleResources)),
    ...matchNamespaces(index, namespaced, [webhook.namespaceSelector]),
    namespaceSelector: formatSelector(webhook.namespaceSelector),
    objectSelector: formatSelector(webhook.objectSelector),
    clusterScoped: webhook.rules.some(
      r => r.scope === '*' || r.scope === 'Cluster',
    ),
    failurePolicy: webhook.failurePolicy,
    timeoutSeconds: webhook.timeoutSeconds,
    worstCaseLatencySeconds: worstCase,
  };
}

function policyRules(constraints: any): AdmissionRule[] {
  return (constraints?.resourceRules ?? []).map((rule: any) => ({
    operations: rule.operations ?? [],
    apiGroups: rule.apiGroups ?? [],
    apiVersions: rule.apiVersions ?? [],
    resources: rule.resources ?? [],
    scope: rule.scope ?? '*',
  }));
}

/** The bindings of a ValidatingAdmissionPolicy: those the inventory attached plus any in the cluster naming it. */
export function bindingsOfPolicy(
  policy: KubeObject,
  instance: ComponentInstance,
  index: ClusterIndex,
): KubeObject[] {
  const name = policy.metadata.name;
  const found = new Map<string, KubeObject>();
  for (const binding of instance.objects.validatingAdmissionPolicyBindings) {
    if (binding.spec?.policyName === name)
      found.set(binding.metadata.name, binding);
  }
  for (const binding of index.bindingsOfPolicy(name))
    found.set(binding.metadata.name, binding);
  return [...found.values()];
}

function policyRadius(
  policy: KubeObject,
  binding: KubeObject,
  index: ClusterIndex,
): BlastRadius {
  const constraints = policy.spec?.matchConstraints ?? {};
  const matchResources = binding.spec?.matchResources ?? {};
  const bindingRules = policyRules(matchResources);
  const rules =
    bindingRules.length > 0 ? bindingRules : policyRules(constraints);
  const namespaced = rules.some(
    r => r.scope === '*' || r.scope === 'Namespaced',
  );
  const objectSelectors = [
    constraints.objectSelector,
    matchResources.objectSelector,
  ]
    .map(s => formatSelector(s))
    .filter(s => s !== '{}');
  return {
    cluster: index.name,
    name: `${policy.metadata.name}/${binding.metadata.name}`,
    objectKind: 'ValidatingAdmissionPolicyBinding',
    operations: union(rules.map(r => r.operations)),
    resources: union(rules.map(ruleResources)),
    ...matchNamespaces(index, namespaced, [
      constraints.namespaceSelector,
      matchResources.namespaceSelector,
    ]),
    namespaceSelector:
      [constraints.namespaceSelector, matchResources.namespaceSelector]
        .map(s => formatSelector(s))
        .filter(s => s !== '{}')
        .join(' and ') || '{}',
    objectSelector: objectSelectors.join(' and ') || '{}',
    clusterScoped: rules.some(r => r.scope === '*' || r.scope === 'Cluster'),
    failurePolicy: policy.spec?.failurePolicy ?? 'Fail',
    // CEL runs inside the API server, bounded by its cost budget: no call timeout.
    timeoutSeconds: null,
    worstCaseLatencySeconds: null,
  };
}

function apiServiceRadius(api: KubeObject, index: ClusterIndex): BlastRadius {
  const group = api.spec?.group ?? '';
  const version = api.spec?.version ?? '*';
  return {
    cluster: index.name,
    name: api.metadata.name,
    objectKind: 'APIService',
    operations: ['*'],
    resources: [group ? `${group}/${version}/*` : `${version}/*`],
    // every request to the group, in every namespace; while it is unavailable, discovery
    // is incomplete and namespace deletion stalls cluster-wide
    ...matchNamespaces(index, true, []),
    namespaceSelector: '{}',
    objectSelector: '{}',
    clusterScoped: true,
    failurePolicy: 'Fail',
    timeoutSeconds: null,
    worstCaseLatencySeconds: null,
  };
}

/** Blast radius of every webhook, policy binding and APIService of the instance. */
export function blastRadiusOf(
  instance: ComponentInstance,
  index: ClusterIndex,
  webhooks: readonly AdmissionWebhook[],
): BlastRadius[] {
  const out: BlastRadius[] = [];
  for (const webhook of webhooks)
    out.push(webhookRadius(webhook, webhooks, index));
  for (const policy of instance.objects.validatingAdmissionPolicies) {
    for (const binding of bindingsOfPolicy(policy, instance, index)) {
      out.push(policyRadius(policy, binding, index));
    }
  }
  for (const api of instance.objects.apiServices) {
    if (api.spec?.service) out.push(apiServiceRadius(api, index));
  }
  return out;
}
