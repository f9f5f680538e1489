/**
 * The readiness ladder. Each level requires the ones below it.
 *
 * - L0 unowned: the starting point.
 * - L1 owned and declared: ownership.owner-exists passes (or warns: a User owner),
 *   and ownership.design-record and ownership.responsibilities do not fail.
 * - L2 safe boundary: no fail and no unknown in failure-boundary, availability,
 *   certificates, rbac and upgrade (warnings allowed).
 * - L3 proven: experiments.required passes (every required scenario fresh and
 *   passed) and experiments.evidence-complete does not warn; observability has
 *   no warn, fail or unknown (metrics, alerts, status in place); retirement has
 *   no fail or unknown (a migration plan where one is needed).
 *
 * A result covered by an active waiver never blocks. Unknown blocks: a level is
 * a claim the scorecard could not verify otherwise. Disabled checks do not count.
 * Critical fails are hard gates, reported apart from the level.
 */
import {
  SEVERITIES,
  type CheckResult,
  type CheckStatus,
  type Dimension,
  type ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';

interface Gate {
  level: Exclude<ReadinessLevel, 0>;
  /** Does this result keep the component below `level`? */
  blocks(result: CheckResult): boolean;
}

const L1_CHECKS = new Set([
  'ownership.owner-exists',
  'ownership.design-record',
  'ownership.responsibilities',
]);
const L2_DIMENSIONS = new Set<Dimension>([
  'failure-boundary',
  'availability',
  'certificates',
  'rbac',
  'upgrade',
]);

const GATES: Gate[] = [
  {
    level: 1,
    blocks: r =>
      L1_CHECKS.has(r.checkId) &&
      (r.status === 'fail' || r.status === 'unknown'),
  },
  {
    level: 2,
    blocks: r =>
      L2_DIMENSIONS.has(r.dimension) &&
      (r.status === 'fail' || r.status === 'unknown'),
  },
  {
    level: 3,
    blocks: r => {
      switch (r.dimension) {
        case 'experiments':
          return r.checkId === 'experiments.required'
            ? r.status !== 'pass' && r.status !== 'not-applicable'
            : r.status === 'warn' ||
                r.status === 'fail' ||
                r.status === 'unknown';
        case 'observability':
          return (
            r.status === 'warn' || r.status === 'fail' || r.status === 'unknown'
          );
        case 'retirement':
          return r.status === 'fail' || r.status === 'unknown';
        default:
          return false;
      }
    },
  },
];

function describeBlocker(result: CheckResult): string {
  const where = result.cluster ? ` in ${result.cluster}` : '';
  const verb: Record<CheckStatus, string> = {
    fail: 'fails',
    warn: 'warns',
    unknown: 'cannot be verified',
    pass: 'passes',
    'not-applicable': 'does not apply',
  };
  return `${result.checkId} ${verb[result.status]}${where}: ${result.message}`;
}

export interface LevelAssessment {
  level: ReadinessLevel;
  /** What keeps the component from the next level, one sentence per result, worst first. */
  nextLevelBlockers: string[];
}

/** How bad a status is: fail > unknown > warn > pass > not-applicable. */
const ORDER: Record<CheckStatus, number> = {
  'not-applicable': 0,
  pass: 1,
  warn: 2,
  unknown: 3,
  fail: 4,
};

/** Worst first: fails before unknowns before warnings, then by severity (an expired certificate before a missing PDB). */
function byUrgency(a: CheckResult, b: CheckResult): number {
  return (
    ORDER[b.status] - ORDER[a.status] ||
    SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity)
  );
}

export function assessLevel(results: readonly CheckResult[]): LevelAssessment {
  let level: ReadinessLevel = 0;
  for (const gate of GATES) {
    const blockers = results.filter(r => !r.waiver && gate.blocks(r));
    if (blockers.length)
      return {
        level,
        nextLevelBlockers: [...blockers].sort(byUrgency).map(describeBlocker),
      };
    level = gate.level;
  }
  return { level, nextLevelBlockers: [] };
}

/**
 * Results that keep a component below `level` were they not waived (waived ones
 * included: the caller tells them apart by `waiver`).
 */
export function resultsBlocking(
  results: readonly CheckResult[],
  level: ReadinessLevel,
): CheckResult[] {
  return results.filter(r =>
    GATES.some(gate => gate.level <= level && gate.blocks(r)),
  );
}

/** Critical fails not covered by a waiver: hard gates shown apart from the level. */
export function hardGates(results: readonly CheckResult[]): CheckResult[] {
  return results.filter(
    r => r.severity === 'critical' && r.status === 'fail' && !r.waiver,
  );
}

/** Worst status per dimension: fail > unknown > warn > pass > not-applicable. */
export function worstByDimension(
  results: readonly CheckResult[],
): Partial<Record<Dimension, CheckStatus>> {
  const out: Partial<Record<Dimension, CheckStatus>> = {};
  for (const result of results) {
    const current = out[result.dimension];
    if (current === undefined || ORDER[result.status] > ORDER[current]) {
      out[result.dimension] = result.status;
    }
  }
  return out;
}
