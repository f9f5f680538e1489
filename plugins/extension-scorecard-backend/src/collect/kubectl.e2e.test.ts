/**
 * kubectl as a second, independent client of the stand-in API server: a real kubectl
 * (1.32 on CI) reads the stand-in over HTTPS with a bearer token, the way it reads a
 * real cluster: discovery, lists in pages, Status errors, `/metrics`. Then a dump
 * written with kubectl the way the README tells users to must audit exactly like a
 * live collection of the same stand-in.
 *
 * Skipped (with a warning naming what is missing) when no kubectl is installed.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { readClusterDump } from './dumps';
import { collectLiveCluster, LIVE_CLUSTER_DEFAULTS } from './live';
import { RESOURCE_KEYS, RESOURCE_SPECS } from './resources';
import type { ClusterCollection, KubeObject, ReadStatus } from './types';
import { buildInventory } from '../inventory/buildInventory';
import { evaluateInventory } from '../pipeline/evaluate';
import {
  StandInApiServer,
  StandInCluster,
  standInClusterFromDump,
  startStandInApiServer,
} from '../testUtils/standInApiServer';

jest.setTimeout(60_000);

/** `/usr/bin/kubectl`, else the first `kubectl` on PATH, else undefined. */
function findKubectl(): string | undefined {
  const candidates = [
    '/usr/bin/kubectl',
    ...(process.env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map(dir => path.join(dir, 'kubectl')),
  ];
  return candidates.find(file => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/** The oldest kubectl the assertions hold for (written against 1.32). */
const MIN_MINOR = 30;

/** kubectl's client version (`v1.32.4`), or undefined when it does not say. */
function clientVersion(kubectl: string): string | undefined {
  try {
    const out = execFileSync(kubectl, ['version', '--client', '-o', 'json'], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        KUBECONFIG: '/dev/null',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    });
    return JSON.parse(out.toString()).clientVersion?.gitVersion;
  } catch {
    return undefined;
  }
}

const KUBECTL = findKubectl();
const KUBECTL_VERSION = KUBECTL && clientVersion(KUBECTL);
const KUBECTL_MINOR = Number(/^v1\.(\d+)\./.exec(KUBECTL_VERSION ?? '')?.[1]);
let skipBecause: string | undefined;
if (!KUBECTL) {
  skipBecause =
    "no kubectl at /usr/bin/kubectl nor on PATH (install kubectl, e.g. Debian's kubernetes-client package, to run it)";
} else if (!KUBECTL_VERSION) {
  skipBecause = `${KUBECTL} does not report its version (kubectl version --client -o json)`;
} else if (!(KUBECTL_MINOR >= MIN_MINOR)) {
  skipBecause = `${KUBECTL} is ${KUBECTL_VERSION}, older than 1.${MIN_MINOR}`;
}
if (skipBecause) {
  // eslint-disable-next-line no-console
  console.warn(`kubectl.e2e.test.ts skipped: ${skipBecause}`);
}
const describeWithKubectl = skipBecause ? describe.skip : describe;

const EKS_PROD = path.resolve(
  __dirname,
  '../../../../examples/upstream/clusters/eks-prod',
);
const METRICS = fs.readFileSync(
  path.join(__dirname, '__fixtures__/apiserver-metrics.txt'),
  'utf8',
);
const README = path.resolve(__dirname, '../../README.md');
const TOKEN = 'kubectl-e2e-token-8d2e61';
const NOW = new Date('2026-12-01T00:00:00Z');
const PDB_LIST = '/apis/policy/v1/poddisruptionbudgets';
/** What the stand-in adds to every Deployment: kubectl shows it only when asked. */
const MANAGED_FIELDS = [
  {
    manager: 'helm',
    operation: 'Update',
    apiVersion: 'apps/v1',
    time: '2026-02-11T08:14:03Z',
    fieldsType: 'FieldsV1',
  },
];

/** The README's bash block that writes a dump with kubectl. */
function readmeDumpScript(): string {
  const blocks = [
    ...fs.readFileSync(README, 'utf8').matchAll(/```bash\n([\s\S]*?)```/g),
  ].map(m => m[1]);
  const script = blocks.find(
    b => b.includes('--show-managed-fields') && b.includes('version.json'),
  );
  if (!script) {
    throw new Error(`${README}: no bash block writing a dump with kubectl`);
  }
  return script;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `namespace/name`, sorted: how objects are compared across clients. */
function ids(objects: ReadonlyArray<{ metadata: KubeObject['metadata'] }>) {
  return objects
    .map(o => `${o.metadata.namespace ?? ''}/${o.metadata.name}`)
    .sort();
}

function byId(objects: readonly KubeObject[]): KubeObject[] {
  const key = (o: KubeObject) =>
    `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
  return [...objects].sort((a, b) => key(a).localeCompare(key(b)));
}

/** The object without metadata.managedFields, as a plain `kubectl get` prints it. */
function plain(o: KubeObject): KubeObject {
  const { managedFields: _m, ...metadata } = o.metadata;
  return { ...o, metadata };
}

/** What kubectl names a resource of the table: `plural` (core) or `plural.group`. */
function kubectlName(spec: { plural: string; group: string }): string {
  return spec.group ? `${spec.plural}.${spec.group}` : spec.plural;
}

/** Per component and check, the status the evaluation gave. */
function verdicts(collection: ClusterCollection): Record<string, string> {
  const inventory = buildInventory({
    clusters: [collection],
    entities: [],
    now: NOW,
  });
  const out: Record<string, string> = {};
  for (const card of evaluateInventory(inventory, { now: NOW })) {
    for (const result of card.results) {
      out[`${card.componentId} ${result.checkId}`] = result.status;
    }
  }
  return out;
}

describeWithKubectl(
  'kubectl against the stand-in API server (eks-prod)',
  () => {
    let tmp: string;
    let cluster: StandInCluster;
    let server: StandInApiServer;
    let kubeconfig: string;

    function writeKubeconfig(file: string, token: string) {
      fs.writeFileSync(
        file,
        [
          'apiVersion: v1',
          'kind: Config',
          'clusters:',
          '- name: stand-in',
          '  cluster:',
          `    server: ${server.url}`,
          `    certificate-authority-data: ${server.caData}`,
          'users:',
          '- name: collector',
          '  user:',
          `    token: ${token}`,
          'contexts:',
          '- name: stand-in',
          '  context: { cluster: stand-in, user: collector }',
          'current-context: stand-in',
          '',
        ].join('\n'),
        { mode: 0o600 },
      );
    }

    /**
     * Runs kubectl with its own KUBECONFIG, HOME and discovery cache (never the
     * developer's ~/.kube). Resolves with the exit code, never rejects on one.
     */
    function kubectl(
      args: string[],
      options: { config?: string; cacheDir?: string } = {},
    ): Promise<Run> {
      const cacheDir = options.cacheDir ?? path.join(tmp, 'cache');
      return new Promise((resolve, reject) => {
        execFile(
          KUBECTL!,
          ['--cache-dir', cacheDir, '--request-timeout=10s', ...args],
          {
            env: {
              PATH: process.env.PATH ?? '/usr/bin:/bin',
              HOME: path.join(tmp, 'home'),
              KUBECONFIG: options.config ?? kubeconfig,
            },
            timeout: 20_000,
            maxBuffer: 64 * 1024 * 1024,
          },
          (error, stdout, stderr) => {
            const code = error ? (error as { code?: unknown }).code : 0;
            if (typeof code !== 'number') {
              reject(error); // not an exit status: kubectl did not run or was killed
              return;
            }
            resolve({ code, stdout, stderr });
          },
        );
      });
    }

    /** A bash script (the README's commands) with the same kubectl environment. */
    function bash(script: string, cwd: string): Promise<Run> {
      return new Promise((resolve, reject) => {
        execFile(
          'bash',
          ['-c', script],
          {
            cwd,
            env: {
              PATH: [
                path.dirname(KUBECTL!),
                process.env.PATH ?? '/usr/bin:/bin',
              ]
                .filter(Boolean)
                .join(path.delimiter),
              HOME: path.join(tmp, 'home'),
              KUBECACHEDIR: path.join(tmp, 'script-cache'),
              KUBECONFIG: kubeconfig,
            },
            timeout: 45_000,
            maxBuffer: 16 * 1024 * 1024,
          },
          (error, stdout, stderr) => {
            const code = error ? (error as { code?: unknown }).code : 0;
            if (typeof code !== 'number') reject(error);
            else resolve({ code, stdout, stderr });
          },
        );
      });
    }

    function collectLive(): Promise<ClusterCollection> {
      return collectLiveCluster({
        name: 'eks-prod',
        url: server.url,
        caData: server.caData,
        serviceAccountToken: TOKEN,
        ...LIVE_CLUSTER_DEFAULTS,
      });
    }

    /** kubectl that must succeed: its stdout. */
    async function ok(args: string[]): Promise<string> {
      const run = await kubectl(args);
      expect({ args, code: run.code, stderr: run.stderr }).toEqual({
        args,
        code: 0,
        stderr: '',
      });
      return run.stdout;
    }

    const served = (plural: string) =>
      cluster.resources.find(r => r.plural === plural)!;

    beforeAll(async () => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scorecard-kubectl-'));
      fs.mkdirSync(path.join(tmp, 'home'));
      const fromDump = await standInClusterFromDump(EKS_PROD);
      cluster = {
        ...fromDump,
        resources: fromDump.resources.map(r =>
          r.plural === 'deployments'
            ? {
                ...r,
                objects: r.objects.map(o => ({
                  ...o,
                  metadata: { ...o.metadata, managedFields: MANAGED_FIELDS },
                })),
              }
            : r,
        ),
        metrics: METRICS,
      };
      server = await startStandInApiServer({
        cluster,
        tls: true,
        token: TOKEN,
      });
      kubeconfig = path.join(tmp, 'kubeconfig');
      writeKubeconfig(kubeconfig, TOKEN);
    });

    afterAll(async () => {
      await server?.close();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    });

    beforeEach(() => server.setFaults([]));

    it('kubectl version shows the served version', async () => {
      const out = JSON.parse(await ok(['version', '-o', 'json']));
      expect(out.serverVersion).toMatchObject({
        major: cluster.version.major,
        minor: cluster.version.minor,
        gitVersion: 'v1.32.9-eks-113cf36',
        platform: cluster.version.platform,
      });
      expect(out.clientVersion.gitVersion).toMatch(/^v1\./);
    });

    it('api-versions and api-resources list what discovery serves', async () => {
      const versions = (await ok(['api-versions'])).trim().split('\n');
      const expectedVersions = [
        ...new Set(
          cluster.resources.map(r =>
            r.group ? `${r.group}/${r.version}` : r.version,
          ),
        ),
      ].sort();
      expect(versions.sort()).toEqual(expectedVersions);

      const names = (await ok(['api-resources', '-o', 'name'])).trim();
      expect(names.split('\n').sort()).toEqual(
        cluster.resources.map(kubectlName).sort(),
      );

      // the wide table: short names, scope, kind, the verbs of a read-only server and
      // categories, from the built-in table or from the served CRD's spec.names
      const wide = await ok(['api-resources', '-o', 'wide', '--no-headers']);
      const rows = Object.fromEntries(
        wide
          .trim()
          .split('\n')
          .map(line => line.trim().split(/\s+/))
          .map(cells => [cells[0], cells.slice(1)]),
      );
      expect(rows.deployments).toEqual([
        'deploy',
        'apps/v1',
        'true',
        'Deployment',
        'get,list,watch',
        'all',
      ]);
      expect(rows.customresourcedefinitions).toEqual([
        'crd,crds',
        'apiextensions.k8s.io/v1',
        'false',
        'CustomResourceDefinition',
        'get,list,watch',
      ]);
      expect(rows.servicemonitors).toEqual([
        'smon',
        'monitoring.coreos.com/v1',
        'true',
        'ServiceMonitor',
        'get,list,watch',
        'prometheus-operator',
      ]);

      // kubectl asked for aggregated discovery; the stand-in answered the plain lists
      // (allowed: the Accept header ends with application/json) and kubectl coped
      const apis = server.requests.filter(r => r.path === '/apis');
      expect(apis.length).toBeGreaterThan(0);
      expect(apis[0].accept).toContain('as=APIGroupDiscoveryList');
      expect(apis[0].accept).toMatch(/,application\/json$/);
    });

    it('short names and singular names resolve as on a real API server', async () => {
      const kubeSystem = served('deployments')
        .objects.filter(o => o.metadata.namespace === 'kube-system')
        .map(o => `deployment.apps/${o.metadata.name}`)
        .sort();
      const deploy = await ok([
        'get',
        'deploy',
        '-n',
        'kube-system',
        '-o',
        'name',
      ]);
      expect(deploy.trim().split('\n').sort()).toEqual(kubeSystem);
      const singular = await ok([
        'get',
        'deployment',
        '-n',
        'kube-system',
        '-o',
        'name',
      ]);
      expect(singular).toBe(deploy);
      // a CRD-backed resource takes its short names from the served CRD (smon)
      const smon = await ok(['get', 'smon', '-A', '-o', 'name']);
      expect(smon.trim().split('\n')).toEqual(
        served('servicemonitors').objects.map(
          o => `servicemonitor.monitoring.coreos.com/${o.metadata.name}`,
        ),
      );
    });

    it('get -A -o yaml and get -n <ns> -o yaml return the objects the stand-in serves', async () => {
      const deployments = served('deployments');
      const all = parseYaml(
        await ok(['get', 'deployments', '-A', '-o', 'yaml']),
      );
      expect(all.kind).toBe('List');
      expect(all.items.every((o: KubeObject) => o.kind === 'Deployment')).toBe(
        true,
      );
      expect(
        all.items.every((o: KubeObject) => o.apiVersion === 'apps/v1'),
      ).toBe(true);
      // without --show-managed-fields kubectl leaves managedFields out, as always
      expect(byId(all.items)).toEqual(byId(deployments.objects.map(plain)));
      // a plain JSON list was asked for, not a Table
      const last = server.requests[server.requests.length - 1];
      expect(last.path).toBe('/apis/apps/v1/deployments');
      expect(last.accept ?? '').not.toContain('as=Table');

      const inKeda = parseYaml(
        await ok(['get', 'deployments', '-n', 'keda', '-o', 'yaml']),
      );
      const expected = deployments.objects.filter(
        o => o.metadata.namespace === 'keda',
      );
      expect(expected.length).toBeGreaterThan(1);
      expect(byId(inKeda.items)).toEqual(byId(expected.map(plain)));
      expect(server.requests[server.requests.length - 1].path).toBe(
        '/apis/apps/v1/namespaces/keda/deployments',
      );
    });

    it('human output lists every object (a Table is asked for, plain JSON is accepted)', async () => {
      const out = await ok(['get', 'deployments', '-A']);
      const lines = out.trim().split('\n');
      expect(lines[0]).toMatch(/^NAMESPACE\s+NAME\s/);
      expect(
        lines
          .slice(1)
          .map(l => l.split(/\s+/).slice(0, 2).join('/'))
          .sort(),
      ).toEqual(ids(served('deployments').objects));
      const last = server.requests[server.requests.length - 1];
      expect(last.accept).toContain('as=Table');
    });

    it('--chunk-size walks the continue tokens and returns every object', async () => {
      const before = server.requests.length;
      const objects = served('clusterroles').objects;
      const out = JSON.parse(
        await ok(['get', 'clusterroles', '--chunk-size=2', '-o', 'json']),
      );
      expect(ids(out.items)).toEqual(ids(objects));
      const pages = server.requests
        .slice(before)
        .filter(
          r => r.path === '/apis/rbac.authorization.k8s.io/v1/clusterroles',
        );
      expect(pages.length).toBe(Math.ceil(objects.length / 2));
      expect(pages.every(r => r.query.limit === '2')).toBe(true);
      expect(pages[0].query.continue).toBeUndefined();
      expect(pages.slice(1).every(r => !!r.query.continue)).toBe(true);
      expect(new Set(pages.map(r => r.query.continue)).size).toBe(pages.length);
    });

    it('a resource the stand-in does not serve is unknown to kubectl', async () => {
      const run = await kubectl(['get', 'certificates.cert-manager.io', '-A']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'the server doesn\'t have a resource type "certificates"',
      );
      expect(run.stdout).toBe('');
      // so `> file` leaves 0 bytes, which a dump reads as a failed read, not "listed, none"
      const dir = path.join(tmp, 'naive-dump');
      fs.mkdirSync(dir);
      const naive = await bash(
        'kubectl get certificates.cert-manager.io -A -o yaml > certificates.cert-manager.io.yaml',
        dir,
      );
      expect(naive.code).toBe(1);
      const dump = await readClusterDump({ name: 'naive', directory: dir });
      expect(dump.reads.certificates).toEqual({
        state: 'failed',
        reason: expect.stringMatching(
          /^certificates\.cert-manager\.io\.yaml: empty file: the kubectl command that wrote it failed/,
        ),
      });
    });

    it('a 403 prints the Status message as from a real API server', async () => {
      server.setFaults([{ match: '/apis/apps/v1/deployments', status: 403 }]);
      const run = await kubectl(['get', 'deployments', '-A', '-o', 'yaml']);
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        'Error from server (Forbidden): injected fault on /apis/apps/v1/deployments',
      );
      // kubectl still prints an empty List: `> deployments.yaml` alone would look like
      // "listed, none" in a dump (why the README's loop records failures in reads.yaml)
      expect(parseYaml(run.stdout)).toEqual({
        apiVersion: 'v1',
        kind: 'List',
        items: [],
        metadata: { resourceVersion: '' },
      });
      // another path is unaffected
      const inKeda = await kubectl([
        'get',
        'deployments',
        '-n',
        'keda',
        '-o',
        'name',
      ]);
      expect(inKeda.code).toBe(0);
    });

    it('a wrong token is Unauthorized', async () => {
      const wrong = path.join(tmp, 'kubeconfig-wrong-token');
      writeKubeconfig(wrong, 'not-the-token');
      // discovery cached by earlier runs: the list itself gets the 401 Status
      const run = await kubectl(['get', 'deployments', '-A'], {
        config: wrong,
      });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        'error: You must be logged in to the server (Unauthorized)',
      );
      // without a cache, discovery gets it first (client-go reports discovery errors
      // without decoding the Status: the generic 401 message)
      const fresh = await kubectl(['get', 'deployments', '-A'], {
        config: wrong,
        cacheDir: path.join(tmp, 'fresh-cache'),
      });
      expect(fresh.code).toBe(1);
      expect(fresh.stderr).toMatch(
        /error: You must be logged in to the server \(the server has asked for the client to provide credentials\)\s*$/,
      );
      const unauthorized = server.requests.filter(
        r => r.authorization === 'Bearer not-the-token',
      );
      expect(unauthorized.length).toBeGreaterThan(0);
    });

    it('get --raw /metrics prints the metrics text', async () => {
      expect(await ok(['get', '--raw', '/metrics'])).toBe(METRICS);
    });

    it("a dump written with the README's kubectl commands audits like a live collection", async () => {
      const script = readmeDumpScript();
      // the README's loop lists exactly the resources of the collector's table
      const loop = /for r in ([\s\S]*?); do/.exec(script);
      expect(loop).not.toBeNull();
      const listed = await bash(`printf '%s\\n' ${loop![1]}`, tmp);
      expect(listed.stdout.trim().split('\n')).toEqual([
        ...new Set(RESOURCE_SPECS.map(kubectlName)),
      ]);

      const unfaulted = await collectLive();
      // one list forbidden, for kubectl and for the live collector alike
      server.setFaults([{ match: PDB_LIST, status: 403 }]);
      const dir = path.join(tmp, 'dump');
      fs.mkdirSync(dir);
      const before = server.requests.length;
      const run = await bash(script, dir);
      expect({ code: run.code, stderr: run.stderr.trim() }).toEqual({
        code: 0,
        stderr: `Error from server (Forbidden): injected fault on ${PDB_LIST}`,
      });
      expect(fs.readFileSync(path.join(dir, 'reads.yaml'), 'utf8')).toBe(
        'poddisruptionbudgets.policy: failed\n',
      );
      const dumped = server.requests.slice(before);
      // only Pending pods were asked for, as the collector does
      expect(
        dumped
          .filter(r => r.path === '/api/v1/pods')
          .map(r => r.query.fieldSelector),
      ).toEqual(['status.phase=Pending']);
      // every served list was read, nothing the stand-in does not serve was asked for
      const listPaths = new Set(dumped.map(r => r.path));
      for (const r of cluster.resources) {
        const base = r.group ? `/apis/${r.group}` : '/api';
        expect(listPaths).toContain(`${base}/${r.version}/${r.plural}`);
      }
      expect(
        dumped.filter(r => r.path.startsWith('/apis/chaos-mesh.org')),
      ).toEqual([]);

      const live = await collectLive();
      server.setFaults([]);
      const dump = await readClusterDump({ name: 'eks-prod', directory: dir });
      expect(live.error).toBeUndefined();
      expect(dump.error).toBeUndefined();

      expect(dump.version).toEqual(live.version);
      expect(dump.versionStatus).toEqual(live.versionStatus);
      expect(live.apiServerMetrics?.status).toEqual({ state: 'ok' });
      expect(dump.apiServerMetrics).toEqual(live.apiServerMetrics);
      expect(live.reads.poddisruptionbudgets?.state).toBe('forbidden');
      expect(dump.reads.poddisruptionbudgets?.state).toBe('failed');
      const version = (r?: ReadStatus) =>
        r?.state === 'ok' ? r.version : undefined;
      // served empty, in one of several possible versions: flowschemas, the VAPs
      const emptyMultiVersion = RESOURCE_SPECS.filter(
        spec =>
          spec.versions.length > 1 &&
          cluster.resources.some(
            r => r.plural === spec.plural && r.objects.length === 0,
          ),
      ).map(spec => spec.key);
      expect(emptyMultiVersion).toContain('flowschemas');
      expect(
        RESOURCE_KEYS.filter(
          key => dump.reads[key]?.state === 'ok' && !version(dump.reads[key]),
        ),
      ).toEqual(emptyMultiVersion);
      for (const key of RESOURCE_KEYS) {
        const [d, l] = [dump.reads[key], live.reads[key]];
        // forbidden and failed are both "not read" (a dump cannot tell them apart)
        const state = (s?: string) => (s === 'forbidden' ? 'failed' : s);
        expect([key, state(d?.state)]).toEqual([key, state(l?.state)]);
        // an empty v1 List does not say in which version it was listed: a resource
        // served in several versions has none in the dump unless it has objects
        expect([key, version(d) ?? version(l)]).toEqual([key, version(l)]);
        expect([key, byId(dump.objects[key] ?? [])]).toEqual([
          key,
          byId(live.objects[key] ?? []),
        ]);
      }
      // --show-managed-fields kept what a plain kubectl get leaves out
      expect(
        (dump.objects.deployments ?? []).every(
          o => o.metadata.managedFields?.[0]?.manager === 'helm',
        ),
      ).toBe(true);

      // every object served came through both ways (the PDBs were forbidden)
      const count = (c: ClusterCollection) =>
        RESOURCE_KEYS.reduce((n, key) => n + (c.objects[key]?.length ?? 0), 0);
      const servedCount = cluster.resources
        .filter(r => r.plural !== 'poddisruptionbudgets')
        .reduce((n, r) => n + r.objects.length, 0);
      expect(servedCount).toBeGreaterThan(200);
      expect([count(dump), count(live)]).toEqual([servedCount, servedCount]);

      const fromDump = verdicts(dump);
      expect(Object.keys(fromDump).length).toBeGreaterThan(100);
      expect(fromDump).toEqual(verdicts(live));
      // and the forbidden list mattered: without it some verdicts differ
      expect(verdicts(unfaulted)).not.toEqual(fromDump);
    });
  },
);
