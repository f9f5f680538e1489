/**
 * Acceptance: the whole pipeline (dump reader → catalog files → inventory → checks →
 * scoring) on the demo in examples/. Every flaw in examples/README.md's flaw table must
 * be found by the check meant for it, and no check may claim `pass` where its data
 * is missing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  CheckResult,
  ComponentScorecard,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { readCatalogFiles } from '../collect/catalog';
import { readClusterDump } from '../collect/dumps';
import { buildInventory } from '../inventory/buildInventory';
import type { Inventory } from '../inventory/model';
import { BUILTIN_CHECKS } from './catalogue';
import { evaluateInventory } from '../pipeline/evaluate';

const REPO = path.resolve(__dirname, '../../../..');
const EXAMPLES = path.join(REPO, 'examples');
const CLUSTERS = ['prod-eu', 'staging-us'];

type Where = string | null | 'each';
type Expectation = [
  component: string,
  where: Where,
  checkId: string,
  status: CheckResult['status'],
];
const both = (
  component: string,
  checkId: string,
  status: CheckResult['status'],
): Expectation[] =>
  CLUSTERS.map(cluster => [component, cluster, checkId, status]);

/** The flaw table of examples/README.md, row by row: where each flaw must show. */
const FLAWS: Record<number, Expectation[]> = {
  1: [['orphan:vault', null, 'ownership.owner-exists', 'fail']],
  2: ['cert-manager', 'cert-manager-webhook', 'kyverno', 'gatekeeper'].map(
    c => [c, null, 'ownership.contacts', 'warn'],
  ),
  3: [['tenant-operator', null, 'ownership.design-record', 'fail']],
  4: [['tenant-operator', null, 'ownership.responsibilities', 'fail']],
  5: [['kyverno', null, 'ownership.design-record', 'warn']],
  6: [
    'kyverno',
    'gatekeeper',
    'kata-runtime',
    'nvidia-device-plugin',
    'podpreset-webhook',
  ].map(c => [c, null, 'ownership.responsibilities', 'warn']),
  7: both('kyverno', 'webhook.scope', 'fail'),
  8: [['kyverno', 'staging-us', 'webhook.failure-policy', 'fail']],
  9: [['gatekeeper', 'prod-eu', 'cert.expiry', 'fail']],
  10: [['podpreset-webhook', 'staging-us', 'cert.expiry', 'fail']],
  11: [['podpreset-webhook', 'staging-us', 'cert.managed', 'fail']],
  12: [
    ['tenant-operator', 'staging-us', 'cert.managed', 'warn'],
    ['tenant-operator', 'staging-us', 'cert.expiry', 'warn'],
  ],
  13: both('metrics-server', 'cert.ca-bundle', 'warn'),
  14: [['metrics-server', 'staging-us', 'aggregated.available', 'fail']],
  15: [['metrics-server', 'staging-us', 'aggregated.stuck-namespaces', 'fail']],
  16: [['metrics-server', null, 'aggregated.justified', 'warn']],
  17: [['require-team-label-policy', 'staging-us', 'policy.binding', 'fail']],
  18: [
    ['coscheduling-scheduler', 'staging-us', 'scheduler.pending-pods', 'fail'],
  ],
  19: [['coscheduling-scheduler', 'prod-eu', 'upgrade.version-skew', 'fail']],
  20: [['kata-runtime', 'staging-us', 'runtime.handler-nodes', 'fail']],
  // fails once the shortfall has lasted failAfterMinutes (60) over the collections
  // (the test runs two, 61 minutes apart)
  21: [['calico', 'staging-us', 'availability.daemonset-coverage', 'fail']],
  22: [['nvidia-device-plugin', 'prod-eu', 'device-plugin.health', 'warn']],
  23: both('dra-example-driver', 'dra.api-stability', 'warn'),
  24: both('tenant-operator', 'rbac.cluster-admin', 'fail'),
  25: [['podpreset-webhook', null, 'retirement.migration-plan', 'fail']],
  26: [['podpreset-webhook', null, 'retirement.support-window', 'fail']],
  27: [['podpreset-webhook', 'staging-us', 'upgrade.image-pinned', 'warn']],
  28: [
    ['podpreset-webhook', 'staging-us', 'rbac.default-sa', 'warn'],
    ...both('nvidia-device-plugin', 'rbac.default-sa', 'warn'),
  ],
  29: [
    'kata-runtime',
    'nvidia-device-plugin',
    'tenant-operator',
    'podpreset-webhook',
  ].map(c => [c, 'each', 'observability.alerts', 'warn']),
  30: [['calico', null, 'experiments.required', 'fail']],
  31: [['nvidia-device-plugin', null, 'experiments.required', 'warn']],
  32: [
    ['calico', 'staging-us', 'upgrade.version-skew', 'fail'],
    ['ebs-csi-driver', 'staging-us', 'upgrade.version-skew', 'fail'],
  ],
};

/** "Other results that follow from the data" in the same README. */
const FOLLOWING: Expectation[] = [
  ...[
    'rbac.wildcards',
    'rbac.escalation',
    'rbac.pod-exec',
    'rbac.secrets',
  ].flatMap(id => both('tenant-operator', id, 'fail')),
  ...both('gatekeeper', 'rbac.wildcards', 'warn'),
  ...both('gatekeeper', 'rbac.secrets', 'warn'),
  ...both('cert-manager', 'rbac.secrets', 'warn'),
  ...both('calico', 'rbac.escalation', 'pass'),
  ...['cert-manager-webhook', 'kyverno'].flatMap(c =>
    both(c, 'webhook.timeout', 'warn'),
  ),
  ['podpreset-webhook', 'staging-us', 'webhook.timeout', 'warn'],
  ['orphan:vault', 'prod-eu', 'webhook.timeout', 'fail'],
  ...both('gatekeeper', 'webhook.timeout', 'pass'),
  ...both('cert-manager-webhook', 'webhook.failure-policy', 'warn'),
  ['kyverno', 'prod-eu', 'webhook.failure-policy', 'warn'],
  ...both('kyverno', 'webhook.reinvocation', 'warn'),
  ...both('gatekeeper', 'webhook.match-conditions', 'warn'),
  ['metrics-server', 'staging-us', 'availability.replicas', 'fail'],
  ['metrics-server', 'staging-us', 'availability.pdb', 'fail'],
  ['podpreset-webhook', 'staging-us', 'availability.replicas', 'fail'],
  ['podpreset-webhook', 'staging-us', 'availability.pdb', 'fail'],
  ...both('coscheduling-scheduler', 'availability.pdb', 'fail'),
  ['coscheduling-scheduler', 'staging-us', 'availability.replicas', 'fail'],
  ['coscheduling-scheduler', 'prod-eu', 'availability.replicas', 'pass'],
  ...both('tenant-operator', 'availability.replicas', 'warn'),
  ...both('tenant-operator', 'availability.pdb', 'warn'),
  ...['kyverno', 'coscheduling-scheduler', 'kata-runtime'].flatMap(c =>
    both(c, 'availability.priority', 'warn'),
  ),
  ['podpreset-webhook', 'staging-us', 'availability.priority', 'warn'],
  ...[
    'metrics-server',
    'cert-manager-webhook',
    'gatekeeper',
    'kyverno',
  ].flatMap(c =>
    ['availability.replicas', 'availability.pdb', 'availability.spread'].map(
      (id): Expectation => [c, 'prod-eu', id, 'pass'],
    ),
  ),
  ...['availability.replicas', 'availability.pdb', 'availability.spread'].map(
    (id): Expectation => ['ebs-csi-driver', 'prod-eu', id, 'pass'],
  ),
  ...both('ebs-csi-driver', 'csi.sidecar-matrix', 'pass'),
  ...both('ebs-csi-driver', 'csi.node-registrar', 'pass'),
  ...[
    'calico',
    'ebs-csi-driver',
    'kata-runtime',
    'nvidia-device-plugin',
    'dra-example-driver',
  ].flatMap(c => both(c, 'node.canary-rollout', 'pass')),
  ['tenant-operator', 'prod-eu', 'crd.conversion', 'pass'],
  ['tenant-operator', 'staging-us', 'crd.conversion', 'warn'],
  ...['cert-manager', 'tenant-operator'].flatMap(c =>
    both(c, 'crd.established', 'pass'),
  ),
  ...[
    'cert-manager',
    'cert-manager-webhook',
    'kyverno',
    'gatekeeper',
    'require-team-label-policy',
    'metrics-server',
    'coscheduling-scheduler',
    'tenant-operator',
    'podpreset-webhook',
    'kata-runtime',
    'dra-example-driver',
  ].map((c): Expectation => [c, null, 'experiments.required', 'fail']),
  ['ebs-csi-driver', null, 'experiments.required', 'pass'],
  ['podpreset-webhook', null, 'retirement.lifecycle', 'warn'],
  ['coscheduling-scheduler', null, 'scheduler.profile-declared', 'pass'],
  ['kata-runtime', 'prod-eu', 'runtime.handler-nodes', 'pass'],
  ...['kyverno', 'gatekeeper'].flatMap(c => both(c, 'cert.managed', 'warn')),
  ...['cert-manager-webhook', 'tenant-operator'].flatMap(c =>
    both(c, 'cert.ca-bundle', 'pass'),
  ),
  ['podpreset-webhook', 'staging-us', 'cert.ca-bundle', 'pass'],
  // the CRDs make them crd-controllers too (facets): CRDs without a status subresource warn
  ...['calico', 'podpreset-webhook'].map(
    (c): Expectation => [c, 'each', 'observability.status', 'warn'],
  ),
  ...['kyverno', 'tenant-operator'].flatMap(c =>
    both(c, 'upgrade.crd-versions', 'warn'),
  ),
  ...['cert-manager', 'calico', 'gatekeeper', 'coscheduling-scheduler'].flatMap(
    c => both(c, 'upgrade.crd-versions', 'pass'),
  ),
  ['podpreset-webhook', 'staging-us', 'upgrade.crd-versions', 'pass'],
  ['dra-example-driver', 'prod-eu', 'upgrade.deprecated-api', 'pass'],
  ...[
    'webhook.side-effects',
    'webhook.review-versions',
    'webhook.match-policy',
  ].flatMap(id =>
    ['cert-manager-webhook', 'kyverno', 'gatekeeper'].flatMap(c =>
      both(c, id, 'pass'),
    ),
  ),
];

/** Row number, check ids and expected status of every row of the README's flaw table. */
function flawTable(): Array<{
  row: number;
  checkIds: string[];
  expected: string;
}> {
  const lines = fs
    .readFileSync(path.join(EXAMPLES, 'README.md'), 'utf8')
    .split('\n');
  const header = lines.findIndex(l => /^\|\s*#\s*\|/.test(l));
  const rows = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map(c => c.trim());
    rows.push({
      row: Number(cells[0]),
      checkIds: [...cells[5].matchAll(/`([a-z-]+\.[a-z-]+)`/g)].map(m => m[1]),
      expected: cells[6],
    });
  }
  return rows;
}

function find(
  scorecards: ComponentScorecard[],
  [component, where, checkId]: Expectation,
): CheckResult[] {
  const card = scorecards.find(c =>
    component.startsWith('orphan:')
      ? c.componentId.startsWith('orphan:') &&
        c.componentId.includes(component.slice(7))
      : c.name === component,
  );
  if (!card) throw new Error(`no component ${component} in the demo inventory`);
  const results = card.results.filter(r => r.checkId === checkId);
  if (where === 'each') return results.filter(r => r.cluster !== null);
  return results.filter(r => r.cluster === where);
}

async function pipeline(clusterDir: string, now: Date): Promise<Inventory> {
  const clusters = [];
  for (const name of CLUSTERS) {
    clusters.push(
      await readClusterDump({
        name,
        directory: path.join(clusterDir, name),
        now: () => now,
      }),
    );
  }
  const entities = await readCatalogFiles([
    path.join(EXAMPLES, 'org.yaml'),
    path.join(EXAMPLES, 'entities.yaml'),
  ]);
  return buildInventory({ clusters, entities, now });
}

describe('the demo, end to end', () => {
  const now = new Date();
  let dir: string;
  let scorecards: ComponentScorecard[];
  let firstCollection: ComponentScorecard[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scorecard-demo-'));
    execFileSync(
      process.execPath,
      [path.join(EXAMPLES, 'scripts', 'prepare-demo.mjs'), dir],
      { cwd: REPO, stdio: 'pipe' },
    );
    const inventory = await pipeline(dir, now);
    // two hourly collections in a row, as the scheduled collection sees them
    const first = evaluateInventory(inventory, { now });
    const previous = new Map(first.map(c => [c.componentId, c.results]));
    const hourLater = {
      ...inventory,
      clusters: inventory.clusters.map(c => ({
        ...c,
        collectedAt: new Date(
          Date.parse(c.collectedAt) + 61 * 60_000,
        ).toISOString(),
      })),
    };
    scorecards = evaluateInventory(hourLater, { now, previous });
    firstCollection = first;
  }, 60_000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('covers every row of the flaw table with the check the table names', () => {
    const table = flawTable();
    expect(table.length).toBeGreaterThanOrEqual(32);
    expect(
      Object.keys(FLAWS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(table.map(r => r.row));
    for (const row of table) {
      const checks = new Set(FLAWS[row.row].map(e => e[2]));
      expect({
        row: row.row,
        checks: row.checkIds.filter(id => !checks.has(id)),
      }).toEqual({ row: row.row, checks: [] });
      expect({
        row: row.row,
        statuses: FLAWS[row.row].map(e => e[3]).filter(s => s !== row.expected),
      }).toEqual({ row: row.row, statuses: [] });
    }
  });

  it.each(
    Object.entries(FLAWS).flatMap(([row, list]) =>
      list.map(e => [Number(row), ...e] as const),
    ),
  )('flaw %i: %s in %s → %s %s', (_row, component, where, checkId, status) => {
    const results = find(scorecards, [component, where, checkId, status]);
    expect(results.length).toBeGreaterThan(0);
    for (const r of results)
      expect({
        checkId,
        cluster: r.cluster,
        status: r.status,
        message: r.message,
      }).toMatchObject({ status });
  });

  it.each(FOLLOWING)(
    'follows from the data: %s in %s → %s %s',
    (component, where, checkId, status) => {
      const results = find(scorecards, [component, where, checkId, status]);
      expect(results.length).toBeGreaterThan(0);
      for (const r of results)
        expect({
          checkId,
          cluster: r.cluster,
          status: r.status,
          message: r.message,
        }).toMatchObject({ status });
    },
  );

  it('warns for the DaemonSet shortfall at the first collection, fails an hour later', () => {
    const calico = (cards: ComponentScorecard[]) =>
      cards
        .find(c => c.name === 'calico')!
        .results.find(
          r =>
            r.checkId === 'availability.daemonset-coverage' &&
            r.cluster === 'staging-us',
        )!;
    expect(calico(firstCollection)).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('fails once it lasts 60 min'),
    });
    expect(calico(scorecards)).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('(1 h 1 min ≥ 60 min)'),
    });
  });

  it('proves the experiments the README says passed', () => {
    const kyverno = scorecards.find(c => c.name === 'kyverno')!;
    expect(
      kyverno.results.find(r => r.checkId === 'experiments.required')!
        .observed!['webhook-backend-down'],
    ).toMatchObject({ verdict: 'pass' });
  });

  it('reports blast radius, certificates and RBAC findings for the UI', () => {
    const kyverno = scorecards.find(c => c.name === 'kyverno')!;
    const fail = kyverno.blastRadius.find(
      b => b.cluster === 'prod-eu' && b.name === 'validate.kyverno.svc-fail',
    )!;
    expect(fail).toMatchObject({ failurePolicy: 'Fail', timeoutSeconds: 10 });
    expect(fail.matchedNamespaces).toContain('kube-system');
    expect(fail.matchedNamespaces).not.toContain('kyverno');
    const gatekeeper = scorecards.find(c => c.name === 'gatekeeper')!;
    expect(
      gatekeeper.certificates.some(
        c =>
          c.cluster === 'prod-eu' && c.daysLeft !== undefined && c.daysLeft < 7,
      ),
    ).toBe(true);
    const tenant = scorecards.find(c => c.name === 'tenant-operator')!;
    expect(tenant.rbacFindings).toContainEqual(
      expect.objectContaining({
        checkId: 'rbac.cluster-admin',
        binding: 'ClusterRoleBinding/tenant-operator-cluster-admin',
        role: 'ClusterRole/cluster-admin',
      }),
    );
    expect(tenant.hardGates.map(g => g.checkId)).toContain(
      'rbac.cluster-admin',
    );
  });

  it('never says pass where data is missing', async () => {
    // the same demo with reads that failed in staging-us, and prod-eu's data stale
    const degraded = path.join(dir, 'degraded');
    for (const name of CLUSTERS)
      fs.cpSync(path.join(dir, name), path.join(degraded, name), {
        recursive: true,
      });
    const missing = {
      clusterrolebindings: 'forbidden',
      endpointslices: 'forbidden',
      certificates: 'forbidden',
      nodes: 'forbidden',
      namespaces: 'forbidden',
    };
    fs.writeFileSync(
      path.join(degraded, 'staging-us', 'reads.yaml'),
      Object.entries(missing)
        .map(([k, v]) => `${k}: { state: ${v}, reason: "403 Forbidden" }`)
        .join('\n'),
    );
    const inventory = await pipeline(degraded, now);
    const prod = inventory.clusters.find(c => c.cluster === 'prod-eu')!;
    prod.stale = {
      reason: 'connect ETIMEDOUT',
      lastSuccessAt: new Date(now.getTime() - 3_600_000).toISOString(),
    };
    const cards = evaluateInventory(inventory, { now });

    // checks that cannot be judged without one of those reads
    const needs: Record<string, string[]> = Object.fromEntries(
      BUILTIN_CHECKS.filter(c => c.scope === 'cluster').map(c => [
        c.id,
        [...((c as any).reads ?? [])],
      ]),
    );
    needs['cert.managed'] = ['certificates'];
    needs['cert.expiry'] = ['certificates'];
    const falsePasses: string[] = [];
    for (const card of cards) {
      for (const r of card.results) {
        if (r.status !== 'pass' || r.cluster === null) continue;
        if (r.cluster === 'prod-eu')
          falsePasses.push(`${card.name} ${r.checkId} prod-eu (stale)`);
        if (
          r.cluster === 'staging-us' &&
          (needs[r.checkId] ?? []).some(k => k in missing)
        ) {
          falsePasses.push(
            `${card.name} ${r.checkId} staging-us: ${r.message}`,
          );
        }
      }
    }
    expect(falsePasses).toEqual([]);
    const kyverno = cards.find(c => c.name === 'kyverno')!;
    expect(
      kyverno.results.find(
        r => r.checkId === 'rbac.cluster-admin' && r.cluster === 'staging-us',
      ),
    ).toMatchObject({
      status: 'unknown',
      message: expect.stringContaining(
        'reading clusterrolebindings in cluster staging-us was forbidden',
      ),
    });
    expect(
      kyverno.results.find(
        r =>
          r.checkId === 'webhook.failure-policy' && r.cluster === 'staging-us',
      ),
    ).toMatchObject({
      status: 'unknown',
      message: expect.stringContaining(
        'reading endpointslices in cluster staging-us was forbidden',
      ),
    });
    expect(
      kyverno.results.find(
        r => r.checkId === 'webhook.scope' && r.cluster === 'prod-eu',
      ),
    ).toMatchObject({
      status: 'unknown',
      message: expect.stringContaining('stale'),
    });
    // a fail proven on what was read stands: kyverno's Fail webhook excludes only its
    // own namespace by name, so it matches kube-system whatever the Namespaces' labels
    expect(
      kyverno.results.find(
        r => r.checkId === 'webhook.scope' && r.cluster === 'staging-us',
      ),
    ).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(
        'can match namespace kube-system (proven on what was read; reading namespaces in cluster staging-us was forbidden',
      ),
    });
    // gatekeeper's excludes namespaces by a label: without the labels that is unknown
    const gatekeeper = cards.find(c => c.name === 'gatekeeper')!;
    expect(
      gatekeeper.results.find(
        r => r.checkId === 'webhook.scope' && r.cluster === 'staging-us',
      ),
    ).toMatchObject({
      status: 'unknown',
      message: expect.stringContaining(
        'reading namespaces in cluster staging-us was forbidden',
      ),
    });
    // every fail judged on partial data says what it was proven without
    const unexplained = cards.flatMap(card =>
      card.results.filter(
        r =>
          r.status === 'fail' &&
          r.observed?.missingReads &&
          !r.message.includes('(proven on what was read; '),
      ),
    );
    expect(unexplained).toEqual([]);
  });
});
