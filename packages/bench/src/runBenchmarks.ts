/**
 * Runs every benchmark section in one run and returns the rows of the one table.
 * Each section runs the real parts of the plugin in child processes of its own.
 */
import { benchmarkCollection, CollectionFigures } from './collection/collectionBenchmark';
import type { PreparedFleet } from './evaluation/evaluationProcess';
import { createCertificatePool } from './fleet/certificates';
import type { FleetOptions } from './fleet/plan';
import { BenchChild, benchModule } from './process/benchChild';
import {
  bytes,
  count,
  ratio,
  ResultRow,
  seconds,
  verdict,
} from './report/resultTable';
import type { SideBySideFigures } from './sideBySide/sideBySideBenchmark';

export const SECTIONS = ['collection', 'evaluation', 'side-by-side'] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchmarkOptions {
  seed: number;
  clusters: number;
  componentsPerCluster: number;
  /** The second, smaller M of the collection run (requests per cluster must not depend on M). */
  smallComponentsPerCluster: number;
  tls: boolean;
  /** Timed runs of the in-process measurements (best of). */
  runs: number;
  sections: ReadonlySet<Section>;
  now: Date;
  log: (message: string) => void;
}

/** The full run of the issue: 20 clusters × 500 extension components (10,000). */
export const FULL_RUN = { clusters: 20, componentsPerCluster: 500, smallComponentsPerCluster: 100, runs: 2 };
/** `--quick`: the same sections on a small fleet, for a smoke run. */
export const QUICK_RUN = { clusters: 2, componentsPerCluster: 40, smallComponentsPerCluster: 10, runs: 1 };

const GOALS = {
  collectionRatio: '≤ 3× floor',
  requests: 'independent of M',
  rss: 'none set',
  evaluation: 'none set',
  vsTechInsights: '≥ 50× faster',
  vsPlain: '≤ 5× plain',
};

export async function runBenchmarks(options: BenchmarkOptions): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  const { log } = options;
  const fleet = (componentsPerCluster: number): FleetOptions => ({
    seed: options.seed,
    clusters: options.clusters,
    componentsPerCluster,
    now: options.now,
  });
  const fleetLabel = (m: number) => `${options.clusters} × ${m}`;
  log('generating the certificate pool');
  const certs = await createCertificatePool({ now: options.now });

  if (options.sections.has('collection')) {
    log(`collection: ${fleetLabel(options.componentsPerCluster)} over ${options.tls ? 'HTTPS' : 'HTTP'}`);
    const big = await benchmarkCollection({ fleet: fleet(options.componentsPerCluster), certs, tls: options.tls, floor: true });
    log(`collection: ${fleetLabel(options.smallComponentsPerCluster)} (requests only)`);
    const small = await benchmarkCollection({ fleet: fleet(options.smallComponentsPerCluster), certs, tls: options.tls, floor: false });
    rows.push(...collectionRows(big, small, fleetLabel));
  }

  if (options.sections.has('evaluation') || options.sections.has('side-by-side')) {
    const child = BenchChild.start(benchModule('evaluation/evaluationProcess.ts'), { name: 'evaluation' });
    try {
      log(`evaluation: generating and inventorying ${fleetLabel(options.componentsPerCluster)}`);
      const prepared = await child.request<PreparedFleet>('prepare', { fleet: fleet(options.componentsPerCluster), certs });
      rows.push({
        key: 'inventory',
        section: 'Inventory',
        measure: `buildInventory, ${count(prepared.components)} components (${count(prepared.objects)} objects), cluster by cluster`,
        figure: `${seconds(prepared.inventoryMs)} (${count(prepared.components / (prepared.inventoryMs / 1000))} components/s)`,
        goal: GOALS.evaluation,
        verdict: 'info',
      });
      if (options.sections.has('evaluation')) {
        log('evaluation: all checks');
        const evaluated = await child.request<{ components: number; evaluateMs: number }>('evaluate', { runs: options.runs });
        rows.push({
          key: 'evaluation',
          section: 'Evaluation',
          measure: `all checks over ${count(evaluated.components)} components`,
          figure: `${seconds(evaluated.evaluateMs)} = ${count(evaluated.components / (evaluated.evaluateMs / 1000))} components/s`,
          goal: GOALS.evaluation,
          verdict: 'info',
        });
      }
      if (options.sections.has('side-by-side')) {
        log('side by side: ours, Tech Insights jsonfc, plain function');
        rows.push(...sideBySideRows(await child.request<SideBySideFigures>('sideBySide', { runs: options.runs })));
      }
    } finally {
      await child.stop();
    }
  }
  return rows;
}

function collectionRows(
  big: CollectionFigures,
  small: CollectionFigures,
  label: (m: number) => string,
): ResultRow[] {
  const section = 'Collection';
  const problems = [...big.problems, ...small.problems];
  if (problems.length) {
    throw new Error(`the collector reported problems, the figures would mean nothing: ${problems.slice(0, 5).join('; ')}`);
  }
  const floorMs = big.floor!.parseMs;
  const firstPages = (f: CollectionFigures) => ({
    min: f.requestsPerCluster.min - f.continuePagesPerCluster.max,
    max: f.requestsPerCluster.max - f.continuePagesPerCluster.min,
  });
  const range = (r: { min: number; max: number }) => (r.min === r.max ? `${r.min}` : `${r.min}–${r.max}`);
  const bigFirst = firstPages(big);
  const smallFirst = firstPages(small);
  return [
    {
      key: 'collection-time',
      section,
      measure: `wall time, ${label(big.componentsPerCluster)} (${count(big.objects)} objects, ${bytes(big.responseBytes)} of JSON)`,
      figure: `${seconds(big.wallMs)} = ${ratio(big.wallMs / floorMs)} the floor (JSON.parse of the same bodies: ${seconds(floorMs)})`,
      goal: GOALS.collectionRatio,
      verdict: verdict(big.wallMs <= 3 * floorMs),
    },
    {
      key: 'collection-requests',
      section,
      measure: `requests per cluster, M = ${big.componentsPerCluster} vs M = ${small.componentsPerCluster}`,
      figure: `${range(big.requestsPerCluster)} vs ${range(small.requestsPerCluster)} (without continue pages, one per 500 objects of a list: ${range(bigFirst)} vs ${range(smallFirst)})`,
      goal: GOALS.requests,
      verdict: verdict(bigFirst.min === smallFirst.min && bigFirst.max === smallFirst.max),
    },
    {
      key: 'collection-rss',
      section,
      measure: `collector peak RSS, ${label(big.componentsPerCluster)}`,
      figure: `${bytes(big.peakRssBytes)} (${bytes(big.rssBeforeBytes)} before collecting)`,
      goal: GOALS.rss,
      verdict: 'info',
    },
  ];
}

function sideBySideRows(f: SideBySideFigures): ResultRow[] {
  const perComponent = (ms: number) => `${seconds(ms / f.components)}/component`;
  const section = 'Side by side';
  const what = `${f.checks} equivalent checks over ${count(f.components)} catalog components`;
  return [
    {
      key: 'side-by-side-tech-insights',
      section,
      measure: `${what}: ours vs Tech Insights jsonfc runChecks`,
      figure: `ours ${seconds(f.oursMs)} (${perComponent(f.oursMs)}), jsonfc ${seconds(f.techInsightsMs)} (${perComponent(f.techInsightsMs)}): ${ratio(f.techInsightsMs / f.oursMs)} faster`,
      goal: GOALS.vsTechInsights,
      verdict: verdict(f.techInsightsMs / f.oursMs >= 50),
    },
    {
      key: 'side-by-side-plain',
      section,
      measure: `${what}: ours vs a plain function`,
      figure: `plain ${seconds(f.plainMs)} (${perComponent(f.plainMs)}): ours ${ratio(f.oursMs / f.plainMs)} the plain time`,
      goal: GOALS.vsPlain,
      verdict: verdict(f.oursMs / f.plainMs <= 5),
    },
  ];
}
