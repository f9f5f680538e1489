/**
 * The Kubernetes plugin's cluster locators as the scorecard reads them: catalog
 * Resources that come and go between collections, GKE, localKubectlProxy, and the
 * clusters a background collector cannot read. The catalog clusters are collected for
 * real from a stand-in API server over HTTPS.
 */
import path from 'node:path';
import { mockServices } from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import { ConfigReader } from '@backstage/config';
import { createClusterAuth } from './auth';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { catalogClusterResources, type GkeCluster } from './locators';
import { ClusterDirectory } from './sources';
import { collectCluster } from '../pipeline/collectCluster';
import Knex from 'knex';
import { createScorecardStores } from '../store';
import { migrateScorecardDatabase } from '../store/database';
import {
  StandInApiServer,
  standInClusterFromDump,
  startStandInApiServer,
} from '../testUtils/standInApiServer';

jest.setTimeout(60_000);

const PROD_EU = path.resolve(
  __dirname,
  '../../../../examples/clusters/prod-eu',
);
const TOKEN = 'catalog-collector-token-51c9';

function clusterResource(
  name: string,
  annotations: Record<string, string>,
): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Resource',
    metadata: { name, namespace: 'default', annotations },
    spec: { type: 'kubernetes-cluster', owner: 'group:default/platform' },
  };
}

function annotationsFor(
  server: { url: string; caData?: string },
  authProvider = 'serviceAccount',
): Record<string, string> {
  return {
    'kubernetes.io/api-server': server.url,
    'kubernetes.io/api-server-certificate-authority': server.caData ?? 'x',
    'kubernetes.io/auth-provider': authProvider,
  };
}

describe('catalog locator', () => {
  let server: StandInApiServer;

  beforeAll(async () => {
    server = await startStandInApiServer({
      cluster: await standInClusterFromDump(PROD_EU),
      tls: true,
      token: TOKEN,
    });
  });
  afterAll(() => server.close());

  function directoryWith(
    resources: () => Entity[],
    locator: Record<string, unknown> = {
      dangerouslyAllowClusterUrls: ['127.0.0.1'],
    },
  ) {
    const logger = mockServices.logger.mock();
    const config = new ConfigReader({
      kubernetes: {
        clusterLocatorMethods: [{ type: 'catalog', ...locator }],
      },
      extensionScorecard: {
        // a token for catalog clusters: never taken from an annotation
        clusters: [
          { name: 'prod-eu', serviceAccountToken: TOKEN },
          { name: 'prod-eu-2', serviceAccountToken: TOKEN, pageSize: 7 },
        ],
      },
    });
    const directory = ClusterDirectory.fromConfig(config, {
      logger,
      auth: createClusterAuth({ config, logger }),
      services: { clusterResources: async () => resources() },
    });
    return { directory, logger };
  }

  it('collects clusters of kubernetes-cluster Resources, added and removed between two collections', async () => {
    let entities = [clusterResource('prod-eu', annotationsFor(server))];
    const { directory, logger } = directoryWith(() => entities);
    expect(directory.hasDynamicLocators).toBe(true);
    // nothing is located before the first refresh (the catalog is read at collection)
    expect(directory.entries()).toEqual([]);

    expect(await directory.refresh()).toEqual({
      added: ['prod-eu'],
      removed: [],
    });
    expect(directory.entries()).toEqual([
      {
        name: 'prod-eu',
        type: 'live',
        locator: 'catalog',
        authProvider: 'serviceAccount',
        blockedReason: null,
      },
    ]);

    const collection = await directory.source('prod-eu')!.collect();
    expect(collection.error).toBeUndefined();
    expect(collection.objects.validatingwebhookconfigurations?.length).toBe(
      (await standInClusterFromDump(PROD_EU)).resources.find(
        r => r.plural === 'validatingwebhookconfigurations',
      )!.objects.length,
    );
    expect(server.requests.at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);

    entities = [
      clusterResource('prod-eu-2', annotationsFor(server)),
      clusterResource('prod-eu', annotationsFor(server)),
    ];
    expect(await directory.refresh()).toEqual({
      added: ['prod-eu-2'],
      removed: [],
    });
    entities = [clusterResource('prod-eu-2', annotationsFor(server))];
    expect(await directory.refresh()).toEqual({
      added: [],
      removed: ['prod-eu'],
    });
    expect(directory.source('prod-eu')).toBeUndefined();
    expect(directory.sources().map(s => s.name)).toEqual(['prod-eu-2']);
    const logged = JSON.stringify((logger.info as jest.Mock).mock.calls);
    expect(logged).toContain('no longer located');
    expect(logged).not.toContain(TOKEN);
  });

  it('reads only kubernetes-cluster Resources from the catalog', async () => {
    const cluster = clusterResource('prod-eu', annotationsFor(server));
    const other: Entity = {
      ...clusterResource('bucket', {}),
      spec: { type: 's3-bucket', owner: 'group:default/platform' },
    };
    const component: Entity = {
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Component',
      metadata: { name: 'kyverno', namespace: 'default' },
      spec: { type: 'kubernetes-cluster' },
    };
    const read = catalogClusterResources(
      catalogServiceMock({ entities: [cluster, other, component] }),
      mockServices.auth(),
    );
    const found = await read();
    expect(found.map(e => e.metadata.name)).toEqual(['prod-eu']);
    expect(found[0].metadata.annotations).toEqual(annotationsFor(server));
  });

  it('keeps the clusters it found when the catalog fails', async () => {
    let fail = false;
    const { directory, logger } = directoryWith(() => {
      if (fail) throw new Error('catalog unavailable (503)');
      return [clusterResource('prod-eu', annotationsFor(server))];
    });
    await directory.refresh();
    fail = true;
    expect(await directory.refresh()).toEqual({ added: [], removed: [] });
    expect(directory.sources().map(s => s.name)).toEqual(['prod-eu']);
    expect(JSON.stringify((logger.warn as jest.Mock).mock.calls)).toContain(
      'catalog unavailable (503)',
    );
  });

  it('applies the Kubernetes plugin rules: required annotations, public HTTPS URLs, no token from annotations', async () => {
    const { directory } = directoryWith(
      () => [
        // no CA annotation: the Kubernetes plugin's filter leaves it out
        clusterResource('no-ca', {
          'kubernetes.io/api-server': 'https://34.118.20.10',
          'kubernetes.io/auth-provider': 'aws',
        }),
        // a loopback URL without dangerouslyAllowClusterUrls
        clusterResource('internal', annotationsFor(server, 'aws')),
        clusterResource('plain-http', {
          ...annotationsFor({ url: 'http://34.118.20.10' }, 'aws'),
        }),
        // a token in an annotation is never used
        clusterResource('token-in-annotation', {
          ...annotationsFor({ url: 'https://34.118.20.11' }, 'aws'),
          serviceAccountToken: 'leaked-token',
          'kubernetes.io/skip-tls-verify': 'true',
          'kubernetes.io/x-k8s-aws-id': 'eks-prod',
        }),
        clusterResource('oidc-cluster', {
          ...annotationsFor({ url: 'https://34.118.20.12' }, 'oidc'),
        }),
      ],
      {},
    );
    await directory.refresh();
    const byName = Object.fromEntries(
      directory.entries().map(e => [e.name, e]),
    );
    expect(Object.keys(byName).sort()).toEqual([
      'internal',
      'oidc-cluster',
      'plain-http',
      'token-in-annotation',
    ]);
    expect(byName.internal.blockedReason).toMatch(
      /Resource internal: kubernetes.io\/api-server host 127.0.0.1 is not a public address/,
    );
    expect(byName['plain-http'].blockedReason).toMatch(/must use https/);
    expect(byName['token-in-annotation'].blockedReason).toBeNull();
    expect(byName['oidc-cluster'].blockedReason).toMatch(
      /authProvider 'oidc' uses the OIDC token of the person viewing/,
    );
    // a blocked cluster reports why at each collection, without any request
    const before = server.requests.length;
    const blocked = await directory.source('internal')!.collect();
    expect(blocked.error).toMatch(/^not collected: Resource internal/);
    expect(server.requests.length).toBe(before);
  });

  it('stores a removed cluster with no locator, and leaves it out of new snapshots', async () => {
    let entities = [
      clusterResource('prod-eu', annotationsFor(server)),
      clusterResource('prod-eu-2', annotationsFor(server)),
    ];
    const { directory } = directoryWith(() => entities);
    await directory.refresh();
    const knex = await sqliteStore();
    const stores = createScorecardStores(knex);
    for (const source of directory.sources()) {
      const outcome = await collectCluster(source, {
        clusters: stores.clusters,
        logger: mockServices.logger.mock(),
        now: () => new Date('2026-12-04T08:00:00Z'),
      });
      expect(outcome).toMatchObject({ ok: true, error: null });
    }
    entities = [clusterResource('prod-eu-2', annotationsFor(server))];
    await directory.refresh();
    const statuses = await stores.clusters.statuses(directory.entries());
    expect(
      statuses.map(s => [s.name, s.locator, s.authProvider, s.blockedReason]),
    ).toEqual([
      ['prod-eu', null, null, null],
      ['prod-eu-2', 'catalog', 'serviceAccount', null],
    ]);
    const latest = await stores.clusters.latest(
      directory.sources().map(s => s.name),
    );
    expect(latest.map(c => c.cluster)).toEqual(['prod-eu-2']);
    await knex.destroy();
  });
});

describe('gke and localKubectlProxy locators', () => {
  const gkeClusters: GkeCluster[] = [
    {
      name: 'analytics',
      endpoint: '34.118.10.5',
      resourceLabels: { team: 'data', env: 'prod' },
      masterAuth: { clusterCaCertificate: 'LS0tLS1CRUdJTiBDRVJU' },
      controlPlaneEndpointsConfig: {
        dnsEndpointConfig: {
          endpoint: 'gke-0a1b2c.europe-west1.gke.goog',
        },
      },
    },
    { name: 'sandbox', endpoint: '34.118.10.6', resourceLabels: {} },
    { name: 'provisioning', endpoint: null },
  ];

  function gkeDirectory(method: Record<string, unknown>) {
    const calls: string[] = [];
    const config = new ConfigReader({
      kubernetes: {
        clusterLocatorMethods: [
          { type: 'gke', projectId: 'acme-platform', ...method },
          { type: 'localKubectlProxy' },
        ],
      },
    });
    const logger = mockServices.logger.mock();
    const directory = ClusterDirectory.fromConfig(config, {
      logger,
      auth: createClusterAuth({ config, logger }),
      services: {
        listGkeClusters: async parent => {
          calls.push(parent);
          return gkeClusters;
        },
      },
    });
    return { directory, calls };
  }

  it('lists the project clusters with their CA, filtered by labels; google needs a user', async () => {
    const { directory, calls } = gkeDirectory({
      region: 'europe-west1',
      matchingResourceLabels: [{ key: 'env', value: 'prod' }],
    });
    expect(directory.entries().map(e => e.name)).toEqual(['local']);
    await directory.refresh();
    expect(calls).toEqual(['projects/acme-platform/locations/europe-west1']);
    expect(directory.entries()).toEqual([
      {
        name: 'local',
        type: 'live',
        locator: 'localKubectlProxy',
        authProvider: 'localKubectlProxy',
        blockedReason: null,
      },
      {
        name: 'analytics',
        type: 'live',
        locator: 'gke',
        authProvider: 'google',
        blockedReason: expect.stringMatching(
          /authProvider 'google' uses the Google sign-in .* Use 'googleServiceAccount'/,
        ),
      },
    ]);
  });

  it('uses googleServiceAccount and the DNS endpoint when configured', async () => {
    const { directory, calls } = gkeDirectory({
      authProvider: 'googleServiceAccount',
      endpointType: 'dns',
    });
    await directory.refresh();
    expect(calls).toEqual(['projects/acme-platform/locations/-']);
    const names = directory.entries().map(e => [e.name, e.blockedReason]);
    expect(names).toEqual([
      ['local', null],
      ['analytics', null],
      ['sandbox', null],
    ]);
    expect(
      (directory as unknown as { current: Array<{ where: string }> }).current[1]
        .where,
    ).toBe('https://gke-0a1b2c.europe-west1.gke.goog');
  });

  it('refuses a bad locator type or endpointType at start', () => {
    expect(() =>
      ClusterDirectory.fromConfig(
        new ConfigReader({
          kubernetes: { clusterLocatorMethods: [{ type: 'eks' }] },
        }),
      ),
    ).toThrow(
      /kubernetes.clusterLocatorMethods\[0\].type 'eks' is not a cluster locator/,
    );
    expect(() =>
      ClusterDirectory.fromConfig(
        new ConfigReader({
          kubernetes: {
            clusterLocatorMethods: [
              { type: 'gke', projectId: 'p', endpointType: 'private' },
            ],
          },
        }),
      ),
    ).toThrow(/endpointType must be public or dns/);
  });
});

async function sqliteStore() {
  const knex = Knex({
    client: 'better-sqlite3',
    connection: ':memory:',
    useNullAsDefault: true,
  });
  await migrateScorecardDatabase(knex);
  return knex;
}
