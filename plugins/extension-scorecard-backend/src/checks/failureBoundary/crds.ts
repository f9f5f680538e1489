/** Failure boundary of CRDs: established names, and safe conversion between served versions. */
import type { CertificateFinding } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { BuiltinClusterCheck } from '../builtinContext';
import {
  fail,
  judgedWithout,
  listed,
  notApplicable,
  numberSetting,
  pass,
  unknown,
  warn,
} from '../builtinContext';
import { describeFinding, judgeBundles, judgeRotation } from '../certificates';
import { relativeCountdown } from '../certificateText';
import { expiresWithin } from '../facts/certificateInventory';

function conditionStatus(crd: any, type: string): string {
  return (
    (crd.status?.conditions ?? []).find((c: any) => c.type === type)?.status ??
    'not reported'
  );
}

function noCrds(cluster: string) {
  return notApplicable(
    `no CustomResourceDefinition of this component in cluster ${cluster}`,
  );
}

const established: BuiltinClusterCheck = {
  id: 'crd.established',
  dimension: 'failure-boundary',
  kinds: ['crd-controller'],
  severity: 'high',
  scope: 'cluster',
  reads: ['customresourcedefinitions'],
  title: 'CRDs are Established with accepted names',
  remediation:
    'Fix the CRD until Established and NamesAccepted are True (usually a name conflict with another CRD or a built-in resource).',
  docsUrl:
    'https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/',
  evaluate(_component, context) {
    const crds = context.instance.objects.customResourceDefinitions;
    if (!crds.length) return noCrds(context.index.name);
    const bad: string[] = [];
    const observed: Record<string, unknown> = {};
    for (const crd of crds) {
      const est = conditionStatus(crd, 'Established');
      const names = conditionStatus(crd, 'NamesAccepted');
      observed[crd.metadata.name] = { Established: est, NamesAccepted: names };
      if (est !== 'True' || names !== 'True') {
        bad.push(
          `${crd.metadata.name} Established=${est} NamesAccepted=${names}`,
        );
      }
    }
    if (bad.length) return fail(listed(bad), observed);
    return pass(
      `${crds.length} CRD(s) Established and NamesAccepted`,
      observed,
    );
  },
};

const conversion: BuiltinClusterCheck = {
  id: 'crd.conversion',
  dimension: 'failure-boundary',
  kinds: ['crd-controller'],
  severity: 'high',
  scope: 'cluster',
  reads: ['customresourcedefinitions'],
  title: 'Served versions convert safely',
  remediation:
    'With several served versions whose schemas differ, use a conversion webhook (strategy Webhook) with a valid caBundle, conversionReviewVersions including v1, and a highly available backend; its certificates must pass cert.expiry and cert.managed.',
  docsUrl:
    'https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definition-versioning/',
  evaluate(_component, context) {
    const crds = context.instance.objects.customResourceDefinitions;
    if (!crds.length) return noCrds(context.index.name);
    const failures: string[] = [];
    const unknowns: string[] = [];
    const warnings: string[] = [];
    const notes: string[] = [];
    const observed: Record<string, unknown> = {};
    // cert-manager Certificates prove something only when read in this collection
    const certificatesUnreadable = context.index.unreadable('certificates');
    let needsCertificates = false;
    const findings = context.facts.certificates.filter(
      f => !certificatesUnreadable || !f.source.startsWith('Certificate/'),
    );
    const certificates = certificatesUnreadable
      ? []
      : context.instance.objects.certificates;
    const endpoints = context.facts.tlsEndpoints;
    const failDays = numberSetting(context, 'failDays');
    const warnDays = numberSetting(context, 'warnDays');
    for (const crd of crds) {
      const name = crd.metadata.name;
      const served = (crd.spec?.versions ?? [])
        .filter((v: any) => v.served !== false)
        .map((v: any) => v.name);
      const strategy = crd.spec?.conversion?.strategy ?? 'None';
      observed[name] = { servedVersions: served, strategy };
      if (strategy !== 'Webhook') {
        if (served.length > 1)
          warnings.push(
            `${name} serves ${served.join(
              ', ',
            )} with conversion strategy ${strategy}`,
          );
        else notes.push(`${name} serves ${served.join(', ') || 'one version'}`);
        continue;
      }
      const endpoint = endpoints.find(e => e.object === crd);
      const reviewVersions: string[] =
        crd.spec?.conversion?.webhook?.conversionReviewVersions ?? [];
      if (!endpoint?.caBundle && !endpoint?.injection && !endpoint?.url) {
        failures.push(
          `${name} conversion webhook has an empty caBundle and no CA injection annotation`,
        );
        continue;
      }
      // the webhook's trust: its caBundle and the cert-manager Certificates serving the component
      const { judged, errors } = judgeBundles(
        findings.filter(
          f =>
            f.source === endpoint?.source ||
            f.source.startsWith('Certificate/'),
        ),
      );
      if (certificatesUnreadable) needsCertificates = true;
      const rotation = judgeRotation(certificates, context.now);
      const expiring = judged.filter(f =>
        expiresWithin(f, failDays, context.now),
      );
      const soon = judged.filter(
        f =>
          !expiresWithin(f, failDays, context.now) &&
          expiresWithin(f, warnDays, context.now),
      );
      // the CA of the CRD's own caBundle is named by subject; a Certificate by its object
      const certificate = (f: CertificateFinding, threshold: number) =>
        f.source === endpoint?.source && f.subject
          ? `${f.subject} ${relativeCountdown(f, threshold)}`
          : describeFinding(f, threshold);
      failures.push(
        ...expiring.map(
          f => `${name} conversion webhook: ${certificate(f, failDays)}`,
        ),
      );
      failures.push(
        ...rotation.failures.map(f => `${name} conversion webhook: ${f}`),
      );
      unknowns.push(...errors.map(e => `${name} conversion webhook: ${e}`));
      warnings.push(
        ...soon.map(
          f => `${name} conversion webhook: ${certificate(f, warnDays)}`,
        ),
      );
      warnings.push(
        ...rotation.warnings.map(w => `${name} conversion webhook: ${w}`),
      );
      if (reviewVersions.length && !reviewVersions.includes('v1')) {
        warnings.push(
          `${name} conversionReviewVersions [${reviewVersions.join(
            ', ',
          )}] without v1`,
        );
      }
      notes.push(`${name} converts ${served.join(', ')} by webhook`);
    }
    const missing = {
      certificates: needsCertificates
        ? `conversion webhook certificates: ${certificatesUnreadable}`
        : undefined,
    };
    if (failures.length)
      return judgedWithout(fail(listed(failures), observed), missing);
    if (unknowns.length) return unknown(listed(unknowns), observed);
    if (warnings.length)
      return judgedWithout(warn(listed(warnings), observed), missing);
    return judgedWithout(pass(listed(notes), observed), missing);
  },
};

export const crdChecks = [established, conversion];
