/**
 * Child process: the floor of collection, the time to JSON.parse the very response
 * bodies the collector received (downloaded here first, untimed), one cluster after
 * the other, keeping a cluster's parsed bodies alive until its last is parsed (the
 * collector keeps a cluster's objects until it hands the collection on). Best of
 * three passes.
 */
import https from 'node:https';
import http from 'node:http';
import { serveBenchRequests } from '../process/benchChild';
import { STAND_IN_TOKEN, type ServedCluster } from './fleetEndpoints';

function download(base: ServedCluster, path: string): Promise<string> {
  const url = new URL(path, base.url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        headers: {
          authorization: `Bearer ${STAND_IN_TOKEN}`,
          accept: 'application/json',
        },
        ...(base.caData
          ? { ca: Buffer.from(base.caData, 'base64').toString('utf8') }
          : {}),
      },
      res => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

export interface ParseFloor {
  parseMs: number;
  bodies: number;
  bytes: number;
}

async function measure(request: {
  clusters: Array<{ served: ServedCluster; urls: string[] }>;
  passes?: number;
}): Promise<ParseFloor> {
  const clusters: string[][] = [];
  for (const { served, urls } of request.clusters) {
    const bodies: string[] = [];
    for (const u of urls) bodies.push(await download(served, u));
    clusters.push(bodies);
  }
  let best = Infinity;
  for (let pass = 0; pass < (request.passes ?? 3); pass++) {
    const started = performance.now();
    for (const bodies of clusters) {
      const kept: unknown[] = [];
      for (const body of bodies) kept.push(JSON.parse(body));
      kept.length = 0;
    }
    best = Math.min(best, performance.now() - started);
  }
  const all = clusters.flat();
  return {
    parseMs: best,
    bodies: all.length,
    bytes: all.reduce((s, b) => s + Buffer.byteLength(b), 0),
  };
}

serveBenchRequests({ measure });
