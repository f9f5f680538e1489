/**
 * Child process: the plugin's live collector (`collectLiveCluster`, client-node +
 * its own https agent) reading the fleet as the plugin's refresh does: `CLUSTER_CONCURRENCY`
 * clusters at once, each collection handed on as soon as it is read (the refresh
 * stores it and keeps nothing) and the next cluster started. Alone in its process, so
 * the peak RSS it reports is the collector's own.
 */
import {
  CLUSTER_CONCURRENCY,
  collectLiveCluster,
  LIVE_CLUSTER_DEFAULTS,
} from '@extension-scorecard/plugin-extension-scorecard-backend/testUtils';
import type { ClusterCollection } from '@extension-scorecard/plugin-extension-scorecard-node';
import { serveBenchRequests } from '../process/benchChild';
import { STAND_IN_TOKEN, type ServedCluster } from './fleetEndpoints';

export interface CollectionRun {
  wallMs: number;
  /** CPU time (user + system) the collector spent in that time. */
  cpuMs: number;
  /** maxRSS before collecting (modules loaded) and after, in bytes. */
  rssBeforeBytes: number;
  peakRssBytes: number;
  objects: number;
  /** Clusters read at once. */
  concurrency: number;
  /** Clusters with an error or a read that was not ok. */
  problems: string[];
}

/** What the run keeps of a collection once it is handed on: its counts and problems. */
function tally(
  c: ClusterCollection,
  run: { objects: number; problems: string[] },
) {
  if (c.error) run.problems.push(`${c.cluster}: ${c.error}`);
  for (const [key, read] of Object.entries(c.reads)) {
    if (read && read.state !== 'ok' && read.state !== 'not-served') {
      run.problems.push(`${c.cluster} ${key}: ${read.state} (${read.reason})`);
    }
  }
  for (const list of Object.values(c.objects)) run.objects += list?.length ?? 0;
}

async function collect(request: {
  clusters: ServedCluster[];
}): Promise<CollectionRun> {
  // client-node loads on first use: load it before measuring
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@kubernetes/client-node');
  const rssBeforeBytes = process.resourceUsage().maxRSS * 1024;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const counts = { objects: 0, problems: [] as string[] };
  const queue = [...request.clusters];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const collection = await collectLiveCluster({
        name: c.name,
        url: c.url,
        caData: c.caData,
        // client-node only talks plain HTTP with TLS verification off (the --http mode)
        skipTLSVerify: c.url.startsWith('http:'),
        serviceAccountToken: STAND_IN_TOKEN,
        ...LIVE_CLUSTER_DEFAULTS,
        // a cluster timing out would void the measurement (the default is 60 s; a
        // loaded 2-core machine can need more)
        timeoutSeconds: 600,
      });
      tally(collection, counts);
    }
  };
  const concurrency = Math.min(CLUSTER_CONCURRENCY, queue.length);
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  return {
    wallMs,
    cpuMs,
    rssBeforeBytes,
    peakRssBytes,
    objects: counts.objects,
    concurrency,
    problems: counts.problems,
  };
}

serveBenchRequests({ collect });
