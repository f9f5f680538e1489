/**
 * How certificate findings are worded, in check messages and notifications: one
 * certificate (by fingerprint) however many caBundles carry it, its countdown as
 * people say it ("expired 31 days ago (2026-11-03)"), and the objects that use it.
 */
import type { CertificateFinding } from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  countdownText,
  countdownTextOf,
  daysUntilValue,
  timeOf,
} from './relativeDays';

/** One certificate and every place (finding source) it was found in. */
export interface CertificateUse {
  /** The finding of the certificate (the first place it was found in). */
  finding: CertificateFinding;
  /** Where it is used, in order of first appearance, without repeats: `cluster` + `source`. */
  places: Array<{ cluster: string; source: string }>;
}

/**
 * What names one certificate wherever it is used: its fingerprint; else (a
 * cert-manager Certificate's status) its subject, issuer and expiry; else its source.
 */
export function certificateIdentity(f: CertificateFinding): string {
  if (f.fingerprint) return f.fingerprint;
  if (f.subject) return `${f.subject}|${f.issuer ?? ''}|${f.notAfter ?? ''}`;
  return `${f.cluster}|${f.source}`;
}

/** Groups findings by certificate, keeping the order of first appearance. */
export function groupByCertificate(
  findings: readonly CertificateFinding[],
): CertificateUse[] {
  const groups = new Map<string, CertificateUse>();
  for (const finding of findings) {
    const id = certificateIdentity(finding);
    const group = groups.get(id);
    const place = { cluster: finding.cluster, source: finding.source };
    if (!group) groups.set(id, { finding, places: [place] });
    else if (
      !group.places.some(
        p => p.cluster === place.cluster && p.source === place.source,
      )
    )
      group.places.push(place);
  }
  return [...groups.values()];
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * `expired 31 days ago (2026-11-03)`, `expires in 5 days (2026-12-09; threshold 7
 * days)`, `expires within a day (…)`, from the finding's `daysLeft` (for text sent now).
 */
export function certificateCountdown(
  f: CertificateFinding,
  thresholdDays?: number,
): string {
  return countdownText(
    f.daysLeft ?? 0,
    f.notAfter?.slice(0, 10) ?? 'unknown date',
    thresholdDays,
  );
}

/** A finding's `daysLeft` in a check result or scorecard: counted at whatever time it is read at. */
export function relativeDaysLeft(f: CertificateFinding): number | undefined {
  const at = timeOf(f.notAfter);
  return at === undefined ? f.daysLeft : daysUntilValue(at);
}

/** The same countdown in a check result: rendered for whatever time it is read at. */
export function relativeCountdown(
  f: CertificateFinding,
  thresholdDays?: number,
): string {
  return countdownTextOf(f.notAfter, f.daysLeft ?? 0, thresholdDays);
}

/**
 * The object a finding source belongs to, without the field:
 * `ValidatingWebhookConfiguration/kyverno/webhooks[0].clientConfig.caBundle` →
 * `ValidatingWebhookConfiguration/kyverno`, `Certificate/ns/name/status.notAfter` →
 * `Certificate/ns/name`.
 */
export function objectOfSource(source: string): string {
  const parts = source.split('/');
  return parts.slice(0, parts[0] === 'Certificate' ? 3 : 2).join('/');
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The certificate's name for a sentence: its subject, else the object it was read from. */
export function certificateName(f: CertificateFinding): string {
  return f.subject ? clip(f.subject, 60) : objectOfSource(f.source);
}

/** `ValidatingWebhookConfiguration/kyverno`, or `… and 2 more objects`; clusters named when `withClusters`. */
export function describePlaces(
  places: CertificateUse['places'],
  withClusters = false,
): string {
  const objects = [
    ...new Set(
      places.map(p =>
        withClusters
          ? `${objectOfSource(p.source)} in ${p.cluster}`
          : objectOfSource(p.source),
      ),
    ),
  ];
  if (objects.length === 1) return objects[0];
  return `${objects[0]} and ${plural(objects.length - 1, 'more object')}`;
}

/**
 * One certificate in a sentence: `CN=kyverno-ca expired 31 days ago (2026-11-03),
 * in ValidatingWebhookConfiguration/kyverno and 2 more objects`. A subject-less
 * certificate is named by its only object, which is then not repeated.
 */
export function describeCertificate(
  use: CertificateUse,
  thresholdDays?: number,
): string {
  const countdown = relativeCountdown(use.finding, thresholdDays);
  const single = use.places.length === 1;
  if (!use.finding.subject && single)
    return `${objectOfSource(use.places[0].source)} ${countdown}`;
  return `${certificateName(use.finding)} ${countdown}, in ${describePlaces(
    use.places,
  )}`;
}
