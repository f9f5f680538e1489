/**
 * Side by side, in one process, over the same catalog components: our check engine
 * (`evaluateInventory` with only the twelve equivalent checks enabled), Tech Insights'
 * `JsonRulesEngineFactChecker.runChecks` with the same conditions as json-rules-engine
 * rules over an in-memory fact repository, and the plain function of the same conditions.
 *
 * The facts for Tech Insights and the plain function are computed beforehand, untimed
 * (a fact retriever would have stored them); our engine derives them from the cluster
 * objects inside the timed run.
 */
import { parseEntityRef } from '@backstage/catalog-model';
import { ConfigReader } from '@backstage/config';
import { JsonRulesEngineFactChecker } from '@backstage-community/plugin-tech-insights-backend-module-jsonfc';
import {
  BUILTIN_CHECKS,
  evaluateInventory,
  readChecksConfig,
} from '@extension-scorecard/plugin-extension-scorecard-backend/testUtils';
import type { Inventory } from '@extension-scorecard/plugin-extension-scorecard-node';
import { bestOfMs } from '../timing/measure';
import { ComponentFacts, componentFacts, FACT_NAMES } from './componentFacts';
import {
  EQUIVALENT_CHECK_IDS,
  FACT_RETRIEVER_ID,
  plainChecks,
  techInsightsChecks,
} from './equivalentChecks';
import { MemoryFactRepository } from './memoryFactRepository';
import { silentLogger } from './silentLogger';

export interface SideBySideFigures {
  components: number;
  checks: number;
  oursMs: number;
  techInsightsMs: number;
  plainMs: number;
}

/** Our checks config with every check but the equivalent ones switched off. */
export function equivalentChecksConfig() {
  const keep = new Set<string>(EQUIVALENT_CHECK_IDS);
  return readChecksConfig(
    new ConfigReader({
      extensionScorecard: {
        checks: Object.fromEntries(
          BUILTIN_CHECKS.filter(c => !keep.has(c.id)).map(c => [
            c.id,
            { enabled: false },
          ]),
        ),
      },
    }),
  );
}

/** The catalog components and their facts, computed once and untimed. */
export interface SideBySideInput {
  /** Tech Insights judges catalog entities: orphans (no entity) are left out for everyone. */
  inventory: Inventory;
  refs: string[];
  facts: ComponentFacts[];
}

export function sideBySideInput(
  inventory: Inventory,
  now: Date,
): SideBySideInput {
  const components = inventory.components.filter(c => c.catalog);
  return {
    inventory: { ...inventory, components },
    refs: components.map(c => c.catalog!.entityRef),
    facts: components.map(c => componentFacts(c, now)),
  };
}

/** Ours: the catalogue's checks of the same ids, from the cluster objects (best of `runs`). */
export async function measureOurs(
  inventory: Inventory,
  now: Date,
  runs: number,
): Promise<number> {
  const config = equivalentChecksConfig();
  const enabled = BUILTIN_CHECKS.filter(
    c => config.overrides.get(c.id)?.enabled !== false,
  );
  if (enabled.length !== EQUIVALENT_CHECK_IDS.length) {
    throw new Error(
      `expected ${EQUIVALENT_CHECK_IDS.length} enabled checks, got ${enabled.length}`,
    );
  }
  evaluateInventory(
    { ...inventory, components: inventory.components.slice(0, 500) },
    { now, config },
  );
  return bestOfMs(runs, () => evaluateInventory(inventory, { now, config }));
}

/**
 * Tech Insights: JsonRulesEngineFactChecker.runChecks per entity over an in-memory fact
 * repository (best of `runs`). Also checks that its verdicts equal the plain function's.
 */
export async function measureTechInsights(
  refs: string[],
  facts: ComponentFacts[],
  runs: number,
): Promise<number> {
  const repository = new MemoryFactRepository();
  await repository.insertFactSchema({
    id: FACT_RETRIEVER_ID,
    version: '1.0.0',
    entityFilter: [{ kind: 'component' }],
    schema: Object.fromEntries(
      FACT_NAMES.map(name => [
        name,
        {
          type:
            typeof facts[0]?.[name] === 'boolean'
              ? ('boolean' as const)
              : ('integer' as const),
          description: name,
        },
      ]),
    ),
  });
  await repository.insertFacts({
    id: FACT_RETRIEVER_ID,
    facts: refs.map((ref, i) => ({
      entity: parseEntityRef(ref),
      facts: { ...facts[i] },
    })),
  });
  const checker = new JsonRulesEngineFactChecker({
    checks: techInsightsChecks(),
    repository,
    logger: silentLogger,
  });
  const runAll = async (list: string[]) => {
    const out = [];
    for (const ref of list) out.push(await checker.runChecks(ref));
    return out;
  };
  const verdicts = await runAll(refs.slice(0, 500));
  verdicts.forEach((results, i) => {
    const plain = plainChecks(facts[i]);
    const byId = new Map(results.map(r => [r.check.id, r.result]));
    EQUIVALENT_CHECK_IDS.forEach((id, k) => {
      if (byId.get(id) !== plain[k]) {
        throw new Error(
          `Tech Insights and the plain function disagree on ${id} for ${refs[i]}`,
        );
      }
    });
  });
  return bestOfMs(runs, () => runAll(refs));
}

/** The floor: the plain function over the same facts, keeping every verdict (best of 5). */
export async function measurePlain(facts: ComponentFacts[]): Promise<number> {
  const verdicts: boolean[][] = new Array(facts.length);
  const runAll = () => {
    for (let i = 0; i < facts.length; i++) verdicts[i] = plainChecks(facts[i]);
  };
  runAll();
  return bestOfMs(5, runAll);
}
