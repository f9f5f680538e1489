import path from 'node:path';
import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { createClusterSources, readLiveClusterConfigs } from './sources';

const TOKEN = 'do-not-print-me-7781';

const kubernetes = {
  clusterLocatorMethods: [
    { type: 'catalog' },
    {
      type: 'config',
      clusters: [
        {
          name: 'prod-eu',
          url: 'https://prod-eu.example.test:6443',
          authProvider: 'serviceAccount',
          serviceAccountToken: TOKEN,
          caData: 'LS0tLS1CRUdJTi==',
          skipMetricsLookup: true,
        },
        {
          name: 'staging-us',
          url: 'https://staging-us.example.test',
          authMetadata: { 'kubernetes.io/auth-provider': 'serviceAccount' },
        },
      ],
    },
  ],
};

describe('cluster sources from config', () => {
  it('reads the Kubernetes plugin clusters and merges extensionScorecard.clusters by name', () => {
    const config = new ConfigReader({
      kubernetes,
      extensionScorecard: {
        clusters: [
          { name: 'prod-eu', timeoutSeconds: 120 },
          {
            name: 'edge',
            url: 'https://edge.example.test',
            skipTLSVerify: true,
            pageSize: 100,
          },
        ],
      },
    });
    const clusters = readLiveClusterConfigs(config);
    expect(clusters).toEqual([
      {
        name: 'prod-eu',
        url: 'https://prod-eu.example.test:6443',
        authProvider: 'serviceAccount',
        serviceAccountToken: TOKEN,
        caData: 'LS0tLS1CRUdJTi==',
        locator: 'config',
        timeoutSeconds: 120,
        pageSize: 500,
        concurrency: 8,
      },
      {
        name: 'staging-us',
        url: 'https://staging-us.example.test',
        authProvider: 'serviceAccount',
        authMetadata: { 'kubernetes.io/auth-provider': 'serviceAccount' },
        locator: 'config',
        timeoutSeconds: 60,
        pageSize: 500,
        concurrency: 8,
      },
      {
        name: 'edge',
        url: 'https://edge.example.test',
        skipTLSVerify: true,
        locator: 'extensionScorecard',
        timeoutSeconds: 60,
        pageSize: 100,
        concurrency: 8,
      },
    ]);
  });

  it('creates live and dump sources, and logs no token', () => {
    const logger = mockServices.logger.mock();
    const config = new ConfigReader({
      kubernetes,
      extensionScorecard: {
        dumps: [{ name: 'air-gapped', directory: 'examples/clusters/prod-eu' }],
      },
    });
    const sources = createClusterSources(config, logger);
    expect(sources.map(s => [s.name, s.type])).toEqual([
      ['prod-eu', 'live'],
      ['staging-us', 'live'],
      ['air-gapped', 'dump'],
    ]);
    const logged = JSON.stringify([
      (logger.info as jest.Mock).mock.calls,
      (logger.warn as jest.Mock).mock.calls,
    ]);
    expect(logged).toContain(path.resolve('examples/clusters/prod-eu'));
    expect(logged).not.toContain(TOKEN);
  });

  it('rejects a new cluster without url, naming the cluster but not its token', () => {
    const config = new ConfigReader({
      extensionScorecard: {
        clusters: [{ name: 'lost', serviceAccountToken: TOKEN }],
      },
    });
    expect(() => readLiveClusterConfigs(config)).toThrow(
      /Cluster 'lost' has no url/,
    );
    const error = (() => {
      try {
        return readLiveClusterConfigs(config);
      } catch (e) {
        return e;
      }
    })();
    expect(String(error)).toContain('lost');
    expect(String(error)).not.toContain(TOKEN);
  });

  it('rejects bad numbers and duplicate names', () => {
    expect(() =>
      readLiveClusterConfigs(
        new ConfigReader({
          extensionScorecard: {
            clusters: [{ name: 'a', url: 'https://a', pageSize: 0 }],
          },
        }),
      ),
    ).toThrow(/pageSize must be a positive number/);
    expect(() =>
      readLiveClusterConfigs(
        new ConfigReader({
          extensionScorecard: { clusters: [{ name: 'a', url: 'ftp://a' }] },
        }),
      ),
    ).toThrow(/url must be http/);
    expect(() =>
      createClusterSources(
        new ConfigReader({
          kubernetes,
          extensionScorecard: {
            dumps: [{ name: 'prod-eu', directory: '/tmp' }],
          },
        }),
        mockServices.logger.mock(),
      ),
    ).toThrow(/used by both a live cluster and a dump/);
  });

  it('has no clusters when nothing is configured', () => {
    expect(
      createClusterSources(new ConfigReader({}), mockServices.logger.mock()),
    ).toEqual([]);
  });
});
