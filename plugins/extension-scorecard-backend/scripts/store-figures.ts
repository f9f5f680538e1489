/*
 * Prints the store's figures for the README: bytes per component per snapshot over a
 * month of daily snapshots, and the latency of GET /components at 10,000 components
 * (through the real router, over HTTP), on SQLite and, when
 * BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING is set, PostgreSQL.
 *
 *   node --require @backstage/cli/config/nodeTransform.cjs scripts/store-figures.ts [components] [days]
 *
 * STORE_FIGURES_QUERIES=1 prints the slowest time of each query; STORE_FIGURES_SQLITE=<file>
 * keeps the SQLite file and, when it exists, only measures latency on it;
 * STORE_FIGURES_ONLY=postgres skips SQLite; STORE_FIGURES_KEEP_PG=1 keeps the PostgreSQL
 * database and, when it exists, only measures latency on it.
 *
 * The fleet is synthetic but shaped like the demo's evaluations: 54 results per
 * component over two clusters, messages naming observed values, a third of the
 * components carrying a certificate whose countdown changes every day, and 2 % of the
 * components changing a check status each day.
 */
import {
  CHECK_IDS,
  type CheckResult,
  type CheckStatus,
  type ComponentScorecard,
  EXTENSION_KINDS,
  type ExtensionKind,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import express from 'express';
import knexFactory, { Knex } from 'knex';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ScorecardAccess } from '../src/service/access';
import { AuditService } from '../src/service/audit/AuditService';
import { EvidenceService } from '../src/service/EvidenceService';
import { RefreshService } from '../src/service/RefreshService';
import { createRouter } from '../src/service/router';
import { ScorecardService } from '../src/service/ScorecardService';
import { WaiverService } from '../src/service/WaiverService';
import { createScorecardStores, type ScorecardStores } from '../src/store';
import { migrateScorecardDatabase } from '../src/store/database';
import type { NewSnapshot } from '../src/store/types';

const COMPONENTS = Number(process.argv[2] ?? 10_000);
/** Reuse a SQLite file between runs (its snapshots are written once). */
const REUSE = process.env.STORE_FIGURES_SQLITE;
const DAYS = Number(process.argv[3] ?? 30);
const STATUSES: CheckStatus[] = [
  'pass',
  'pass',
  'pass',
  'warn',
  'fail',
  'not-applicable',
  'unknown',
];
const DIMENSION_OF: Record<
  string,
  ComponentScorecard['results'][number]['dimension']
> = {
  ownership: 'ownership',
  webhook: 'failure-boundary',
  policy: 'failure-boundary',
  aggregated: 'failure-boundary',
  crd: 'failure-boundary',
  scheduler: 'failure-boundary',
  runtime: 'failure-boundary',
  node: 'failure-boundary',
  availability: 'availability',
  cert: 'certificates',
  rbac: 'rbac',
  upgrade: 'upgrade',
  csi: 'upgrade',
  dra: 'upgrade',
  'device-plugin': 'upgrade',
  observability: 'observability',
  experiments: 'experiments',
  retirement: 'retirement',
};

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function scorecard(
  i: number,
  day: number,
  flipped: boolean,
): ComponentScorecard {
  const rand = random(i + 1);
  const kind = EXTENSION_KINDS[i % EXTENSION_KINDS.length] as ExtensionKind;
  const clusters = [`cluster-${i % 20}`, `cluster-${(i + 7) % 20}`];
  const hasCert = i % 3 === 0;
  const daysLeft = 400 - day - (i % 300);
  const results: CheckResult[] = CHECK_IDS.map((checkId, c) => {
    let status = STATUSES[Math.floor(rand() * STATUSES.length)];
    if (flipped && c === i % CHECK_IDS.length)
      status = status === 'fail' ? 'pass' : 'fail';
    const cluster = c % 3 === 0 ? null : clusters[c % 2];
    const cert = hasCert && checkId === 'cert.expiry';
    const certStatus = daysLeft < 30 ? 'warn' : 'pass';
    return {
      checkId,
      dimension: DIMENSION_OF[checkId.split('.')[0]] ?? 'failure-boundary',
      severity: c % 5 === 0 ? 'critical' : 'high',
      status: cert ? certStatus : status,
      cluster,
      message: cert
        ? `caBundle certificate CN=webhook-${i} expires in ${daysLeft} days (${clusters[0]})`
        : `${checkId} observed ${status} for ext-${i} in ${
            cluster ?? 'all clusters'
          } (value ${c})`,
      remediation: `See the ${checkId} remediation in the README.`,
      observed: cert ? { daysLeft } : { value: c },
    };
  });
  const worst: ComponentScorecard['dimensions'] = {};
  for (const r of results)
    if (!worst[r.dimension] || r.status === 'fail')
      worst[r.dimension] = r.status;
  return {
    componentId: `component:default/ext-${i}`,
    name: `ext-${i}`,
    kind,
    owner: `group:default/team-${i % 50}`,
    lifecycle: 'production',
    orphan: false,
    clusters,
    level: (i % 4) as 0 | 1 | 2 | 3,
    score: 40 + (i % 60),
    hardGates: results.filter(
      r => r.severity === 'critical' && r.status === 'fail',
    ),
    nextLevelBlockers: ['fix the failing availability checks'],
    results,
    dimensions: worst,
    certificates: hasCert
      ? [
          {
            cluster: clusters[0],
            source: `ValidatingWebhookConfiguration/ext-${i}`,
            subject: `CN=webhook-${i}`,
            notAfter: '2027-01-01T00:00:00Z',
            daysLeft,
          },
        ]
      : [],
    rbacFindings: [],
    blastRadius: [],
  };
}

function snapshotOf(day: number): NewSnapshot {
  const takenAt = new Date(Date.UTC(2025, 0, 1 + day, 6)).toISOString();
  const flip = random(1000 + day);
  return {
    takenAt,
    trigger: 'schedule',
    refreshId: null,
    clusters: Array.from({ length: 20 }, (_, c) => ({
      name: `cluster-${c}`,
      source: 'live' as const,
      collectedAt: takenAt,
      stale: null,
      version: 'v1.31.2',
    })),
    components: Array.from({ length: COMPONENTS }, (_, i) => {
      const card = scorecard(i, day, flip() < 0.02);
      return {
        scorecard: card,
        title: null,
        instances: card.clusters.map(cluster => ({
          cluster,
          objects: [
            {
              apiVersion: 'apps/v1',
              kind: 'Deployment',
              namespace: 'ext',
              name: card.name,
            },
            {
              apiVersion: 'v1',
              kind: 'Service',
              namespace: 'ext',
              name: card.name,
            },
            {
              apiVersion: 'v1',
              kind: 'ServiceAccount',
              namespace: 'ext',
              name: card.name,
            },
          ],
          advertisedResources: [],
          schedulerNames: [],
        })),
      };
    }),
  };
}

async function databaseBytes(knex: Knex, engine: string): Promise<number> {
  if (engine === 'sqlite') {
    await knex.raw('VACUUM');
    const [{ page_count: pages }] = await knex.raw('PRAGMA page_count');
    const [{ page_size: size }] = await knex.raw('PRAGMA page_size');
    return pages * size;
  }
  // as autovacuum would after bulk writes: fresh statistics for the planner
  await knex.raw('VACUUM ANALYZE');
  const { rows } = await knex.raw(
    "SELECT SUM(pg_total_relation_size(c.oid))::bigint AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'",
  );
  return Number(rows[0].bytes);
}

async function listLatency(
  stores: ScorecardStores,
): Promise<{ p50: number; p95: number; max: number; n: number }> {
  const allow = {
    authorize: async (r: any[]) => r.map(() => ({ result: 'ALLOW' })),
    authorizeConditional: async (r: any[]) =>
      r.map(() => ({ result: 'ALLOW' })),
  } as any;
  const access = new ScorecardAccess({
    permissions: allow,
    catalog: {} as any,
    auth: {} as any,
    knownComponentIds: async () => [],
  });
  const clusters = () => [];
  const reads = new ScorecardService({
    stores,
    access,
    checks: () => [],
    clusters,
  });
  const service = { principal: { type: 'service', subject: 'plugin:bench' } };
  const router = await createRouter({
    httpAuth: {
      credentials: async () => service,
      issueUserCookie: async () => ({ expiresAt: new Date() }),
    } as any,
    reads,
    evidence: new EvidenceService({
      stores,
      access,
      reads,
      scenariosOf: () => [],
    }),
    waivers: new WaiverService({ stores, access, reads, maxDays: 180 }),
    audit: new AuditService({ stores, reads, access }),
    refresh: new RefreshService({
      stores,
      access,
      reads,
      clusters,
      runner: {
        start: async () => {
          throw new Error('not here');
        },
      },
    }),
  });
  const server = express().use(router).listen(0);
  const { port } = server.address() as AddressInfo;
  const queries = [
    '',
    'sort=score&order=desc',
    'sort=level',
    'sort=fails&order=desc',
    'owner=group%3Adefault%2Fteam-7',
    'kind=csi&kind=cni',
    'level=1',
    'failingDimension=certificates',
    'checkId=cert.expiry&status=warn',
    'status=fail&sort=owner',
    'cluster=cluster-3',
    'search=ext-12',
    'lifecycle=production&offset=9000',
    'warningDimension=rbac&sort=warns&order=desc',
    'stale=false&limit=200',
  ];
  const times: number[] = [];
  const slowest = new Map<string, number>();
  for (let round = 0; round < 14; round++) {
    for (const q of queries) {
      const start = process.hrtime.bigint();
      const response = await fetch(`http://127.0.0.1:${port}/components?${q}`);
      const body = (await response.json()) as { total?: number };
      if (!response.ok || body.total === undefined)
        throw new Error(`GET /components?${q}: ${response.status}`);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (round > 0) times.push(ms);
      if (round > 0) slowest.set(q, Math.max(slowest.get(q) ?? 0, ms));
    }
  }
  if (process.env.STORE_FIGURES_QUERIES) {
    for (const [q, ms] of [...slowest].sort((a, b) => b[1] - a[1])) {
      console.log(`    ${ms.toFixed(1)} ms  ?${q}`);
    }
  }
  server.close();
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return {
    p50: at(0.5),
    p95: at(0.95),
    max: times[times.length - 1],
    n: times.length,
  };
}

async function measure(engine: 'sqlite' | 'postgres', knex: Knex) {
  await migrateScorecardDatabase(knex);
  const stores = createScorecardStores(knex);
  const empty = await databaseBytes(knex, engine);
  let firstWrite = 0;
  const writeTimes: number[] = [];
  let afterFirst = 0;
  for (let day = 0; day < DAYS; day++) {
    const input = snapshotOf(day);
    const start = Date.now();
    const written = await stores.snapshotWriter.writeSnapshot(input);
    writeTimes.push(Date.now() - start);
    if (day === 0) {
      firstWrite = writeTimes[0];
      afterFirst = await databaseBytes(knex, engine);
    }
    if (day === DAYS - 1) {
      console.log(
        `  ${engine}: last snapshot: ${written.changed} changed, ${written.unchanged} unchanged components`,
      );
    }
  }
  const after = await databaseBytes(knex, engine);
  if (engine === 'sqlite' && process.env.STORE_FIGURES_TABLES) {
    const rows = await knex.raw(
      'SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC',
    );
    for (const row of rows)
      console.log(
        `    ${row.name}: ${(row.bytes / 1024 / 1024).toFixed(2)} MiB`,
      );
  }
  const latency = await listLatency(stores);
  const perComponentFirst = (afterFirst - empty) / COMPONENTS;
  const perComponentLater = (after - afterFirst) / (COMPONENTS * (DAYS - 1));
  const laterWrites = writeTimes.slice(1).sort((a, b) => a - b);
  console.log(
    `  ${engine}: first snapshot ${(perComponentFirst / 1024).toFixed(
      1,
    )} KiB per component (written in ${firstWrite} ms)`,
  );
  console.log(
    `  ${engine}: each later snapshot ${perComponentLater.toFixed(
      0,
    )} bytes per component (median write ${
      laterWrites[Math.floor(laterWrites.length / 2)]
    } ms)`,
  );
  console.log(
    `  ${engine}: ${DAYS} snapshots take ${(after / 1024 / 1024).toFixed(
      1,
    )} MiB; a year of daily snapshots ≈ ${(
      (afterFirst - empty + perComponentLater * COMPONENTS * 364) /
      1024 /
      1024
    ).toFixed(0)} MiB`,
  );
  console.log(
    `  ${engine}: GET /components at ${COMPONENTS} components: p50 ${latency.p50.toFixed(
      1,
    )} ms, p95 ${latency.p95.toFixed(1)} ms, max ${latency.max.toFixed(
      1,
    )} ms (${latency.n} requests, 15 filter/sort combinations)`,
  );
}

async function main() {
  console.log(
    `store figures: ${COMPONENTS} components, ${DAYS} daily snapshots (node ${
      process.version
    }, ${os.cpus().length} CPUs)`,
  );
  if (process.env.STORE_FIGURES_ONLY === 'postgres') {
    // skip SQLite
  } else if (REUSE && fs.existsSync(REUSE)) {
    // latency only, over snapshots written by an earlier run
    const sqlite = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: REUSE },
      useNullAsDefault: true,
    });
    const latency = await listLatency(createScorecardStores(sqlite));
    console.log(
      `  sqlite (${REUSE}): GET /components p50 ${latency.p50.toFixed(
        1,
      )} ms, p95 ${latency.p95.toFixed(1)} ms, max ${latency.max.toFixed(
        1,
      )} ms`,
    );
    await sqlite.destroy();
    return;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scorecard-store-'));
    const file = REUSE ?? path.join(dir, 'store.sqlite');
    const sqlite = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: file },
      useNullAsDefault: true,
    });
    await measure('sqlite', sqlite);
    await sqlite.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const pg = process.env.BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING;
  if (!pg) {
    console.log(
      '  postgres: skipped (BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING not set)',
    );
    return;
  }
  const admin = knexFactory({ client: 'pg', connection: pg });
  const url = `${pg.replace(/\/$/, '')}/scorecard_store_figures`;
  const keep = process.env.STORE_FIGURES_KEEP_PG;
  const exists = (
    await admin.raw(
      "SELECT 1 FROM pg_database WHERE datname = 'scorecard_store_figures'",
    )
  ).rows.length;
  if (keep && exists) {
    // latency only, over snapshots written by an earlier run
    const knex = knexFactory({ client: 'pg', connection: url });
    const latency = await listLatency(createScorecardStores(knex));
    console.log(
      `  postgres (kept database): GET /components p50 ${latency.p50.toFixed(
        1,
      )} ms, p95 ${latency.p95.toFixed(1)} ms, max ${latency.max.toFixed(
        1,
      )} ms`,
    );
    await knex.destroy();
    await admin.destroy();
    return;
  }
  await admin.raw('DROP DATABASE IF EXISTS scorecard_store_figures');
  await admin.raw('CREATE DATABASE scorecard_store_figures');
  const knex = knexFactory({ client: 'pg', connection: url });
  await measure('postgres', knex);
  await knex.destroy();
  if (!keep) await admin.raw('DROP DATABASE IF EXISTS scorecard_store_figures');
  await admin.destroy();
}

main().then(
  () => process.exit(0),
  error => {
    console.error(error);
    // connection pools would keep the process (and its database sessions) alive
    process.exit(1);
  },
);
