/** Experiment evidence of one component, by scenario, newest first. */
import type { ExperimentEvidence } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { BuiltinComponentContext } from './builtinContext';
import { daysSinceAbove } from './relativeDays';

/** When the fault was injected (or the run started). */
export function runTime(evidence: ExperimentEvidence): number {
  return Date.parse(evidence.injectedAt ?? evidence.startedAt);
}

export function runsOf(
  context: Pick<BuiltinComponentContext, 'evidence'>,
  scenario: string,
): ExperimentEvidence[] {
  return context.evidence
    .filter(e => e.scenario === scenario)
    .sort((a, b) => runTime(b) - runTime(a));
}

/** The newest run of the scenario when it passed within the freshness window. */
export function freshPassingRun(
  context: Pick<BuiltinComponentContext, 'evidence' | 'now' | 'freshnessDays'>,
  scenario: string,
): ExperimentEvidence | undefined {
  const newest = runsOf(context, scenario)[0];
  if (!newest || newest.verdict !== 'pass') return undefined;
  const at = runTime(newest);
  return Number.isFinite(at) &&
    !daysSinceAbove(at, context.now, context.freshnessDays)
    ? newest
    : undefined;
}
