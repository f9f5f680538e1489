/**
 * Admission: webhook configurations with the Services they call (and everything behind
 * them), and ValidatingAdmissionPolicies with their bindings.
 */
import type { KubeObject } from '../collect/types';
import { addInjectedCertificates, addServiceBackend } from './backends';
import type { ClusterIndex } from './clusterIndex';
import { crdGroupKey, Detector, newSeed, Seed } from './seed';

/** `namespace/name` of every Service a webhook configuration calls. */
export function webhookServices(
  config: KubeObject,
): Array<{ namespace: string; name: string }> {
  const out: Array<{ namespace: string; name: string }> = [];
  const webhooks = Array.isArray(config.webhooks)
    ? (config.webhooks as any[])
    : [];
  for (const w of webhooks) {
    const svc = w?.clientConfig?.service;
    if (
      svc?.namespace &&
      svc?.name &&
      !out.some(o => o.namespace === svc.namespace && o.name === svc.name)
    ) {
      out.push({ namespace: svc.namespace, name: svc.name });
    }
  }
  return out;
}

/**
 * The CRD API groups a webhook configuration guards, when it guards nothing else: a
 * project's webhook validating its own resources (cert-manager.io, monitoring.coreos.com)
 * belongs with those CRDs. Rules naming built-in groups or `*` guard more than a project.
 */
export function guardedCrdGroups(
  config: KubeObject,
  crdGroups: ReadonlySet<string>,
): string[] {
  const groups = new Set<string>();
  for (const w of Array.isArray(config.webhooks)
    ? (config.webhooks as any[])
    : []) {
    for (const rule of Array.isArray(w?.rules) ? w.rules : []) {
      for (const g of Array.isArray(rule?.apiGroups) ? rule.apiGroups : []) {
        if (typeof g !== 'string' || !crdGroups.has(g)) return [];
        groups.add(g);
      }
    }
  }
  return [...groups];
}

/**
 * One seed per Validating/MutatingWebhookConfiguration. Configurations calling the same
 * Service are one extension (Kyverno ships several, cert-manager a validating and a
 * mutating one); one guarding only a project's own CRD groups joins those CRDs.
 */
export const detectAdmissionWebhooks: Detector = idx => {
  const seeds: Seed[] = [];
  const crdGroups = new Set(
    idx
      .list('customresourcedefinitions')
      .map(crd => crd.spec?.group)
      .filter((g): g is string => typeof g === 'string'),
  );
  for (const config of [
    ...idx.list('validatingwebhookconfigurations'),
    ...idx.list('mutatingwebhookconfigurations'),
  ]) {
    const services = webhookServices(config);
    const seed = newSeed(
      idx,
      'admission-webhook',
      config.metadata.name,
      [config],
      services.map(s => `service:${s.namespace}/${s.name}`),
    );
    for (const group of guardedCrdGroups(config, crdGroups)) {
      seed.mergeKeys.push(crdGroupKey(group));
    }
    addInjectedCertificates(seed.builder, idx, config);
    for (const s of services)
      addServiceBackend(seed.builder, idx, s.namespace, s.name);
    seeds.push(seed);
  }
  return seeds;
};

/** One seed per ValidatingAdmissionPolicy, with the bindings naming it. */
export const detectAdmissionPolicies: Detector = (idx: ClusterIndex) => {
  const bindings = idx.list('validatingadmissionpolicybindings');
  return idx.list('validatingadmissionpolicies').map(policy => {
    const seed = newSeed(
      idx,
      'admission-policy',
      policy.metadata.name,
      [policy],
      [],
    );
    for (const binding of bindings) {
      if (binding.spec?.policyName === policy.metadata.name)
        seed.builder.add(binding);
    }
    return seed;
  });
};
