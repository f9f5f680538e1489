/**
 * Secrets: distinctive cluster tokens are fed through app-config (both
 * `extensionScorecard.clusters` and the Kubernetes plugin's
 * `kubernetes.clusterLocatorMethods`), the clusters fail in every way we know (down,
 * wrong token, too slow, errors and malformed bodies that echo the Authorization
 * header back), collections run through the manual refresh and the scheduled tasks,
 * and then everything the product produced is searched for the tokens: every log line
 * (captured unredacted), anything written to stdout/stderr, every API response
 * (all read endpoints, CSV and JSON exports, error answers) and every stored row.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { mockCredentials } from '@backstage/backend-test-utils';
import type { RawDatabase } from '../store/__testUtils__/rawDatabase';
import {
  createStandInHandler,
  standInClusterFromDump,
} from '../testUtils/standInApiServer';
import { apiOperations } from './__testUtils__/apiOperations';
import { startScorecardBackend } from './__testUtils__/inProcessBackend';
import { tableNames } from '../store/__testUtils__/databases';

jest.setTimeout(180_000);

const PROD_EU = path.resolve(
  __dirname,
  '../../../../examples/clusters/prod-eu',
);
const token = (name: string) =>
  `sk-scorecard-${name}-7f3a9c1e0b2d4e6f8a9b0c1d2e3f4a5b`;
const TOKENS = ['echo', 'down', 'wrong', 'slow', 'k8s-plugin'].map(token);
const HEADER = mockCredentials.user.header('user:default/platform-admin');

/**
 * An API server that serves the prod-eu dump but answers some lists with errors
 * that carry the caller's Authorization header in every place a body can hold it.
 */
async function startEchoingApiServer(expectedToken: string) {
  const standIn = createStandInHandler({
    cluster: await standInClusterFromDump(PROD_EU),
    token: expectedToken,
  });
  const status = (code: number, message: string) =>
    JSON.stringify({
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      message,
      code,
    });
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://echo');
    const auth = req.headers.authorization ?? '';
    const echo: Record<string, [number, string]> = {
      '/apis/apps/v1/deployments': [
        500,
        status(500, `etcd timeout serving request with ${auth}`),
      ],
      '/apis/rbac.authorization.k8s.io/v1/clusterroles': [
        403,
        status(
          403,
          `user with token ${auth.slice(7)} cannot list clusterroles`,
        ),
      ],
      '/apis/apps/v1/daemonsets': [
        200,
        `{"kind":"DaemonSetList","items":[{"metadata":{"name":"${auth}"`,
      ],
      '/apis/cert-manager.io/v1': [404, `404 page not found for ${auth}`],
      '/apis/policy/v1/poddisruptionbudgets': [
        502,
        `<html>bad gateway ${auth}</html>`,
      ],
    };
    const fault = echo[url.pathname];
    if (fault) {
      res.writeHead(fault[0], { 'content-type': 'application/json' });
      res.end(fault[1]);
      return;
    }
    const answer = await standIn.handle({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: auth,
    });
    if ('drop' in answer) {
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>(r => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Every text of every row of the plugin's database (gzip columns unpacked). */
async function databaseText(knex: RawDatabase): Promise<string> {
  const parts: string[] = [];
  for (const table of await tableNames(knex)) {
    for (const row of await knex(table).select()) {
      for (const value of Object.values(row)) {
        if (Buffer.isBuffer(value)) {
          try {
            parts.push(gunzipSync(value).toString('utf8'));
          } catch {
            parts.push(value.toString('utf8'));
          }
        } else {
          parts.push(String(value));
        }
      }
    }
  }
  return parts.join('\n');
}

describe('cluster tokens never leak', () => {
  it('appear in no log line, printed output, API response, export, error message or stored row', async () => {
    const echo = await startEchoingApiServer(token('echo'));
    const wrongServer = await startEchoingApiServer(
      'the-token-it-really-wants',
    );
    const slow = http.createServer(() => {
      // never answers
    });
    await new Promise<void>(r => slow.listen(0, '127.0.0.1', r));
    const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;

    const printed: string[] = [];
    const capture =
      (write: typeof process.stdout.write) =>
      (chunk: any, ...rest: any[]) => {
        printed.push(String(chunk));
        return (write as any)(chunk, ...rest);
      };
    const stdout = jest
      .spyOn(process.stdout, 'write')
      .mockImplementation(capture(process.stdout.write.bind(process.stdout)));
    const stderr = jest
      .spyOn(process.stderr, 'write')
      .mockImplementation(capture(process.stderr.write.bind(process.stderr)));
    const consoles = (['log', 'info', 'warn', 'error', 'debug'] as const).map(
      level =>
        jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
          printed.push(args.map(String).join(' '));
        }),
    );

    let databaseDump = '';
    const responses: string[] = [];
    const scorecard = await startScorecardBackend({
      clusters: [
        {
          name: 'echo',
          url: echo.url,
          serviceAccountToken: token('echo'),
          skipTLSVerify: true,
          timeoutSeconds: 60,
        },
        {
          name: 'down',
          url: 'http://127.0.0.1:9', // discard port: connection refused
          serviceAccountToken: token('down'),
          skipTLSVerify: true,
          timeoutSeconds: 10,
        },
        {
          name: 'wrong',
          url: wrongServer.url,
          serviceAccountToken: token('wrong'),
          skipTLSVerify: true,
          timeoutSeconds: 10,
        },
        {
          name: 'slow',
          url: slowUrl,
          serviceAccountToken: token('slow'),
          skipTLSVerify: true,
          timeoutSeconds: 2,
        },
        // overrides a field of the Kubernetes plugin's cluster of the same name
        { name: 'k8s-plugin', timeoutSeconds: 5 },
      ],
      config: {
        kubernetes: {
          clusterLocatorMethods: [
            {
              type: 'config',
              clusters: [
                {
                  name: 'k8s-plugin',
                  url: 'https://127.0.0.1:9',
                  authProvider: 'serviceAccount',
                  serviceAccountToken: token('k8s-plugin'),
                },
              ],
            },
          ],
        },
      },
    });
    try {
      const run = await scorecard.refresh(HEADER);
      expect(run.clusters.map(c => `${c.cluster} ${c.state}`).sort()).toEqual([
        'down failed',
        'echo succeeded',
        'k8s-plugin failed',
        'slow failed',
        'wrong failed',
      ]);
      // the scheduled path too: each cluster's task, then the assemble task
      for (const task of await scorecard.scheduler.getScheduledTasks()) {
        await scorecard.scheduler.triggerTask(task.id);
      }

      // the echoed reasons did reach the product (redacted), so the test is not vacuous
      const clusters = await scorecard.api
        .get(`${scorecard.base}/clusters`)
        .set('authorization', HEADER);
      const echoStatus = clusters.body.items.find(
        (c: any) => c.name === 'echo',
      );
      expect(JSON.stringify(echoStatus.unreadable)).toContain('[redacted]');

      const quarter = (
        await scorecard.api
          .get(`${scorecard.base}/audit/quarters`)
          .set('authorization', HEADER)
      ).body.items[0]?.quarter;
      const snapshots = (
        await scorecard.api
          .get(`${scorecard.base}/snapshots`)
          .set('authorization', HEADER)
      ).body.items;
      const components = (
        await scorecard.api
          .get(`${scorecard.base}/components?limit=200`)
          .set('authorization', HEADER)
      ).body.items;
      expect(components.length).toBeGreaterThan(5);

      for (const component of components) {
        for (const operation of apiOperations({
          componentId: component.componentId,
          snapshotId: snapshots[0].id,
          previousSnapshotId: snapshots[snapshots.length - 1].id,
          quarter: quarter ?? '2025-Q2',
          refreshId: run.id,
          waiverId: 'no-such-waiver',
        })) {
          if (operation.write) continue;
          if (
            component !== components[0] &&
            !operation.name.includes('{componentId}')
          ) {
            continue;
          }
          const response = await scorecard.api
            .get(`${scorecard.base}${operation.url}`)
            .set('authorization', HEADER);
          responses.push(
            `${operation.name} ${response.status} ${JSON.stringify(
              response.headers,
            )} ${response.text}`,
          );
        }
      }
      // error answers (none of these starts a run)
      for (const [url, body] of [
        ['/refresh', { scope: 'cluster', cluster: 'no-such-cluster' }],
        ['/refresh', { scope: 'cluster' }],
        ['/evidence', { component: 'component:default/kyverno' }],
      ] as const) {
        const response = await scorecard.api
          .post(`${scorecard.base}${url}`)
          .set('authorization', HEADER)
          .send(body);
        responses.push(`${url} ${response.status} ${response.text}`);
      }
      expect(responses.length).toBeGreaterThan(30);
      expect(responses.join('\n')).toMatch(/text\/csv/);

      databaseDump = await databaseText(scorecard.knex);
    } finally {
      await scorecard.stop();
      await Promise.all([echo.close(), wrongServer.close()]);
      slow.closeAllConnections();
      slow.close();
      stdout.mockRestore();
      stderr.mockRestore();
      consoles.forEach(spy => spy.mockRestore());
    }

    const logs = scorecard.logger.text();
    expect(logs).toMatch(/collecting cluster 'down' failed/);
    expect(logs).toMatch(/\[redacted\]|unauthorized/);
    const searched = {
      logs,
      printed: printed.join(''),
      responses: responses.join('\n'),
      database: databaseDump,
    };
    for (const [where, text] of Object.entries(searched)) {
      for (const secret of TOKENS) {
        // the whole token, and its distinctive tail alone
        expect({ where, leaked: text.includes(secret) }).toEqual({
          where,
          leaked: false,
        });
        expect({ where, leaked: text.includes(secret.slice(-24)) }).toEqual({
          where,
          leaked: false,
        });
      }
    }
  });
});
