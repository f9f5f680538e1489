/**
 * Fault-experiment evidence: the record a team (or an imported Chaos Mesh /
 * LitmusChaos result) submits to prove a kind's minimal fault experiment ran.
 */

import {
  experimentVerdictValues,
  type components,
} from './api/openapi.generated';

/** @public */
export type ExperimentVerdict = components['schemas']['ExperimentVerdict'];

/** @public */
export const EXPERIMENT_VERDICTS: readonly ExperimentVerdict[] =
  experimentVerdictValues;

/** @public */
export type ExperimentEvidence = components['schemas']['ExperimentEvidence'];
