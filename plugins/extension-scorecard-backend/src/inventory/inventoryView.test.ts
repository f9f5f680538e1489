/**
 * The inventory reads nothing of an object beyond its inventory view: built from the
 * views of every object of the demo and the upstream fixtures, it groups the same
 * objects into the same components as built from the objects themselves. A detector
 * that starts reading a status or an EndpointSlice's endpoints fails here, and then the
 * view (and the fingerprint keeping clusters' parts) must say so.
 */
import type { ClusterCollection, KubeObject } from '../collect/types';
import { canonicalJson } from '../store/encoding';
import {
  loadDemoFleet,
  loadUpstreamFleet,
} from './__testUtils__/exampleFleets';
import { buildInventory } from './buildInventory';
import { objectIdentity } from './instance';
import { inventoryView } from './inventoryView';
import type { Inventory } from './model';

jest.setTimeout(60_000);

const NOW = '2026-12-01T08:00:00.000Z';

/** The inventory with every object named by identity instead of held. */
function grouping(inventory: Inventory) {
  return inventory.components.map(c => ({
    ...c,
    instances: c.instances.map(i => ({
      ...i,
      objects: Object.fromEntries(
        Object.entries(i.objects).map(([list, objects]) => [
          list,
          (objects as KubeObject[]).map(objectIdentity),
        ]),
      ),
    })),
  }));
}

function viewed(clusters: ClusterCollection[]): ClusterCollection[] {
  return clusters.map(c => ({
    ...c,
    objects: Object.fromEntries(
      Object.entries(c.objects).map(([list, objects]) => [
        list,
        (objects ?? []).map(inventoryView),
      ]),
    ),
  }));
}

it.each([
  ['the demo', loadDemoFleet],
  ['the upstream fixtures', loadUpstreamFleet],
])(
  '%s: the inventory built from the views is the one built from the objects',
  async (_, load) => {
    const { clusters, entities } = await load(Date.parse(NOW));
    const whole = buildInventory({ clusters, entities, now: NOW });
    const fromViews = buildInventory({
      clusters: viewed(clusters),
      entities,
      now: NOW,
    });
    expect(whole.components.length).toBeGreaterThan(5);
    expect(canonicalJson(grouping(fromViews))).toBe(
      canonicalJson(grouping(whole)),
    );
    // the views did leave out what changes hourly
    const deployment = clusters[0].objects.deployments![0];
    expect(deployment.status).toBeDefined();
    expect(inventoryView(deployment).status).toBeUndefined();
  },
);

describe('inventoryView', () => {
  const meta = {
    name: 'x',
    namespace: 'ns',
    uid: 'u1',
    resourceVersion: '42',
    generation: 3,
    labels: { app: 'x' },
    managedFields: [{ manager: 'kubectl', apiVersion: 'apps/v1' }],
  };

  it('drops the status and the metadata of writes, keeps labels and spec', () => {
    const view = inventoryView({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: meta,
      spec: { replicas: 2 },
      status: { readyReplicas: 2 },
    });
    expect(view).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x', namespace: 'ns', uid: 'u1', labels: { app: 'x' } },
      spec: { replicas: 2 },
    });
  });

  it('keeps a Node capacity, an EndpointSlice metadata only, and Pods and ChaosResults whole', () => {
    expect(
      inventoryView({
        apiVersion: 'v1',
        kind: 'Node',
        metadata: meta,
        spec: { podCIDR: '10.0.0.0/24' },
        status: {
          capacity: { 'nvidia.com/gpu': '8' },
          images: [{ names: ['a'] }],
          conditions: [{ type: 'Ready', lastHeartbeatTime: 'now' }],
        },
      }),
    ).toEqual({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'x', namespace: 'ns', uid: 'u1', labels: { app: 'x' } },
      spec: { podCIDR: '10.0.0.0/24' },
      status: { capacity: { 'nvidia.com/gpu': '8' } },
    });
    expect(
      inventoryView({
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: meta,
        addressType: 'IPv4',
        endpoints: [{ addresses: ['10.0.0.7'] }],
      }),
    ).toEqual({
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: 'x', namespace: 'ns', uid: 'u1', labels: { app: 'x' } },
    });
    for (const kind of ['Pod', 'ChaosResult']) {
      const obj = {
        apiVersion: 'v1',
        kind,
        metadata: meta,
        status: { phase: 'Pending' },
      };
      expect(inventoryView(obj)).toBe(obj);
    }
  });
});
