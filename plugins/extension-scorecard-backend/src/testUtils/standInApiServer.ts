/**
 * A local stand-in for a Kubernetes API server, for end-to-end tests, fault tests and
 * benchmarks. It serves a set of objects (usually a cluster dump) the way an API
 * server does: `/version`, discovery (`/api`, `/apis`, `/api/v1`, `/apis/<g>/<v>`),
 * list endpoints with `limit` + `continue` pagination and `fieldSelector`, `/metrics`
 * (Prometheus text, when given), Status bodies for errors, and 404 for resources it
 * does not serve. HTTP, or HTTPS with a
 * fresh self-signed certificate. Fault hooks (status codes, delays, malformed or
 * truncated bodies, dropped connections) can be set per path at any time.
 *
 * Part of the `/testUtils` entry point (for benchmarks and tests; not a stable API):
 * never used by the plugin's runtime.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { webcrypto } from 'node:crypto';
import { readClusterDump } from '../collect/dumps';
import {
  groupVersion,
  RESOURCE_SPECS,
  specForObject,
} from '../collect/resources';
import type { KubeObject, ServerVersion } from '../collect/types';

/** One resource the stand-in serves. @alpha */
export interface StandInResource {
  group: string;
  version: string;
  plural: string;
  kind: string;
  namespaced: boolean;
  objects: KubeObject[];
}

/** What the stand-in serves. @alpha */
export interface StandInCluster {
  version: ServerVersion;
  resources: StandInResource[];
  /**
   * The body of `GET /metrics` (Prometheus text format, as `kubectl get --raw /metrics`
   * prints it); `/metrics` answers 404 when absent. `standInClusterFromDump` takes it
   * from the dump's `metrics.txt`.
   */
  metrics?: string;
}

/**
 * A fault applied to requests whose path (without query) matches.
 * `match` is a path (`/apis/apps/v1/deployments`), a path prefix ending in `*`,
 * or a predicate.
 *
 * @alpha
 */
export interface StandInFault {
  match: string | ((path: string) => boolean);
  /** Answer with this status code and a Status body (403, 500, 503…). */
  status?: number;
  /** Wait before answering (applied before any other effect). */
  delayMs?: number;
  /** Answer 200 with a body that is not valid JSON. */
  malformed?: boolean;
  /** Close the connection without answering. */
  dropConnection?: boolean;
  /**
   * Send the real answer's headers (with its full Content-Length) and only the first
   * half of its body, then close the connection: a response truncated in transit.
   */
  truncated?: boolean;
  /** Only the first N matching requests are affected (default: all). */
  times?: number;
}

/** One request the stand-in received (see {@link StandInIncoming}). @alpha */
export type StandInRequest = StandInIncoming;

/** A running stand-in API server. @alpha */
export interface StandInApiServer {
  /** Base URL, e.g. `https://127.0.0.1:43121`. */
  url: string;
  /** Base64 PEM of the self-signed certificate (HTTPS only): use as `caData`. */
  caData?: string;
  /** Every request received, in order. */
  requests: StandInRequest[];
  /** Connections opened to it so far (TLS handshakes, over HTTPS). */
  readonly connections: number;
  setFaults(faults: StandInFault[]): void;
  close(): Promise<void>;
}

/** What a stand-in serves and how. @alpha */
export interface StandInOptions {
  cluster: StandInCluster;
  tls?: boolean;
  /**
   * When set, requests must carry `Authorization: Bearer <token>` (else 401), or a
   * verified client certificate when `clientCa` is set too.
   */
  token?: string;
  /**
   * PEM CA of client certificates (HTTPS only): the server asks for a client
   * certificate, records the subject CN of a verified one (`clientCertificate` of each
   * request) and answers 401 with a Status body when neither a verified certificate nor
   * the `token` comes with a request.
   */
  clientCa?: string;
  faults?: StandInFault[];
  /** Page size used when a list request has no `limit` (0 = everything at once). */
  defaultPageSize?: number;
}

const DEFAULT_VERSION: ServerVersion = {
  major: '1',
  minor: '33',
  gitVersion: 'v1.33.1',
  platform: 'linux/amd64',
};

/**
 * Builds what the stand-in serves from a dump directory: every resource of the
 * collector's table the dump read as `ok`, in the version it recorded.
 *
 * @alpha
 */
export async function standInClusterFromDump(
  directory: string,
): Promise<StandInCluster> {
  const dump = await readClusterDump({ name: 'stand-in', directory });
  if (dump.error) throw new Error(dump.error);
  const resources: StandInResource[] = [];
  for (const spec of RESOURCE_SPECS) {
    const read = dump.reads[spec.key];
    if (read?.state !== 'ok') continue;
    const objects = (dump.objects[spec.key] ?? []).filter(
      o => o.kind === spec.kind,
    );
    const fromObjects = objects[0]?.apiVersion.split('/').pop();
    const version = fromObjects ?? read.version ?? spec.versions[0];
    resources.push({ ...spec, version, objects });
  }
  const metrics = await fs
    .readFile(join(directory, 'metrics.txt'), 'utf8')
    .catch(() => undefined);
  return {
    version: dump.version ?? DEFAULT_VERSION,
    resources,
    ...(metrics !== undefined ? { metrics } : {}),
  };
}

/**
 * Builds what the stand-in serves from objects: every non-optional resource of the
 * collector's table (empty when no object is given), plus the optional ones that have
 * objects, each in the version its objects use.
 *
 * @alpha
 */
export function standInClusterFromObjects(
  objects: KubeObject[],
  version: ServerVersion = DEFAULT_VERSION,
  metrics?: string,
): StandInCluster {
  const resources: StandInResource[] = [];
  for (const spec of RESOURCE_SPECS) {
    const mine = objects.filter(
      o => specForObject(o.apiVersion, o.kind)?.spec === spec,
    );
    if (spec.optional && mine.length === 0) continue;
    const objectVersion = mine[0]
      ? specForObject(mine[0].apiVersion, mine[0].kind)!.version
      : undefined;
    resources.push({
      ...spec,
      version: objectVersion ?? spec.versions[0],
      objects: mine,
    });
  }
  return { version, resources, ...(metrics !== undefined ? { metrics } : {}) };
}

/** One request as the stand-in sees it. @alpha */
export interface StandInIncoming {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization?: string;
  /** Subject CN of the verified TLS client certificate (with `clientCa`). */
  clientCertificate?: string;
  /**
   * The Accept header, for tests of content negotiation (e.g. kubectl asks for
   * aggregated discovery and for `as=Table`; the stand-in answers the plain JSON kinds
   * the header also accepts, as an API server without those features may).
   */
  accept?: string;
}

/**
 * What the stand-in answers: a status and body (of which only `truncateAt` bytes are
 * sent before the connection closes, when set), or a dropped connection.
 *
 * @alpha
 */
export type StandInAnswer =
  | {
      status: number;
      body: string;
      truncateAt?: number;
      /** Content type of the body; `application/json` when not set. */
      contentType?: string;
    }
  | { drop: true };

/** What the API server's `/metrics` answers with (Prometheus text format 0.0.4). */
const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * The stand-in's request handling without a socket: used by the HTTP(S) server below
 * and directly inside msw handlers.
 *
 * @alpha
 */
export interface StandInHandler {
  handle(request: StandInIncoming): Promise<StandInAnswer>;
  requests: StandInRequest[];
  setFaults(faults: StandInFault[]): void;
}

/**
 * Short names and categories of the built-in resources of the collector's table, as
 * kube-apiserver's discovery serves them (the others have none).
 */
const BUILTIN_NAMES: Record<
  string,
  { shortNames?: string[]; categories?: string[] }
> = {
  namespaces: { shortNames: ['ns'] },
  nodes: { shortNames: ['no'] },
  pods: { shortNames: ['po'], categories: ['all'] },
  services: { shortNames: ['svc'], categories: ['all'] },
  serviceaccounts: { shortNames: ['sa'] },
  'deployments.apps': { shortNames: ['deploy'], categories: ['all'] },
  'daemonsets.apps': { shortNames: ['ds'], categories: ['all'] },
  'statefulsets.apps': { shortNames: ['sts'], categories: ['all'] },
  'poddisruptionbudgets.policy': { shortNames: ['pdb'] },
  'horizontalpodautoscalers.autoscaling': {
    shortNames: ['hpa'],
    categories: ['all'],
  },
  'customresourcedefinitions.apiextensions.k8s.io': {
    shortNames: ['crd', 'crds'],
  },
};

/** The subject CN of the request's client certificate, when TLS verified it. */
function verifiedClientCertificate(
  req: http.IncomingMessage,
): Pick<StandInIncoming, 'clientCertificate'> {
  const socket = req.socket as TLSSocket;
  if (!socket.encrypted || !socket.authorized) return {};
  const cn = socket.getPeerCertificate()?.subject?.CN;
  const name = Array.isArray(cn) ? cn[0] : cn;
  return name ? { clientCertificate: name } : {};
}

/** Creates the request handling of a stand-in API server. @alpha */
export function createStandInHandler(options: StandInOptions): StandInHandler {
  const { cluster } = options;
  let faults: Array<StandInFault & { used: number }> = (
    options.faults ?? []
  ).map(f => ({
    ...f,
    used: 0,
  }));
  const requests: StandInRequest[] = [];
  const byListPath = new Map<string, StandInResource>();
  for (const r of cluster.resources) byListPath.set(listPathOf(r), r);

  const json = (status: number, value: unknown): StandInAnswer => ({
    status,
    body: JSON.stringify(value),
  });

  const groupList = () => {
    const groups = new Map<string, string[]>();
    for (const r of cluster.resources) {
      if (!r.group) continue;
      const versions = groups.get(r.group) ?? [];
      if (!versions.includes(r.version)) versions.push(r.version);
      groups.set(r.group, versions);
    }
    return {
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: [...groups].map(([name, versions]) => ({
        name,
        versions: versions.map(v => ({
          groupVersion: `${name}/${v}`,
          version: v,
        })),
        preferredVersion: {
          groupVersion: `${name}/${versions[0]}`,
          version: versions[0],
        },
      })),
    };
  };

  // Short names and categories, as a real API server's discovery lists them (kubectl
  // resolves `kubectl get deploy` or `kubectl get all` through them): the built-in
  // table below, or for a CRD-backed resource its served CRD's spec.names.
  const crdNames = new Map<
    string,
    { shortNames?: unknown; categories?: unknown }
  >();
  for (const r of cluster.resources) {
    if (r.kind !== 'CustomResourceDefinition') continue;
    for (const crd of r.objects as any[]) {
      const names = crd?.spec?.names;
      if (names?.plural && crd.spec.group)
        crdNames.set(`${names.plural}.${crd.spec.group}`, names);
    }
  }
  const namesOf = (r: StandInResource) => {
    const key = r.group ? `${r.plural}.${r.group}` : r.plural;
    const names = BUILTIN_NAMES[key] ?? crdNames.get(key) ?? {};
    const strings = (v: unknown) =>
      Array.isArray(v) && v.length > 0 && v.every(x => typeof x === 'string')
        ? (v as string[])
        : undefined;
    const shortNames = strings(names.shortNames);
    const categories = strings(names.categories);
    return {
      ...(shortNames ? { shortNames } : {}),
      ...(categories ? { categories } : {}),
    };
  };

  const discoveryFor = (path: string) => {
    const m =
      /^\/api\/(v1)$/.exec(path) ?? /^\/apis\/([^/]+\/[^/]+)$/.exec(path);
    if (!m) return undefined;
    const gv = m[1];
    const resources = cluster.resources.filter(
      r => groupVersion(r.group, r.version) === gv,
    );
    if (resources.length === 0) return undefined;
    return {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: gv,
      resources: resources.map(r => ({
        name: r.plural,
        singularName: r.kind.toLowerCase(),
        namespaced: r.namespaced,
        kind: r.kind,
        verbs: ['get', 'list', 'watch'],
        ...namesOf(r),
      })),
    };
  };

  const matchList = (path: string) => {
    const direct = byListPath.get(path);
    if (direct) return { resource: direct, namespace: undefined };
    const m =
      /^(\/api\/v1|\/apis\/[^/]+\/[^/]+)\/namespaces\/([^/]+)\/([^/]+)$/.exec(
        path,
      );
    if (!m) return undefined;
    const resource = byListPath.get(`${m[1]}/${m[3]}`);
    return resource?.namespaced ? { resource, namespace: m[2] } : undefined;
  };

  const listBody = (
    resource: StandInResource,
    namespace: string | undefined,
    params: URLSearchParams,
  ): StandInAnswer => {
    let items = resource.objects;
    if (namespace)
      items = items.filter(o => o.metadata.namespace === namespace);
    const fieldSelector = params.get('fieldSelector');
    if (fieldSelector)
      items = items.filter(o => matchesFields(o, fieldSelector));
    const limitParam = Number(
      params.get('limit') ?? options.defaultPageSize ?? 0,
    );
    const limit =
      Number.isFinite(limitParam) && limitParam > 0
        ? Math.floor(limitParam)
        : 0;
    let offset = 0;
    const token = params.get('continue');
    if (token) {
      const decoded = decodeContinue(token);
      if (decoded === undefined)
        return statusAnswer(400, 'invalid continue token');
      offset = decoded;
    }
    const page = limit
      ? items.slice(offset, offset + limit)
      : items.slice(offset);
    const next =
      limit && offset + limit < items.length ? offset + limit : undefined;
    return json(200, {
      kind: `${resource.kind}List`,
      apiVersion: groupVersion(resource.group, resource.version),
      metadata: {
        resourceVersion: '4242',
        ...(next !== undefined
          ? {
              continue: encodeContinue(next),
              remainingItemCount: items.length - next,
            }
          : {}),
      },
      // Like the API server, items of a typed list carry no apiVersion/kind.
      items: page.map(({ apiVersion: _a, kind: _k, ...rest }) => rest),
    });
  };

  const route = (path: string, params: URLSearchParams): StandInAnswer => {
    if (path === '/version') return json(200, cluster.version);
    if (path === '/api') {
      return json(200, {
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [
          { clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' },
        ],
      });
    }
    if (path === '/apis') return json(200, groupList());
    if (path === '/metrics' && cluster.metrics !== undefined) {
      return {
        status: 200,
        body: cluster.metrics,
        contentType: METRICS_CONTENT_TYPE,
      };
    }
    const discovery = discoveryFor(path);
    if (discovery) return json(200, discovery);
    const list = matchList(path);
    if (list) return listBody(list.resource, list.namespace, params);
    return statusAnswer(
      404,
      'the server could not find the requested resource',
    );
  };

  const authorizedRoute = (
    incoming: StandInIncoming,
    path: string,
  ): StandInAnswer => {
    if (options.token || options.clientCa) {
      const byToken =
        !!options.token && incoming.authorization === `Bearer ${options.token}`;
      const byCertificate =
        !!options.clientCa && incoming.clientCertificate !== undefined;
      if (!byToken && !byCertificate) return statusAnswer(401, 'Unauthorized');
    }
    if (incoming.method !== 'GET') {
      return statusAnswer(
        405,
        `${incoming.method} is not supported by the stand-in`,
      );
    }
    return route(path, new URLSearchParams(incoming.query));
  };

  const handle = async (incoming: StandInIncoming): Promise<StandInAnswer> => {
    const path = incoming.path.replace(/\/+$/, '') || '/';
    requests.push({ ...incoming, path });

    const fault = faults.find(
      f => (f.times === undefined || f.used < f.times) && faultMatches(f, path),
    );
    if (fault) {
      fault.used += 1;
      if (fault.delayMs) await new Promise(r => setTimeout(r, fault.delayMs));
      if (fault.dropConnection) return { drop: true };
      if (fault.status)
        return statusAnswer(fault.status, `injected fault on ${path}`);
      if (fault.malformed) {
        return {
          status: 200,
          body: '{"kind":"List","apiVersion":"v1","items":[{"metadata":',
        };
      }
    }

    const answer = authorizedRoute(incoming, path);
    if (fault?.truncated && !('drop' in answer)) {
      return {
        ...answer,
        truncateAt: Math.floor(Buffer.byteLength(answer.body) / 2),
      };
    }
    return answer;
  };

  return {
    handle,
    requests,
    setFaults(next) {
      faults = next.map(f => ({ ...f, used: 0 }));
    },
  };
}

/** Starts the stand-in on 127.0.0.1 and a free port. @alpha */
export async function startStandInApiServer(
  options: StandInOptions,
): Promise<StandInApiServer> {
  const handler = createStandInHandler(options);
  const listener = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const answer = await handler.handle({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
      authorization: req.headers.authorization,
      ...verifiedClientCertificate(req),
      accept: req.headers.accept,
    });
    if ('drop' in answer) {
      req.socket.destroy();
      return;
    }
    if (answer.truncateAt !== undefined) {
      const body = Buffer.from(answer.body);
      res.writeHead(answer.status, {
        'content-type': answer.contentType ?? 'application/json',
        'content-length': body.length,
      });
      res.write(body.subarray(0, answer.truncateAt), () =>
        req.socket.destroy(),
      );
      return;
    }
    res.writeHead(answer.status, {
      'content-type': answer.contentType ?? 'application/json',
    });
    res.end(answer.body);
  };

  let tls: { key: string; cert: string } | undefined;
  if (options.tls) tls = await selfSignedCertificate();
  const server = tls
    ? https.createServer(
        options.clientCa
          ? {
              ...tls,
              // ask for a client certificate, verify it against clientCa, let the
              // handler answer 401 (as an API server does) instead of failing TLS
              requestCert: true,
              rejectUnauthorized: false,
              ca: options.clientCa,
            }
          : tls,
        listener,
      )
    : http.createServer(listener);
  let connections = 0;
  server.on(tls ? 'secureConnection' : 'connection', () => {
    connections += 1;
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    caData: tls ? Buffer.from(tls.cert).toString('base64') : undefined,
    requests: handler.requests,
    get connections() {
      return connections;
    },
    setFaults: handler.setFaults,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections?.();
        server.close(err => (err ? reject(err) : resolve()));
      }),
  };
}

function faultMatches(fault: StandInFault, path: string): boolean {
  if (typeof fault.match === 'function') return fault.match(path);
  if (fault.match.endsWith('*'))
    return path.startsWith(fault.match.slice(0, -1));
  return path === fault.match;
}

function listPathOf(r: StandInResource): string {
  return `${r.group ? `/apis/${r.group}` : '/api'}/${r.version}/${r.plural}`;
}

function statusAnswer(code: number, message: string): StandInAnswer {
  const reasons: Record<number, string> = {
    400: 'BadRequest',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'NotFound',
    405: 'MethodNotAllowed',
    410: 'Expired',
    429: 'TooManyRequests',
    500: 'InternalError',
    503: 'ServiceUnavailable',
  };
  return {
    status: code,
    body: JSON.stringify({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message,
      reason: reasons[code] ?? 'Unknown',
      code,
    }),
  };
}

function matchesFields(obj: KubeObject, selector: string): boolean {
  return selector.split(',').every(term => {
    const negate = term.includes('!=');
    const [path, expected] = term.split(negate ? '!=' : '=');
    let value: any = obj;
    for (const part of path.split('.')) value = value?.[part];
    return negate ? String(value) !== expected : String(value) === expected;
  });
}

function encodeContinue(offset: number): string {
  return Buffer.from(
    JSON.stringify({ v: 'meta.k8s.io/v1', start: offset }),
  ).toString('base64');
}

function decodeContinue(token: string): number | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    return Number.isInteger(parsed.start) && parsed.start >= 0
      ? parsed.start
      : undefined;
  } catch {
    return undefined;
  }
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid for one day. */
async function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  // Loaded on first TLS use only (never by the plugin's runtime, which does not import
  // the stand-in); @peculiar/x509 needs the Reflect polyfill first.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('reflect-metadata');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const x509: typeof import('@peculiar/x509') = require('@peculiar/x509');
  const crypto = webcrypto as unknown as Crypto;
  x509.cryptoProvider.set(crypto);
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await crypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: now.toString(16),
    name: 'CN=stand-in-kube-apiserver',
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 24 * 3600_000),
    keys,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyCertSign,
        true,
      ),
      new x509.SubjectAlternativeNameExtension([
        { type: 'ip', value: '127.0.0.1' },
        { type: 'dns', value: 'localhost' },
      ]),
    ],
  });
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', keys.privateKey);
  const key = `-----BEGIN PRIVATE KEY-----\n${Buffer.from(pkcs8)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n?$/, '\n')}-----END PRIVATE KEY-----\n`;
  return { key, cert: cert.toString('pem') };
}
