/** Assembles a component's scorecard from its (waiver-marked) results and derived facts. */
import type {
  CheckResult,
  ComponentScorecard,
  ExtensionKind,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ExtensionComponent } from '../inventory/model';
import type { ScoringWeights } from '../reference';
import { assessLevel, hardGates, worstByDimension } from './levels';
import { computeScore } from './score';

/** The facts the checks derived about the component, shown on its scorecard as they are. */
export type ScorecardFacts = Pick<
  ComponentScorecard,
  'certificates' | 'rbacFindings' | 'blastRadius'
>;

export function buildScorecard(
  component: ExtensionComponent,
  results: CheckResult[],
  facts: ScorecardFacts,
  scoring: ScoringWeights,
): ComponentScorecard {
  const { level, nextLevelBlockers } = assessLevel(results);
  return {
    componentId: component.id,
    name: component.name,
    // extra kinds registered by modules are strings outside the built-in union
    kind: component.kind as ExtensionKind,
    owner: component.catalog?.owner?.ref ?? null,
    lifecycle: component.catalog?.lifecycle ?? null,
    orphan: component.catalog === null,
    clusters: component.instances.map(i => i.cluster),
    level,
    score: computeScore(results, scoring),
    hardGates: hardGates(results),
    nextLevelBlockers,
    results,
    dimensions: worstByDimension(results),
    certificates: facts.certificates,
    rbacFindings: facts.rbacFindings,
    blastRadius: facts.blastRadius,
  };
}
