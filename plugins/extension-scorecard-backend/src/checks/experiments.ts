/** Experiments: has the kind's minimal fault experiment run recently, passed, and recorded what it must? */
import type { BuiltinComponentCheck } from './builtinContext';
import {
  fail,
  listed,
  notApplicable,
  pass,
  warn,
  withRemediation,
} from './builtinContext';
import { runsOf, runTime } from './experimentEvidence';
import { daysSinceAbove, daysSinceText, daysSinceValue } from './relativeDays';

const required: BuiltinComponentCheck = {
  id: 'experiments.required',
  dimension: 'experiments',
  kinds: 'all',
  severity: 'high',
  scope: 'component',
  title: 'Required fault experiments ran recently and passed',
  remediation:
    "Run the kind's minimal fault experiment (see the README's scenario table) in a non-production cluster, and submit the evidence with its observations; repeat within the freshness window.",
  evaluate(_component, context) {
    const scenarios = context.scenarios;
    if (!scenarios.length)
      return notApplicable(
        `no fault scenario defined for kind ${context.kind.id}`,
      );
    const never: string[] = [];
    const failed: string[] = [];
    const stale: string[] = [];
    const ok: string[] = [];
    const observed: Record<string, unknown> = {
      freshnessDays: context.freshnessDays,
    };
    for (const scenario of scenarios) {
      const newest = runsOf(context, scenario.id)[0];
      if (!newest) {
        never.push(scenario.id);
        observed[scenario.id] = null;
        continue;
      }
      const at = runTime(newest);
      observed[scenario.id] = {
        evidence: newest.id,
        verdict: newest.verdict,
        ageDays: Number.isFinite(at) ? daysSinceValue(at) : null,
      };
      if (newest.verdict !== 'pass')
        failed.push(
          `${scenario.id} (newest run ${newest.id} on ${String(
            newest.startedAt,
          ).slice(0, 10)} failed)`,
        );
      else if (!Number.isFinite(at))
        stale.push(`${scenario.id} (run ${newest.id} has no valid date)`);
      else if (daysSinceAbove(at, context.now, context.freshnessDays))
        stale.push(
          `${scenario.id} (last passed ${daysSinceText(
            runTime(newest),
          )} days ago; freshness window ${context.freshnessDays} days)`,
        );
      else
        ok.push(
          `${scenario.id} passed ${daysSinceText(runTime(newest))} days ago`,
        );
    }
    if (never.length || failed.length) {
      const parts = [
        never.length ? `never ran: ${listed(never)}` : '',
        failed.length ? `failed: ${listed(failed)}` : '',
      ].filter(Boolean);
      const outcome = fail(parts.join('; '), observed);
      // every scenario ran: what is left is fixing what the failed runs showed
      return never.length
        ? outcome
        : withRemediation(
            outcome,
            'Fix what the failed experiment showed (its observations and the recovery it expected), then run it again and submit the new evidence.',
          );
    }
    if (stale.length)
      return withRemediation(
        warn(`stale: ${listed(stale)}`, observed),
        `Run the stale scenarios again and submit the evidence: runs older than ${context.freshnessDays} days no longer count.`,
      );
    return pass(listed(ok), observed);
  },
};

function present(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

const evidenceComplete: BuiltinComponentCheck = {
  id: 'experiments.evidence-complete',
  dimension: 'experiments',
  kinds: 'all',
  severity: 'medium',
  scope: 'component',
  title: 'Evidence records what each scenario must observe',
  remediation:
    "Record every observation the scenario asks for (e.g. for a webhook: match scope, failurePolicy, API latency during the fault, recovery time) in the evidence's observations.",
  evaluate(_component, context) {
    const scenarios = context.scenarios;
    if (!scenarios.length)
      return notApplicable(
        `no fault scenario defined for kind ${context.kind.id}`,
      );
    const gaps: string[] = [];
    const complete: string[] = [];
    const observed: Record<string, unknown> = {};
    for (const scenario of scenarios) {
      const newest = runsOf(context, scenario.id)[0];
      if (!newest) continue;
      const missing = scenario.observations.filter(
        key => !present(newest.observations?.[key]),
      );
      observed[scenario.id] = { evidence: newest.id, missing };
      if (missing.length)
        gaps.push(
          `${scenario.id} run ${newest.id} lacks ${missing.join(', ')}`,
        );
      else complete.push(`${scenario.id} run ${newest.id}`);
    }
    if (gaps.length) return warn(listed(gaps), observed);
    if (!complete.length)
      return notApplicable(
        'no evidence submitted yet (see experiments.required)',
      );
    return pass(`complete observations: ${listed(complete)}`, observed);
  },
};

export const experimentChecks = [required, evidenceComplete];
