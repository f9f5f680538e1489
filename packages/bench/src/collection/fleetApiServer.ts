/**
 * Child process: serves every cluster of a generated fleet through the project's
 * stand-in API server (`createStandInHandler`: discovery, paginated lists, field
 * selectors), one HTTP(S) port per cluster. Answers are cached per URL once rendered,
 * the way a real API server answers lists from its watch cache, so the collector's
 * time is not the stand-in's JSON.stringify.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  createStandInHandler,
  RESOURCE_SPECS,
  standInClusterFromObjects,
  StandInHandler,
} from '@extension-scorecard/plugin-extension-scorecard-backend/testUtils';
import {
  createServingCertificate,
  PoolCertificate,
} from '../fleet/certificates';
import {
  FLEET_OPTIONAL_RESOURCES,
  servedVersion,
} from '../fleet/clusterCollection';
import { generateFleet } from '../fleet/generateFleet';
import type { FleetOptions } from '../fleet/plan';
import { serveBenchRequests } from '../process/benchChild';
import { STAND_IN_TOKEN, type ServedCluster } from './fleetEndpoints';

interface RunningCluster {
  name: string;
  handler: StandInHandler;
  server: http.Server;
  cache: Map<string, { status: number; body: Buffer }>;
  /** Requests since the last reset. */
  requests: string[];
}

const clusters: RunningCluster[] = [];

async function start(request: {
  fleet: FleetOptions;
  certs: PoolCertificate[];
  tls: boolean;
}): Promise<ServedCluster[]> {
  const fleet = generateFleet(request.fleet, request.certs);
  const tls = request.tls ? await createServingCertificate() : undefined;
  const served: ServedCluster[] = [];
  for (const plan of fleet.plan.clusters) {
    const generated = fleet.cluster(plan.name);
    const cluster = standInClusterFromObjects(
      generated.objects,
      generated.version,
    );
    for (const spec of RESOURCE_SPECS) {
      // installed APIs are served (and listed) even when a small cluster has none of their objects
      if (
        FLEET_OPTIONAL_RESOURCES.includes(spec.key) &&
        !cluster.resources.some(
          r => r.plural === spec.plural && r.group === spec.group,
        )
      ) {
        cluster.resources.push({
          ...spec,
          version: servedVersion(spec, generated),
          objects: [],
        });
      }
    }
    const handler = createStandInHandler({ cluster, token: STAND_IN_TOKEN });
    const running: RunningCluster = {
      name: plan.name,
      handler,
      server: undefined as any,
      cache: new Map(),
      requests: [],
    };
    const listener = async (
      req: http.IncomingMessage,
      res: http.ServerResponse,
    ) => {
      const url = req.url ?? '/';
      running.requests.push(url);
      let answer = running.cache.get(url);
      if (!answer || req.headers.authorization !== `Bearer ${STAND_IN_TOKEN}`) {
        const parsed = new URL(url, 'http://stand-in');
        const fresh = await handler.handle({
          method: req.method ?? 'GET',
          path: parsed.pathname,
          query: Object.fromEntries(parsed.searchParams.entries()),
          authorization: req.headers.authorization,
        });
        if ('drop' in fresh) {
          req.socket.destroy();
          return;
        }
        answer = { status: fresh.status, body: Buffer.from(fresh.body) };
        if (fresh.status === 200) running.cache.set(url, answer);
      }
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'content-length': answer.body.length,
      });
      res.end(answer.body);
    };
    running.server = tls
      ? https.createServer({ key: tls.key, cert: tls.cert }, listener)
      : http.createServer(listener);
    await new Promise<void>(resolve =>
      running.server.listen(0, '127.0.0.1', resolve),
    );
    const port = (running.server.address() as AddressInfo).port;
    clusters.push(running);
    served.push({
      name: plan.name,
      url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
      caData: tls?.caData,
      objects: generated.objects.length,
    });
  }
  return served;
}

/** Requests per cluster since the last reset, with the URLs and the bytes answered. */
function requests(): Array<{ cluster: string; urls: string[]; bytes: number }> {
  return clusters.map(c => ({
    cluster: c.name,
    urls: [...c.requests],
    bytes: c.requests.reduce(
      (sum, u) => sum + (c.cache.get(u)?.body.length ?? 0),
      0,
    ),
  }));
}

serveBenchRequests({
  start,
  requests,
  reset() {
    for (const c of clusters) c.requests.length = 0;
    return true;
  },
  /** The bodies of the given URLs of one cluster, as served. */
  bodies(request: { cluster: string; urls: string[] }) {
    const c = clusters.find(x => x.name === request.cluster);
    if (!c) throw new Error(`no cluster ${request.cluster}`);
    return request.urls.map(u => c.cache.get(u)?.body.toString('utf8') ?? '');
  },
});
