/**
 * Replicas: two real backend processes (createBackend with the plugin) share one
 * PostgreSQL database and run the scheduled collection on a short interval. Exactly
 * one collection of each cluster and one snapshot happen per scheduled interval,
 * shown from the snapshots table and from the requests the clusters received.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  connectRawDatabase,
  type RawDatabase,
} from '../store/__testUtils__/rawDatabase';
import { stringify } from 'yaml';
import {
  StandInApiServer,
  standInClusterFromDump,
  startStandInApiServer,
} from '../testUtils/standInApiServer';
import { RunningChild, startChild } from './__testUtils__/childProcess';
import {
  describeOnPostgres,
  POSTGRES_URL,
  postgresDatabaseUrl,
} from './__testUtils__/postgres';

jest.setTimeout(240_000);

const DUMPS = path.resolve(__dirname, '../../../../examples/clusters');
const BACKEND = '__faults__/__testUtils__/replicaBackend.ts';
/** The scheduled interval of both the per-cluster collections and the snapshot. */
const INTERVAL_SECONDS = 8;
/** How long both replicas run side by side. */
const OBSERVE_SECONDS = 36;

describeOnPostgres('two replicas on one PostgreSQL', () => {
  const prefix = `es_replicas_${randomBytes(3).toString('hex')}_`;
  const database = `${prefix}extension-scorecard`;
  const servers: StandInApiServer[] = [];
  const replicas: RunningChild[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scorecard-replicas-'));
  /** Times each cluster was asked for /version: one per collection. */
  const collections = new Map<string, number[]>();

  afterAll(async () => {
    await Promise.all(replicas.map(r => r.kill()));
    await Promise.all(servers.map(s => s.close()));
    const admin = connectRawDatabase({
      client: 'pg',
      connection: POSTGRES_URL!,
    });
    try {
      await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [database]);
    } finally {
      await admin.destroy();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('run exactly one collection per cluster and one snapshot per scheduled interval', async () => {
    const clusters: Array<Record<string, unknown>> = [];
    for (const name of ['prod-eu', 'staging-us']) {
      const server = await startStandInApiServer({
        cluster: await standInClusterFromDump(path.join(DUMPS, name)),
        token: `replica-token-${name}`,
      });
      const times: number[] = [];
      collections.set(name, times);
      // records, never injects: a predicate that always answers "no fault"
      server.setFaults([
        {
          match: p => {
            if (p === '/version') times.push(Date.now());
            return false;
          },
        },
      ]);
      servers.push(server);
      clusters.push({
        name,
        url: server.url,
        serviceAccountToken: `replica-token-${name}`,
        skipTLSVerify: true,
        timeoutSeconds: 60,
      });
    }
    const every = {
      frequency: { seconds: INTERVAL_SECONDS },
      timeout: { seconds: 120 },
      initialDelay: { seconds: 2 },
    };
    const configFor = (port: number) => {
      const file = path.join(dir, `app-config-${port}.yaml`);
      fs.writeFileSync(
        file,
        stringify({
          backend: {
            baseUrl: `http://127.0.0.1:${port}`,
            listen: { host: '127.0.0.1', port },
            database: {
              client: 'pg',
              connection: POSTGRES_URL,
              prefix,
            },
          },
          extensionScorecard: {
            clusters,
            schedule: { collect: every, assemble: every },
          },
        }),
      );
      return file;
    };
    const ports = [17000 + Math.floor(Math.random() * 20000)];
    ports.push(ports[0] + 1);
    const started = Date.now();
    // one after the other, as a rolling deployment starts them: two backends
    // migrating an empty database at the same instant can trip over Backstage's
    // scheduler migrations (docs/reliability.md, "cold start")
    for (const port of ports) {
      const replica = startChild(BACKEND, { NODE_ENV: 'production' }, [
        '--config',
        configFor(port),
      ]);
      replicas.push(replica);
      await replica.waitForLine(/^ready$/, 120_000);
    }

    await new Promise(r => setTimeout(r, OBSERVE_SECONDS * 1000));
    // both replicas stayed up the whole time
    for (const replica of replicas) {
      expect(replica.process.exitCode).toBeNull();
    }
    const observedUntil = Date.now();

    const knex: RawDatabase = connectRawDatabase({
      client: 'pg',
      connection: postgresDatabaseUrl(database),
    });
    let snapshots: Array<{ id: number; taken_at: string; trigger: string }>;
    try {
      snapshots = await knex('snapshots')
        .select('id', 'taken_at', 'trigger')
        .orderBy('id');
    } finally {
      await knex.destroy();
    }

    const seconds = (observedUntil - started) / 1000;
    const gaps = (times: number[]) =>
      times.slice(1).map((t, i) => (t - times[i]) / 1000);
    const snapshotTimes = snapshots.map(s => Date.parse(s.taken_at));
    // figures: what happened, per replica and in total
    // eslint-disable-next-line no-console
    console.log(
      [
        `replicas: ${seconds.toFixed(
          0,
        )} s observed, interval ${INTERVAL_SECONDS} s`,
        `snapshots: ${snapshots.length}, gaps ${gaps(snapshotTimes)
          .map(g => g.toFixed(1))
          .join(', ')} s`,
        ...[...collections].map(
          ([name, times]) =>
            `${name}: ${times.length} collections, gaps ${gaps(times)
              .map(g => g.toFixed(1))
              .join(', ')} s`,
        ),
        ...replicas.map(
          (r, i) =>
            `replica ${i + 1} assembled ${
              r.lines.filter(l =>
                /extension-scorecard: snapshot \d+ of/.test(l),
              ).length
            } snapshots`,
        ),
      ].join('\n'),
    );

    /**
     * At most one run per interval. The scheduler keeps a fixed grid of due times
     * (each next one = the previous due time + the interval, or now when that has
     * passed) and each replica polls for due work every few seconds, so a run starts
     * 0-5 s after its due time: two runs of one interval would be about 0-1 s apart,
     * and over the whole span there are no more runs than intervals. There can be
     * fewer: a run that outlasts its interval (a loaded machine) holds the task, and
     * the due time it passed is run once when it ends, not caught up.
     */
    const onePerInterval = (times: number[]) => {
      expect(times.length).toBeGreaterThanOrEqual(3);
      for (const gap of gaps(times)) expect(gap).toBeGreaterThan(2);
      const span = (times[times.length - 1] - times[0]) / 1000;
      expect(times.length - 1).toBeLessThan(span / INTERVAL_SECONDS + 1);
    };
    onePerInterval(snapshotTimes);
    for (const [, times] of collections) onePerInterval(times);
    // every snapshot was assembled by exactly one of the replicas
    const assembled = replicas.map(
      r =>
        r.lines.filter(l => /extension-scorecard: snapshot \d+ of/.test(l))
          .length,
    );
    expect(assembled.reduce((a, b) => a + b, 0)).toBe(snapshots.length);
  });
});
