/**
 * Collection at fleet scale: the stand-in API servers in one child process, the
 * collector in another (its peak RSS is its own), and the JSON.parse floor of the same
 * response bodies in a third. With two CPUs or more the stand-ins run on CPU 0 and the
 * collector and the floor on CPU 1, so the collector's time is not the stand-ins'.
 */
import type { PoolCertificate } from '../fleet/certificates';
import type { FleetOptions } from '../fleet/plan';
import { BenchChild, benchModule, cpuPinning } from '../process/benchChild';
import type { ServedCluster } from './fleetEndpoints';
import type { CollectionRun } from './fleetCollector';
import type { ParseFloor } from './parseFloor';

export interface CollectionFigures {
  clusters: number;
  componentsPerCluster: number;
  objects: number;
  wallMs: number;
  /** The collector's CPU time in that wall time. */
  cpuMs: number;
  rssBeforeBytes: number;
  peakRssBytes: number;
  /** Clusters the collector read at once. */
  concurrency: number;
  /** Requests each cluster received (min and max over clusters). */
  requestsPerCluster: { min: number; max: number };
  /** Of those, list pages beyond the first (`continue`). */
  continuePagesPerCluster: { min: number; max: number };
  /** Requests without those: version, discovery and the first page of every list. */
  firstPagesPerCluster: { min: number; max: number };
  responseBytes: number;
  floor?: ParseFloor;
  /** The stand-ins ran on CPU 0, the collector and the floor on CPU 1 (else on any). */
  pinned: boolean;
  problems: string[];
}

const here = (file: string) => benchModule(`collection/${file}`);

export async function benchmarkCollection(options: {
  fleet: FleetOptions;
  certs: PoolCertificate[];
  tls: boolean;
  /** Measure the JSON.parse floor (and warm the stand-ins' caches first). */
  floor: boolean;
}): Promise<CollectionFigures> {
  const server = BenchChild.start(here('fleetApiServer.ts'), {
    name: 'stand-in API servers',
    cpus: '0',
  });
  const children: BenchChild[] = [server];
  try {
    const served = await server.request<ServedCluster[]>('start', {
      fleet: options.fleet,
      certs: options.certs,
      tls: options.tls,
    });

    const runCollector = async () => {
      const collector = BenchChild.start(here('fleetCollector.ts'), {
        name: 'collector',
        cpus: '1',
      });
      children.push(collector);
      const run = await collector.request<CollectionRun>('collect', {
        clusters: served,
      });
      await collector.stop();
      return run;
    };

    const problems: string[] = [];
    if (options.floor) {
      // warm-up: renders and caches every answer, so the measured runs see a server
      // answering from memory (as an API server answers lists from its watch cache)
      problems.push(...(await runCollector()).problems);
    }
    // best of two fresh collector processes when measuring (the floor is a best of three)
    let run: CollectionRun | undefined;
    for (let i = 0; i < (options.floor ? 2 : 1); i++) {
      await server.request('reset');
      const next = await runCollector();
      problems.push(...next.problems);
      if (!run || next.wallMs < run.wallMs) run = next;
    }
    if (!run) throw new Error('no collector run');
    const requests = await server.request<
      Array<{ cluster: string; urls: string[]; bytes: number }>
    >('requests');

    let floor: ParseFloor | undefined;
    if (options.floor) {
      const parser = BenchChild.start(here('parseFloor.ts'), {
        name: 'parse floor',
        cpus: '1',
      });
      children.push(parser);
      floor = await parser.request<ParseFloor>('measure', {
        clusters: requests.map(r => ({
          served: served.find(s => s.name === r.cluster)!,
          urls: r.urls,
        })),
      });
      await parser.stop();
    }

    const counts = requests.map(r => r.urls.length);
    const continues = requests.map(
      r => r.urls.filter(u => u.includes('continue=')).length,
    );
    return {
      clusters: served.length,
      componentsPerCluster: options.fleet.componentsPerCluster,
      objects: run.objects,
      wallMs: run.wallMs,
      cpuMs: run.cpuMs,
      rssBeforeBytes: run.rssBeforeBytes,
      peakRssBytes: run.peakRssBytes,
      concurrency: run.concurrency,
      requestsPerCluster: {
        min: Math.min(...counts),
        max: Math.max(...counts),
      },
      continuePagesPerCluster: {
        min: Math.min(...continues),
        max: Math.max(...continues),
      },
      firstPagesPerCluster: {
        min: Math.min(...counts.map((c, i) => c - continues[i])),
        max: Math.max(...counts.map((c, i) => c - continues[i])),
      },
      responseBytes: requests.reduce((s, r) => s + r.bytes, 0),
      floor,
      pinned: cpuPinning(),
      problems: [...new Set(problems)],
    };
  } finally {
    for (const child of children.reverse()) await child.stop();
  }
}
