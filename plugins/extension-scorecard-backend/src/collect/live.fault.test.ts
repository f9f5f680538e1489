/**
 * Fault test of the live source over real sockets: a response cut off in transit
 * (the server sends its headers with the full Content-Length, half the body, then
 * closes the connection) must fail that read at once with the reason, not hang until
 * the cluster's timeout.
 */
import path from 'node:path';
import { collectLiveCluster } from './live';
import {
  StandInApiServer,
  standInClusterFromDump,
  startStandInApiServer,
} from '../testUtils/standInApiServer';

// loads client-node (ESM, transpiled on first use)
jest.setTimeout(60_000);

const PROD_EU = path.resolve(
  __dirname,
  '../../../../examples/clusters/prod-eu',
);
const TIMEOUT_SECONDS = 30;

describe('live source, response truncated in transit', () => {
  let server: StandInApiServer;

  beforeAll(async () => {
    server = await startStandInApiServer({
      cluster: await standInClusterFromDump(PROD_EU),
      faults: [{ match: '/apis/apps/v1/daemonsets', truncated: true }],
    });
  });
  afterAll(() => server.close());

  it('fails the truncated list at once, with the reason, and reads the rest', async () => {
    const started = Date.now();
    const collection = await collectLiveCluster({
      name: 'prod-eu',
      url: server.url,
      skipTLSVerify: true,
      timeoutSeconds: TIMEOUT_SECONDS,
      pageSize: 500,
      concurrency: 4,
    });
    expect(collection.reads.daemonsets).toEqual({
      state: 'failed',
      reason: expect.stringContaining(
        'connection closed before the whole response arrived',
      ),
    });
    expect(collection.objects.daemonsets).toBeUndefined();
    expect(collection.reads.deployments).toMatchObject({ state: 'ok' });
    expect(collection.objects.deployments?.length).toBeGreaterThan(0);
    // well before the cluster budget ran out (it used to wait for all of it)
    expect(Date.now() - started).toBeLessThan((TIMEOUT_SECONDS * 1000) / 2);
  });
});
