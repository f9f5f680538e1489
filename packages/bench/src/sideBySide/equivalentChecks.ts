/**
 * Twelve readiness checks written three ways over the same facts: as json-rules-engine
 * rules for Tech Insights' JsonRulesEngineFactChecker, and as one plain function (the
 * floor). Our own engine runs the checks of the same ids from the check catalogue.
 */
import type { TechInsightJsonRuleCheck } from '@backstage-community/plugin-tech-insights-backend-module-jsonfc';
import type { ComponentFacts } from './componentFacts';

/** The fact retriever id the rules read from. */
export const FACT_RETRIEVER_ID = 'extension-scorecard-facts';

/** Our check ids, in the order of the rules and of the plain function's answers. */
export const EQUIVALENT_CHECK_IDS = [
  'ownership.owner-exists',
  'ownership.contacts',
  'ownership.design-record',
  'ownership.responsibilities',
  'webhook.timeout',
  'webhook.side-effects',
  'webhook.review-versions',
  'webhook.match-policy',
  'availability.replicas',
  'availability.pdb',
  'availability.probes',
  'cert.expiry',
] as const;

type Condition = {
  fact: keyof ComponentFacts;
  operator: string;
  value: number | boolean;
};

const RULES: Record<
  (typeof EQUIVALENT_CHECK_IDS)[number],
  { all: Condition[] } | { any: Condition[] }
> = {
  'ownership.owner-exists': {
    all: [
      { fact: 'ownerResolved', operator: 'equal', value: true },
      { fact: 'ownerIsGroup', operator: 'equal', value: true },
    ],
  },
  'ownership.contacts': {
    all: [{ fact: 'ownerContacts', operator: 'greaterThan', value: 0 }],
  },
  'ownership.design-record': {
    all: [{ fact: 'designAnswers', operator: 'equal', value: 5 }],
  },
  'ownership.responsibilities': {
    all: [{ fact: 'responsibilitiesNamed', operator: 'equal', value: 5 }],
  },
  'webhook.timeout': {
    all: [
      {
        fact: 'webhookMaxTimeoutSeconds',
        operator: 'lessThanInclusive',
        value: 5,
      },
    ],
  },
  'webhook.side-effects': {
    all: [
      { fact: 'webhooksWithUnsafeSideEffects', operator: 'equal', value: 0 },
    ],
  },
  'webhook.review-versions': {
    all: [{ fact: 'webhooksWithoutV1Review', operator: 'equal', value: 0 }],
  },
  'webhook.match-policy': {
    all: [{ fact: 'webhooksWithExactMatch', operator: 'equal', value: 0 }],
  },
  'availability.replicas': {
    any: [
      { fact: 'minReadyReplicas', operator: 'greaterThanInclusive', value: 2 },
      { fact: 'minReadyReplicas', operator: 'equal', value: -1 },
    ],
  },
  'availability.pdb': {
    all: [{ fact: 'deploymentsWithoutPdb', operator: 'equal', value: 0 }],
  },
  'availability.probes': {
    all: [{ fact: 'containersWithoutProbes', operator: 'equal', value: 0 }],
  },
  'cert.expiry': {
    all: [
      { fact: 'certMinDaysLeft', operator: 'greaterThanInclusive', value: 30 },
    ],
  },
};

/** The twelve checks as Tech Insights json-rules-engine checks. */
export function techInsightsChecks(): TechInsightJsonRuleCheck[] {
  return EQUIVALENT_CHECK_IDS.map(id => ({
    id,
    type: 'json-rules-engine',
    name: id,
    description: `Extension scorecard check ${id}`,
    factIds: [FACT_RETRIEVER_ID],
    rule: { conditions: RULES[id] },
  }));
}

/** The floor: the same twelve conditions, hand-written, in the order of EQUIVALENT_CHECK_IDS. */
export function plainChecks(f: ComponentFacts): boolean[] {
  return [
    f.ownerResolved && f.ownerIsGroup,
    f.ownerContacts > 0,
    f.designAnswers === 5,
    f.responsibilitiesNamed === 5,
    f.webhookMaxTimeoutSeconds <= 5,
    f.webhooksWithUnsafeSideEffects === 0,
    f.webhooksWithoutV1Review === 0,
    f.webhooksWithExactMatch === 0,
    f.minReadyReplicas >= 2 || f.minReadyReplicas === -1,
    f.deploymentsWithoutPdb === 0,
    f.containersWithoutProbes === 0,
    f.certMinDaysLeft >= 30,
  ];
}
