/**
 * What an ownership review needs from a team's component details: unnamed
 * responsibilities, and dates coming up (certificate expiries, migration and support
 * deadlines, waiver expiries). Pure functions over API data.
 */
import {
  CertificateFinding,
  CheckResult,
  ComponentDetail,
  ComponentSummary,
  EXTENSION_KIND_INFO,
  ExtensionKind,
  WaiverRecord,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { daysUntil } from '../../format/time';

/** How far ahead certificate and deadline dates are listed. */
export const HORIZON_DAYS = 90;

export interface MissingResponsibilities {
  componentId: string;
  name: string;
  missing: string[];
  message: string;
}

export type DeadlineType =
  | 'certificate'
  | 'migration'
  | 'support-end'
  | 'waiver';

export interface Deadline {
  type: DeadlineType;
  componentId: string;
  name: string;
  /** ISO date or date-time. */
  date: string;
  daysLeft: number;
  what: string;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter(v => typeof v === 'string') : [];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : {};
}

function resultsOf(detail: ComponentDetail, checkId: string): CheckResult[] {
  return detail.scorecard.results.filter(r => r.checkId === checkId);
}

/** Responsibilities (certificates, RBAC, capacity, upgrades, retirement) nobody is named for. */
export function missingResponsibilities(
  details: ComponentDetail[],
): MissingResponsibilities[] {
  return details.flatMap(detail =>
    resultsOf(detail, 'ownership.responsibilities')
      .filter(r => r.status === 'warn' || r.status === 'fail')
      .map(r => ({
        componentId: detail.scorecard.componentId,
        name: detail.scorecard.name,
        missing: stringList(record(r.observed).missing),
        message: r.message,
      })),
  );
}

/** Dates coming up within `horizonDays` (and those already passed), soonest first. */
export function comingDeadlines(
  details: ComponentDetail[],
  waivers: WaiverRecord[],
  now: Date = new Date(),
  horizonDays: number = HORIZON_DAYS,
): Deadline[] {
  const deadlines: Deadline[] = [];
  const add = (deadline: Omit<Deadline, 'daysLeft'>) => {
    const left = daysUntil(deadline.date, now);
    if (left !== null && left <= horizonDays) {
      deadlines.push({ ...deadline, daysLeft: left });
    }
  };
  const names = new Map<string, string>();
  for (const detail of details) {
    const { componentId, name } = detail.scorecard;
    names.set(componentId, name);
    // The same CA often sits in several caBundles: one line per certificate and cluster.
    const certificates = new Map<
      string,
      { cert: CertificateFinding; sources: number }
    >();
    for (const cert of detail.scorecard.certificates) {
      if (!cert.notAfter) continue;
      const key = `${cert.cluster}|${cert.subject ?? ''}|${cert.notAfter}`;
      const seen = certificates.get(key);
      if (seen) seen.sources++;
      else certificates.set(key, { cert, sources: 1 });
    }
    for (const { cert, sources } of certificates.values()) {
      add({
        type: 'certificate',
        componentId,
        name,
        date: cert.notAfter!,
        what: `${cert.subject ?? 'certificate'} (${cert.cluster}, ${
          sources === 1 ? cert.source : `${sources} places`
        })`,
      });
    }
    for (const r of resultsOf(detail, 'retirement.migration-plan')) {
      const migration = record(record(r.observed).migration);
      if (typeof migration.targetDate === 'string') {
        add({
          type: 'migration',
          componentId,
          name,
          date: migration.targetDate,
          what: `migration${
            typeof migration.replacement === 'string'
              ? ` to ${migration.replacement}`
              : ''
          }`,
        });
      }
    }
    for (const r of resultsOf(detail, 'retirement.support-window')) {
      const supportEnds = record(r.observed).supportEnds;
      if (typeof supportEnds === 'string') {
        add({
          type: 'support-end',
          componentId,
          name,
          date: supportEnds,
          what: 'the declared support window (spec.extension.supportEnds) ends',
        });
      }
    }
  }
  for (const waiver of waivers) {
    add({
      type: 'waiver',
      componentId: waiver.component,
      name: names.get(waiver.component) ?? waiver.component,
      date: waiver.expiresAt,
      what: `waiver for ${waiver.checkId}${
        waiver.cluster ? ` (${waiver.cluster})` : ''
      }`,
    });
  }
  return deadlines.sort((a, b) => a.daysLeft - b.daysLeft);
}

export interface ClaimableOrphan {
  orphan: ComponentSummary;
  reason: string;
}

/**
 * Orphans a team might claim: the same kind as extensions it already runs, or a name
 * sharing a word with one of them. Orphans nobody matches are left to the admins.
 */
export function claimableOrphans(
  orphans: ComponentSummary[],
  team: { kinds: ExtensionKind[]; names: string[] },
): ClaimableOrphan[] {
  const words = new Set(
    team.names
      .flatMap(name => name.toLowerCase().split(/[^a-z0-9]+/))
      .filter(w => w.length > 2),
  );
  return orphans.flatMap(orphan => {
    const shared = orphan.name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(word => words.has(word));
    if (shared.length > 0) {
      return [
        {
          orphan,
          reason: `name shares “${shared[0]}” with an extension the team owns`,
        },
      ];
    }
    if (team.kinds.includes(orphan.kind)) {
      return [
        {
          orphan,
          reason: `${
            EXTENSION_KIND_INFO[orphan.kind].title
          }: a kind the team already runs`,
        },
      ];
    }
    return [];
  });
}
