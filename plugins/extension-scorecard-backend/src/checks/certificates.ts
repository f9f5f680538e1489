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
  withRemediation,
} from './builtinContext';
import {
  describeCertificate,
  relativeCountdown,
  relativeDaysLeft,
  groupByCertificate,
  objectOfSource,
} from './certificateText';
import { expiresWithin, type TlsEndpoint } from './facts/certificateInventory';
import { timeOf } from './relativeDays';
import { changesAt } from './timeBound';
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
  const empty = endpoints.filter(e => !e.caBundle);
  const skipping = endpoints.filter(e => e.insecureSkipTLSVerify);
  const notInjected = empty.filter(e => e.injection);
  const byUrl = empty.filter(e => !e.injection && e.url);
  const untrusted = empty.filter(
    e => !e.injection && !e.url && !e.insecureSkipTLSVerify,
  );
  const observed = {
    endpoints: endpoints.map(e => ({
      source: e.source,
      caBundle: !!e.caBundle,
      injection: e.injection ?? null,
      ...(e.url ? { url: e.url } : {}),
      ...(e.insecureSkipTLSVerify ? { insecureSkipTLSVerify: true } : {}),
    })),
  };
  if (untrusted.length)
    return fail(
      `${countedEndpoints(
        untrusted,
      )} and no CA injection annotation: the API server cannot verify the backend`,
      observed,
    );
  if (skipping.length)
    return withRemediation(
      warn(
        `${countedObjects(
          skipping,
        )} set insecureSkipTLSVerify: the API server does not verify the backend`,
        observed,
      ),
      'Remove insecureSkipTLSVerify and set caBundle to the CA that signed the serving certificate (or let cert-manager inject it).',
    );
  if (notInjected.length)
    return withRemediation(
      warn(
        `${countedEndpoints(notInjected)} although ${
          notInjected[0].injection
        }: the CA was not injected`,
        observed,
      ),
      "Check that cert-manager's cainjector runs and that the Certificate or Secret named in the annotation exists and is Ready; the caBundle fills on its next sync.",
    );
  if (byUrl.length)
    return withRemediation(
      warn(
        `${countedEndpoints(byUrl)}: calls ${
          byUrl[0].url
        } trusting the system roots`,
        observed,
      ),
      "Set caBundle to the CA of the endpoint's serving certificate, unless it is issued by a public CA the API server's system roots trust.",
    );
  const injected = endpoints.filter(e => e.injection).length;
  return pass(
    `${plural(endpoints.length, 'caBundle')} set${
      injected ? `, ${injected} injected by cert-manager` : ''
    }`,
    observed,
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** `empty caBundle in ValidatingWebhookConfiguration/x`, `3 empty caBundles in ValidatingWebhookConfiguration/x and 1 more object`. */
function countedEndpoints(endpoints: readonly TlsEndpoint[]): string {
  const names = firstAndMore(endpoints.map(e => objectOfSource(e.source)));
  return endpoints.length === 1
    ? `empty caBundle in ${names}`
    : `${endpoints.length} empty caBundles in ${names}`;
}

/** `APIService/v1.x` or `APIService/v1.x and 2 more objects`. */
function countedObjects(endpoints: readonly TlsEndpoint[]): string {
  return firstAndMore(
    endpoints.map(e => `${e.object.kind}/${e.object.metadata.name}`),
  );
}

/** The first of the distinct names, and how many more. */
function firstAndMore(names: readonly string[]): string {
  const distinct = [...new Set(names)];
  return distinct.length === 1
    ? distinct[0]
    : `${distinct[0]} and ${plural(distinct.length - 1, 'more object')}`;
}

/** One certificate finding of one source: `CN=x in APIService/y expired 3 days ago (2026-11-03)`. */
export function describeFinding(
  f: CertificateFinding,
  thresholdDays?: number,
): string {
  return `${f.subject ? `${f.subject} in ` : ''}${objectOfSource(
    f.source,
  )} ${relativeCountdown(f, thresholdDays)}`;
}

/**
 * When a finding expires (epoch ms): compared as instants, not as day counts, so which
 * finding is judged does not depend on the time of day it is evaluated at.
 */
function expiresAt(finding: CertificateFinding): number {
  return timeOf(finding.notAfter) ?? (finding.daysLeft ?? 0) * 86_400_000;
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
    if (!current || expiresAt(finding) > expiresAt(current))
      bySource.set(finding.source, finding);
  }
  const judged = [...bySource.values()].sort(
    (a, b) => expiresAt(a) - expiresAt(b),
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
    const renewal = renewalTime ? Date.parse(renewalTime) : NaN;
    const overdue = renewal < now.getTime();
    if (!overdue && Number.isFinite(renewal)) changesAt(renewal + 1);
    observed[name] = {
      ready: ready?.status ?? null,
      renewalTime: renewalTime ?? null,
      failedIssuanceAttempts: attempts,
    };
    if (ready?.status !== 'True') {
      failures.push(
        `Certificate ${name} Ready=${ready?.status ?? 'not reported'}${
          ready?.reason ? ` (${ready.reason})` : ''
        }${
          overdue ? `, renewal overdue since ${renewalTime!.slice(0, 10)}` : ''
        }${attempts ? `, ${plural(attempts, 'failed issuance attempt')}` : ''}`,
      );
      continue;
    }
    if (attempts >= 1) {
      warnings.push(
        `Certificate ${name} Ready but ${plural(
          attempts,
          'failed issuance attempt',
        )}${
          overdue ? `, renewal overdue since ${renewalTime!.slice(0, 10)}` : ''
        }`,
      );
    }
    notes.push(
      `Certificate ${name} Ready${
        renewalTime ? `, renews ${renewalTime.slice(0, 10)}` : ''
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
      subject: f.subject ?? null,
      notAfter: f.notAfter,
      daysLeft: relativeDaysLeft(f),
      ...(f.fingerprint ? { fingerprint: f.fingerprint } : {}),
    })),
    errors,
    thresholds: { failDays, warnDays },
  };
  // one certificate however many caBundles carry it, nearest expiry first
  const failing = groupByCertificate(
    judged.filter(f => expiresWithin(f, failDays, context.now)),
  );
  if (failing.length) {
    const outcome = fail(
      listed(
        failing.map(c => describeCertificate(c, failDays)),
        2,
      ),
      observed,
    );
    // cert-manager already renews and injects these: what is left is why it did not
    const automated = failing.every(c =>
      c.places.every(p => managedSource(trust, p.source)),
    );
    return automated
      ? withRemediation(
          outcome,
          "cert-manager manages these certificates but did not renew them in time: fix the Certificate's issuance (its Ready condition and events, the Issuer) and check that cainjector runs.",
        )
      : withRemediation(
          outcome,
          expiresWithin(failing[0].finding, 0, context.now)
            ? 'Replace the expired certificate now (serving certificate and CA bundle), then automate rotation with a cert-manager Certificate and CA injection.'
            : 'Rotate the CA bundle and serving certificate before they expire, and automate it (cert-manager Certificate with renewBefore, CA injection).',
        );
  }
  if (errors.length) return unknown(`cannot parse ${listed(errors)}`, observed);
  if (!judged.length) {
    return unknown(
      'no certificate to judge: every caBundle is empty and no cert-manager Certificate reports notAfter',
      observed,
    );
  }
  const warning = groupByCertificate(
    judged.filter(f => expiresWithin(f, warnDays, context.now)),
  );
  if (warning.length)
    return warn(
      listed(
        warning.map(c => describeCertificate(c, warnDays)),
        2,
      ),
      observed,
    );
  const all = groupByCertificate(judged);
  return pass(
    `${plural(
      all.length,
      'certificate',
    )} valid; the first to expire: ${describeCertificate(all[0])}`,
    observed,
  );
}

/** Whether a finding source is renewed by cert-manager: a Certificate, or a caBundle it injects. */
function managedSource(
  trust: ReturnType<typeof readTrust>,
  source: string,
): boolean {
  if (source.startsWith('Certificate/')) return true;
  return trust.endpoints.some(e => e.source === source && !!e.injection);
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
      outcome = withRemediation(
        warn(
          `cert-manager is not installed in cluster ${context.index.name}: no managed rotation`,
        ),
        `Install cert-manager in ${context.index.name} and issue the serving certificate with a Certificate (and inject its CA), or document the manual rotation and its owner.`,
      );
    } else if (!certificates.length) {
      outcome = warn(
        `no cert-manager Certificate serves this component in cluster ${context.index.name}: rotation is manual`,
      );
    } else {
      const { failures, warnings, notes, observed } = judgeRotation(
        certificates,
        context.now,
      );
      const fixIssuance =
        "Fix the Certificate's issuance: read its Ready condition, events and latest CertificateRequest (Issuer reachable, DNS names allowed), before its renewal time passes.";
      if (failures.length)
        outcome = withRemediation(
          fail(listed(failures, 2), observed),
          fixIssuance,
        );
      else if (warnings.length)
        outcome = withRemediation(
          warn(listed(warnings, 2), observed),
          fixIssuance,
        );
      else outcome = pass(listed(notes, 2), observed);
    }
    // a Certificate that is not Ready stays so, whatever caBundles were not read
    return judgedWithout(outcome, missing);
  },
};

export const certificateChecks = [caBundle, expiry, managed];
