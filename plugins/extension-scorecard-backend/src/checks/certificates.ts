/** Certificates: will trust break by expiry or a missing CA bundle? */
import type { CertificateFinding } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { KubeObject, ResourceKey } from '../collect/types';
import type {
  BuiltinClusterCheck,
  BuiltinClusterContext,
} from './builtinContext';
import {
  fail,
  judgedWithout,
  listed,
  missingReads,
  notApplicable,
  numberSetting,
  pass,
  unknown,
  warn,
} from './builtinContext';
import type { TlsEndpoint } from './facts/certificateInventory';
import type { CheckOutcome } from './types';

const TLS_KINDS = ['admission-webhook', 'aggregated-api', 'crd-controller'];

/** The objects that carry caBundles, per kind. */
const BUNDLE_READS: Record<string, ResourceKey[]> = {
  'admission-webhook': [
    'validatingwebhookconfigurations',
    'mutatingwebhookconfigurations',
  ],
  'aggregated-api': ['apiservices'],
  'crd-controller': ['customresourcedefinitions'],
};

/** The resources carrying this component's caBundles: those of its kind and facets. */
function bundleReadsOf(context: BuiltinClusterContext): ResourceKey[] {
  return [...new Set(context.facets.flatMap(k => BUNDLE_READS[k.id] ?? []))];
}

const KEY_OF_KIND: Record<string, ResourceKey> = {
  ValidatingWebhookConfiguration: 'validatingwebhookconfigurations',
  MutatingWebhookConfiguration: 'mutatingwebhookconfigurations',
  APIService: 'apiservices',
  CustomResourceDefinition: 'customresourcedefinitions',
};

/**
 * What the certificate checks judge, as far as it was read in this collection:
 * caBundles of objects whose resource was read, and cert-manager Certificates when
 * those were read (objects kept from an earlier read prove nothing about now), plus
 * why the rest is missing.
 */
function readTrust(context: BuiltinClusterContext): {
  endpoints: TlsEndpoint[];
  findings: CertificateFinding[];
  certificates: KubeObject[];
  missing: Partial<Record<ResourceKey, string | undefined>>;
} {
  const missing = missingReads(context, bundleReadsOf(context));
  const certificatesUnreadable = context.index.unreadable('certificates');
  const endpoints = context.facts.tlsEndpoints.filter(e => {
    const key = KEY_OF_KIND[e.object.kind];
    return !key || !context.index.unreadable(key);
  });
  const sources = new Set(endpoints.map(e => e.source));
  const findings = context.facts.certificates.filter(f =>
    f.source.startsWith('Certificate/')
      ? !certificatesUnreadable
      : sources.has(f.source),
  );
  return {
    endpoints,
    findings,
    certificates: certificatesUnreadable
      ? []
      : context.instance.objects.certificates,
    missing,
  };
}

function noTls(context: BuiltinClusterContext) {
  return notApplicable(
    `no caBundle to check in cluster ${context.index.name}: no webhook, APIService backed by a Service, or conversion webhook`,
  );
}

const caBundle: BuiltinClusterCheck = {
  id: 'cert.ca-bundle',
  dimension: 'certificates',
  kinds: TLS_KINDS,
  severity: 'critical',
  scope: 'cluster',
  title: 'The API server can verify the backend',
  remediation:
    "Set caBundle to the CA that signed the serving certificate, or let cert-manager's CA injector fill it (annotation cert-manager.io/inject-ca-from: <namespace>/<certificate>); never use insecureSkipTLSVerify.",
  docsUrl: 'https://cert-manager.io/docs/concepts/ca-injector/',
  evaluate(_component, context) {
    // an empty caBundle that was read stays empty, whatever was not read
    const { endpoints, missing } = readTrust(context);
    return judgedWithout(judgeCaBundles(context, endpoints), missing);
  },
};

function judgeCaBundles(
  context: BuiltinClusterContext,
  endpoints: readonly TlsEndpoint[],
): CheckOutcome {
  if (!endpoints.length) return noTls(context);
  const failures: string[] = [];
  const warnings: string[] = [];
  for (const e of endpoints) {
    if (e.insecureSkipTLSVerify)
      warnings.push(
        `${e.object.kind}/${e.object.metadata.name} insecureSkipTLSVerify: true`,
      );
    if (e.caBundle) continue;
    if (e.injection)
      warnings.push(
        `${e.source} empty although ${e.injection} (is cainjector running?)`,
      );
    else if (e.url)
      warnings.push(
        `${e.source} empty: calls ${e.url} trusting the system roots`,
      );
    else if (!e.insecureSkipTLSVerify)
      failures.push(`${e.source} empty and no CA injection annotation`);
  }
  const observed = {
    endpoints: endpoints.map(e => ({
      source: e.source,
      caBundle: !!e.caBundle,
      injection: e.injection ?? null,
    })),
  };
  if (failures.length) return fail(listed(failures), observed);
  if (warnings.length) return warn(listed(warnings), observed);
  const injected = endpoints.filter(e => e.injection).length;
  return pass(
    `${endpoints.length} caBundle(s) set${
      injected ? `, ${injected} injected by cert-manager` : ''
    }`,
    observed,
  );
}

export function describeFinding(f: CertificateFinding): string {
  return `${f.source} ${f.subject ? `(${f.subject}) ` : ''}${
    (f.daysLeft ?? 0) < 0 ? 'expired' : 'expires'
  } ${f.notAfter?.slice(0, 10)}, ${f.daysLeft} days`;
}

/** Per certificate source, the finding that expires last (a bundle works until its last certificate expires), nearest first; plus parse errors. */
export function judgeBundles(findings: readonly CertificateFinding[]): {
  judged: CertificateFinding[];
  errors: string[];
} {
  const bySource = new Map<string, CertificateFinding>();
  const errors: string[] = [];
  for (const finding of findings) {
    if (finding.error) {
      errors.push(`${finding.source}: ${finding.error}`);
      continue;
    }
    const current = bySource.get(finding.source);
    if (!current || (finding.daysLeft ?? 0) > (current.daysLeft ?? 0))
      bySource.set(finding.source, finding);
  }
  const judged = [...bySource.values()].sort(
    (a, b) => (a.daysLeft ?? 0) - (b.daysLeft ?? 0),
  );
  return { judged, errors };
}

/** cert-manager Certificates judged for rotation: not Ready fails, failed issuance warns. */
export function judgeRotation(certificates: readonly KubeObject[], now: Date) {
  const failures: string[] = [];
  const warnings: string[] = [];
  const notes: string[] = [];
  const observed: Record<string, unknown> = {};
  for (const cert of certificates) {
    const name = `${cert.metadata.namespace}/${cert.metadata.name}`;
    const ready = condition(cert, 'Ready');
    const renewalTime: string | undefined = cert.status?.renewalTime;
    const attempts: number = cert.status?.failedIssuanceAttempts ?? 0;
    const overdue = !!renewalTime && Date.parse(renewalTime) < now.getTime();
    observed[name] = {
      ready: ready?.status ?? null,
      renewalTime: renewalTime ?? null,
      failedIssuanceAttempts: attempts,
    };
    if (ready?.status !== 'True') {
      failures.push(
        `Certificate ${name} Ready=${ready?.status ?? 'not reported'}${
          ready?.reason ? ` (${ready.reason})` : ''
        }${overdue ? `, renewal overdue since ${renewalTime}` : ''}${
          attempts ? `, failedIssuanceAttempts ${attempts}` : ''
        }`,
      );
      continue;
    }
    if (attempts >= 1) {
      warnings.push(
        `Certificate ${name} failedIssuanceAttempts ${attempts}${
          overdue ? `, renewal overdue since ${renewalTime}` : ''
        }`,
      );
    }
    notes.push(
      `Certificate ${name} Ready${
        renewalTime ? `, renews ${renewalTime}` : ''
      }`,
    );
  }
  return { failures, warnings, notes, observed };
}

const expiry: BuiltinClusterCheck = {
  id: 'cert.expiry',
  dimension: 'certificates',
  kinds: TLS_KINDS,
  severity: 'critical',
  scope: 'cluster',
  title: 'Certificates are far from expiry',
  remediation:
    'Rotate the CA bundle and serving certificate before they expire, and automate it (cert-manager Certificate with renewBefore, CA injection).',
  docsUrl: 'https://cert-manager.io/docs/usage/certificate/',
  evaluate(_component, context) {
    // an expiring certificate that was read expires whatever was not read
    const trust = readTrust(context);
    return judgedWithout(judgeExpiry(context, trust), {
      ...trust.missing,
      certificates: context.index.unreadable('certificates'),
    });
  },
};

function judgeExpiry(
  context: BuiltinClusterContext,
  trust: ReturnType<typeof readTrust>,
): CheckOutcome {
  const { endpoints, certificates } = trust;
  if (!endpoints.length && !certificates.length) return noTls(context);
  const unverified = endpoints.filter(
    e => e.insecureSkipTLSVerify && !e.caBundle,
  );
  if (unverified.length === endpoints.length && !certificates.length) {
    return notApplicable(
      `no certificate is verified: ${listed(
        unverified.map(e => `${e.object.kind}/${e.object.metadata.name}`),
      )} skip TLS verification (see cert.ca-bundle)`,
    );
  }
  const failDays = numberSetting(context, 'failDays');
  const warnDays = numberSetting(context, 'warnDays');
  const { judged, errors } = judgeBundles(trust.findings);
  const observed = {
    certificates: judged.map(f => ({
      source: f.source,
      notAfter: f.notAfter,
      daysLeft: f.daysLeft,
    })),
    errors,
  };
  const failing = judged.filter(f => (f.daysLeft ?? 0) < failDays);
  if (failing.length)
    return fail(
      `${listed(failing.map(describeFinding))} (< ${failDays} days)`,
      observed,
    );
  if (errors.length) return unknown(`cannot parse ${listed(errors)}`, observed);
  if (!judged.length) {
    return unknown(
      'no certificate to judge: every caBundle is empty and no cert-manager Certificate reports notAfter',
      observed,
    );
  }
  const warning = judged.filter(f => (f.daysLeft ?? 0) < warnDays);
  if (warning.length)
    return warn(
      `${listed(warning.map(describeFinding))} (< ${warnDays} days)`,
      observed,
    );
  return pass(
    `${
      judged.length
    } certificate source(s); the nearest expiry is ${describeFinding(
      judged[0],
    )}`,
    observed,
  );
}

function condition(object: any, type: string): any {
  return (object.status?.conditions ?? []).find((c: any) => c.type === type);
}

const managed: BuiltinClusterCheck = {
  id: 'cert.managed',
  dimension: 'certificates',
  kinds: TLS_KINDS,
  severity: 'high',
  scope: 'cluster',
  title: 'Serving certificates rotate automatically',
  remediation:
    'Issue the serving certificate with a cert-manager Certificate (and inject its CA); fix issuance failures shown in its Ready condition and events before renewalTime passes.',
  docsUrl:
    'https://cert-manager.io/docs/reference/api-docs/#cert-manager.io/v1.CertificateStatus',
  evaluate(_component, context) {
    const { endpoints, missing } = readTrust(context);
    if (!endpoints.length) return judgedWithout(noTls(context), missing);
    // rotation is judged on the Certificates; without them nothing is proven
    const unreadable = context.index.unreadable('certificates');
    if (unreadable) return unknown(`cannot judge rotation: ${unreadable}`);
    let outcome: CheckOutcome;
    const certificates = context.instance.objects.certificates;
    if (context.index.notServed('certificates')) {
      outcome = warn(
        `cert-manager is not installed in cluster ${context.index.name}: no managed rotation`,
      );
    } else if (!certificates.length) {
      outcome = warn(
        'no cert-manager Certificate serves this component: rotation is manual',
      );
    } else {
      const { failures, warnings, notes, observed } = judgeRotation(
        certificates,
        context.now,
      );
      if (failures.length) outcome = fail(listed(failures), observed);
      else if (warnings.length) outcome = warn(listed(warnings), observed);
      else outcome = pass(listed(notes), observed);
    }
    // a Certificate that is not Ready stays so, whatever caBundles were not read
    return judgedWithout(outcome, missing);
  },
};

export const certificateChecks = [caBundle, expiry, managed];
