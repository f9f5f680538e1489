/**
 * Waivers: a time-boxed, approved exception for one check on one component
 * (optionally one cluster). Only approved waivers whose expiry is still ahead
 * count; an expired waiver stops counting by itself. A waived result keeps its
 * status (fail, warn or unknown) and gains `waiver`: it is never shown as pass.
 */
import type {
  CheckResult,
  Waiver,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { changesAt } from '../checks/timeBound';

/** True when the waiver counts at `now`. */
export function isWaiverActive(waiver: Waiver, now: Date): boolean {
  if (waiver.state !== 'approved') return false;
  const expires = Date.parse(waiver.expiresAt);
  if (!Number.isFinite(expires)) return false;
  const active = expires > now.getTime();
  if (active) changesAt(expires);
  return active;
}

/** The waiver covering a result: a cluster-specific one first, then one for every cluster. */
function waiverFor(
  result: CheckResult,
  waivers: readonly Waiver[],
): Waiver | undefined {
  let everyCluster: Waiver | undefined;
  for (const waiver of waivers) {
    if (waiver.checkId !== result.checkId) continue;
    if (waiver.cluster === null) everyCluster ??= waiver;
    else if (waiver.cluster === result.cluster) return waiver;
  }
  return everyCluster;
}

/**
 * Marks results covered by an active waiver. Only fail, warn and unknown results
 * can be waived; pass and not-applicable results have nothing to waive.
 * `waivers` are the component's own.
 */
export function applyWaivers(
  results: readonly CheckResult[],
  waivers: readonly Waiver[],
  now: Date,
): CheckResult[] {
  const active = waivers.filter(w => isWaiverActive(w, now));
  if (!active.length) return results as CheckResult[];
  return results.map(result => {
    if (result.status === 'pass' || result.status === 'not-applicable')
      return result;
    const waiver = waiverFor(result, active);
    if (!waiver) return result;
    return {
      ...result,
      waiver: {
        id: waiver.id,
        reason: waiver.reason,
        expiresAt: waiver.expiresAt,
        approvedBy: waiver.decidedBy,
      },
    };
  });
}
