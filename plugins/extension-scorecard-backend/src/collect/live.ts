/**
 * Live clusters through `@kubernetes/client-node` (1.4, ESM-only: imported lazily).
 *
 * One run per cluster: `/version`, then discovery (`/apis` once, then one request per
 * group/version of the resource table the cluster serves), then paginated list calls
 * (`limit` + `continue`) with bounded concurrency, then the API server's `/metrics`, all
 * under one per-cluster timeout.
 * The number of requests depends on the resource table and the number of pages,
 * never on the number of objects otherwise. Bodies are kept as the API server's
 * plain JSON (no client-node model classes), with each `managedFields` entry's
 * `fieldsV1` dropped at read.
 *
 * Every resource read records ok / forbidden / not-served / failed with a reason.
 * A cluster that cannot be reached at all yields `error` and no data.
 * The bearer token is never logged and never appears in errors or results.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { toServerVersion } from './dumps';
import { apiServerMetricsFromText } from './metrics';
import { combineReads, isListDocument, listItems, trimAtRead } from './objects';
import {
  groupVersion,
  listPath,
  RESOURCE_KEYS,
  RESOURCE_SPECS,
  specsForKey,
} from './resources';
import type {
  ApiServerMetrics,
  ClusterCollection,
  ClusterSource,
  CollectOptions,
  KubeObject,
  ReadStatus,
  ResourceSpec,
  ServerVersion,
} from './types';

/** How to reach one live cluster. @public */
export interface LiveClusterConfig {
  name: string;
  url: string;
  /** Bearer token (serviceAccount provider). Never logged or returned. */
  serviceAccountToken?: string;
  /** Base64 PEM CA bundle of the API server. */
  caData?: string;
  caFile?: string;
  skipTLSVerify?: boolean;
  /**
   * The Kubernetes plugin's auth provider: `serviceAccount` (default), `aws`,
   * `googleServiceAccount`, `azure`, `localKubectlProxy`; `google`, `oidc` and `aks`
   * need a signed-in user and cannot serve a background collector.
   */
  authProvider?: string;
  /**
   * The Kubernetes plugin's auth metadata (`kubernetes.io/aws-assume-role`,
   * `kubernetes.io/aws-external-id`, `kubernetes.io/x-k8s-aws-id`, …), handed to its
   * authentication strategy unchanged.
   */
  authMetadata?: Record<string, string>;
  /** Where the cluster came from (`config`, `catalog`, `gke`, `localKubectlProxy`, `kubeconfig`, `extensionScorecard`). */
  locator?: string;
  /** Budget for the whole cluster run. */
  timeoutSeconds: number;
  /** `limit` of each list page. */
  pageSize: number;
  /** Parallel list calls per cluster. */
  concurrency: number;
}

/**
 * An authenticated client configuration for one cluster: client-node's KubeConfig
 * with its current context set to the cluster, and the secret strings (tokens, keys)
 * that must never appear in a message.
 * @public
 */
export interface LiveConnection {
  kubeConfig: KubeConfig;
  secrets: string[];
}

/** Builds the connection of one cluster; throws with a message naming the auth provider. @public */
export type LiveConnector = (
  cluster: LiveClusterConfig,
) => Promise<LiveConnection>;

/** Defaults for cluster settings not given in config. @public */
export const LIVE_CLUSTER_DEFAULTS = {
  timeoutSeconds: 60,
  pageSize: 500,
  /** Lists in flight per cluster (a refresh reads CLUSTER_CONCURRENCY clusters at once). */
  concurrency: 8,
} as const;

/** Where a pod's own service account token is mounted. */
export const IN_CLUSTER_TOKEN_PATH =
  '/var/run/secrets/kubernetes.io/serviceaccount/token';

/** client-node's KubeConfig (the package is ESM-only: types through `import()`). @public */
export type KubeConfig = import('@kubernetes/client-node').KubeConfig;

/** The response of one GET: status and raw body. */
interface RawResponse {
  status: number;
  body: string;
}
/** One authenticated GET; `accept` replaces the default `application/json`. */
type KubeGet = (
  path: string,
  signal: AbortSignal,
  accept?: string,
) => Promise<RawResponse>;

/** What `/metrics` is asked for: the Prometheus text format, version 0.0.4. */
const METRICS_ACCEPT = 'text/plain;version=0.0.4;q=1,*/*;q=0.1';

/** How a live cluster is collected. @public */
export interface LiveCollectOptions {
  now?: () => Date;
  /** Authenticates to the cluster (default: a service-account token from config or the pod). */
  connect?: LiveConnector;
  /** Where the default connector finds the pod's own token. */
  inClusterTokenPath?: string;
}

/** @public */
export function createLiveClusterSource(
  cluster: LiveClusterConfig,
  options: LiveCollectOptions = {},
): ClusterSource {
  return {
    name: cluster.name,
    type: 'live',
    collect: (opts?: CollectOptions) =>
      collectLiveCluster(cluster, { ...options, ...opts }),
  };
}

/**
 * Reads one live cluster. Never throws for cluster trouble.
 * @public
 */
export async function collectLiveCluster(
  cluster: LiveClusterConfig,
  options: CollectOptions & LiveCollectOptions = {},
): Promise<ClusterCollection> {
  const collectedAt = (options.now?.() ?? new Date()).toISOString();
  const secrets: string[] = [];
  const redact = (text: string) =>
    secrets.reduce((t, s) => (s ? t.split(s).join('[redacted]') : t), text);
  const base: ClusterCollection = {
    cluster: cluster.name,
    source: 'live',
    collectedAt,
    version: null,
    versionStatus: { state: 'failed', reason: 'not read' },
    reads: {},
    objects: {},
  };

  const timeoutMs = cluster.timeoutSeconds * 1000;
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new Error(`cluster timeout after ${cluster.timeoutSeconds}s`),
      ),
    timeoutMs,
  );
  const onOuterAbort = () => controller.abort(new Error('collection aborted'));
  if (options.signal?.aborted) onOuterAbort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const signal = controller.signal;

  let close: (() => void) | undefined;
  try {
    let get: KubeGet;
    try {
      const connect =
        options.connect ??
        (c => connectWithToken(c, options.inClusterTokenPath));
      // the credential (STS, token endpoints, exec plugins) counts against the timeout
      const connection = await untilAborted(connect(cluster), signal);
      secrets.push(...connection.secrets);
      // the lists in flight, and the metrics read after them
      ({ get, close } = await createKubeGet(
        connection.kubeConfig,
        secrets,
        Math.max(1, cluster.concurrency),
      ));
    } catch (e) {
      return {
        ...base,
        error: redact(`cannot configure client: ${describe(e)}`),
      };
    }

    // 1. version: also tells whether the cluster is reachable at all.
    const versionRead = await getJson(get, '/version', signal);
    if (versionRead.kind === 'unreachable') {
      return {
        ...base,
        error: redact(`cluster unreachable: ${versionRead.reason}`),
      };
    }
    if (versionRead.kind === 'http' && versionRead.status === 401) {
      return {
        ...base,
        error: `unauthorized (HTTP 401): the API server rejected the credential of authProvider '${
          cluster.authProvider ?? 'serviceAccount'
        }'`,
      };
    }
    let version: ServerVersion | null = null;
    let versionStatus: ReadStatus;
    if (versionRead.kind === 'json') {
      version = toServerVersion(versionRead.json) ?? null;
      versionStatus = version
        ? { state: 'ok' }
        : {
            state: 'failed',
            reason: '/version body has no major, minor and gitVersion',
          };
    } else {
      versionStatus = redactStatus(
        toReadStatus(versionRead, '/version'),
        redact,
      );
    }

    // 2. discovery
    const served = await discover(get, signal);

    // 3. lists, bounded concurrency
    const statuses = new Map<ResourceSpec, ReadStatus>();
    const objectsBySpec = new Map<ResourceSpec, KubeObject[]>();
    const tasks = RESOURCE_SPECS.map(spec => async () => {
      const where = served(spec);
      if (where.state !== 'ok') {
        statuses.set(spec, where);
        return;
      }
      const result = await listAll(
        get,
        spec,
        where.version!,
        cluster.pageSize,
        signal,
      );
      statuses.set(spec, result.status);
      if (result.objects.length > 0) objectsBySpec.set(spec, result.objects);
    });
    await runBounded(tasks, cluster.concurrency);

    const reads: ClusterCollection['reads'] = {};
    const objects: ClusterCollection['objects'] = {};
    for (const key of RESOURCE_KEYS) {
      const specs = specsForKey(key);
      // every reason passes through here: the one place tokens are scrubbed from reads
      reads[key] = redactStatus(
        combineReads(
          specs.map(s => ({ plural: s.plural, status: statuses.get(s)! })),
        ),
        redact,
      );
      const all = specs.flatMap(s => objectsBySpec.get(s) ?? []);
      if (all.length > 0) objects[key] = all;
    }

    // 4. the API server's own metrics, after the lists (never throws)
    const metrics = await readApiServerMetrics(get, signal);
    const apiServerMetrics: ApiServerMetrics = {
      ...metrics,
      status: redactStatus(metrics.status, redact),
    };
    return {
      ...base,
      version,
      versionStatus,
      reads,
      objects,
      apiServerMetrics,
    };
  } finally {
    close?.();
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * The default connector: a bearer token from config, else the pod's own service
 * account token, else anonymous (the API server decides). Only `serviceAccount`.
 */
async function connectWithToken(
  cluster: LiveClusterConfig,
  inClusterTokenPath = IN_CLUSTER_TOKEN_PATH,
): Promise<LiveConnection> {
  const provider = cluster.authProvider ?? 'serviceAccount';
  if (provider !== 'serviceAccount') {
    throw new Error(
      `authProvider '${provider}' needs the Kubernetes plugin's authentication strategies (createClusterAuth)`,
    );
  }
  const token = cluster.serviceAccountToken
    ? cluster.serviceAccountToken.trim()
    : await readInClusterToken(inClusterTokenPath);
  return {
    kubeConfig: kubeConfigFor(cluster, token ? { token } : {}),
    secrets: token ? [token] : [],
  };
}

/** The pod's own service account token, when the backend runs in a cluster. @public */
export async function readInClusterToken(
  tokenPath = IN_CLUSTER_TOKEN_PATH,
): Promise<string | undefined> {
  try {
    return (await fs.readFile(tokenPath, 'utf8')).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A KubeConfig for one cluster of config with the given user (token, client
 * certificate and key as base64 PEM, or nothing for anonymous).
 * @public
 */
export function kubeConfigFor(
  cluster: Pick<
    LiveClusterConfig,
    'name' | 'url' | 'caData' | 'caFile' | 'skipTLSVerify'
  >,
  user: { token?: string; certData?: string; keyData?: string },
): KubeConfig {
  const { KubeConfig } = loadClientNode();
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      {
        name: cluster.name,
        server: cluster.url.replace(/\/+$/, ''),
        caData: cluster.caData,
        caFile: cluster.caFile,
        skipTLSVerify: cluster.skipTLSVerify ?? false,
      },
    ],
    users: [{ name: 'extension-scorecard', ...user }],
    contexts: [
      {
        name: cluster.name,
        cluster: cluster.name,
        user: 'extension-scorecard',
      },
    ],
    currentContext: cluster.name,
  });
  return kc;
}

/**
 * A GET function bound to the current context of a KubeConfig: client-node applies
 * TLS, the CA and the user's credential (token, client certificate, exec plugin).
 * The bearer token it produced is added to `secrets`.
 */
async function createKubeGet(
  kc: KubeConfig,
  secrets: string[],
  sockets: number,
): Promise<{ get: KubeGet; close: () => void }> {
  const current = kc.getCurrentCluster();
  if (!current) throw new Error('the kubeconfig has no current cluster');
  const server = current.server.replace(/\/+$/, '');
  const init = (await kc.applyToFetchOptions({})) as unknown as {
    agent?: http.Agent;
    headers?: unknown;
  };
  const headers = { ...headersOf(init.headers), accept: 'application/json' };
  const authorization = Object.entries(headers).find(
    ([name]) => name.toLowerCase() === 'authorization',
  )?.[1];
  const bearer = authorization?.replace(/^Bearer\s+/i, '');
  if (bearer) secrets.push(bearer);
  const agent = keepingConnections(init.agent, sockets);
  return {
    get: (path, signal, accept) =>
      httpGet(
        `${server}${path}`,
        agent,
        accept ? { ...headers, accept } : headers,
        signal,
      ),
    close: () => {
      if (agent !== init.agent) agent?.destroy();
    },
  };
}

/**
 * The HTTPS agent client-node configured (CA, client certificate, skipTLSVerify),
 * keeping `sockets` connections open between the requests of one collection:
 * client-node's own agent opens a TLS connection per request, about fifty per cluster,
 * each a handshake for the API server and the collector. Any other agent (a proxy's)
 * is used as it is.
 */
function keepingConnections(
  agent: http.Agent | undefined,
  sockets: number,
): http.Agent | undefined {
  if (!agent || agent.constructor !== https.Agent) return agent;
  const { options } = agent as https.Agent & { options: https.AgentOptions };
  return new https.Agent({
    ...options,
    keepAlive: true,
    maxSockets: sockets,
    maxFreeSockets: sockets,
  });
}

/**
 * One GET through the agent client-node configured (TLS, CA, skipTLSVerify). A
 * response whose connection closes before its body is complete is an error at once
 * (node-fetch 2 waited for such a body until the cluster timeout).
 */
function httpGet(
  url: string,
  agent: http.Agent | undefined,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      { method: 'GET', agent, headers, signal },
      res => {
        const chunks: Buffer[] = [];
        const cutOff = () =>
          reject(
            new Error('connection closed before the whole response arrived'),
          );
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', cutOff);
        res.on('close', () => {
          if (!res.complete) cutOff();
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * client-node 1.x is ESM-only. It is loaded on first use with `require`, which Node 22+
 * runs for ESM (require(esm)) and which Jest transpiles: a dynamic `import()` would need
 * `--experimental-vm-modules` in tests (Backstage CLI's advice for native ESM).
 */
/** @internal */
export function loadClientNode(): typeof import('@kubernetes/client-node') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('@kubernetes/client-node');
}

function headersOf(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  const h = headers as any;
  if (typeof h.forEach === 'function') {
    h.forEach((value: string, name: string) => {
      out[name] = value;
    });
    return out;
  }
  return { ...(h as Record<string, string>) };
}

type GetResult =
  | { kind: 'json'; json: any }
  | { kind: 'http'; status: number; message: string }
  | { kind: 'malformed'; reason: string }
  | { kind: 'unreachable'; reason: string };

type TextResult =
  | { kind: 'text'; text: string }
  | Extract<GetResult, { kind: 'http' | 'unreachable' }>;

/** One GET whose 2xx body is returned as it is. Never throws. */
async function getText(
  get: KubeGet,
  path: string,
  signal: AbortSignal,
  accept?: string,
): Promise<TextResult> {
  let res: RawResponse;
  try {
    res = await get(path, signal, accept);
  } catch (e) {
    const reason = signal.aborted ? describe(signal.reason) : describe(e);
    return { kind: 'unreachable', reason };
  }
  if (res.status < 200 || res.status >= 300) {
    return {
      kind: 'http',
      status: res.status,
      message: statusMessage(res.body),
    };
  }
  return { kind: 'text', text: res.body };
}

async function getJson(
  get: KubeGet,
  path: string,
  signal: AbortSignal,
): Promise<GetResult> {
  const res = await getText(get, path, signal);
  if (res.kind !== 'text') return res;
  try {
    return { kind: 'json', json: JSON.parse(res.text) };
  } catch (e) {
    return {
      kind: 'malformed',
      reason: `malformed JSON from ${path}: ${describe(e)}`,
    };
  }
}

/** The message of a Kubernetes Status body, shortened. */
function statusMessage(body: string): string {
  try {
    const parsed = JSON.parse(body);
    if (parsed && typeof parsed.message === 'string')
      return parsed.message.slice(0, 300);
  } catch {
    // not JSON
  }
  return body.slice(0, 120).replace(/\s+/g, ' ');
}

function toReadStatus(
  r: Exclude<GetResult, { kind: 'json' }>,
  path: string,
): ReadStatus {
  switch (r.kind) {
    case 'http':
      if (r.status === 401 || r.status === 403) {
        return { state: 'forbidden', reason: `HTTP ${r.status}: ${r.message}` };
      }
      if (r.status === 404)
        return { state: 'not-served', reason: `${path} not found (HTTP 404)` };
      return {
        state: 'failed',
        reason: `HTTP ${r.status} from ${path}: ${r.message}`,
      };
    case 'malformed':
      return { state: 'failed', reason: r.reason };
    default:
      return { state: 'failed', reason: `${path}: ${r.reason}` };
  }
}

function redactStatus(
  status: ReadStatus,
  redact: (s: string) => string,
): ReadStatus {
  return status.state === 'ok'
    ? status
    : { ...status, reason: redact(status.reason) };
}

/**
 * Discovery: `/apis` once, then the resource list of every group/version of the table
 * that the cluster serves. Returns where (or why not) each spec can be listed.
 */
async function discover(
  get: KubeGet,
  signal: AbortSignal,
): Promise<(spec: ResourceSpec) => ReadStatus & { version?: string }> {
  const groupsRead = await getJson(get, '/apis', signal);
  let servedGroupVersions: Set<string> | undefined;
  if (groupsRead.kind === 'json' && Array.isArray(groupsRead.json?.groups)) {
    servedGroupVersions = new Set<string>(['v1']);
    for (const g of groupsRead.json.groups) {
      for (const v of g?.versions ?? []) {
        if (typeof v?.groupVersion === 'string')
          servedGroupVersions.add(v.groupVersion);
      }
    }
  }

  const wanted = new Set<string>();
  for (const spec of RESOURCE_SPECS) {
    for (const v of spec.versions) wanted.add(groupVersion(spec.group, v));
  }
  const resourceLists = new Map<string, GetResult>();
  await runBounded(
    [...wanted]
      .filter(gv => !servedGroupVersions || servedGroupVersions.has(gv))
      .map(gv => async () => {
        const path = gv === 'v1' ? '/api/v1' : `/apis/${gv}`;
        resourceLists.set(gv, await getJson(get, path, signal));
      }),
    4,
  );

  return spec => {
    let firstProblem: ReadStatus | undefined;
    for (const version of spec.versions) {
      const gv = groupVersion(spec.group, version);
      const read = resourceLists.get(gv);
      if (!read) continue; // not in /apis
      if (read.kind === 'json') {
        const resources: any[] = Array.isArray(read.json?.resources)
          ? read.json.resources
          : [];
        if (resources.some(r => r?.name === spec.plural))
          return { state: 'ok', version };
        continue;
      }
      const status = toReadStatus(
        read,
        gv === 'v1' ? '/api/v1' : `/apis/${gv}`,
      );
      if (status.state !== 'not-served') firstProblem ??= status;
    }
    if (firstProblem) return firstProblem;
    const where = spec.group || 'core';
    return {
      state: 'not-served',
      reason: spec.optional
        ? `${spec.plural}.${where} is not served (${spec.versions.join(
            ', ',
          )}): CRD or API not installed`
        : `${spec.plural}.${where} is not served in ${spec.versions.join(
            ', ',
          )}`,
    };
  };
}

/** Lists every page of one resource. A 410 (expired continue token) restarts the list once. */
async function listAll(
  get: KubeGet,
  spec: ResourceSpec,
  version: string,
  pageSize: number,
  signal: AbortSignal,
): Promise<{ status: ReadStatus; objects: KubeObject[] }> {
  const basePath = listPath(spec, version);
  let restarted = false;
  let objects: KubeObject[] = [];
  let cont: string | undefined;
  let page = 0;
  for (;;) {
    const params = new URLSearchParams();
    params.set('limit', String(pageSize));
    if (spec.fieldSelector) params.set('fieldSelector', spec.fieldSelector);
    if (cont) params.set('continue', cont);
    const path = `${basePath}?${params}`;
    page += 1;
    const read = await getJson(get, path, signal);
    if (read.kind !== 'json') {
      if (read.kind === 'http' && read.status === 410 && !restarted) {
        restarted = true;
        objects = [];
        cont = undefined;
        page = 0;
        continue;
      }
      const status = toReadStatus(read, basePath);
      return {
        status:
          status.state === 'failed' && page > 1
            ? { ...status, reason: `page ${page}: ${status.reason}` }
            : status,
        objects: [],
      };
    }
    const body = read.json;
    if (!isListDocument(body)) {
      return {
        status: {
          state: 'failed',
          reason: `${basePath}: response is not a list`,
        },
        objects: [],
      };
    }
    for (const item of listItems({
      apiVersion: body.apiVersion ?? groupVersion(spec.group, version),
      kind: body.kind === 'List' ? `${spec.kind}List` : body.kind,
      items: body.items,
    })) {
      objects.push(trimAtRead(item as KubeObject));
    }
    cont =
      typeof body.metadata?.continue === 'string' && body.metadata.continue
        ? body.metadata.continue
        : undefined;
    if (!cont) return { status: { state: 'ok', version }, objects };
  }
}

/**
 * `GET /metrics` (Prometheus text) through the same authenticated client, timeout and
 * abort signal as the lists, read for `apiserver_requested_deprecated_apis`. Never throws:
 * 401/403 is forbidden (the collector's ClusterRole lacks the non-resource URL), 404
 * not-served, anything else failed. Reasons are redacted by the caller.
 *
 * Behind a load balancer with several API server replicas, this answer comes from
 * whichever replica served the request: the gauge is kept per API server instance and
 * starts empty when that instance restarts, so it shows the deprecated APIs requested
 * from that replica since its start, not from the whole cluster forever.
 */
async function readApiServerMetrics(
  get: KubeGet,
  signal: AbortSignal,
): Promise<ApiServerMetrics> {
  const path = '/metrics';
  const read = await getText(get, path, signal, METRICS_ACCEPT);
  if (read.kind === 'text') return apiServerMetricsFromText(read.text, path);
  if (read.kind === 'http' && (read.status === 401 || read.status === 403)) {
    return {
      status: {
        state: 'forbidden',
        reason: `HTTP ${read.status} on ${path}: ${read.message}; the collector's ClusterRole needs nonResourceURLs: ["/metrics"] with verbs: ["get"] (deploy/collector-rbac.yaml)`,
      },
      deprecatedApiRequests: [],
    };
  }
  return { status: toReadStatus(read, path), deprecatedApiRequests: [] };
}

/** The promise's outcome, or the abort reason once the signal aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      value => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      error => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Runs async tasks with at most `limit` in flight. */
export async function runBounded(
  tasks: Array<() => Promise<void>>,
  limit: number,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      await task();
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker),
  );
}

function describe(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as { code?: string }).code;
    return code && !e.message.includes(code)
      ? `${e.message} (${code})`
      : e.message;
  }
  return String(e);
}
