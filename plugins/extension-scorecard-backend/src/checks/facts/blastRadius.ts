/**
 * What a sync-path extension intercepts in one cluster: operations ×
 * resources, the namespaces its selectors actually match (evaluated against
 * the cluster's real Namespace labels), failurePolicy, timeout, and the worst
 * latency it can add to one matched request. Besides admission webhooks and
 * policies: the group/version an APIService serves, the resource a CRD
 * conversion webhook converts, and the Pods that name a secondary scheduler.
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

/**
 * Seconds a request matched by all of `webhooks` can wait on them: the API server
 * calls mutating webhooks one after another (each up to its budget), then validating
 * webhooks in parallel (the slowest one's timeout).
 */
export function requestBudget(webhooks: readonly AdmissionWebhook[]): number {
  const mutating = webhooks
    .filter(w => w.mutating)
    .reduce((sum, w) => sum + webhookCallBudget(w), 0);
  const validating = Math.max(
    0,
    ...webhooks.filter(w => !w.mutating).map(w => w.timeoutSeconds),
  );
  return mutating + validating;
}

interface NamespaceMatch {
  matchedNamespaces: string[];
  totalNamespaces: number;
  namespacesUnreadable?: string;
}

/*
 * Webhooks and policies of a fleet repeat a few namespace selectors (none, "not
 * kube-system", "opted in"), so matches are kept per cluster index and selector
 * text; callers share the (frozen) list, which the store then names by hash once.
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
  // read from the cache or not, the match reads the cluster's namespaces
  index.reads('namespaces');
  let match = cache.get(key);
  if (!match) {
    match = computeNamespaceMatch(index, namespaced, selectors);
    cache.set(key, match);
  }
  return { ...match };
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
  return {
    matchedNamespaces: Object.freeze(
      namespaced ? index.namespaceLabelIndex.matching(selectors) : [],
    ) as string[],
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
  const called = all.filter(
    other => other === webhook || webhooksOverlap(webhook, other),
  );
  const worstCase = requestBudget(called);
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
    overlappingWebhooks: called
      .filter(other => other !== webhook)
      .map(other => other.name),
    reinvoked: webhook.mutating && webhook.reinvocationPolicy === 'IfNeeded',
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
    groupVersion: group ? `${group}/${version}` : version,
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

/**
 * A CRD converted by a webhook: the API server calls it for every read and write of the
 * resource whose requested version differs from the version an object is stored in, so
 * while it is down those requests fail (and so do watches and lists across versions).
 */
function conversionRadius(crd: KubeObject, index: ClusterIndex): BlastRadius {
  const group: string = crd.spec?.group ?? '';
  const plural: string = crd.spec?.names?.plural ?? crd.metadata.name;
  const versions: Array<{ name: string; served?: boolean; storage?: boolean }> =
    crd.spec?.versions ?? [];
  const served = versions.filter(v => v.served !== false).map(v => v.name);
  const storageVersion = versions.find(v => v.storage)?.name ?? null;
  const stored: string[] = crd.status?.storedVersions ?? [];
  const namespaced = crd.spec?.scope !== 'Cluster';
  return {
    cluster: index.name,
    name: crd.metadata.name,
    objectKind: 'CustomResourceDefinition',
    operations: ['*'],
    resources: served.map(v => `${group}/${v}/${plural}`),
    ...matchNamespaces(index, namespaced, []),
    namespaceSelector: '{}',
    objectSelector: '{}',
    clusterScoped: !namespaced,
    failurePolicy: 'Fail',
    // the conversion call has no timeoutSeconds field to set
    timeoutSeconds: null,
    worstCaseLatencySeconds: null,
    conversion: {
      resource: group ? `${plural}.${group}` : plural,
      servedVersions: served,
      storageVersion,
      storedVersions: stored,
    },
  };
}

/**
 * A secondary scheduler: only Pods naming it in `spec.schedulerName` are scheduled by
 * it, from any namespace. The collection reads Pending Pods only, so those are the
 * Pods listed; while it is down they stay Pending and nothing else is affected.
 */
function schedulerRadius(
  schedulerName: string,
  instance: ComponentInstance,
  index: ClusterIndex,
): BlastRadius {
  const pods = instance.objects.pendingPods.filter(
    p => p.spec?.schedulerName === schedulerName,
  );
  const unreadable = index.unreadable('pods');
  const namespaces = [
    ...new Set(pods.map(p => p.metadata.namespace ?? '')),
  ].filter(Boolean);
  return {
    cluster: index.name,
    name: schedulerName,
    objectKind: 'Scheduler',
    operations: ['schedule'],
    resources: ['v1/pods'],
    matchedNamespaces: unreadable ? [] : namespaces.sort(),
    totalNamespaces: index.unreadable('namespaces')
      ? 0
      : index.namespaceLabels.size,
    ...(unreadable ? { namespacesUnreadable: unreadable } : {}),
    clusterScoped: false,
    failurePolicy: 'Pending',
    timeoutSeconds: null,
    worstCaseLatencySeconds: null,
    schedulerName,
    pendingPods: unreadable
      ? []
      : pods.map(p => `${p.metadata.namespace}/${p.metadata.name}`).sort(),
  };
}

/**
 * Blast radius of every webhook, policy binding, APIService, conversion webhook and
 * secondary scheduler of the instance.
 */
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
  for (const crd of instance.objects.customResourceDefinitions) {
    if (crd.spec?.conversion?.strategy === 'Webhook')
      out.push(conversionRadius(crd, index));
  }
  for (const name of instance.schedulerNames)
    out.push(schedulerRadius(name, instance, index));
  return out;
}
