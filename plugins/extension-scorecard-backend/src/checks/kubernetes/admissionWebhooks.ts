/**
 * Webhooks of Validating/MutatingWebhookConfigurations with the API's defaults
 * applied, so every check sees the values the API server acts on.
 * admissionregistration.k8s.io/v1 defaults: failurePolicy Fail, matchPolicy
 * Equivalent, timeoutSeconds 10; v1beta1: Ignore, Exact, 30, sideEffects
 * Unknown, admissionReviewVersions [v1beta1]. namespaceSelector and
 * objectSelector default to {} (everything), rule scope to `*`.
 */
import type { KubeObject } from '../../collect/types';
import type { ComponentInstance } from '../../inventory/model';
import type { LabelSelector } from './labelSelectors';

export interface AdmissionRule {
  operations: string[];
  apiGroups: string[];
  apiVersions: string[];
  resources: string[];
  /** `Cluster`, `Namespaced` or `*`. */
  scope: string;
}

export interface AdmissionWebhook {
  configuration: KubeObject;
  configurationKind:
    | 'ValidatingWebhookConfiguration'
    | 'MutatingWebhookConfiguration';
  mutating: boolean;
  index: number;
  name: string;
  /** `ValidatingWebhookConfiguration/<name>/webhooks[<i>]` */
  path: string;
  v1: boolean;
  failurePolicy: string;
  failurePolicyDefaulted: boolean;
  timeoutSeconds: number;
  timeoutDefaulted: boolean;
  matchPolicy: string;
  matchPolicyDefaulted: boolean;
  sideEffects: string | undefined;
  admissionReviewVersions: string[];
  reinvocationPolicy: string;
  namespaceSelector: LabelSelector;
  objectSelector: LabelSelector;
  rules: AdmissionRule[];
  matchConditions: Array<{ name: string; expression: string }>;
  service?: { namespace: string; name: string; port: number; path?: string };
  url?: string;
  caBundle?: string;
}

function normalize(
  configuration: KubeObject,
  configurationKind: AdmissionWebhook['configurationKind'],
): AdmissionWebhook[] {
  const v1 = !configuration.apiVersion.endsWith('/v1beta1');
  const webhooks: any[] = (configuration as any).webhooks ?? [];
  return webhooks.map((webhook, index) => {
    const clientConfig = webhook.clientConfig ?? {};
    const service = clientConfig.service;
    return {
      configuration,
      configurationKind,
      mutating: configurationKind === 'MutatingWebhookConfiguration',
      index,
      name: webhook.name ?? `webhooks[${index}]`,
      path: `${configurationKind}/${configuration.metadata.name}/webhooks[${index}]`,
      v1,
      failurePolicy: webhook.failurePolicy ?? (v1 ? 'Fail' : 'Ignore'),
      failurePolicyDefaulted: webhook.failurePolicy === undefined,
      timeoutSeconds: webhook.timeoutSeconds ?? (v1 ? 10 : 30),
      timeoutDefaulted: webhook.timeoutSeconds === undefined,
      matchPolicy: webhook.matchPolicy ?? (v1 ? 'Equivalent' : 'Exact'),
      matchPolicyDefaulted: webhook.matchPolicy === undefined,
      sideEffects: webhook.sideEffects ?? (v1 ? undefined : 'Unknown'),
      admissionReviewVersions:
        webhook.admissionReviewVersions ?? (v1 ? [] : ['v1beta1']),
      reinvocationPolicy: webhook.reinvocationPolicy ?? 'Never',
      namespaceSelector: webhook.namespaceSelector ?? {},
      objectSelector: webhook.objectSelector ?? {},
      rules: (webhook.rules ?? []).map((rule: any) => ({
        operations: rule.operations ?? [],
        apiGroups: rule.apiGroups ?? [],
        apiVersions: rule.apiVersions ?? [],
        resources: rule.resources ?? [],
        scope: rule.scope ?? '*',
      })),
      matchConditions: webhook.matchConditions ?? [],
      service: service
        ? {
            namespace: service.namespace,
            name: service.name,
            port: service.port ?? 443,
            path: service.path,
          }
        : undefined,
      url: clientConfig.url,
      caBundle: clientConfig.caBundle || undefined,
    };
  });
}

export function webhooksOfConfiguration(
  configuration: KubeObject,
  configurationKind: AdmissionWebhook['configurationKind'],
): AdmissionWebhook[] {
  return normalize(configuration, configurationKind);
}

/**
 * Every webhook of the instance, validating first. Names that occur in more than one
 * configuration (cert-manager names both of its webhooks `webhook.cert-manager.io`) are
 * qualified with the configuration's name so messages stay unambiguous.
 */
export function webhooksOf(instance: ComponentInstance): AdmissionWebhook[] {
  const all = [
    ...instance.objects.validatingWebhookConfigurations.flatMap(c =>
      webhooksOfConfiguration(c, 'ValidatingWebhookConfiguration'),
    ),
    ...instance.objects.mutatingWebhookConfigurations.flatMap(c =>
      webhooksOfConfiguration(c, 'MutatingWebhookConfiguration'),
    ),
  ];
  const counts = new Map<string, number>();
  for (const w of all) counts.set(w.name, (counts.get(w.name) ?? 0) + 1);
  for (const w of all) {
    if (counts.get(w.name)! > 1)
      w.name = `${w.configuration.metadata.name}/${w.name}`;
  }
  return all;
}

/** A group served by Kubernetes itself: the core group, dot-less groups (apps, batch, policy…) and *.k8s.io. */
export function isBuiltInGroup(group: string): boolean {
  return group === '' || !group.includes('.') || group.endsWith('.k8s.io');
}

/**
 * A rule that reaches beyond the extension's own API: every group, or every resource of
 * a built-in group. `*` resources of the extension's own group (cert-manager's `*\/*`
 * in cert-manager.io) are not broad.
 */
export function isBroadRule(
  rule: Pick<AdmissionRule, 'apiGroups' | 'resources'>,
): boolean {
  if (rule.apiGroups.includes('*')) return true;
  return hasWildcardResources(rule) && rule.apiGroups.some(isBuiltInGroup);
}

/** `group/version/resource`, the core group rendered as its version alone (`v1/pods`). */
export function ruleResources(
  rule: Pick<AdmissionRule, 'apiGroups' | 'apiVersions' | 'resources'>,
): string[] {
  const out: string[] = [];
  const groups = rule.apiGroups.length ? rule.apiGroups : [''];
  const versions = rule.apiVersions.length ? rule.apiVersions : ['*'];
  for (const group of groups) {
    for (const version of versions) {
      for (const resource of rule.resources) {
        out.push(
          group === ''
            ? `${version}/${resource}`
            : `${group}/${version}/${resource}`,
        );
      }
    }
  }
  return out;
}

/** True when the rule names `resource` (or `*`) in `group` (or `*`). Subresources need `x/*` or `*\/*`. */
export function ruleCoversResource(
  rule: Pick<AdmissionRule, 'apiGroups' | 'resources'>,
  group: string,
  resource: string,
): boolean {
  const groupOk =
    rule.apiGroups.includes('*') || rule.apiGroups.includes(group);
  if (!groupOk) return false;
  const [base, sub] = resource.split('/');
  return rule.resources.some(r => {
    if (r === resource || r === '*/*') return true;
    if (r === '*') return sub === undefined;
    const [rBase, rSub] = r.split('/');
    if (sub === undefined) return false;
    return (rBase === base || rBase === '*') && (rSub === sub || rSub === '*');
  });
}

export function hasWildcardResources(
  rule: Pick<AdmissionRule, 'resources'>,
): boolean {
  return rule.resources.some(
    r => r === '*' || r === '*/*' || r.startsWith('*/'),
  );
}
