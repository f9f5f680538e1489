/** The state of a cluster's next-minor readiness from its findings: blocked, unknown or ready. */
import type {
  ClusterUpgradeReadiness,
  UpgradeFindingSeverity,
} from '@extension-scorecard/plugin-extension-scorecard-common';

/** A cluster's readiness without its counts and state, plus why it cannot be judged. */
export type UncountedUpgradeReadiness = Omit<
  ClusterUpgradeReadiness,
  'blockers' | 'warnings' | 'unknowns' | 'state'
> & {
  /** Set when the cluster as a whole cannot be judged (its version was not read). */
  unknownReason?: string | null;
};

/**
 * Counts the findings and sets the state: `blocked` with any blocker, `unknown` when
 * the cluster or a finding could not be judged, else `ready`.
 */
export function summarizeUpgrade(
  entry: UncountedUpgradeReadiness,
): ClusterUpgradeReadiness {
  const { unknownReason, ...rest } = entry;
  const count = (severity: UpgradeFindingSeverity) =>
    entry.findings.filter(f => f.severity === severity).length;
  const blockers = count('blocker');
  const unknowns = count('unknown');
  let state: ClusterUpgradeReadiness['state'] = 'ready';
  if (blockers) state = 'blocked';
  else if (unknownReason || unknowns) state = 'unknown';
  return {
    ...rest,
    reason: unknownReason ?? entry.reason,
    state,
    blockers,
    warnings: count('warning'),
    unknowns,
  };
}
