/**
 * API latency at fleet scale: the real backend over the database the persistence
 * section filled, asked sequentially over HTTP (keep-alive) as a signed-in guest: a
 * seeded mix of filtered, sorted, paginated component lists, and the team and heat-map
 * summaries. p50 and p95 per group.
 */
import {
  DIMENSIONS,
  EXTENSION_KINDS,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { FleetPlan } from '../fleet/plan';
import { SeededRandom } from '../fleet/random';
import type { BenchPortal } from '../portal/benchPortal';
import { percentile } from '../timing/measure';

export interface LatencyFigures {
  requests: number;
  p50Ms: number;
  p95Ms: number;
}

export interface ApiFigures {
  /** Components the unfiltered list reports (the snapshot's size). */
  components: number;
  list: LatencyFigures;
  summaries: LatencyFigures;
  /**
   * The first team and heat-map summaries of the snapshot, before any warm-up: what a
   * reader waits for when the backend's per-snapshot summary cache has no answer yet.
   */
  uncachedSummaryMs: { teams: number; heatmap: number };
}

const SORTS = ['name', 'kind', 'owner', 'level', 'score', 'fails', 'warns'];

/** The list requests of the mix: what people do on the platform page. */
export function componentListQueries(
  plan: FleetPlan,
  count: number,
  seed: number,
): string[] {
  const rng = new SeededRandom(seed).fork('api-mix');
  const page = () =>
    `limit=25&offset=${rng.pick([0, 0, 25, 50, 100, 250, 1000])}`;
  return Array.from({ length: count }, () => {
    const kind = rng.weighted([
      ['unfiltered', 35],
      ['kind', 20],
      ['owner', 15],
      ['dimension', 10],
      ['search', 10],
      ['check', 10],
    ] as const);
    const sort = `sort=${rng.pick(SORTS)}&order=${rng.pick(['asc', 'desc'])}`;
    switch (kind) {
      case 'kind':
        return `kind=${rng.pick(EXTENSION_KINDS)}&level=${rng.int(
          0,
          2,
        )}&${sort}&${page()}`;
      case 'owner':
        return `owner=${encodeURIComponent(
          `group:default/${rng.pick(plan.teams)}`,
        )}&${sort}&limit=25`;
      case 'dimension':
        return `failingDimension=${rng.pick(DIMENSIONS)}&${sort}&${page()}`;
      case 'search':
        return `search=${rng
          .pick(plan.components)
          .slug.slice(0, 4)}&${sort}&limit=25`;
      case 'check':
        return `checkId=${rng.pick([
          'cert.expiry',
          'webhook.timeout',
          'availability.pdb',
          'rbac.wildcards',
        ])}&status=${rng.pick(['fail', 'warn'])}&${sort}&${page()}`;
      default:
        return `${sort}&${page()}`;
    }
  });
}

async function latencies(
  portal: BenchPortal,
  paths: string[],
  warmUp: number,
): Promise<LatencyFigures> {
  for (const p of paths.slice(0, warmUp)) await portal.get(p);
  const samples: number[] = [];
  for (const p of paths) {
    const started = performance.now();
    await portal.get(p);
    samples.push(performance.now() - started);
  }
  return {
    requests: samples.length,
    p50Ms: percentile(samples, 50),
    p95Ms: percentile(samples, 95),
  };
}

export async function benchmarkApi(options: {
  portal: BenchPortal;
  plan: FleetPlan;
  expectedComponents: number;
  requests: number;
}): Promise<ApiFigures> {
  const { portal } = options;
  const api = '/api/extension-scorecard';
  const all = (await portal.get(`${api}/components?limit=1`)) as {
    total: number;
  };
  if (all.total !== options.expectedComponents) {
    throw new Error(
      `the backend serves ${all.total} components, the benchmark wrote ${options.expectedComponents}`,
    );
  }
  const list = await latencies(
    portal,
    componentListQueries(
      options.plan,
      options.requests,
      options.plan.options.seed,
    ).map(q => `${api}/components?${q}`),
    20,
  );
  const timed = async (p: string) => {
    const started = performance.now();
    await portal.get(p);
    return performance.now() - started;
  };
  const uncachedSummaryMs = {
    teams: await timed(`${api}/summaries/teams`),
    heatmap: await timed(`${api}/summaries/heatmap`),
  };
  const summaries = await latencies(
    portal,
    summaryQueries(options.plan, Math.ceil(options.requests / 2), api),
    10,
  );
  return { components: all.total, list, summaries, uncachedSummaryMs };
}

/**
 * The summary requests of the mix: half as the platform page asks (unfiltered), half
 * as a team card or a filtered heat map asks (by owner, by cluster), seeded.
 */
export function summaryQueries(
  plan: FleetPlan,
  count: number,
  api: string,
): string[] {
  const rng = new SeededRandom(plan.options.seed).fork('api-summaries');
  const owner = () =>
    encodeURIComponent(`group:default/${rng.pick(plan.teams)}`);
  return Array.from({ length: count }, (_, i) => {
    const teams = i % 2 === 0;
    if (rng.int(0, 1) === 0) {
      return teams ? `${api}/summaries/teams` : `${api}/summaries/heatmap`;
    }
    return teams
      ? `${api}/summaries/teams?owner=${owner()}`
      : `${api}/summaries/heatmap?cluster=${encodeURIComponent(
          rng.pick(plan.clusters).name,
        )}`;
  });
}
