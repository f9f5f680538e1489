/**
 * Runs every benchmark section in one run and returns the rows of the one table.
 * Each section runs the real parts of the plugin in child processes of its own.
 */
import {
  benchmarkCollection,
  CollectionFigures,
} from './collection/collectionBenchmark';
import path from 'node:path';
import type {
  PersistFigures,
  PreparedFleet,
  RerunFigures,
} from './evaluation/evaluationProcess';
import { PLUGIN_ID } from './persistence/scorecardDatabase';
import { projectYear } from './persistence/storageProjection';
import { ApiFigures, benchmarkApi, LatencyFigures } from './api/apiBenchmark';
import { planFleet } from './fleet/plan';
import { BenchPortal, PortalDatabase } from './portal/benchPortal';
import { ensureAppBuild } from './ui/appBuild';
import { benchmarkUi, UiFigures } from './ui/uiBenchmark';
import { createCertificatePool } from './fleet/certificates';
import type { FleetOptions } from './fleet/plan';
import { BenchChild, benchModule } from './process/benchChild';
import {
  bytes,
  count,
  notRun,
  ratio,
  ResultRow,
  seconds,
  verdict,
} from './report/resultTable';
import type { SideBySideFigures } from './sideBySide/sideBySideBenchmark';

export const SECTIONS = [
  'collection',
  'evaluation',
  'persistence',
  'side-by-side',
  'api',
  'ui',
] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchmarkOptions {
  seed: number;
  clusters: number;
  componentsPerCluster: number;
  /** The second, smaller M of the collection run (requests per cluster must not depend on M). */
  smallComponentsPerCluster: number;
  tls: boolean;
  /** Timed runs of the side-by-side measurements (best of). */
  runs: number;
  /** Timed runs of the all-checks evaluation (best of). */
  evaluationRuns: number;
  /** Requests per API latency group. */
  apiRequests: number;
  /** The repository (the backend and app started for the API and UI sections). */
  repoRoot: string;
  sections: ReadonlySet<Section>;
  /** Where the SQLite and PostgreSQL databases go (the API and UI sections serve them). */
  workDir: string;
  /** PostgreSQL connection string, or why there is none. */
  postgres: { connection?: string; reason?: string };
  now: Date;
  log: (message: string) => void;
}

/** The full run of the issue: 20 clusters × 500 extension components (10,000). */
export const FULL_RUN = {
  clusters: 20,
  componentsPerCluster: 500,
  smallComponentsPerCluster: 100,
  runs: 2,
  evaluationRuns: 1,
  apiRequests: 200,
};
/** `--quick`: the same sections on a small fleet, for a smoke run. */
export const QUICK_RUN = {
  clusters: 2,
  componentsPerCluster: 40,
  smallComponentsPerCluster: 10,
  runs: 1,
  evaluationRuns: 1,
  apiRequests: 40,
};

const GOALS = {
  collectionRatio: '≤ 3× floor',
  requests: 'independent of M',
  rss: '< 400 MiB',
  inventoryChecks: '< 1.8 s',
  writeSqlite: '< 2 s',
  writePostgres: '< 3 s',
  rerun: '< 1 s beyond collection',
  oneCluster: '≤ 1/10 of a full run',
  busyHour: 'info: what a real hour costs',
  stall: '< 200 ms (ours)',
  storage: '< 1 GiB/year',
  vsTechInsights: '≥ 50× faster',
  vsPlain: '≤ 5× plain',
  apiP95: 'p95 < 50 ms',
  ui: '< 2 s',
};

const ENGINE_TITLES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

/** The rows a section yields, by key, with what they measure (for a section that fails). */
interface RowTemplate {
  key: string;
  section: string;
  measure: string;
  goal: string;
}

const apiTemplates = (engine: 'sqlite' | 'postgres'): RowTemplate[] => [
  {
    key: `api-list-${engine}`,
    section: 'API',
    measure: `component list, ${ENGINE_TITLES[engine]}`,
    goal: GOALS.apiP95,
  },
  {
    key: `api-summaries-${engine}`,
    section: 'API',
    measure: `summaries, ${ENGINE_TITLES[engine]}`,
    goal: GOALS.apiP95,
  },
];

/** The table's order: the issue's (collection, evaluation, side by side, API, storage, UI). */
const ROW_ORDER = [
  'collection-time',
  'collection-requests',
  'collection-rss',
  'inventory-checks',
  'upgrade-readiness',
  'persist-sqlite',
  'persist-postgres',
  'rerun-unchanged',
  'rerun-one-cluster',
  'rerun-busy-hour',
  'refresh-stall',
  'side-by-side-tech-insights',
  'side-by-side-plain',
  'api-list-sqlite',
  'api-summaries-sqlite',
  'api-list-postgres',
  'api-summaries-postgres',
  'storage',
  'ui',
];

const SECTION_ROWS: Record<Section, RowTemplate[]> = {
  collection: [
    {
      key: 'collection-time',
      section: 'Collection',
      measure: 'wall time',
      goal: GOALS.collectionRatio,
    },
    {
      key: 'collection-requests',
      section: 'Collection',
      measure: 'requests per cluster',
      goal: GOALS.requests,
    },
    {
      key: 'collection-rss',
      section: 'Collection',
      measure: 'collector peak RSS',
      goal: GOALS.rss,
    },
  ],
  evaluation: [
    {
      key: 'inventory-checks',
      section: 'Evaluation',
      measure: 'inventory + all checks, from cluster objects',
      goal: GOALS.inventoryChecks,
    },
  ],
  persistence: [
    {
      key: 'persist-sqlite',
      section: 'Persistence',
      measure: 'first snapshot write, SQLite',
      goal: GOALS.writeSqlite,
    },
    {
      key: 'rerun-unchanged',
      section: 'Refresh',
      measure: 'hourly re-run, nothing changed',
      goal: GOALS.rerun,
    },
    {
      key: 'rerun-one-cluster',
      section: 'Refresh',
      measure: 'one cluster of 20 changed',
      goal: GOALS.oneCluster,
    },
    {
      key: 'rerun-busy-hour',
      section: 'Refresh',
      measure: 'a busy hour in every cluster',
      goal: GOALS.busyHour,
    },
    {
      key: 'refresh-stall',
      section: 'Refresh',
      measure: 'longest event-loop stall during a refresh',
      goal: GOALS.stall,
    },
    {
      key: 'storage',
      section: 'Storage',
      measure: 'bytes per snapshot, a year of daily snapshots',
      goal: GOALS.storage,
    },
    {
      key: 'persist-postgres',
      section: 'Persistence',
      measure: 'first snapshot write, PostgreSQL',
      goal: GOALS.writePostgres,
    },
  ],
  api: [...apiTemplates('sqlite'), ...apiTemplates('postgres')],
  ui: [
    {
      key: 'ui',
      section: 'UI',
      measure: 'platform page, first table row',
      goal: GOALS.ui,
    },
  ],
  'side-by-side': [
    {
      key: 'side-by-side-tech-insights',
      section: 'Side by side',
      measure: 'ours vs Tech Insights jsonfc',
      goal: GOALS.vsTechInsights,
    },
    {
      key: 'side-by-side-plain',
      section: 'Side by side',
      measure: 'ours vs a plain function',
      goal: GOALS.vsPlain,
    },
  ],
};

export async function runBenchmarks(
  options: BenchmarkOptions,
): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  const { log } = options;
  const fleet = (componentsPerCluster: number): FleetOptions => ({
    seed: options.seed,
    clusters: options.clusters,
    componentsPerCluster,
    now: options.now,
  });
  const fleetLabel = (m: number) => `${options.clusters} × ${m}`;
  /** Runs a part of the benchmark; if it fails, its rows say so (the other parts still run). */
  const attempt = async (
    templates: RowTemplate[],
    run: () => Promise<ResultRow[]>,
  ) => {
    try {
      rows.push(...(await run()));
    } catch (error) {
      const reason = String((error as Error)?.message ?? error)
        .split('\n')[0]
        .slice(0, 300);
      log(`${templates.map(t => t.key).join(', ')} failed: ${reason}`);
      const done = new Set(rows.map(r => r.key));
      for (const r of templates.filter(x => !done.has(x.key))) {
        rows.push({
          ...notRun(r.key, r.section, r.measure, r.goal, `failed: ${reason}`),
          error: true,
        });
      }
    }
  };
  const section = async (name: Section, run: () => Promise<ResultRow[]>) => {
    if (options.sections.has(name)) await attempt(SECTION_ROWS[name], run);
  };
  log('generating the certificate pool');
  const certs = await createCertificatePool({ now: options.now });
  let prepared: PreparedFleet | undefined;

  await section('collection', async () => {
    log(
      `collection: ${fleetLabel(options.componentsPerCluster)} over ${
        options.tls ? 'HTTPS' : 'HTTP'
      }`,
    );
    const big = await benchmarkCollection({
      fleet: fleet(options.componentsPerCluster),
      certs,
      tls: options.tls,
      floor: true,
    });
    log(
      `collection: ${fleetLabel(
        options.smallComponentsPerCluster,
      )} (requests only)`,
    );
    const small = await benchmarkCollection({
      fleet: fleet(options.smallComponentsPerCluster),
      certs,
      tls: options.tls,
      floor: false,
    });
    return collectionRows(big, small, fleetLabel);
  });

  const inChild: Section[] = ['evaluation', 'persistence', 'side-by-side'];
  if (inChild.some(name => options.sections.has(name))) {
    const child = BenchChild.start(
      benchModule('evaluation/evaluationProcess.ts'),
      { name: 'evaluation' },
    );
    try {
      log(
        `evaluation: generating and inventorying ${fleetLabel(
          options.componentsPerCluster,
        )}`,
      );
      const preparing = child.request<PreparedFleet>('prepare', {
        fleet: fleet(options.componentsPerCluster),
        certs,
      });
      preparing.then(p => (prepared = p)).catch(() => {}); // each section reports a failure
      await section('evaluation', async () => {
        const fleetReady = await preparing;
        log('evaluation: all checks');
        const evaluated = await child.request<{
          components: number;
          evaluateMs: number;
          upgradeMs: number;
          blockers: number;
        }>('evaluate', { runs: options.evaluationRuns });
        const totalMs = fleetReady.inventoryMs + evaluated.evaluateMs;
        return [
          {
            key: 'inventory-checks',
            section: 'Evaluation',
            measure: `inventory + all checks, from cluster objects, ${count(
              evaluated.components,
            )} components (${count(fleetReady.objects)} objects)`,
            figure: `${seconds(totalMs)} = ${seconds(
              totalMs / evaluated.components,
            )}/component (buildInventory ${seconds(
              fleetReady.inventoryMs,
            )}, all checks ${seconds(
              evaluated.evaluateMs,
            )}); Tech Insights' checker: 0.18 ms/component on precomputed facts with twelve checks`,
            goal: GOALS.inventoryChecks,
            verdict: verdict(totalMs < 1800),
          },
          {
            key: 'upgrade-readiness',
            section: 'Evaluation',
            measure: `next-minor report over ${count(
              evaluated.components,
            )} components (deprecated-API sources, CRD versions, upgrade checks at the target minor)`,
            figure: `${seconds(evaluated.upgradeMs)} (${count(
              evaluated.blockers,
            )} blockers)`,
            goal: 'info: part of every snapshot',
            verdict: 'info',
          },
        ];
      });
      await section('persistence', async () => {
        await preparing;
        log(
          'persistence: evaluate + persist on SQLite, then one more daily snapshot',
        );
        const sqlite = await child.request<PersistFigures>('persist', {
          engine: 'sqlite',
          location: path.join(options.workDir, `${PLUGIN_ID}.sqlite`),
          days: 1,
        });
        const out = persistenceRows(
          sqlite,
          options.now,
          (await preparing).inventoryMs,
          options.clusters,
        );
        if (!options.postgres.connection) {
          return [
            ...out,
            notRun(
              'persist-postgres',
              'Persistence',
              'evaluate + persist on PostgreSQL',
              'none set',
              options.postgres.reason ?? 'no PostgreSQL',
            ),
          ];
        }
        rows.push(...out);
        log('persistence: evaluate + persist on PostgreSQL');
        const pg = await child.request<PersistFigures>('persist', {
          engine: 'postgres',
          location: options.postgres.connection,
          days: 0,
        });
        return [persistRow('persist-postgres', 'PostgreSQL', pg, 3000)];
      });
      await section('side-by-side', async () => {
        await preparing;
        log('side by side: ours, Tech Insights jsonfc, plain function');
        return sideBySideRows(
          await child.request<SideBySideFigures>('sideBySide', {
            runs: options.runs,
          }),
        );
      });
    } finally {
      await child.stop();
    }
  }

  // API and UI: the real backend over the databases the persistence section wrote
  const served = async (engine: 'sqlite' | 'postgres') => {
    if (!options.sections.has('persistence'))
      throw new Error('needs the persistence section in the same run');
    const written = rows.find(r => r.key === `persist-${engine}`);
    if (!written || written.verdict === 'not run')
      throw new Error(
        `no ${ENGINE_TITLES[engine]} snapshot was written in this run`,
      );
    const database: PortalDatabase =
      engine === 'sqlite'
        ? { engine, location: options.workDir }
        : { engine, location: options.postgres.connection! };
    log(`backend: starting on ${ENGINE_TITLES[engine]}`);
    return BenchPortal.start({
      repoRoot: options.repoRoot,
      workDir: options.workDir,
      database,
    });
  };
  const visibleComponents = () => prepared?.catalogComponents ?? 0;
  const apiRows = async (
    portal: BenchPortal,
    engine: 'sqlite' | 'postgres',
  ) => {
    log(
      `api: ${options.apiRequests} list and ${Math.ceil(
        options.apiRequests / 2,
      )} summary requests on ${ENGINE_TITLES[engine]}`,
    );
    return apiLatencyRows(
      await benchmarkApi({
        portal,
        plan: planFleet(fleet(options.componentsPerCluster)),
        expectedComponents: visibleComponents(),
        requests: options.apiRequests,
      }),
      engine,
    );
  };
  const wantApi = options.sections.has('api');
  const wantUi = options.sections.has('ui');
  if (wantApi || wantUi) {
    await attempt(
      [
        ...(wantApi ? apiTemplates('sqlite') : []),
        ...(wantUi ? SECTION_ROWS.ui : []),
      ],
      async () => {
        if (wantUi) await ensureAppBuild(options.repoRoot, log);
        const portal = await served('sqlite');
        try {
          if (wantApi)
            await attempt(apiTemplates('sqlite'), () =>
              apiRows(portal, 'sqlite'),
            );
          if (wantUi) {
            await attempt(SECTION_ROWS.ui, async () => {
              log('ui: platform page in headless Chromium');
              return [
                uiRow(
                  await benchmarkUi(portal, {
                    runs: 3,
                    timelinePath: path.join(
                      options.workDir,
                      'ui-timeline.json',
                    ),
                  }),
                  visibleComponents(),
                ),
              ];
            });
          }
        } finally {
          await portal.stop();
        }
        return [];
      },
    );
  }
  if (wantApi) {
    await attempt(apiTemplates('postgres'), async () => {
      if (!options.postgres.connection)
        throw new Error(options.postgres.reason ?? 'no PostgreSQL');
      const portal = await served('postgres');
      try {
        return await apiRows(portal, 'postgres');
      } finally {
        await portal.stop();
      }
    });
  }
  return rows.sort(
    (a, b) => ROW_ORDER.indexOf(a.key) - ROW_ORDER.indexOf(b.key),
  );
}

function apiLatencyRows(
  f: ApiFigures,
  engine: 'sqlite' | 'postgres',
): ResultRow[] {
  const figure = (l: LatencyFigures) =>
    `p50 ${seconds(l.p50Ms)}, p95 ${seconds(l.p95Ms)} (${l.requests} requests)`;
  return [
    {
      key: `api-list-${engine}`,
      section: 'API',
      measure: `filtered, sorted, paginated component list, ${count(
        f.components,
      )} visible components, ${ENGINE_TITLES[engine]}`,
      figure: figure(f.list),
      goal: GOALS.apiP95,
      verdict: verdict(f.list.p95Ms < 50),
    },
    {
      key: `api-summaries-${engine}`,
      section: 'API',
      measure: `team and heat-map summaries (half filtered by owner or cluster), ${ENGINE_TITLES[engine]}`,
      figure: `${figure(
        f.summaries,
      )}; answers are kept per snapshot, the first (uncached) teams ${seconds(
        f.uncachedSummaryMs.teams,
      )}, heat map ${seconds(f.uncachedSummaryMs.heatmap)}`,
      goal: GOALS.apiP95,
      verdict: verdict(f.summaries.p95Ms < 50),
    },
  ];
}

function uiRow(f: UiFigures, components: number): ResultRow {
  const c = f.cold;
  return {
    key: 'ui',
    section: 'UI',
    measure: `platform page, first table row, ${count(
      components,
    )} visible components, headless Chromium`,
    figure: `${seconds(
      f.coldMs,
    )} with an empty cache (HTML + app ready ${seconds(
      c.domContentLoadedMs,
    )}, list request sent ${seconds(c.listRequestStartMs)}, answered ${seconds(
      c.listResponseEndMs,
    )}); cached assets ${seconds(f.warmMs)}`,
    goal: GOALS.ui,
    verdict: verdict(f.coldMs < 2000),
  };
}

function collectionRows(
  big: CollectionFigures,
  small: CollectionFigures,
  label: (m: number) => string,
): ResultRow[] {
  const section = 'Collection';
  const problems = [...big.problems, ...small.problems];
  if (problems.length) {
    throw new Error(
      `the collector reported problems, the figures would mean nothing: ${problems
        .slice(0, 5)
        .join('; ')}`,
    );
  }
  const floorMs = big.floor!.parseMs;
  const range = (r: { min: number; max: number }) =>
    r.min === r.max ? `${r.min}` : `${r.min}–${r.max}`;
  const bigFirst = big.firstPagesPerCluster;
  const smallFirst = small.firstPagesPerCluster;
  return [
    {
      key: 'collection-time',
      section,
      measure: `wall time, ${label(big.componentsPerCluster)} (${count(
        big.objects,
      )} objects, ${bytes(big.responseBytes)} of JSON)`,
      figure: `${seconds(big.wallMs)} (${
        big.concurrency
      } clusters at once, as a refresh collects; collector CPU ${seconds(
        big.cpuMs,
      )}; ${
        big.pinned
          ? 'collector and floor on CPU 1, stand-in API servers on CPU 0'
          : 'stand-in API servers on the same CPUs'
      }) = ${ratio(
        big.wallMs / floorMs,
      )} the floor (JSON.parse of the same bodies: ${seconds(floorMs)})`,
      goal: GOALS.collectionRatio,
      verdict: verdict(big.wallMs <= 3 * floorMs),
    },
    {
      key: 'collection-requests',
      section,
      measure: `requests per cluster, M = ${big.componentsPerCluster} vs M = ${small.componentsPerCluster}`,
      figure: `${range(big.requestsPerCluster)} vs ${range(
        small.requestsPerCluster,
      )} (without continue pages, one per 500 objects of a list: ${range(
        bigFirst,
      )} vs ${range(smallFirst)})`,
      goal: GOALS.requests,
      verdict: verdict(
        bigFirst.min === smallFirst.min && bigFirst.max === smallFirst.max,
      ),
    },
    {
      key: 'collection-rss',
      section,
      measure: `collector peak RSS, ${label(big.componentsPerCluster)}`,
      figure: `${bytes(big.peakRssBytes)} (${bytes(
        big.rssBeforeBytes,
      )} before collecting; ${
        big.concurrency
      } clusters read at once, each collection handed on once read, as a refresh stores it)`,
      goal: GOALS.rss,
      verdict: verdict(big.peakRssBytes < 400 * 1024 ** 2),
    },
  ];
}

function persistRow(
  key: string,
  engine: string,
  f: PersistFigures,
  goalMs: number,
): ResultRow {
  return {
    key,
    section: 'Persistence',
    measure: `first snapshot write, ${count(
      f.components,
    )} components, ${engine}`,
    figure: `${seconds(
      f.persistMs,
    )} (after all checks and the next-minor report: ${seconds(f.evaluateMs)})`,
    goal: `< ${goalMs / 1000} s`,
    verdict: verdict(f.persistMs < goalMs),
  };
}

function rerunFigure(r: RerunFigures): string {
  return `${seconds(r.totalMs)} (inventory ${
    r.inventoryKept
      ? 'kept: nothing read differently, fingerprints'
      : `built again for ${r.clustersRebuilt} of ${r.clusters} clusters (the others' parts taken as they were)`
  } ${seconds(r.inventoryMs)}, checks and next-minor findings of ${count(
    r.evaluated,
  )} components evaluated again ${seconds(r.evaluateMs)}, write ${seconds(
    r.persistMs,
  )}; ${count(r.changed)} components changed)`;
}

function persistenceRows(
  f: PersistFigures,
  now: Date,
  inventoryMs: number,
  clusters: number,
): ResultRow[] {
  const daily =
    f.dailyIncrementBytes.reduce((a, b) => a + b, 0) /
    Math.max(1, f.dailyIncrementBytes.length);
  const year = projectYear(f.firstSnapshotBytes, daily, now);
  const fullRunMs = inventoryMs + f.evaluateMs + f.persistMs;
  const one = f.oneClusterChanged;
  const busy = f.busyHour;
  return [
    persistRow('persist-sqlite', 'SQLite', f, 2000),
    {
      key: 'rerun-unchanged',
      section: 'Refresh',
      measure: `hourly re-run, nothing changed: inventory + checks and next-minor report of what changed + write, ${count(
        f.components,
      )} components (SQLite)`,
      figure: `${rerunFigure(
        f.hourLater,
      )}, the median of three hourly runs (${f.hourlyTotalsMs
        .map(seconds)
        .join(
          ', ',
        )}); the memo that keeps evaluations between runs holds ${bytes(
        f.memoHeapBytes,
      )} of heap`,
      goal: GOALS.rerun,
      verdict: verdict(f.hourLater.totalMs < 1000),
    },
    {
      key: 'rerun-one-cluster',
      section: 'Refresh',
      measure: `one cluster of ${clusters} changed (one Deployment scaled): inventory + checks and next-minor report of what changed + write (SQLite)`,
      figure: `${rerunFigure(
        one,
      )}, the median of three runs each with another cluster changed (${f.oneClusterTotalsMs
        .map(seconds)
        .join(', ')}) = ${ratio(one.totalMs / fullRunMs)} a full run (${seconds(
        fullRunMs,
      )})`,
      goal: GOALS.oneCluster,
      verdict: verdict(one.totalMs <= fullRunMs / 10),
    },
    {
      key: 'rerun-busy-hour',
      section: 'Refresh',
      measure: `a busy hour in every cluster (one in ten workloads, PodDisruptionBudgets and EndpointSlices of each cluster rewritten by their controllers: statuses and endpoints, no spec or label): inventory + checks and next-minor report of what changed + write (SQLite)`,
      figure: `${rerunFigure(
        busy,
      )}, the median of three such hours (${f.busyHourTotalsMs
        .map(seconds)
        .join(', ')}) = ${ratio(busy.totalMs / fullRunMs)} a full run`,
      goal: GOALS.busyHour,
      verdict: 'info',
    },
    {
      key: 'refresh-stall',
      section: 'Refresh',
      measure: `longest event-loop stall during a refresh (inventory, checks, next-minor report, write; the backend's requests wait that long), ${count(
        f.components,
      )} components (SQLite)`,
      figure: `first refresh ${seconds(
        f.firstLongestStallMs,
      )}, hourly re-run ${seconds(
        f.hourLater.longestStallMs,
      )}, one cluster changed ${seconds(
        one.longestStallMs,
      )}, busy hour ${seconds(busy.longestStallMs)}`,
      goal: GOALS.stall,
      verdict: verdict(
        Math.max(
          f.firstLongestStallMs,
          f.hourLater.longestStallMs,
          one.longestStallMs,
          busy.longestStallMs,
        ) < 200,
      ),
    },
    {
      key: 'storage',
      section: 'Storage',
      measure: `bytes per snapshot, ${count(
        f.components,
      )} components (SQLite), a year of daily snapshots`,
      figure: `first ${bytes(f.firstSnapshotBytes)}, next day +${bytes(
        daily,
      )}; ${year.keptAfterYear} kept after a year: ${bytes(
        year.yearBytes,
      )}/year (${bytes(year.yearBytesWithoutRetention)} without retention)`,
      goal: GOALS.storage,
      verdict: verdict(year.yearBytes < 1024 ** 3),
    },
  ];
}

function sideBySideRows(f: SideBySideFigures): ResultRow[] {
  const perComponent = (ms: number) =>
    `${seconds(ms / f.components)}/component`;
  const section = 'Side by side';
  const what = `${f.checks} equivalent checks over ${count(
    f.components,
  )} catalog components`;
  return [
    {
      key: 'side-by-side-tech-insights',
      section,
      measure: `${what}: ours vs Tech Insights jsonfc runChecks`,
      figure: `ours ${seconds(f.oursMs)} (${perComponent(
        f.oursMs,
      )}), jsonfc ${seconds(f.techInsightsMs)} (${perComponent(
        f.techInsightsMs,
      )}): ${ratio(f.techInsightsMs / f.oursMs)} faster`,
      goal: GOALS.vsTechInsights,
      verdict: verdict(f.techInsightsMs / f.oursMs >= 50),
    },
    {
      key: 'side-by-side-plain',
      section,
      measure: `${what}: ours vs a plain function`,
      figure: `plain ${seconds(f.plainMs)} (${perComponent(
        f.plainMs,
      )}): ours ${ratio(f.oursMs / f.plainMs)} the plain time`,
      goal: GOALS.vsPlain,
      verdict: verdict(f.oursMs / f.plainMs <= 5),
    },
  ];
}
