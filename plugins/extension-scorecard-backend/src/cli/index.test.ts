import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMockDirectory } from '@backstage/backend-test-utils';
import {
  AuditEvaluator,
  AuditReport,
  hasCriticalFailure,
  runAudit,
} from './audit';
import { runCli } from './index';

// each audit reads two dumps and runs every check: slow on a loaded 2-core machine
jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, '../../../..');
const EXAMPLES = path.join(REPO, 'examples');
const NOW = new Date('2025-06-01T00:00:00Z');

async function run(args: string[], evaluate?: AuditEvaluator) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: t => {
      stdout += t;
    },
    stderr: t => {
      stderr += t;
    },
    cwd: REPO,
    now: NOW,
    evaluate,
  });
  return { code, stdout, stderr };
}

const DEMO_ARGS = [
  'audit',
  '--cluster',
  'prod-eu=examples/clusters/prod-eu',
  '--cluster',
  'staging-us=examples/clusters/staging-us',
  '--catalog',
  'examples/org.yaml',
  '--catalog',
  'examples/entities.yaml',
];

describe('extension-scorecard audit', () => {
  const mockDir = createMockDirectory();

  it('prints the JSON report of the demo: clusters, linked components and the orphan', async () => {
    // inventory only here: the checks' results on the demo are tested in checks/demo.test.ts
    const { code, stdout, stderr } = await run(
      [...DEMO_ARGS, '--format', 'json'],
      () => new Map(),
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report: AuditReport = JSON.parse(stdout);
    expect(report.clusters).toEqual([
      {
        name: 'prod-eu',
        version: 'v1.34.1',
        status: 'ok',
        source: 'dump',
        problems: [],
      },
      {
        name: 'staging-us',
        version: 'v1.33.4',
        status: 'ok',
        source: 'dump',
        problems: [],
      },
    ]);
    expect(report.components.map(c => [c.name, c.kind, c.owner])).toEqual([
      ['calico', 'cni', 'group:default/team-node-platform'],
      ['cert-manager', 'crd-controller', 'group:default/team-security'],
      [
        'cert-manager-webhook',
        'admission-webhook',
        'group:default/team-security',
      ],
      [
        'coscheduling-scheduler',
        'scheduler-plugin',
        'group:default/team-api-platform',
      ],
      ['dra-example-driver', 'dra-driver', 'group:default/team-node-platform'],
      ['ebs-csi-driver', 'csi', 'group:default/team-node-platform'],
      ['gatekeeper', 'admission-webhook', 'group:default/team-security'],
      ['kata-runtime', 'cri-runtime', 'group:default/team-node-platform'],
      ['kyverno', 'admission-webhook', 'group:default/team-security'],
      ['metrics-server', 'aggregated-api', 'group:default/team-api-platform'],
      [
        'nvidia-device-plugin',
        'device-plugin',
        'group:default/team-node-platform',
      ],
      [
        'podpreset-webhook',
        'admission-webhook',
        'group:default/team-api-platform',
      ],
      [
        'require-team-label-policy',
        'admission-policy',
        'group:default/team-api-platform',
      ],
      ['tenant-operator', 'crd-controller', 'group:default/team-api-platform'],
      ['vault', 'admission-webhook', null],
    ]);
    const vault = report.components.find(
      c => c.id === 'orphan:admission-webhook:vault',
    )!;
    expect(vault.instances).toEqual([
      {
        cluster: 'prod-eu',
        objects: expect.arrayContaining([
          {
            apiVersion: 'admissionregistration.k8s.io/v1',
            kind: 'MutatingWebhookConfiguration',
            namespace: null,
            name: 'vault-agent-injector-cfg',
          },
          {
            apiVersion: 'v1',
            kind: 'Service',
            namespace: 'vault',
            name: 'vault-agent-injector-svc',
          },
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            namespace: 'vault',
            name: 'vault-agent-injector',
          },
        ]),
      },
    ]);
    const podpreset = report.components.find(
      c => c.name === 'podpreset-webhook',
    )!;
    expect(podpreset.instances.map(i => i.cluster)).toEqual(['staging-us']);
    expect(podpreset.lifecycle).toBe('deprecated');
    for (const c of report.components) expect(c.checks).toEqual([]);
    // every object of every component is named with its apiVersion and kind
    for (const c of report.components) {
      for (const i of c.instances) {
        for (const o of i.objects) {
          expect(Object.keys(o)).toEqual([
            'apiVersion',
            'kind',
            'namespace',
            'name',
          ]);
        }
      }
    }
  });

  it('prints a table by default', async () => {
    const { code, stdout } = await run(DEMO_ARGS);
    expect(code).toBe(1); // the demo plants critical flaws
    expect(stdout).toMatch(
      /kyverno\s+admission-webhook\s+group:default\/team-security\s+prod-eu,staging-us\s+\d+\s+\d+\s+\d+\/\d+\/\d+/,
    );
    expect(stdout).toMatch(/^CLUSTER\s+VERSION\s+STATUS/);
    expect(stdout).toContain('orphan:admission-webhook:vault ');
    expect(stdout).toContain('15 components (1 orphans) in 2 clusters');
  });

  it('rejects bad input with exit code 2 and a message', async () => {
    expect(await run(['audit', '--cluster', 'nameonly'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "--cluster expects <name>=<dump-dir>, got 'nameonly'",
      ),
    });
    expect(await run(['audit', '--cluster', 'x=examples/nope'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "Dump directory of cluster 'x' not found",
      ),
    });
    expect(await run([...DEMO_ARGS, '--format', 'xml'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--format must be json or table'),
    });
    expect(
      await run([
        'audit',
        '--cluster',
        'a=examples/clusters/prod-eu',
        '--catalog',
        'nope.yaml',
      ]),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Cannot read catalog file'),
    });
    expect((await run(['frobnicate'])).code).toBe(2);
  });

  it('reports an unreadable metrics.txt as a problem of the cluster', async () => {
    mockDir.setContent({
      'version.json': JSON.stringify({
        serverVersion: { major: '1', minor: '33', gitVersion: 'v1.33.4' },
      }),
      'metrics.txt': '<html>sign in</html>\n',
    });
    const report = await runAudit({
      clusters: [{ name: 'air-gapped', directory: mockDir.path }],
      catalogFiles: [],
      now: NOW,
      evaluate: () => new Map(),
    });
    expect(report.clusters[0]).toMatchObject({
      name: 'air-gapped',
      status: 'partial',
      problems: [
        {
          resource: 'apiServerMetrics',
          state: 'failed',
          reason: expect.stringContaining(
            'metrics.txt: not the Prometheus text format',
          ),
        },
      ],
    });
  });

  it('fails on a critical failing check unless told not to', async () => {
    const report = await runAudit({
      clusters: [
        { name: 'prod-eu', directory: path.join(EXAMPLES, 'clusters/prod-eu') },
      ],
      catalogFiles: [],
      now: NOW,
      evaluate: inventory =>
        new Map([
          [
            inventory.components[0].id,
            [
              {
                id: 'ownership.owner-exists',
                status: 'fail',
                severity: 'critical',
                message: 'orphan',
              },
            ],
          ],
        ]),
    });
    expect(hasCriticalFailure(report)).toBe(true);
    expect(report.components[0].checks).toHaveLength(1);
    const warnOnly = {
      ...report,
      components: report.components.map(c => ({ ...c, checks: [] })),
    };
    expect(hasCriticalFailure(warnOnly)).toBe(false);

    const critical: AuditEvaluator = inventory =>
      new Map(
        inventory.components
          .filter(c => c.catalog === null)
          .map(c => [
            c.id,
            [
              {
                id: 'ownership.owner-exists',
                status: 'fail' as const,
                severity: 'critical' as const,
                message: 'orphan',
              },
            ],
          ]),
      );
    expect((await run(DEMO_ARGS, critical)).code).toBe(1);
    expect(
      (await run([...DEMO_ARGS, '--no-fail-on-critical'], critical)).code,
    ).toBe(0);
  });

  it('runs from a clean checkout through bin/extension-scorecard, without a build', async () => {
    const bin = path.join(
      REPO,
      'plugins/extension-scorecard-backend/bin/extension-scorecard',
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        bin,
        'audit',
        '--cluster',
        'prod-eu=examples/clusters/prod-eu',
        '--format',
        'json',
        '--no-fail-on-critical',
      ],
      { cwd: REPO, maxBuffer: 64 * 1024 * 1024 },
    );
    const report: AuditReport = JSON.parse(stdout);
    expect(report.clusters[0]).toMatchObject({
      name: 'prod-eu',
      version: 'v1.34.1',
    });
    // without a catalog every extension is an orphan
    expect(
      report.components.every(
        c => c.owner === null && c.id.startsWith('orphan:'),
      ),
    ).toBe(true);
    expect(report.components.length).toBeGreaterThan(10);
  }, 60_000);
});
