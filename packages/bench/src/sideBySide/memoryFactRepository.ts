/**
 * Tech Insights' fact store, in memory: the latest facts of each entity per fact
 * retriever, and the retrievers' schemas. Only what JsonRulesEngineFactChecker reads is
 * backed by data; history and entity listing answer from the same maps.
 */
import type {
  FactSchemaDefinition,
  FlatTechInsightFact,
  TechInsightFact,
  TechInsightsStore,
} from '@backstage-community/plugin-tech-insights-node';
import type { FactSchema } from '@backstage-community/plugin-tech-insights-common';
import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';

export class MemoryFactRepository implements TechInsightsStore {
  private readonly facts = new Map<string, Map<string, FlatTechInsightFact>>();
  private readonly schemas = new Map<string, FactSchema>();

  async insertFacts(options: {
    id: string;
    facts: TechInsightFact[];
  }): Promise<void> {
    for (const fact of options.facts) {
      const ref = stringifyEntityRef(fact.entity);
      let byRetriever = this.facts.get(ref);
      if (!byRetriever) {
        byRetriever = new Map();
        this.facts.set(ref, byRetriever);
      }
      byRetriever.set(options.id, { ...fact, id: options.id });
    }
  }

  async getLatestFactsByIds(
    ids: string[],
    entity: string,
  ): Promise<{ [factRef: string]: FlatTechInsightFact }> {
    const byRetriever = this.facts.get(
      stringifyEntityRef(parseEntityRef(entity)),
    );
    const out: { [factRef: string]: FlatTechInsightFact } = {};
    for (const id of ids) {
      const fact = byRetriever?.get(id);
      if (fact) out[id] = fact;
    }
    return out;
  }

  async getEntities() {
    return [...this.facts.keys()].map(ref => parseEntityRef(ref));
  }

  async getFactsBetweenTimestampsByIds(ids: string[], entity: string) {
    const latest = await this.getLatestFactsByIds(ids, entity);
    return Object.fromEntries(
      Object.entries(latest).map(([id, fact]) => [id, [fact]]),
    );
  }

  async insertFactSchema(definition: FactSchemaDefinition): Promise<void> {
    this.schemas.set(definition.id, definition.schema);
  }

  async getLatestSchemas(ids?: string[]): Promise<FactSchema[]> {
    return (ids ?? [...this.schemas.keys()])
      .map(id => this.schemas.get(id))
      .filter((s): s is FactSchema => !!s);
  }
}
