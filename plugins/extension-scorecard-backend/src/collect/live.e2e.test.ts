/**
 * End to end through client-node and node-fetch against a real local HTTP(S) server
 * that serves the prod-eu demo dump the way an API server does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createMockDirectory } from '@backstage/backend-test-utils';
import { readClusterDump } from './dumps';
import { collectLiveCluster, LiveClusterConfig } from './live';
import { RESOURCE_KEYS } from './resources';
import {
  StandInApiServer,
  StandInCluster,
  standInClusterFromDump,
  startStandInApiServer,
} from '../testUtils/standInApiServer';
import type { ClusterCollection, KubeObject } from './types';

// the first test also loads client-node (ESM, transpiled on first use) and TLS keys
jest.setTimeout(60_000);

const PROD_EU = path.resolve(
  __dirname,
  '../../../../examples/clusters/prod-eu',
);
const TOKEN = 'e2e-token-5f1c0a9d';
const METRICS = fs.readFileSync(
  path.join(__dirname, '__fixtures__/apiserver-metrics.txt'),
  'utf8',
);

function names(c: ClusterCollection) {
  return Object.fromEntries(
    RESOURCE_KEYS.map(key => [
      key,
      (c.objects[key] ?? [])
        .map(o => `${o.metadata.namespace ?? ''}/${o.metadata.name}`)
        .sort(),
    ]),
  );
}

function config(
  server: StandInApiServer,
  extra: Partial<LiveClusterConfig> = {},
): LiveClusterConfig {
  return {
    name: 'prod-eu',
    url: server.url,
    serviceAccountToken: TOKEN,
    timeoutSeconds: 20,
    pageSize: 5,
    concurrency: 4,
    ...extra,
  };
}

/** The same cluster with every list `factor` times longer (renamed copies). */
function inflate(cluster: StandInCluster, factor: number): StandInCluster {
  return {
    ...cluster,
    resources: cluster.resources.map(r => ({
      ...r,
      objects: r.objects.flatMap(o =>
        Array.from(
          { length: factor },
          (_, i): KubeObject =>
            i === 0
              ? o
              : {
                  ...o,
                  metadata: {
                    ...o.metadata,
                    name: `${o.metadata.name}-copy-${i}`,
                  },
                },
        ),
      ),
    })),
  };
}

describe('live source against the stand-in API server (prod-eu dump)', () => {
  let cluster: StandInCluster;
  let dump: ClusterCollection;
  const servers: StandInApiServer[] = [];
  const mockDir = createMockDirectory();

  beforeAll(async () => {
    cluster = await standInClusterFromDump(PROD_EU);
    dump = await readClusterDump({ name: 'prod-eu', directory: PROD_EU });
  });

  afterAll(async () => {
    await Promise.all(servers.map(s => s.close()));
  });

  async function start(options: Parameters<typeof startStandInApiServer>[0]) {
    const server = await startStandInApiServer(options);
    servers.push(server);
    return server;
  }

  it('over HTTPS with the server CA reads the same objects and version as the dump', async () => {
    const server = await start({ cluster, tls: true, token: TOKEN });
    const live = await collectLiveCluster(
      config(server, { caData: server.caData }),
    );
    expect(live.error).toBeUndefined();
    expect(live.version?.gitVersion).toBe('v1.34.1');
    expect(live.version).toEqual(dump.version && { ...dump.version });
    expect(names(live)).toEqual(names(dump));
    for (const key of RESOURCE_KEYS) {
      expect([key, live.reads[key]?.state]).toEqual([
        key,
        dump.reads[key]?.state,
      ]);
    }
    // the DRA objects are served at the version the dump records, found by discovery
    expect(live.reads.deviceclasses).toEqual({
      state: 'ok',
      version: 'v1beta1',
    });
    // pagination happened: the 200+ RBAC objects came in pages of 5
    const rbacPages = server.requests.filter(
      r => r.path === '/apis/rbac.authorization.k8s.io/v1/clusterroles',
    );
    expect(rbacPages.length).toBe(
      Math.ceil((dump.objects.clusterroles?.length ?? 0) / 5),
    );
    expect(rbacPages.slice(1).every(r => !!r.query.continue)).toBe(true);
    // connections kept open between requests: a handshake per list in flight, not
    // per request
    expect(server.requests.length).toBeGreaterThan(50);
    expect(server.connections).toBeGreaterThan(0);
    expect(server.connections).toBeLessThanOrEqual(4);
  });

  it("serves a dump's metrics.txt at /metrics over HTTPS, and live reads what the dump reads", async () => {
    mockDir.setContent({
      'metrics.txt': METRICS,
      'version.json': fs.readFileSync(path.join(PROD_EU, 'version.json')),
      'deployments.yaml': fs.readFileSync(
        path.join(PROD_EU, 'deployments.yaml'),
      ),
    });
    const fromDump = await standInClusterFromDump(mockDir.path);
    expect(fromDump.metrics).toBe(METRICS);
    const server = await start({ cluster: fromDump, tls: true, token: TOKEN });
    const live = await collectLiveCluster(
      config(server, { caData: server.caData }),
    );
    const offline = await readClusterDump({
      name: 'prod-eu',
      directory: mockDir.path,
    });
    expect(live.apiServerMetrics?.status).toEqual({ state: 'ok' });
    expect(live.apiServerMetrics).toEqual(offline.apiServerMetrics);
    expect(live.apiServerMetrics?.deprecatedApiRequests).toHaveLength(4);
    expect(live.reads.deployments).toEqual({ state: 'ok', version: 'v1' });
  });

  it('reads metrics forbidden by RBAC as forbidden, every list still ok, no token anywhere', async () => {
    const server = await start({
      cluster: { ...cluster, metrics: METRICS },
      token: TOKEN,
      faults: [{ match: '/metrics', status: 403 }],
    });
    const live = await collectLiveCluster(
      config(server, { skipTLSVerify: true }),
    );
    expect(live.apiServerMetrics).toEqual({
      status: {
        state: 'forbidden',
        reason: expect.stringContaining('nonResourceURLs: ["/metrics"]'),
      },
      deprecatedApiRequests: [],
    });
    expect(live.error).toBeUndefined();
    expect(names(live)).toEqual(names(dump));
    for (const key of RESOURCE_KEYS) {
      expect([key, live.reads[key]?.state]).toEqual([
        key,
        dump.reads[key]?.state,
      ]);
    }
    expect(JSON.stringify(live)).not.toContain(TOKEN);
  });

  it('refuses a self-signed server without its CA, and says why without the token', async () => {
    const server = await start({ cluster, tls: true, token: TOKEN });
    const live = await collectLiveCluster(config(server));
    expect(live.error).toMatch(
      /cluster unreachable: .*(self[- ]signed|certificate)/i,
    );
    expect(JSON.stringify(live)).not.toContain(TOKEN);
    expect(live.objects).toEqual({});
  });

  it('over plain HTTP (skipTLSVerify) works too', async () => {
    const server = await start({ cluster, token: TOKEN });
    const live = await collectLiveCluster(
      config(server, { skipTLSVerify: true }),
    );
    expect(live.error).toBeUndefined();
    expect(names(live)).toEqual(names(dump));
  });

  it('makes the same number of requests for ten times the objects, beyond pagination', async () => {
    const small = await start({ cluster, token: TOKEN });
    const large = await start({ cluster: inflate(cluster, 10), token: TOKEN });
    const big = { pageSize: 100_000 };
    const a = await collectLiveCluster(
      config(small, { ...big, skipTLSVerify: true }),
    );
    const b = await collectLiveCluster(
      config(large, { ...big, skipTLSVerify: true }),
    );
    expect(b.objects.clusterroles?.length).toBe(
      10 * (a.objects.clusterroles?.length ?? 0),
    );
    expect(large.requests.length).toBe(small.requests.length);
    const unpaged = small.requests.length;

    // with pages, the only growth is the extra pages
    const pageSize = 50;
    const before = {
      small: small.requests.length,
      large: large.requests.length,
    };
    await collectLiveCluster(config(small, { pageSize, skipTLSVerify: true }));
    await collectLiveCluster(config(large, { pageSize, skipTLSVerify: true }));
    const extraPages = cluster.resources.reduce((sum, r) => {
      const pages = (n: number) => Math.max(1, Math.ceil(n / pageSize));
      return sum + pages(r.objects.length * 10) - pages(r.objects.length);
    }, 0);
    const smallCount = small.requests.length - before.small;
    const largeCount = large.requests.length - before.large;
    expect(largeCount - smallCount).toBe(extraPages);
    // eslint-disable-next-line no-console
    console.log(
      `requests per cluster: ${smallCount} (prod-eu, page size ${pageSize}), ` +
        `${largeCount} (10x objects, of which ${extraPages} extra pages); ` +
        `${unpaged} with one page per list at either size`,
    );
  });
});
