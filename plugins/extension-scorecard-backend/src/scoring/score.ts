/**
 * The 0–100 score: a severity-weighted mean of the points each result earns
 * (weights and points in data/scoring.yaml):
 *
 *   score = round(100 × Σ weight(severity) × points(result) / Σ weight(severity))
 *
 * over every result except `not-applicable` ones. A waived fail, warn or unknown
 * earns the `waived` points instead of its own. No counted result: 0.
 */
import type { CheckResult } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ScoringWeights } from '../reference';

export function computeScore(
  results: readonly CheckResult[],
  scoring: ScoringWeights,
): number {
  let earned = 0;
  let possible = 0;
  for (const result of results) {
    if (result.status === 'not-applicable') continue;
    const weight = scoring.weights[result.severity];
    if (!weight) continue;
    const points =
      result.waiver && result.status !== 'pass'
        ? Math.max(scoring.waived, scoring.points[result.status])
        : scoring.points[result.status];
    earned += weight * points;
    possible += weight;
  }
  return possible === 0 ? 0 : Math.round((100 * earned) / possible);
}
