/**
 * The inventory stage over a collected fleet: the plugin's `buildInventory`, either in
 * one call over every cluster (what a refresh does) or cluster by cluster with only the
 * catalog Components planned there (the same result when every component runs in one
 * cluster, and linear in the fleet size; see docs/benchmarks.md).
 */
import type { Entity } from '@backstage/catalog-model';
import type { ClusterCollection } from '@extension-scorecard/plugin-extension-scorecard-backend/src/collect/types';
import { buildInventory } from '@extension-scorecard/plugin-extension-scorecard-backend/src/inventory/buildInventory';
import type { Inventory } from '@extension-scorecard/plugin-extension-scorecard-backend/src/inventory/model';
import type { FleetPlan } from '../fleet/plan';

/** One buildInventory call over every cluster. */
export function inventoryAtOnce(collections: ClusterCollection[], entities: Entity[], now: Date): Inventory {
  return buildInventory({ clusters: collections, entities, now });
}

/** buildInventory per cluster, each with the catalog Components planned in that cluster. */
export function inventoryClusterByCluster(
  collections: ClusterCollection[],
  entities: Entity[],
  plan: FleetPlan,
  now: Date,
): Inventory {
  if (plan.options.spread > 1) {
    throw new Error('cluster-by-cluster inventory needs every component in one cluster (spread 1)');
  }
  const shared = entities.filter(e => e.kind !== 'Component');
  const components = new Map(entities.filter(e => e.kind === 'Component').map(e => [e.metadata.name, e]));
  const parts = collections.map(collection => {
    const planned = plan.clusters.find(c => c.name === collection.cluster)?.components ?? [];
    const mine = planned.map(p => components.get(p.name)).filter((e): e is Entity => !!e);
    return buildInventory({ clusters: [collection], entities: [...shared, ...mine], now });
  });
  return {
    generatedAt: now.toISOString(),
    clusters: collections,
    components: parts.flatMap(p => p.components),
  };
}
