import type { KubeObject } from '../collect/types';
import {
  cniFixture,
  crdControllerFixture,
  type Fixture,
} from '../checks/__testUtils__/fixtures';
import { node } from '../checks/__testUtils__/kube';
import type { Inventory } from '../inventory/model';
import { upgradeReadiness } from './upgradeReadiness';

const NOW = new Date('2026-12-01T10:00:00Z');

function inventoryOf(...fixtures: Fixture[]): Inventory {
  return {
    generatedAt: NOW.toISOString(),
    clusters: [fixtures[0].cluster],
    components: fixtures.map(f => f.component),
  };
}

function atVersion(f: Fixture, version: string): Fixture {
  const [major, minor] = version.split('.');
  f.cluster.version = { major, minor, gitVersion: `v${version}` };
  // a range the cluster and its next minor are in, so the skew check stays quiet
  const descriptor = f.component.catalog?.descriptor;
  if (descriptor)
    descriptor.kubernetesVersions = `>=${major}.${minor}.0 <2.0.0`;
  return f;
}

function managedBy(
  object: KubeObject,
  entries: Array<{ manager: string; apiVersion: string; time: string }>,
) {
  object.metadata.managedFields = entries.map(e => ({
    ...e,
    operation: 'Update',
    fieldsType: 'FieldsV1',
  }));
}

describe('upgradeReadiness', () => {
  it('lists what blocks the next minor with the source that revealed it', () => {
    // cert-manager in a 1.24 cluster: its PDB last applied as policy/v1beta1 (removed in 1.25)
    const f = atVersion(crdControllerFixture(), '1.24.17');
    const pdb = f.objects.podDisruptionBudgets[0];
    pdb.metadata.annotations = {
      'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify({
        apiVersion: 'policy/v1beta1',
        kind: 'PodDisruptionBudget',
        metadata: { name: pdb.metadata.name },
      }),
    };
    // a pending storage migration of its Certificate CRD
    const crd = f.objects.customResourceDefinitions[0];
    crd.spec.versions = [
      {
        ...crd.spec.versions[0],
        name: 'v1alpha2',
        served: false,
        storage: false,
      },
      { ...crd.spec.versions[0], name: 'v1', served: true, storage: true },
    ];
    crd.status.storedVersions = ['v1alpha2', 'v1'];
    // and an unknown client still requesting policy/v1beta1 PodSecurityPolicies
    f.cluster.apiServerMetrics = {
      status: { state: 'ok' },
      deprecatedApiRequests: [
        {
          group: 'policy',
          version: 'v1beta1',
          resource: 'podsecuritypolicies',
          subresource: '',
          removedRelease: '1.25',
        },
      ],
    };

    const [cluster] = upgradeReadiness(inventoryOf(f), { now: NOW });
    expect(cluster).toMatchObject({
      cluster: 'prod-eu',
      currentVersion: '1.24',
      targetVersion: '1.25',
      state: 'blocked',
      blockers: 3,
      reason: null,
    });
    expect(
      cluster.findings.map(x => [
        x.severity,
        x.category,
        x.source,
        x.componentName,
        x.object,
        x.removedIn,
        x.replacement,
      ]),
    ).toEqual([
      [
        'blocker',
        'crd-storage-migration',
        'crd-status',
        'cert-manager',
        'CustomResourceDefinition certificates.cert-manager.io',
        null,
        'cert-manager.io/v1',
      ],
      [
        'blocker',
        'removed-api',
        'last-applied-configuration',
        'cert-manager',
        `PodDisruptionBudget cert-manager/${pdb.metadata.name}`,
        '1.25',
        'policy/v1',
      ],
      [
        'blocker',
        'requested-api',
        'apiserver-metric',
        null,
        'policy/v1beta1 podsecuritypolicies',
        '1.25',
        expect.any(String),
      ],
    ]);
    expect(cluster.findings[1]).toMatchObject({
      componentId: 'component:default/cert-manager',
      checkId: 'upgrade.deprecated-api',
      apiVersion: 'policy/v1beta1',
    });
    expect(cluster.sources).toEqual(
      expect.arrayContaining([
        { source: 'apiserver-metric', state: 'read', reason: null },
        {
          source: 'managed-fields',
          state: 'unavailable',
          // the fixture cluster is a dump
          reason:
            'no object in the dump carries metadata.managedFields (dump with kubectl get --show-managed-fields -o yaml)',
        },
      ]),
    );
  });

  it('names the field manager writing through a version the next minor removes', () => {
    const f = atVersion(crdControllerFixture(), '1.24.17');
    managedBy(f.objects.podDisruptionBudgets[0], [
      {
        manager: 'helm',
        apiVersion: 'policy/v1',
        time: '2026-11-01T00:00:00Z',
      },
      {
        manager: 'pdb-autoscaler',
        apiVersion: 'policy/v1beta1',
        time: '2026-11-30T08:00:00Z',
      },
    ]);
    const [cluster] = upgradeReadiness(inventoryOf(f), { now: NOW });
    expect(cluster.findings).toEqual([
      expect.objectContaining({
        severity: 'blocker',
        source: 'managed-fields',
        sourceDetail: 'pdb-autoscaler (Update, 2026-11-30T08:00:00Z)',
        message: expect.stringContaining(
          'written through policy/v1beta1 by field manager pdb-autoscaler',
        ),
      }),
    ]);
    expect(cluster.sources).toContainEqual({
      source: 'managed-fields',
      state: 'read',
      reason: null,
    });
  });

  it('judges kubelet skew as if the cluster ran the next minor', () => {
    const f = atVersion(cniFixture(), '1.31.4');
    f.clusterObjects.nodes = [
      node('node-a', { kubeletVersion: 'v1.31.4' }),
      node('old-node', { kubeletVersion: 'v1.28.15' }),
    ];
    const [cluster] = upgradeReadiness(inventoryOf(f), { now: NOW });
    // 3 minors behind is allowed on 1.31; at 1.32 it is 4
    expect(cluster.state).toBe('blocked');
    expect(cluster.findings).toEqual([
      expect.objectContaining({
        severity: 'blocker',
        category: 'version-skew',
        source: 'check',
        checkId: 'upgrade.version-skew',
        componentName: 'calico',
        message:
          'at 1.32: API server 1.32: node old-node: kubelet v1.28.15 is 4 minors behind (policy allows 3)',
      }),
    ]);
  });

  it('is ready when nothing blocks, and unknown without a server version', () => {
    const ready = upgradeReadiness(
      inventoryOf(atVersion(crdControllerFixture(), '1.33.2')),
      { now: NOW },
    );
    expect(ready[0]).toMatchObject({
      state: 'ready',
      blockers: 0,
      targetVersion: '1.34',
    });
    const f = crdControllerFixture();
    f.cluster.version = null;
    f.cluster.versionStatus = { state: 'forbidden', reason: 'HTTP 403' };
    expect(upgradeReadiness(inventoryOf(f), { now: NOW })[0]).toMatchObject({
      state: 'unknown',
      currentVersion: null,
      targetVersion: null,
      reason:
        'the server version was not read: HTTP 403; the target minor is unknown',
    });
  });
});
