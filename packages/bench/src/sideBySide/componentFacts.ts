/**
 * The facts both contenders judge, taken from the same inventory: what a Tech Insights
 * fact retriever would store per entity for the twelve checks of the side-by-side run.
 * Computed once, outside every timed section.
 */
import { X509Certificate } from 'node:crypto';
import type {
  ExtensionComponent,
  KubeObject,
} from '@extension-scorecard/plugin-extension-scorecard-node';

/** One component's facts: flat values, as Tech Insights stores them. */
export interface ComponentFacts {
  ownerResolved: boolean;
  ownerIsGroup: boolean;
  ownerContacts: number;
  designAnswers: number;
  responsibilitiesNamed: number;
  /** Largest webhook timeoutSeconds (0 without webhooks). */
  webhookMaxTimeoutSeconds: number;
  webhooksWithUnsafeSideEffects: number;
  webhooksWithoutV1Review: number;
  webhooksWithExactMatch: number;
  /** Fewest ready replicas over the backend Deployments (-1 without Deployments). */
  minReadyReplicas: number;
  deploymentsWithoutPdb: number;
  containersWithoutProbes: number;
  /** Days until the earliest caBundle certificate expires (99999 without caBundles). */
  certMinDaysLeft: number;
}

export const FACT_NAMES = [
  'ownerResolved',
  'ownerIsGroup',
  'ownerContacts',
  'designAnswers',
  'responsibilitiesNamed',
  'webhookMaxTimeoutSeconds',
  'webhooksWithUnsafeSideEffects',
  'webhooksWithoutV1Review',
  'webhooksWithExactMatch',
  'minReadyReplicas',
  'deploymentsWithoutPdb',
  'containersWithoutProbes',
  'certMinDaysLeft',
] as const satisfies ReadonlyArray<keyof ComponentFacts>;

const DESIGN_QUESTIONS = [
  'whyNotBuiltIn',
  'path',
  'failureImpact',
  'observability',
  'rollout',
] as const;

export function componentFacts(
  component: ExtensionComponent,
  now: Date,
): ComponentFacts {
  const owner = component.catalog?.owner ?? null;
  const descriptor = component.catalog?.descriptor ?? null;
  const webhooks: any[] = [];
  const deployments: KubeObject[] = [];
  const pdbs: KubeObject[] = [];
  const bundles: string[] = [];
  const containers: any[] = [];
  for (const instance of component.instances) {
    const o = instance.objects;
    for (const config of [
      ...o.validatingWebhookConfigurations,
      ...o.mutatingWebhookConfigurations,
    ]) {
      for (const w of (config.webhooks as any[]) ?? []) {
        webhooks.push(w);
        if (w.clientConfig?.caBundle) bundles.push(w.clientConfig.caBundle);
      }
    }
    for (const api of o.apiServices)
      if (api.spec?.caBundle) bundles.push(api.spec.caBundle);
    deployments.push(...o.deployments);
    pdbs.push(...o.podDisruptionBudgets);
    for (const w of [...o.deployments, ...o.daemonSets])
      containers.push(...(w.spec?.template?.spec?.containers ?? []));
  }
  const selects = (pdb: KubeObject, d: KubeObject) => {
    const want: Record<string, string> = pdb.spec?.selector?.matchLabels ?? {};
    const labels: Record<string, string> =
      d.spec?.template?.metadata?.labels ?? {};
    return (
      pdb.metadata.namespace === d.metadata.namespace &&
      Object.keys(want).length > 0 &&
      Object.entries(want).every(([k, v]) => labels[k] === v)
    );
  };
  let certMinDaysLeft = 99999;
  for (const bundle of new Set(bundles)) {
    try {
      const cert = new X509Certificate(Buffer.from(bundle, 'base64'));
      certMinDaysLeft = Math.min(
        certMinDaysLeft,
        Math.floor((Date.parse(cert.validTo) - now.getTime()) / 86_400_000),
      );
    } catch {
      certMinDaysLeft = Math.min(certMinDaysLeft, -1);
    }
  }
  return {
    ownerResolved: !!owner?.resolved,
    ownerIsGroup: owner?.kind === 'Group',
    ownerContacts: owner?.contacts.length ?? 0,
    designAnswers: DESIGN_QUESTIONS.filter(q => !!descriptor?.design[q]).length,
    responsibilitiesNamed: Object.values(
      descriptor?.responsibilities ?? {},
    ).filter(Boolean).length,
    webhookMaxTimeoutSeconds: webhooks.reduce(
      (max, w) => Math.max(max, w.timeoutSeconds ?? 10),
      0,
    ),
    webhooksWithUnsafeSideEffects: webhooks.filter(
      w => w.sideEffects !== 'None' && w.sideEffects !== 'NoneOnDryRun',
    ).length,
    webhooksWithoutV1Review: webhooks.filter(
      w => !(w.admissionReviewVersions ?? []).includes('v1'),
    ).length,
    webhooksWithExactMatch: webhooks.filter(w => w.matchPolicy === 'Exact')
      .length,
    minReadyReplicas: deployments.length
      ? Math.min(...deployments.map(d => d.status?.readyReplicas ?? 0))
      : -1,
    deploymentsWithoutPdb: deployments.filter(
      d => !pdbs.some(p => selects(p, d)),
    ).length,
    containersWithoutProbes: containers.filter(
      c => !c.readinessProbe || !c.livenessProbe,
    ).length,
    certMinDaysLeft,
  };
}
