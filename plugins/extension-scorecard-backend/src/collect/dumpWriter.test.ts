import fs from 'node:fs';
import path from 'node:path';
import { createMockDirectory } from '@backstage/backend-test-utils';
import { readClusterDump } from './dumps';
import { dumpDirectoryProblem, writeClusterDump } from './dumpWriter';
import { apiServerMetricsFromText } from './metrics';
import { RESOURCE_KEYS } from './resources';
import type { ClusterCollection, KubeObject } from './types';

const EXAMPLES = path.resolve(__dirname, '../../../../examples');
const METRICS = fs.readFileSync(
  path.join(__dirname, '__fixtures__/apiserver-metrics.txt'),
  'utf8',
);
const now = () => new Date('2025-06-01T00:00:00Z');

/** What a dump must carry over: everything but when and how it was read. */
function content(c: ClusterCollection) {
  const { collectedAt: _at, source: _source, cluster: _name, ...rest } = c;
  return rest;
}

function chaos(kind: string, name: string): KubeObject {
  return {
    apiVersion: 'chaos-mesh.org/v1alpha1',
    kind,
    metadata: { name, namespace: 'chaos' },
    spec: { mode: 'one' },
  } as KubeObject;
}

/** A collection as the live source makes it: every key read, with every kind of outcome. */
function liveLike(): ClusterCollection {
  const reads: ClusterCollection['reads'] = {};
  for (const key of RESOURCE_KEYS) reads[key] = { state: 'ok', version: 'v1' };
  return {
    cluster: 'edge',
    source: 'live',
    collectedAt: '2025-05-31T12:00:00.000Z',
    version: {
      major: '1',
      minor: '33',
      gitVersion: 'v1.33.4',
      platform: 'linux/arm64',
    },
    versionStatus: { state: 'ok' },
    reads: {
      ...reads,
      nodes: { state: 'forbidden', reason: 'HTTP 403: nodes is forbidden' },
      csinodes: {
        state: 'failed',
        reason: 'HTTP 500 from /apis/storage.k8s.io/v1/csinodes: etcd; timeout',
      },
      deviceclasses: { state: 'ok', version: 'v1beta1' },
      resourceslices: {
        state: 'not-served',
        reason: 'resourceslices.resource.k8s.io is not served',
      },
      certificates: { state: 'ok' },
      // several lists under one key: the worst one's reason, prefixed with its plural
      chaosmesh: {
        state: 'forbidden',
        reason: 'networkchaos: HTTP 403: networkchaos is forbidden',
      },
      chaosresults: {
        state: 'not-served',
        reason: 'chaosresults.litmuschaos.io is not served (v1alpha1)',
      },
    },
    objects: {
      deployments: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: {
            name: 'edge-agent',
            namespace: 'kube-system',
            labels: { 'app.kubernetes.io/version': '1.10' },
            annotations: {
              // strings YAML would read as other types, long lines, quotes and newlines
              'example.com/yes': 'yes',
              'example.com/number': '0x1F',
              'example.com/date': '2025-01-01',
              'example.com/long': 'x'.repeat(300),
              'example.com/text': 'line "one"\nline: two\\ # not a comment',
            },
            managedFields: [
              {
                manager: 'helm',
                operation: 'Update',
                apiVersion: 'apps/v1',
                time: '2025-05-01T00:00:00Z',
              },
            ],
          },
          spec: { replicas: 2, paused: false, selector: null },
        } as KubeObject,
      ],
      chaosmesh: [chaos('PodChaos', 'kill-one'), chaos('DNSChaos', 'dns')],
    },
    apiServerMetrics: {
      status: { state: 'ok' },
      deprecatedApiRequests: [
        {
          group: 'policy',
          version: 'v1beta1',
          resource: 'poddisruptionbudgets',
          subresource: '',
          removedRelease: '1.25',
        },
        {
          group: 'example.com',
          version: 'v1alpha1',
          resource: 'we"ird\\things',
          subresource: 'status',
          removedRelease: '',
        },
      ],
    },
  };
}

describe('writeClusterDump', () => {
  const mockDir = createMockDirectory();

  beforeEach(() => mockDir.clear());

  async function roundTrip(collection: ClusterCollection, dir = 'dump') {
    const directory = path.join(mockDir.path, dir);
    const files = await writeClusterDump(collection, directory);
    const back = await readClusterDump({
      name: collection.cluster,
      directory,
      now,
    });
    return { files, back, directory };
  }

  it('round-trips a live collection: objects, reads, version and metrics', async () => {
    const collection = liveLike();
    const { files, back } = await roundTrip(collection);
    expect(back.source).toBe('dump');
    expect(back.error).toBeUndefined();
    expect(content(back)).toEqual(content(collection));
    expect(files).toEqual(
      expect.arrayContaining([
        'deployments.yaml',
        'podchaos.yaml',
        'dnschaos.yaml',
        'reads.yaml',
        'version.json',
        'metrics.txt',
        // read ok, no objects: an empty list
        'namespaces.yaml',
      ]),
    );
    // a forbidden or failed read has no file; nor has a chaos kind without objects
    expect(files).not.toContain('nodes.yaml');
    expect(files).not.toContain('networkchaos.yaml');
  });

  it('writes the formats the brief names: v1 List, kubectl version JSON, Prometheus text', async () => {
    const { directory } = await roundTrip(liveLike());
    const read = (name: string) =>
      fs.readFileSync(path.join(directory, name), 'utf8');
    expect(read('deployments.yaml')).toMatch(/^apiVersion: v1\nkind: List\n/m);
    expect(read('deployments.yaml')).toContain('name: edge-agent');
    expect(JSON.parse(read('version.json'))).toEqual({
      serverVersion: liveLike().version,
    });
    expect(read('metrics.txt')).toContain(
      'apiserver_requested_deprecated_apis{group="policy",version="v1beta1",resource="poddisruptionbudgets",subresource="",removed_release="1.25"} 1\n',
    );
    expect(read('reads.yaml')).toContain('deviceclasses:\n  state: ok\n');
    // a key of several lists is written per list, so it folds back to the same status
    expect(read('reads.yaml')).toContain(
      'networkchaos.chaos-mesh.org:\n  state: forbidden\n  reason: "HTTP 403: networkchaos is forbidden"',
    );
  });

  it('round-trips a key of several lists that none serves, and one that failed', async () => {
    const notServed = liveLike();
    notServed.objects = {};
    notServed.reads.chaosmesh = {
      state: 'not-served',
      reason: [
        'podchaos',
        'networkchaos',
        'stresschaos',
        'iochaos',
        'timechaos',
        'httpchaos',
        'dnschaos',
      ]
        .map(p => `${p}: ${p}.chaos-mesh.org is not served (v1alpha1); sorry`)
        .join('; '),
    };
    expect(content((await roundTrip(notServed, 'a')).back)).toEqual(
      content(notServed),
    );
    const failed = liveLike();
    failed.reads.chaosmesh = {
      state: 'failed',
      reason: 'iochaos: page 2: HTTP 500 from /apis/chaos-mesh.org/v1alpha1',
    };
    expect(content((await roundTrip(failed, 'b')).back)).toEqual(
      content(failed),
    );
  });

  it('round-trips the demo dump and the API server metrics fixture', async () => {
    const original = {
      ...(await readClusterDump({
        name: 'prod-eu',
        directory: path.join(EXAMPLES, 'clusters/prod-eu'),
        now,
      })),
      apiServerMetrics: apiServerMetricsFromText(METRICS, '/metrics'),
    };
    expect(original.apiServerMetrics.deprecatedApiRequests).toHaveLength(4);
    expect(original.objects.deployments?.length).toBeGreaterThan(5);
    const { back } = await roundTrip(original);
    expect(content(back)).toEqual(content(original));
  });

  it('writes no version.json or metrics.txt for reads that were not ok, and keeps how the metrics read went', async () => {
    const collection = liveLike();
    collection.version = null;
    collection.versionStatus = { state: 'forbidden', reason: 'HTTP 403' };
    collection.apiServerMetrics = {
      status: { state: 'forbidden', reason: 'HTTP 403 on /metrics' },
      deprecatedApiRequests: [],
    };
    const { files, back } = await roundTrip(collection);
    expect(files).not.toContain('version.json');
    expect(files).not.toContain('metrics.txt');
    expect(back.version).toBeNull();
    expect(back.apiServerMetrics).toEqual(collection.apiServerMetrics);
    expect(back.objects).toEqual(collection.objects);
    expect(back.reads).toEqual(collection.reads);
  });

  it('writes an empty metrics.txt that still reads as ok', async () => {
    const collection = liveLike();
    collection.apiServerMetrics = {
      status: { state: 'ok' },
      deprecatedApiRequests: [],
    };
    const { back } = await roundTrip(collection);
    expect(back.apiServerMetrics).toEqual({
      status: { state: 'ok' },
      deprecatedApiRequests: [],
    });
  });

  it('refuses a collection that failed as a whole, and a directory with other files', async () => {
    await expect(
      writeClusterDump(
        {
          ...liveLike(),
          objects: {},
          error: 'cluster unreachable: ECONNREFUSED',
        },
        path.join(mockDir.path, 'x'),
      ),
    ).rejects.toThrow(/nothing to dump: cluster unreachable/);
    expect(fs.existsSync(path.join(mockDir.path, 'x'))).toBe(false);

    mockDir.setContent({
      mine: { 'configmaps.yaml': 'kind: List\nitems: []' },
    });
    const mine = path.join(mockDir.path, 'mine');
    expect(await dumpDirectoryProblem(mine)).toMatch(
      /holds files that are not part of a dump .*configmaps\.yaml/,
    );
    await expect(writeClusterDump(liveLike(), mine)).rejects.toThrow(
      /configmaps\.yaml/,
    );
    expect(fs.readdirSync(mine)).toEqual(['configmaps.yaml']);
  });

  it('replaces an earlier dump in the same directory, leaving none of its files behind', async () => {
    const first = liveLike();
    const { directory } = await roundTrip(first);
    expect(await dumpDirectoryProblem(directory)).toBeUndefined();
    const second = liveLike();
    second.objects = { deployments: first.objects.deployments };
    const { back, files } = await roundTrip(second);
    expect(fs.readdirSync(directory).sort()).toEqual(files);
    expect(files).not.toContain('podchaos.yaml');
    expect(content(back)).toEqual(content(second));
  });
});
