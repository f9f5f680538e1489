/**
 * The TLS trust an instance depends on: every caBundle the API server uses to
 * call it (webhooks, APIServices, CRD conversion webhooks), the cert-manager
 * injection annotations that fill them, the certificates inside each bundle
 * (parsed with Node's X509Certificate), and the cert-manager Certificates that
 * serve it. Secrets are never read.
 */
import { X509Certificate } from 'node:crypto';
import type { CertificateFinding } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { KubeObject } from '../../collect/types';
import type { ComponentInstance } from '../../inventory/model';
import type { AdmissionWebhook } from '../kubernetes/admissionWebhooks';
import { daysUntilBelow, daysUntilUnreported, timeOf } from '../relativeDays';

/** cert-manager's CA injector annotations. */
export const CA_INJECTION_ANNOTATIONS = [
  'cert-manager.io/inject-ca-from',
  'cert-manager.io/inject-ca-from-secret',
  'cert-manager.io/inject-apiserver-ca',
] as const;

/** A place where the API server needs a CA bundle to call the extension. */
export interface TlsEndpoint {
  /** e.g. `APIService/v1beta1.metrics.k8s.io/spec.caBundle` */
  source: string;
  object: KubeObject;
  type: 'webhook' | 'apiservice' | 'conversion';
  caBundle?: string;
  /** `annotation=value` of the cert-manager injection, when present. */
  injection?: string;
  /** Webhooks called by URL may rely on the system trust roots. */
  url?: string;
  insecureSkipTLSVerify?: boolean;
}

export interface ParsedCertificate {
  subject: string;
  issuer: string;
  notAfter: Date;
  /** SHA-256 fingerprint, as `AB:CD:…`: names the certificate wherever it is used. */
  fingerprint: string;
}

export type ParsedBundle =
  | { certificates: ParsedCertificate[] }
  | { error: string };

const PEM_BLOCK =
  /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const bundleCache = new Map<string, ParsedBundle>();
const BUNDLE_CACHE_LIMIT = 10_000;

function oneLine(name: string): string {
  return name.split('\n').filter(Boolean).join(', ');
}

/** Parses a caBundle as the API carries it: base64 of one or more PEM certificates. */
export function parseCaBundle(caBundle: string): ParsedBundle {
  const cached = bundleCache.get(caBundle);
  if (cached) return cached;
  let parsed: ParsedBundle;
  const text = caBundle.includes('-----BEGIN')
    ? caBundle
    : Buffer.from(caBundle, 'base64').toString('utf8');
  const blocks = text.match(PEM_BLOCK);
  if (!blocks) {
    parsed = {
      error: 'no PEM CERTIFICATE block found after base64 decoding',
    };
  } else {
    try {
      parsed = {
        certificates: blocks.map(block => {
          const cert = new X509Certificate(block);
          return {
            subject: oneLine(cert.subject),
            issuer: oneLine(cert.issuer),
            notAfter: new Date(cert.validTo),
            fingerprint: cert.fingerprint256,
          };
        }),
      };
    } catch (error) {
      parsed = {
        error: `certificate does not parse: ${(error as Error).message}`,
      };
    }
  }
  if (bundleCache.size >= BUNDLE_CACHE_LIMIT) bundleCache.clear();
  bundleCache.set(caBundle, parsed);
  return parsed;
}

function injectionOf(object: KubeObject): string | undefined {
  const annotations = object.metadata.annotations ?? {};
  for (const key of CA_INJECTION_ANNOTATIONS) {
    if (annotations[key] !== undefined) return `${key}=${annotations[key]}`;
  }
  return undefined;
}

/** Every TLS endpoint of the instance. */
export function tlsEndpointsOf(
  instance: ComponentInstance,
  webhooks: readonly AdmissionWebhook[],
): TlsEndpoint[] {
  const endpoints: TlsEndpoint[] = [];
  for (const webhook of webhooks) {
    endpoints.push({
      source: `${webhook.path}.clientConfig.caBundle`,
      object: webhook.configuration,
      type: 'webhook',
      caBundle: webhook.caBundle,
      injection: injectionOf(webhook.configuration),
      url: webhook.url,
    });
  }
  for (const api of instance.objects.apiServices) {
    if (!api.spec?.service) continue; // local APIServices are served by kube-apiserver itself
    endpoints.push({
      source: `APIService/${api.metadata.name}/spec.caBundle`,
      object: api,
      type: 'apiservice',
      caBundle: api.spec.caBundle || undefined,
      injection: injectionOf(api),
      insecureSkipTLSVerify: api.spec.insecureSkipTLSVerify === true,
    });
  }
  for (const crd of instance.objects.customResourceDefinitions) {
    const conversion = crd.spec?.conversion;
    if (conversion?.strategy !== 'Webhook') continue;
    const clientConfig =
      conversion.webhook?.clientConfig ?? conversion.webhookClientConfig ?? {};
    const field = conversion.webhook
      ? 'spec.conversion.webhook.clientConfig.caBundle'
      : 'spec.conversion.webhookClientConfig.caBundle';
    endpoints.push({
      source: `CustomResourceDefinition/${crd.metadata.name}/${field}`,
      object: crd,
      type: 'conversion',
      caBundle: clientConfig.caBundle || undefined,
      injection: injectionOf(crd),
      url: clientConfig.url,
    });
  }
  return endpoints;
}

/**
 * Whole days left at `now`, not reported to checks/timeBound: compare a finding's
 * `daysLeft` only through {@link expiresWithin}, which reports where it flips.
 */
function daysLeft(notAfter: Date, now: Date): number {
  return daysUntilUnreported(notAfter.getTime(), now);
}

/**
 * Whether fewer than `days` whole days are left on a finding at `now` (`daysLeft <
 * days`; `expiresWithin(f, 0, now)`: expired), reporting when that answer changes.
 */
export function expiresWithin(
  finding: CertificateFinding,
  days: number,
  now: Date,
): boolean {
  const at = timeOf(finding.notAfter);
  if (at === undefined) return (finding.daysLeft ?? 0) < days;
  return daysUntilBelow(at, now, days);
}

/** Certificate findings of one instance: each bundle's certificates, and each cert-manager Certificate. */
export function certificateFindingsOf(
  instance: ComponentInstance,
  endpoints: readonly TlsEndpoint[],
  now: Date,
): CertificateFinding[] {
  const findings: CertificateFinding[] = [];
  for (const endpoint of endpoints) {
    if (!endpoint.caBundle) continue;
    const parsed = parseCaBundle(endpoint.caBundle);
    if ('error' in parsed) {
      findings.push({
        cluster: instance.cluster,
        source: endpoint.source,
        error: parsed.error,
      });
      continue;
    }
    for (const cert of parsed.certificates) {
      findings.push({
        cluster: instance.cluster,
        source: endpoint.source,
        subject: cert.subject,
        issuer: cert.issuer,
        notAfter: cert.notAfter.toISOString(),
        daysLeft: daysLeft(cert.notAfter, now),
        fingerprint: cert.fingerprint,
      });
    }
  }
  for (const certificate of instance.objects.certificates) {
    const source = `Certificate/${certificate.metadata.namespace}/${certificate.metadata.name}/status.notAfter`;
    const notAfterText: string | undefined = certificate.status?.notAfter;
    const notAfter = notAfterText ? new Date(notAfterText) : undefined;
    const subject =
      certificate.spec?.commonName ??
      (certificate.spec?.dnsNames ?? []).join(', ');
    const issuerRef = certificate.spec?.issuerRef;
    const issuer = issuerRef
      ? `${issuerRef.kind ?? 'Issuer'}/${issuerRef.name}`
      : undefined;
    if (!notAfter || Number.isNaN(notAfter.getTime())) {
      findings.push({
        cluster: instance.cluster,
        source,
        subject: subject || undefined,
        issuer,
        error: notAfterText
          ? `status.notAfter '${notAfterText}' is not a date`
          : 'status.notAfter is not set (certificate not issued yet)',
      });
      continue;
    }
    findings.push({
      cluster: instance.cluster,
      source,
      subject: subject || undefined,
      issuer,
      notAfter: notAfter.toISOString(),
      daysLeft: daysLeft(notAfter, now),
    });
  }
  return findings;
}
