/**
 * Fault-experiment evidence: the record a team (or an imported Chaos Mesh /
 * LitmusChaos result) submits to prove a kind's minimal fault experiment ran.
 */

/** @public */
export const EXPERIMENT_VERDICTS = ['pass', 'fail'] as const;

/** @public */
export type ExperimentVerdict = (typeof EXPERIMENT_VERDICTS)[number];

/** @public */
export interface ExperimentEvidence {
  id: string;
  /** Entity ref (or orphan id) of the component the experiment exercised. */
  component: string;
  cluster: string;
  /** Scenario id from the kind's required scenarios, e.g. `webhook-backend-down`. */
  scenario: string;
  /** Tool that ran it: `manual`, `chaos-mesh`, `litmus`, … */
  tool: string;
  startedAt: string;
  injectedAt?: string;
  recoveredAt?: string;
  verdict: ExperimentVerdict;
  /** What the scenario must record (e.g. match scope, API latency, recovery time). */
  observations: Record<string, unknown>;
  links: string[];
  submittedBy: string;
  submittedAt: string;
}
