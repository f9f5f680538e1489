/**
 * Blast radius beyond admission webhooks, on real upstream manifests
 * (examples/upstream/clusters/onprem-gpu): Kueue's aggregated visibility API and its
 * CRD conversion webhooks, and Volcano, a secondary scheduler named by a Pending Pod.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {
  BlastRadius,
  ComponentScorecard,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { readCatalogFiles } from '../../collect/catalog';
import { readClusterDump } from '../../collect/dumps';
import { buildInventory } from '../../inventory/buildInventory';
import { evaluateInventory } from '../../pipeline/evaluate';

jest.setTimeout(60_000);

const UPSTREAM = path.resolve(__dirname, '../../../../../examples/upstream');
const NOW = new Date('2026-12-01T00:00:00Z');
const CLUSTER = 'onprem-gpu';

describe('blast radius on upstream manifests', () => {
  let scorecards: Map<string, ComponentScorecard>;
  beforeAll(async () => {
    const cluster = await readClusterDump({
      name: CLUSTER,
      directory: path.join(UPSTREAM, 'clusters', CLUSTER),
      now: () => NOW,
    });
    const catalog = path.join(UPSTREAM, 'catalog');
    const entities = await readCatalogFiles(
      fs
        .readdirSync(catalog)
        .filter(f => f.endsWith('.yaml'))
        .sort()
        .map(f => path.join(catalog, f)),
    );
    const inventory = buildInventory({
      clusters: [cluster],
      entities,
      now: NOW,
    });
    scorecards = new Map(
      evaluateInventory(inventory, { now: NOW }).map(s => [s.componentId, s]),
    );
  });
  const radiusOf = (id: string, objectKind: string): BlastRadius[] =>
    scorecards.get(id)!.blastRadius.filter(b => b.objectKind === objectKind);

  it('describes an APIService by the group/version it serves', () => {
    const apis = radiusOf('component:default/kueue', 'APIService');
    expect(apis.map(a => [a.name, a.groupVersion])).toEqual([
      [
        'v1beta1.visibility.kueue.x-k8s.io',
        'visibility.kueue.x-k8s.io/v1beta1',
      ],
      [
        'v1beta2.visibility.kueue.x-k8s.io',
        'visibility.kueue.x-k8s.io/v1beta2',
      ],
    ]);
    expect(apis[0]).toMatchObject({
      cluster: CLUSTER,
      operations: ['*'],
      failurePolicy: 'Fail',
      timeoutSeconds: null,
    });
    expect(apis[0]).not.toHaveProperty('conversion');
  });

  it('reports each CRD converted by a webhook, with its served and storage versions', () => {
    const conversions = radiusOf(
      'component:default/kueue',
      'CustomResourceDefinition',
    );
    // kueue.yaml: five CRDs with strategy Webhook (AdmissionCheck keeps None)
    expect(conversions).toHaveLength(5);
    expect(conversions.map(c => c.name)).not.toContain(
      'admissionchecks.kueue.x-k8s.io',
    );
    const clusterQueues = conversions.find(
      c => c.name === 'clusterqueues.kueue.x-k8s.io',
    );
    expect(clusterQueues).toMatchObject({
      cluster: CLUSTER,
      operations: ['*'],
      resources: [
        'kueue.x-k8s.io/v1beta1/clusterqueues',
        'kueue.x-k8s.io/v1beta2/clusterqueues',
      ],
      clusterScoped: true,
      matchedNamespaces: [],
      failurePolicy: 'Fail',
      timeoutSeconds: null,
      worstCaseLatencySeconds: null,
      conversion: {
        resource: 'clusterqueues.kueue.x-k8s.io',
        servedVersions: ['v1beta1', 'v1beta2'],
        storageVersion: 'v1beta2',
        storedVersions: ['v1beta2'],
      },
    });
    // a namespaced CRD reaches every namespace
    const namespaced = conversions.find(c => !c.clusterScoped)!;
    expect(namespaced.matchedNamespaces.length).toBe(
      namespaced.totalNamespaces,
    );
    expect(namespaced.totalNamespaces).toBeGreaterThan(0);
  });

  it('names the Pods waiting for a secondary scheduler', () => {
    const schedulers = radiusOf('component:default/volcano', 'Scheduler');
    expect(schedulers).toEqual([
      expect.objectContaining({
        cluster: CLUSTER,
        name: 'volcano',
        schedulerName: 'volcano',
        operations: ['schedule'],
        resources: ['v1/pods'],
        matchedNamespaces: ['default'],
        pendingPods: expect.arrayContaining(['default/mnist-ddp-worker-1']),
        failurePolicy: 'Pending',
      }),
    ]);
  });

  it('adds up the mutating webhooks called for one request, and the slowest validating one', () => {
    const hooks = scorecards
      .get('component:default/kueue')!
      .blastRadius.filter(b => b.worstCaseLatencySeconds !== null);
    const byName = new Map(hooks.map(h => [h.name, h]));
    expect(hooks.length).toBeGreaterThan(1);
    for (const hook of hooks) {
      const called = [
        hook,
        ...hook.overlappingWebhooks!.map(n => byName.get(n)!),
      ];
      const mutating = called.filter(
        h => h.objectKind === 'MutatingWebhookConfiguration',
      );
      const validating = called.filter(
        h => h.objectKind === 'ValidatingWebhookConfiguration',
      );
      expect(hook.worstCaseLatencySeconds).toBe(
        mutating.reduce(
          (sum, h) => sum + h.timeoutSeconds! * (h.reinvoked ? 2 : 1),
          0,
        ) + Math.max(0, ...validating.map(h => h.timeoutSeconds!)),
      );
    }
    // a Pod write goes through Kueue's mutating, then its validating Pod webhook: 10 s each
    const mutatePod = byName.get('mpod.kb.io')!;
    expect(mutatePod.overlappingWebhooks).toEqual(['vpod.kb.io']);
    expect(mutatePod.worstCaseLatencySeconds).toBe(20);
  });
});
