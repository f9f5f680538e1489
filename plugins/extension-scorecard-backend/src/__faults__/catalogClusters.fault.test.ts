/**
 * The catalog locator in a real backend process (createBackend, real scheduler and
 * SQLite): a `kubernetes-cluster` Resource found in the catalog after start is located
 * by the plugin's locate task, gets its own collection task, and is collected from a
 * stand-in API server with the token of its `extensionScorecard.clusters` entry; a
 * Resource whose auth provider needs a signed-in user is never contacted, and the
 * reason is logged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import {
  StandInApiServer,
  standInClusterFromDump,
  startStandInApiServer,
} from '../testUtils/standInApiServer';
import { RunningChild, startChild } from './__testUtils__/childProcess';

jest.setTimeout(180_000);

const PROD_EU = path.resolve(
  __dirname,
  '../../../../examples/clusters/prod-eu',
);
const BACKEND = '__faults__/__testUtils__/replicaBackend.ts';
const TOKEN = 'catalog-located-token-8d21';

function clusterResource(
  name: string,
  annotations: Record<string, string>,
): object {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Resource',
    metadata: { name, namespace: 'default', annotations },
    spec: { type: 'kubernetes-cluster', owner: 'group:default/platform' },
  };
}

describe('catalog clusters in a running backend', () => {
  let server: StandInApiServer;
  let oidcServer: StandInApiServer;
  let backend: RunningChild | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scorecard-catalog-'));

  afterAll(async () => {
    await backend?.kill();
    await server?.close();
    await oidcServer?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('locates, schedules and collects a cluster found in the catalog', async () => {
    const cluster = await standInClusterFromDump(PROD_EU);
    server = await startStandInApiServer({ cluster, tls: true, token: TOKEN });
    oidcServer = await startStandInApiServer({ cluster, tls: true });
    const annotations = (s: StandInApiServer, provider: string) => ({
      'kubernetes.io/api-server': s.url,
      'kubernetes.io/api-server-certificate-authority': s.caData!,
      'kubernetes.io/auth-provider': provider,
    });
    const port = 17000 + Math.floor(Math.random() * 20000);
    const config = path.join(dir, 'app-config.yaml');
    fs.writeFileSync(
      config,
      stringify({
        backend: {
          baseUrl: `http://127.0.0.1:${port}`,
          listen: { host: '127.0.0.1', port },
          database: {
            client: 'better-sqlite3',
            connection: { directory: dir },
          },
        },
        kubernetes: {
          clusterLocatorMethods: [
            { type: 'catalog', dangerouslyAllowClusterUrls: ['127.0.0.1'] },
          ],
        },
        extensionScorecard: {
          clusters: [{ name: 'edge-eu', serviceAccountToken: TOKEN }],
          schedule: {
            collect: {
              frequency: { seconds: 5 },
              timeout: { seconds: 60 },
              initialDelay: { seconds: 1 },
            },
            assemble: {
              frequency: { minutes: 30 },
              timeout: { seconds: 60 },
              initialDelay: { minutes: 30 },
            },
          },
        },
      }),
    );
    backend = startChild(
      BACKEND,
      {
        NODE_ENV: 'production',
        EXTRA_ENTITIES: JSON.stringify([
          clusterResource('edge-eu', annotations(server, 'serviceAccount')),
          clusterResource('lab-oidc', annotations(oidcServer, 'oidc')),
        ]),
      },
      ['--config', config],
    );
    await backend.waitForLine(/^ready$/, 120_000);
    await backend.waitForLine(
      /extension-scorecard: located cluster 'edge-eu'/,
      60_000,
    );
    await backend.waitForLine(
      /extension-scorecard: collected cluster 'edge-eu' \(\d+ objects\)/,
      60_000,
    );
    const versionReads = server.requests.filter(r => r.path === '/version');
    expect(versionReads.length).toBeGreaterThanOrEqual(1);
    expect(
      server.requests.every(r => r.authorization === `Bearer ${TOKEN}`),
    ).toBe(true);
    // the oidc cluster needs a signed-in user: never contacted, the reason logged
    await backend.waitForLine(
      /cluster 'lab-oidc' is not collected: authProvider 'oidc' uses the OIDC token/,
      10_000,
    );
    expect(oidcServer.requests).toEqual([]);
    expect(backend.lines.join('\n')).not.toContain(TOKEN);
  });
});
