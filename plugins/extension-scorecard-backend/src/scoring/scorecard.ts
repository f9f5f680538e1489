/** Assembles a component's scorecard from its (waiver-marked) results and derived facts. */
import type {
  BlastRadius,
  CertificateFinding,
  CheckResult,
  ComponentScorecard,
  ExtensionKind,
  RbacFinding,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ExtensionComponent } from '../inventory/model';
import type { ScoringWeights } from '../checks/referenceTables';
import { assessLevel, hardGates, worstByDimension } from './levels';
import { computeScore } from './score';

export interface ComponentFacts {
  certificates: CertificateFinding[];
  rbacFindings: RbacFinding[];
  blastRadius: BlastRadius[];
}

export function buildScorecard(
  component: ExtensionComponent,
  results: CheckResult[],
  facts: ComponentFacts,
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
