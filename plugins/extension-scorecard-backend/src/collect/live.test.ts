import fs from 'node:fs';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { collectLiveCluster, LiveClusterConfig } from './live';
import {
  createStandInHandler,
  StandInFault,
  standInClusterFromObjects,
  StandInHandler,
} from '../testUtils/standInApiServer';
import type { KubeObject } from './types';

// the first test also loads client-node (ESM, transpiled on first use) and TLS keys
jest.setTimeout(60_000);

const TOKEN = 'sekret-token-0123456789abcdef';
const METRICS = fs.readFileSync(
  path.join(__dirname, '__fixtures__/apiserver-metrics.txt'),
  'utf8',
);
const BASE = 'https://prod-eu.k8s.test:6443';

const cluster: LiveClusterConfig = {
  name: 'prod-eu',
  url: BASE,
  serviceAccountToken: TOKEN,
  timeoutSeconds: 5,
  pageSize: 2,
  concurrency: 3,
};

function deployment(name: string, namespace = 'kube-system'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace },
    spec: { replicas: 2 },
  };
}

const objects: KubeObject[] = [
  {
    ...deployment('coredns'),
    metadata: {
      name: 'coredns',
      namespace: 'kube-system',
      managedFields: [
        {
          manager: 'kubeadm',
          operation: 'Update',
          apiVersion: 'apps/v1',
          time: '2025-01-10T09:00:00Z',
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:spec': { 'f:replicas': {} } },
        },
      ],
    },
  },
  deployment('metrics-server'),
  deployment('cert-manager', 'cert-manager'),
  deployment('cert-manager-webhook', 'cert-manager'),
  deployment('cert-manager-cainjector', 'cert-manager'),
  {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'waiting', namespace: 'batch' },
    spec: { schedulerName: 'scheduler-plugins-scheduler' },
    status: { phase: 'Pending' },
  },
  {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'running', namespace: 'batch' },
    status: { phase: 'Running' },
  },
  {
    apiVersion: 'resource.k8s.io/v1beta1',
    kind: 'DeviceClass',
    metadata: { name: 'gpu.example.com' },
    spec: {
      selectors: [
        { cel: { expression: "device.driver == 'gpu.example.com'" } },
      ],
    },
  },
];

const server = setupServer();
let standIn: StandInHandler;

function serve(handler: StandInHandler, base = BASE) {
  server.use(
    http.get(`${base}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const answer = await handler.handle({
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams.entries()),
        authorization: request.headers.get('authorization') ?? undefined,
      });
      if ('drop' in answer) return HttpResponse.error();
      return new HttpResponse(answer.body, {
        status: answer.status,
        headers: { 'content-type': answer.contentType ?? 'application/json' },
      });
    }),
  );
}

function withFaults(faults: StandInFault[], metrics?: string) {
  standIn = createStandInHandler({
    cluster: standInClusterFromObjects(objects, undefined, metrics),
    token: TOKEN,
    faults,
  });
  serve(standIn);
}

describe('collectLiveCluster (msw)', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('follows continue tokens and keeps plain JSON with apiVersion/kind filled in', async () => {
    withFaults([]);
    const c = await collectLiveCluster(cluster);
    expect(c.error).toBeUndefined();
    expect(c.version?.gitVersion).toBe('v1.33.1');
    expect(c.reads.deployments).toEqual({ state: 'ok', version: 'v1' });
    expect(c.objects.deployments?.map(d => d.metadata.name)).toEqual([
      'coredns',
      'metrics-server',
      'cert-manager',
      'cert-manager-webhook',
      'cert-manager-cainjector',
    ]);
    // managedFields entries are kept, without their fieldsV1
    expect(c.objects.deployments?.[0]).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'coredns',
        namespace: 'kube-system',
        managedFields: [
          {
            manager: 'kubeadm',
            operation: 'Update',
            apiVersion: 'apps/v1',
            time: '2025-01-10T09:00:00Z',
            fieldsType: 'FieldsV1',
          },
        ],
      },
      spec: { replicas: 2 },
    });
    // five deployments, page size 2: three pages, the 2nd and 3rd with a continue token
    const pages = standIn.requests.filter(
      r => r.path === '/apis/apps/v1/deployments',
    );
    expect(pages.map(p => p.query.limit)).toEqual(['2', '2', '2']);
    expect(pages[0].query.continue).toBeUndefined();
    expect(pages[1].query.continue).toBeTruthy();
    expect(pages[2].query.continue).toBeTruthy();
    // every request carried the bearer token
    expect(
      standIn.requests.every(r => r.authorization === `Bearer ${TOKEN}`),
    ).toBe(true);
  });

  it('lists only Pending pods, with a field selector', async () => {
    withFaults([]);
    const c = await collectLiveCluster(cluster);
    expect(c.objects.pods?.map(p => p.metadata.name)).toEqual(['waiting']);
    const podLists = standIn.requests.filter(r => r.path === '/api/v1/pods');
    expect(podLists[0].query.fieldSelector).toBe('status.phase=Pending');
  });

  it('picks the resource.k8s.io version the cluster serves, by discovery', async () => {
    withFaults([]);
    const c = await collectLiveCluster(cluster);
    expect(c.reads.deviceclasses).toEqual({ state: 'ok', version: 'v1beta1' });
    expect(c.objects.deviceclasses?.[0].apiVersion).toBe(
      'resource.k8s.io/v1beta1',
    );
    expect(
      standIn.requests.some(r => r.path === '/apis/resource.k8s.io/v1'),
    ).toBe(false);
  });

  it('records 403 on one resource as forbidden and completes the others', async () => {
    withFaults([
      { match: '/apis/rbac.authorization.k8s.io/v1/clusterroles', status: 403 },
    ]);
    const c = await collectLiveCluster(cluster);
    expect(c.reads.clusterroles).toMatchObject({
      state: 'forbidden',
      reason: expect.stringContaining('HTTP 403'),
    });
    expect(c.reads.clusterrolebindings).toEqual({ state: 'ok', version: 'v1' });
    expect(c.objects.deployments).toHaveLength(5);
  });

  it('records an uninstalled CRD as not-served, from discovery', async () => {
    withFaults([]);
    const c = await collectLiveCluster(cluster);
    expect(c.reads.certificates).toMatchObject({
      state: 'not-served',
      reason: expect.stringContaining('CRD or API not installed'),
    });
    expect(c.reads.chaosmesh).toMatchObject({ state: 'not-served' });
    // no list call for a resource discovery says is absent
    expect(standIn.requests.some(r => r.path.includes('cert-manager.io'))).toBe(
      false,
    );
  });

  it('records a 404 on a list (CRD removed after discovery) as not-served', async () => {
    withFaults([{ match: '/apis/apps/v1/daemonsets', status: 404 }]);
    const c = await collectLiveCluster(cluster);
    expect(c.reads.daemonsets).toMatchObject({ state: 'not-served' });
  });

  it('records a 500 as failed with the reason', async () => {
    withFaults([{ match: '/apis/apps/v1/deployments', status: 500 }]);
    const c = await collectLiveCluster(cluster);
    expect(c.reads.deployments).toEqual({
      state: 'failed',
      reason: expect.stringMatching(
        /^HTTP 500 from \/apis\/apps\/v1\/deployments: injected fault/,
      ),
    });
    expect(c.objects.deployments).toBeUndefined();
  });

  it('records a failure on a later page, and drops the partial list', async () => {
    let calls = 0;
    withFaults([
      {
        match: p => p === '/apis/apps/v1/deployments' && ++calls === 2,
        status: 503,
      },
    ]);
    const c = await collectLiveCluster(cluster);
    expect(c.reads.deployments).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/^page 2: HTTP 503/),
    });
    expect(c.objects.deployments).toBeUndefined();
  });

  it('records malformed JSON as failed', async () => {
    withFaults([{ match: '/apis/apps/v1/daemonsets', malformed: true }]);
    const c = await collectLiveCluster(cluster);
    expect(c.reads.daemonsets).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('malformed JSON'),
    });
  });

  it('fails the reads still running when the per-cluster timeout fires', async () => {
    withFaults([{ match: '/apis/apps/v1/deployments', delayMs: 2000 }]);
    const started = Date.now();
    const c = await collectLiveCluster({ ...cluster, timeoutSeconds: 0.5 });
    expect(Date.now() - started).toBeLessThan(1900);
    expect(c.reads.deployments).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('cluster timeout after 0.5s'),
    });
    expect(c.reads.namespaces).toEqual({ state: 'ok', version: 'v1' });
  });

  it('stops when the caller aborts', async () => {
    withFaults([{ match: '/apis/apps/v1/deployments', delayMs: 2000 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const c = await collectLiveCluster(cluster, { signal: controller.signal });
    expect(c.reads.deployments).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('collection aborted'),
    });
  });

  it('reports a cluster that is down as an error with no data', async () => {
    withFaults([{ match: () => true, dropConnection: true }]);
    const c = await collectLiveCluster(cluster);
    expect(c.error).toMatch(/^cluster unreachable/);
    expect(c.objects).toEqual({});
    expect(c.reads).toEqual({});
    expect(JSON.stringify(c)).not.toContain(TOKEN);
  });

  it('reports a cluster that never answers as an error once its timeout passes', async () => {
    withFaults([{ match: () => true, delayMs: 3000 }]);
    const c = await collectLiveCluster({ ...cluster, timeoutSeconds: 0.3 });
    expect(c.error).toBe('cluster unreachable: cluster timeout after 0.3s');
    expect(c.objects).toEqual({});
    expect(JSON.stringify(c)).not.toContain(TOKEN);
  });

  it('reports a wrong token as an error without the token', async () => {
    withFaults([]);
    const c = await collectLiveCluster({
      ...cluster,
      serviceAccountToken: 'wrong',
    });
    expect(c.error).toMatch(/unauthorized/);
    expect(JSON.stringify(c)).not.toContain('wrong');
  });

  it('never puts the token in an error, even when the server echoes it back', async () => {
    server.use(
      http.get(`${BASE}/*`, ({ request }) =>
        HttpResponse.json(
          {
            kind: 'Status',
            apiVersion: 'v1',
            status: 'Failure',
            message: `internal error; request had header ${request.headers.get(
              'authorization',
            )}`,
            code: 500,
          },
          { status: 500 },
        ),
      ),
    );
    const c = await collectLiveCluster(cluster);
    const text = JSON.stringify(c);
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(TOKEN);
  });

  describe('API server metrics', () => {
    it('reads the deprecated APIs requested from GET /metrics, after the lists, with the token', async () => {
      withFaults([], METRICS);
      const c = await collectLiveCluster(cluster);
      expect(c.apiServerMetrics?.status).toEqual({ state: 'ok' });
      expect(
        c.apiServerMetrics?.deprecatedApiRequests.map(
          r => `${r.group}/${r.version}/${r.resource} ${r.removedRelease}`,
        ),
      ).toEqual([
        'autoscaling/v2beta2/horizontalpodautoscalers 1.26',
        'flowcontrol.apiserver.k8s.io/v1beta3/flowschemas 1.32',
        'kyverno.io/v1beta1/updaterequests ',
        'policy/v1beta1/poddisruptionbudgets 1.25',
      ]);
      const metrics = standIn.requests.filter(r => r.path === '/metrics');
      expect(metrics).toHaveLength(1);
      expect(metrics[0].authorization).toBe(`Bearer ${TOKEN}`);
      expect(standIn.requests[standIn.requests.length - 1].path).toBe(
        '/metrics',
      );
    });

    it('records 403 as forbidden, naming the RBAC rule, and reads everything else', async () => {
      withFaults([{ match: '/metrics', status: 403 }], METRICS);
      const c = await collectLiveCluster(cluster);
      expect(c.apiServerMetrics).toEqual({
        status: {
          state: 'forbidden',
          reason: expect.stringContaining(
            'HTTP 403 on /metrics: injected fault on /metrics; the collector\'s ClusterRole needs nonResourceURLs: ["/metrics"] with verbs: ["get"]',
          ),
        },
        deprecatedApiRequests: [],
      });
      expect(c.error).toBeUndefined();
      expect(c.versionStatus).toEqual({ state: 'ok' });
      expect(c.reads.deployments).toEqual({ state: 'ok', version: 'v1' });
      expect(c.objects.deployments).toHaveLength(5);
      expect(
        Object.values(c.reads).filter(
          r => r?.state === 'failed' || r?.state === 'forbidden',
        ),
      ).toEqual([]);
    });

    it('records 404 as not-served, other answers as failed', async () => {
      withFaults([]);
      const none = await collectLiveCluster(cluster);
      expect(none.apiServerMetrics).toEqual({
        status: {
          state: 'not-served',
          reason: '/metrics not found (HTTP 404)',
        },
        deprecatedApiRequests: [],
      });

      withFaults([{ match: '/metrics', status: 503 }], METRICS);
      const down = await collectLiveCluster(cluster);
      expect(down.apiServerMetrics?.status).toEqual({
        state: 'failed',
        reason: 'HTTP 503 from /metrics: injected fault on /metrics',
      });

      withFaults([{ match: '/metrics', dropConnection: true }], METRICS);
      const dropped = await collectLiveCluster(cluster);
      expect(dropped.apiServerMetrics?.status).toMatchObject({
        state: 'failed',
        reason: expect.stringMatching(/^\/metrics: /),
      });
      expect(dropped.reads.deployments).toEqual({ state: 'ok', version: 'v1' });
    });

    it('fails the metrics read, not the run, when the cluster timeout fires on it', async () => {
      withFaults([{ match: '/metrics', delayMs: 2000 }], METRICS);
      const c = await collectLiveCluster({ ...cluster, timeoutSeconds: 0.5 });
      expect(c.apiServerMetrics?.status).toEqual({
        state: 'failed',
        reason: '/metrics: cluster timeout after 0.5s',
      });
      expect(c.reads.deployments).toEqual({ state: 'ok', version: 'v1' });
    });

    it('never puts the token in a metrics reason, even when the server echoes it back', async () => {
      withFaults([], METRICS);
      server.use(
        http.get(`${BASE}/metrics`, ({ request }) =>
          HttpResponse.json(
            {
              kind: 'Status',
              apiVersion: 'v1',
              status: 'Failure',
              message: `forbidden: request had header ${request.headers.get(
                'authorization',
              )}`,
              code: 403,
            },
            { status: 403 },
          ),
        ),
      );
      const c = await collectLiveCluster(cluster);
      expect(c.apiServerMetrics?.status).toMatchObject({
        state: 'forbidden',
        reason: expect.stringContaining('Bearer [redacted]'),
      });
      expect(JSON.stringify(c)).not.toContain(TOKEN);
    });
  });

  it('without a connector, only reads service-account clusters, and says so', async () => {
    const c = await collectLiveCluster({ ...cluster, authProvider: 'aws' });
    expect(c.error).toMatch(
      /authProvider 'aws' needs the Kubernetes plugin's authentication strategies/,
    );
  });
});
