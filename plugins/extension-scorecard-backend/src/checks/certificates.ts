/** Certificates: will trust break by expiry or a missing CA bundle? */
import type { CertificateFinding } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { KubeObject, ResourceKey } from '../collect/types';
import type {
  BuiltinClusterCheck,
  BuiltinClusterContext,
} from './builtinContext';
import {
  fail,
  listed,
  notApplicable,
  numberSetting,
  pass,
  unknown,
  unreadableOutcome,
  warn,
} from './builtinContext';

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

function bundleReadsOf(context: BuiltinClusterContext): ResourceKey[] {
  return BUNDLE_READS[context.kind.id] ?? [];
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
    const blocked = unreadableOutcome(context, bundleReadsOf(context));
    if (blocked) return blocked;
    const endpoints = context.facts.tlsEndpoints;
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
  },
};

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
    const blocked = unreadableOutcome(context, bundleReadsOf(context));
    if (blocked) return blocked;
    const endpoints = context.facts.tlsEndpoints;
    const certificatesUnreadable = context.index.unreadable('certificates');
    if (!endpoints.length && !context.instance.objects.certificates.length)
      return noTls(context);
    const unverified = endpoints.filter(
      e => e.insecureSkipTLSVerify && !e.caBundle,
    );
    if (
      unverified.length === endpoints.length &&
      !context.instance.objects.certificates.length
    ) {
      return notApplicable(
        `no certificate is verified: ${listed(
          unverified.map(e => `${e.object.kind}/${e.object.metadata.name}`),
        )} skip TLS verification (see cert.ca-bundle)`,
      );
    }
    const failDays = numberSetting(context, 'failDays');
    const warnDays = numberSetting(context, 'warnDays');
    const { judged, errors } = judgeBundles(context.facts.certificates);
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
    if (errors.length)
      return unknown(`cannot parse ${listed(errors)}`, observed);
    if (!judged.length) {
      const why =
        certificatesUnreadable ??
        'every caBundle is empty and no cert-manager Certificate reports notAfter';
      return unknown(`no certificate to judge: ${why}`, observed);
    }
    const warning = judged.filter(f => (f.daysLeft ?? 0) < warnDays);
    if (warning.length)
      return warn(
        `${listed(warning.map(describeFinding))} (< ${warnDays} days)`,
        observed,
      );
    if (certificatesUnreadable) {
      return unknown(
        `caBundles valid for ${judged[0].daysLeft}+ days, but ${certificatesUnreadable}`,
        observed,
      );
    }
    return pass(
      `${
        judged.length
      } certificate source(s); the nearest expiry is ${describeFinding(
        judged[0],
      )}`,
      observed,
    );
  },
};

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
    const blocked = unreadableOutcome(context, bundleReadsOf(context));
    if (blocked) return blocked;
    if (!context.facts.tlsEndpoints.length) return noTls(context);
    const unreadable = context.index.unreadable('certificates');
    if (unreadable) return unknown(`cannot judge rotation: ${unreadable}`);
    if (context.index.notServed('certificates')) {
      return warn(
        `cert-manager is not installed in cluster ${context.index.name}: no managed rotation`,
      );
    }
    const certificates = context.instance.objects.certificates;
    if (!certificates.length)
      return warn(
        'no cert-manager Certificate serves this component: rotation is manual',
      );
    const { failures, warnings, notes, observed } = judgeRotation(
      certificates,
      context.now,
    );
    if (failures.length) return fail(listed(failures), observed);
    if (warnings.length) return warn(listed(warnings), observed);
    return pass(listed(notes), observed);
  },
};

export const certificateChecks = [caBundle, expiry, managed];
