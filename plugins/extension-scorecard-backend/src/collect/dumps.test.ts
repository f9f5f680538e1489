import fs from 'node:fs';
import path from 'node:path';
import { createMockDirectory } from '@backstage/backend-test-utils';
import { createDumpClusterSource, readClusterDump } from './dumps';

const METRICS = fs.readFileSync(
  path.join(__dirname, '__fixtures__/apiserver-metrics.txt'),
  'utf8',
);

const now = () => new Date('2025-06-01T00:00:00Z');

describe('readClusterDump', () => {
  const mockDir = createMockDirectory();

  beforeEach(() => mockDir.clear());

  it('reads v1 Lists, typed lists, single objects and multi-document YAML', async () => {
    mockDir.setContent({
      'deployments.yaml': `apiVersion: v1
kind: List
items:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: metrics-server, namespace: kube-system }
    spec: { replicas: 1 }
`,
      'cluster/webhooks.yaml': `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: cert-manager-webhook
webhooks: []
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: cert-manager-webhook
webhooks: []
---
`,
      'services.json': JSON.stringify({
        apiVersion: 'v1',
        kind: 'ServiceList',
        metadata: { resourceVersion: '1' },
        items: [
          {
            metadata: { name: 'metrics-server', namespace: 'kube-system' },
            spec: {},
          },
        ],
      }),
      'crd.json': JSON.stringify({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: 'certificates.cert-manager.io' },
      }),
      'version.json': JSON.stringify({
        clientVersion: { major: '1', minor: '32', gitVersion: 'v1.32.0' },
        kustomizeVersion: 'v5.5.0',
        serverVersion: {
          major: '1',
          minor: '31',
          gitVersion: 'v1.31.4',
          platform: 'linux/amd64',
        },
      }),
    });
    const c = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(c.error).toBeUndefined();
    expect(c.source).toBe('dump');
    expect(c.collectedAt).toBe('2025-06-01T00:00:00.000Z');
    expect(c.version).toEqual({
      major: '1',
      minor: '31',
      gitVersion: 'v1.31.4',
      platform: 'linux/amd64',
    });
    expect(c.versionStatus).toEqual({ state: 'ok' });
    expect(c.objects.deployments?.map(o => o.metadata.name)).toEqual([
      'metrics-server',
    ]);
    expect(c.objects.validatingwebhookconfigurations).toHaveLength(1);
    expect(c.objects.mutatingwebhookconfigurations).toHaveLength(1);
    // typed list items get apiVersion/kind from the list
    expect(c.objects.services?.[0]).toMatchObject({
      apiVersion: 'v1',
      kind: 'Service',
    });
    expect(c.reads.services).toEqual({ state: 'ok', version: 'v1' });
    expect(c.reads.customresourcedefinitions).toEqual({
      state: 'ok',
      version: 'v1',
    });
  });

  it('marks resources absent from the dump not-served, and an empty named list ok', async () => {
    mockDir.setContent({
      'csidrivers.yaml': 'apiVersion: v1\nkind: List\nitems: []\n',
    });
    const c = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(c.reads.csidrivers).toEqual({ state: 'ok', version: 'v1' });
    expect(c.objects.csidrivers).toBeUndefined();
    expect(c.reads.certificates).toMatchObject({ state: 'not-served' });
    expect(c.reads.nodes).toMatchObject({
      state: 'not-served',
      reason: expect.stringContaining('absent from the dump'),
    });
    expect(c.version).toBeNull();
    expect(c.versionStatus).toMatchObject({ state: 'not-served' });
  });

  it('takes forbidden and failed reads from reads.yaml', async () => {
    mockDir.setContent({
      'reads.yaml': `clusterroles: forbidden
certificates.cert-manager.io:
  state: failed
  reason: timed out after 30s
resourceslices: { state: ok, version: v1beta1 }
chaosmesh: not-served
`,
    });
    const c = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(c.reads.clusterroles).toEqual({
      state: 'forbidden',
      reason: 'recorded as forbidden in the dump',
    });
    expect(c.reads.certificates).toEqual({
      state: 'failed',
      reason: 'timed out after 30s',
    });
    expect(c.reads.resourceslices).toEqual({ state: 'ok', version: 'v1beta1' });
    expect(c.reads.chaosmesh).toMatchObject({ state: 'not-served' });
  });

  it('turns malformed files into failed reads naming the file, never a crash', async () => {
    mockDir.setContent({
      'deployments.yaml': 'apiVersion: v1\nkind: List\nitems: [\n  - : :\n',
      'nodes.json': '{"apiVersion": "v1", "kind": "NodeList", "items": [',
      'daemonsets.yaml': `apiVersion: v1
kind: List
items:
  - apiVersion: apps/v1
    kind: DaemonSet
    metadata: { namespace: kube-system }
`,
      'reads.yaml': 'nonsense: ok\n',
    });
    const c = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(c.error).toBeUndefined();
    expect(c.reads.deployments).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/^deployments\.yaml: malformed YAML/),
    });
    expect(c.reads.nodes).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/^nodes\.json: malformed JSON/),
    });
    expect(c.reads.daemonsets).toEqual({
      state: 'failed',
      reason: 'daemonsets.yaml: item 0: missing metadata.name',
    });
    // an unreadable reads.yaml cannot vouch for anything the dump lacks
    expect(c.reads.csinodes).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining(
        'reads.yaml: unknown resource "nonsense"',
      ),
    });
  });

  it('marks resources the dump lacks failed when an unattributable file is unreadable', async () => {
    mockDir.setContent({
      'everything.yaml': 'a: [unclosed\n',
      'pods.yaml': `apiVersion: v1
kind: List
items:
  - apiVersion: v1
    kind: Pod
    metadata: { name: waiting, namespace: default }
    spec: { schedulerName: volcano }
    status: { phase: Pending }
  - apiVersion: v1
    kind: Pod
    metadata: { name: running, namespace: default }
    status: { phase: Running }
`,
    });
    const c = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(c.reads.pods).toEqual({ state: 'ok', version: 'v1' });
    expect(c.objects.pods?.map(p => p.metadata.name)).toEqual(['waiting']);
    expect(c.reads.services).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('everything.yaml: malformed YAML'),
    });
  });

  it('never keeps Secrets or other kinds the collector does not read', async () => {
    mockDir.setContent({
      'all.yaml': `apiVersion: v1
kind: Secret
metadata: { name: webhook-tls, namespace: cert-manager }
data: { tls.key: c2VjcmV0 }
---
apiVersion: v1
kind: ConfigMap
metadata: { name: cfg, namespace: default }
`,
    });
    const c = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(JSON.stringify(c)).not.toContain('webhook-tls');
    expect(JSON.stringify(c)).not.toContain('c2VjcmV0');
  });

  it('reports a missing directory as a cluster error with no data', async () => {
    const source = createDumpClusterSource({
      name: 'gone',
      directory: `${mockDir.path}/does-not-exist`,
      now,
    });
    expect(source).toMatchObject({ name: 'gone', type: 'dump' });
    const c = await source.collect();
    expect(c.error).toMatch(/cannot read dump directory/);
    expect(c.objects).toEqual({});
  });

  it('reads the API server metrics from metrics.txt, never as objects', async () => {
    mockDir.setContent({
      'metrics.txt': METRICS,
      'csidrivers.yaml': 'apiVersion: v1\nkind: List\nitems: []\n',
    });
    const c = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(c.apiServerMetrics?.status).toEqual({ state: 'ok' });
    expect(c.apiServerMetrics?.deprecatedApiRequests).toContainEqual({
      group: 'flowcontrol.apiserver.k8s.io',
      version: 'v1beta3',
      resource: 'flowschemas',
      subresource: '',
      removedRelease: '1.32',
    });
    expect(c.apiServerMetrics?.deprecatedApiRequests).toHaveLength(4);
    // not an unreadable object file: nothing is failed because of it
    expect(Object.values(c.reads).filter(r => r?.state === 'failed')).toEqual(
      [],
    );
    expect(c.reads.csidrivers).toEqual({ state: 'ok', version: 'v1' });
  });

  it('says how to add metrics.txt when the dump has none, and fails an unreadable one', async () => {
    mockDir.setContent({
      'csidrivers.yaml': 'apiVersion: v1\nkind: List\nitems: []\n',
    });
    const without = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(without.apiServerMetrics).toEqual({
      status: {
        state: 'not-served',
        reason:
          'no metrics.txt in the dump (kubectl get --raw /metrics > metrics.txt)',
      },
      deprecatedApiRequests: [],
    });

    // what the README's commands leave when `kubectl get --raw /metrics` is refused
    mockDir.setContent({
      'metrics.txt': '',
      'reads.yaml': '/metrics: { state: forbidden, reason: "HTTP 403" }\n',
    });
    const recorded = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(recorded.apiServerMetrics).toEqual({
      status: { state: 'forbidden', reason: 'HTTP 403' },
      deprecatedApiRequests: [],
    });
    mockDir.setContent({ 'metrics.txt': '' });
    const empty = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(empty.apiServerMetrics).toEqual({
      status: {
        state: 'failed',
        reason:
          'metrics.txt is empty: the kubectl get --raw /metrics that wrote it failed',
      },
      deprecatedApiRequests: [],
    });

    mockDir.setContent({ 'metrics.txt': {} });
    const unreadable = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(unreadable.apiServerMetrics).toEqual({
      status: {
        state: 'failed',
        reason: expect.stringMatching(/^metrics\.txt: .*EISDIR/),
      },
      deprecatedApiRequests: [],
    });

    mockDir.setContent({
      'metrics.txt': 'Error from server (Forbidden): forbidden\n',
    });
    const notMetrics = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(notMetrics.apiServerMetrics?.status).toEqual({
      state: 'failed',
      reason: expect.stringContaining(
        'metrics.txt: not the Prometheus text format',
      ),
    });
  });

  it('keeps managedFields entries but drops their fieldsV1', async () => {
    mockDir.setContent({
      'deployments.yaml': `apiVersion: v1
kind: List
items:
  - apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: kyverno-admission-controller
      namespace: kyverno
      annotations:
        kubectl.kubernetes.io/last-applied-configuration: '{"apiVersion":"apps/v1","kind":"Deployment"}'
      managedFields:
        - apiVersion: apps/v1
          fieldsType: FieldsV1
          fieldsV1:
            f:metadata: { f:labels: { .: {}, f:app: {} } }
            f:spec: { f:replicas: {} }
          manager: helm
          operation: Update
          time: '2025-03-18T10:17:40Z'
        - apiVersion: apps/v1
          fieldsType: FieldsV1
          fieldsV1: { f:status: { f:readyReplicas: {} } }
          manager: kube-controller-manager
          operation: Update
          subresource: status
          time: '2025-05-30T08:00:00Z'
    spec: { replicas: 3 }
`,
    });
    const c = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    const [deployment] = c.objects.deployments ?? [];
    expect(deployment.metadata.managedFields).toEqual([
      {
        apiVersion: 'apps/v1',
        fieldsType: 'FieldsV1',
        manager: 'helm',
        operation: 'Update',
        time: '2025-03-18T10:17:40Z',
      },
      {
        apiVersion: 'apps/v1',
        fieldsType: 'FieldsV1',
        manager: 'kube-controller-manager',
        operation: 'Update',
        subresource: 'status',
        time: '2025-05-30T08:00:00Z',
      },
    ]);
    expect(
      deployment.metadata.annotations?.[
        'kubectl.kubernetes.io/last-applied-configuration'
      ],
    ).toBe('{"apiVersion":"apps/v1","kind":"Deployment"}');
    expect(JSON.stringify(c)).not.toContain('fieldsV1');
    expect(deployment.spec).toEqual({ replicas: 3 });
  });

  it('reports a version.json without a server version as a failed version read', async () => {
    mockDir.setContent({
      'version.json': JSON.stringify({
        clientVersion: { major: '1', minor: '31' },
      }),
    });
    const c = await readClusterDump({
      name: 'prod',
      directory: mockDir.path,
      now,
    });
    expect(c.version).toBeNull();
    expect(c.versionStatus).toMatchObject({ state: 'failed' });
  });
});
