import { X509Certificate } from 'node:crypto';
import { buildInventory } from '@extension-scorecard/plugin-extension-scorecard-backend/testUtils';
import { createCertificatePool, PoolCertificate } from './certificates';
import { generateFleet } from './generateFleet';
import { planFleet } from './plan';
import { toClusterCollection } from './clusterCollection';

const NOW = new Date('2026-03-01T12:00:00Z');
const OPTIONS = { seed: 42, clusters: 2, componentsPerCluster: 40, now: NOW };

describe('generateFleet', () => {
  let certs: PoolCertificate[];
  beforeAll(async () => {
    certs = await createCertificatePool({ now: NOW });
  });

  it('is deterministic for a seed, and a component does not depend on the fleet size', () => {
    const a = planFleet(OPTIONS);
    const b = planFleet(OPTIONS);
    expect(b.components).toEqual(a.components);
    const bigger = planFleet({ ...OPTIONS, componentsPerCluster: 80 });
    expect(
      bigger.components.slice(0, 10).map(c => [c.name, c.kind, c.traits]),
    ).toEqual(a.components.slice(0, 10).map(c => [c.name, c.kind, c.traits]));
    const fleet = generateFleet(OPTIONS, certs);
    const name = fleet.plan.clusters[0].name;
    expect(fleet.cluster(name)).toEqual(
      generateFleet(OPTIONS, certs).cluster(name),
    );
  });

  it('places componentsPerCluster components in every cluster, spread over clusters', () => {
    const plan = planFleet({ ...OPTIONS, spread: 2 });
    expect(plan.components).toHaveLength(40);
    for (const c of plan.clusters) expect(c.components).toHaveLength(40);
    for (const c of plan.components) expect(new Set(c.clusters).size).toBe(2);
  });

  it('puts real certificates with the pool validity into caBundles', () => {
    const fleet = generateFleet(OPTIONS, certs);
    const objects = fleet.cluster(fleet.plan.clusters[0].name).objects;
    const bundles = objects.flatMap(o => [
      ...((o.webhooks as any[]) ?? []).map(w => w.clientConfig.caBundle),
      ...(o.kind === 'APIService' ? [o.spec.caBundle] : []),
    ]);
    expect(bundles.length).toBeGreaterThan(10);
    const validTo = new Set(certs.map(c => new Date(c.notAfter).getTime()));
    for (const bundle of bundles) {
      const cert = new X509Certificate(Buffer.from(bundle, 'base64'));
      expect(validTo.has(new Date(cert.validTo).getTime())).toBe(true);
    }
  });

  it('builds clusters of realistic size (tens of kB per extension, like examples/clusters)', () => {
    const fleet = generateFleet(OPTIONS, certs);
    const cluster = fleet.cluster(fleet.plan.clusters[0].name);
    const perComponent = JSON.stringify(cluster.objects).length / 40;
    expect(perComponent).toBeGreaterThan(10_000);
    expect(perComponent).toBeLessThan(80_000);
    const kinds = new Set(cluster.objects.map(o => o.kind));
    for (const kind of [
      'Node',
      'Namespace',
      'Pod',
      'ServiceAccount',
      'ClusterRole',
      'RoleBinding',
      'PodDisruptionBudget',
      'CustomResourceDefinition',
      'ValidatingWebhookConfiguration',
      'EndpointSlice',
    ]) {
      expect(kinds).toContain(kind);
    }
    const capacity = cluster.objects
      .filter(o => o.kind === 'Node')
      .flatMap(o => Object.keys(o.status.capacity))
      .filter(r => r.endsWith('/accelerator'));
    expect(capacity.length).toBeGreaterThan(0);
  });

  it('is recognized by the inventory: every catalog component with its kind and cluster, orphans as orphans', () => {
    const fleet = generateFleet(OPTIONS, certs);
    const inventory = buildInventory({
      clusters: fleet.plan.clusters.map(c =>
        toClusterCollection(fleet.cluster(c.name), NOW),
      ),
      entities: fleet.entities,
      now: NOW,
    });
    const planned = fleet.plan.components;
    const byName = new Map(inventory.components.map(c => [c.name, c]));
    for (const p of planned.filter(c => c.linked)) {
      const found = byName.get(p.name);
      expect({
        name: p.name,
        kind: found?.kind,
        clusters: found?.instances.map(i => i.cluster),
      }).toEqual({
        name: p.name,
        kind: p.kind,
        clusters: p.clusters,
      });
    }
    const orphans = inventory.components.filter(c => !c.catalog);
    expect(orphans.length).toBeGreaterThanOrEqual(
      planned.filter(c => !c.linked).length,
    );
  });
});
