/**
 * Child process: the fleet's inventory, evaluation with every check, and the
 * side-by-side run against Tech Insights, in a process of its own (its heap holds the
 * fleet's cluster objects, as the plugin's does during a refresh).
 */
import type { Inventory } from '@extension-scorecard/plugin-extension-scorecard-backend/src/inventory/model';
import { evaluateInventory } from '@extension-scorecard/plugin-extension-scorecard-backend/src/checks';
import type { PoolCertificate } from '../fleet/certificates';
import { toClusterCollection } from '../fleet/clusterCollection';
import { generateFleet } from '../fleet/generateFleet';
import type { FleetOptions } from '../fleet/plan';
import { serveBenchRequests } from '../process/benchChild';
import { EQUIVALENT_CHECK_IDS } from '../sideBySide/equivalentChecks';
import {
  measureOurs,
  measurePlain,
  measureTechInsights,
  SideBySideFigures,
  SideBySideInput,
  sideBySideInput,
} from '../sideBySide/sideBySideBenchmark';
import { bestOfMs, timeMs } from '../timing/measure';
import { inventoryClusterByCluster } from './fleetInventory';

export interface PreparedFleet {
  clusters: number;
  components: number;
  objects: number;
  generateMs: number;
  inventoryMs: number;
}

let inventory: Inventory | undefined;
let now = new Date();

function current(): Inventory {
  if (!inventory) throw new Error('prepare the fleet first');
  return inventory;
}

serveBenchRequests({
  async prepare(request: { fleet: FleetOptions; certs: PoolCertificate[] }): Promise<PreparedFleet> {
    now = request.fleet.now;
    const fleet = generateFleet(request.fleet, request.certs);
    let objects = 0;
    let collections: ReturnType<typeof toClusterCollection>[] = [];
    const generateMs = await timeMs(() => {
      collections = fleet.plan.clusters.map(c => {
        const generated = fleet.cluster(c.name);
        objects += generated.objects.length;
        return toClusterCollection(generated, now);
      });
    });
    const inventoryMs = await timeMs(() => {
      inventory = inventoryClusterByCluster(collections, fleet.entities, fleet.plan, now);
    });
    return { clusters: collections.length, components: current().components.length, objects, generateMs, inventoryMs };
  },

  /** All checks over every component (best of `runs`, after a warm-up on 500). */
  async evaluate(request: { runs: number }) {
    const inv = current();
    evaluateInventory({ ...inv, components: inv.components.slice(0, 500) }, { now });
    const evaluateMs = await bestOfMs(request.runs, () => evaluateInventory(inv, { now }));
    return { components: inv.components.length, evaluateMs };
  },

  /**
   * Last: ours runs with the cluster objects in the heap (it needs them); then they are
   * released, so Tech Insights and the floor run with only their facts, as they would.
   */
  async sideBySide(request: { runs: number }): Promise<SideBySideFigures> {
    let input: SideBySideInput | undefined = sideBySideInput(current(), now);
    const { refs, facts } = input;
    const oursMs = await measureOurs(input.inventory, now, request.runs);
    input = undefined;
    inventory = undefined;
    global.gc?.();
    const techInsightsMs = await measureTechInsights(refs, facts, request.runs);
    const plainMs = await measurePlain(facts);
    return { components: refs.length, checks: EQUIVALENT_CHECK_IDS.length, oursMs, techInsightsMs, plainMs };
  },
});
