/**
 * Acceptance of upgrade readiness on examples/upgrade: a cluster that has lived through
 * upgrades, read twice — as a dump, and through the stand-in API server the way a live
 * cluster is read (every list in the version the collector asks for, /metrics over the
 * same client). The verdicts and the next-minor report must be those of
 * examples/upgrade/expectations.yaml, written by hand from the files, each finding with
 * the source that revealed it. Nothing is read from Secrets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { readClusterDump } from '../collect/dumps';
import { collectLiveCluster } from '../collect/live';
import type { ClusterCollection } from '../collect/types';
import { buildInventory } from '../inventory/buildInventory';
import type { ExtensionComponent } from '../inventory/model';
import {
  standInClusterFromDump,
  startStandInApiServer,
  type StandInApiServer,
} from '../testUtils/standInApiServer';
import { evaluateInventory } from './evaluate';
import { upgradeReadiness } from './upgradeReadiness';

jest.setTimeout(60_000);

const UPGRADE = path.resolve(__dirname, '../../../../examples/upgrade');
const DUMP = path.join(UPGRADE, 'clusters/eks-legacy');
const NOW = new Date('2026-12-01T00:00:00Z');
const TOKEN = 'upgrade-fixture-token-0c41';

interface Expectations {
  cluster: string;
  currentVersion: string;
  targetVersion: string;
  state: string;
  components: Array<{
    object: string;
    kind: string;
    verdicts: Record<string, string>;
  }>;
  findings: Array<
    [string, string, string, string, string, string | null, string | null]
  >;
  managers: Record<string, string>;
}

const expected: Expectations = parse(
  fs.readFileSync(path.join(UPGRADE, 'expectations.yaml'), 'utf8'),
);

/** The component holding an object given as `Kind namespace/name`. */
function componentWith(
  components: readonly ExtensionComponent[],
  label: string,
): ExtensionComponent {
  const [kind, ref] = label.split(' ');
  const [namespace, name] = ref.split('/');
  const found = components.find(c =>
    c.instances.some(i =>
      Object.values(i.objects)
        .flat()
        .some(
          o =>
            o.kind === kind &&
            o.metadata.name === name &&
            (o.metadata.namespace ?? '') === (namespace ?? ''),
        ),
    ),
  );
  if (!found) throw new Error(`no component holds ${label}`);
  return found;
}

function judge(collection: ClusterCollection) {
  const inventory = buildInventory({
    clusters: [collection],
    entities: [],
    now: NOW,
  });
  return {
    inventory,
    scorecards: evaluateInventory(inventory, { now: NOW }),
    report: upgradeReadiness(inventory, { now: NOW }),
  };
}

function assertExpectations(collection: ClusterCollection) {
  const { inventory, scorecards, report } = judge(collection);
  for (const component of expected.components) {
    const found = componentWith(inventory.components, component.object);
    expect([component.object, found.kind]).toEqual([
      component.object,
      component.kind,
    ]);
    const card = scorecards.find(s => s.componentId === found.id)!;
    for (const [checkId, status] of Object.entries(component.verdicts)) {
      const result = card.results.find(r => r.checkId === checkId);
      expect([component.object, checkId, result?.status]).toEqual([
        component.object,
        checkId,
        status,
      ]);
    }
  }
  const [cluster] = report;
  expect(cluster).toMatchObject({
    cluster: expected.cluster,
    currentVersion: expected.currentVersion,
    targetVersion: expected.targetVersion,
    state: expected.state,
  });
  const owners = new Map(
    expected.components.map(c => [
      componentWith(inventory.components, c.object).id,
      c.object,
    ]),
  );
  const rows = cluster.findings.map(f => [
    f.severity,
    f.category,
    f.source,
    f.object,
    f.apiVersion,
    f.removedIn,
    f.componentId ? owners.get(f.componentId) ?? f.componentId : null,
  ]);
  expect(rows).toEqual(expected.findings);
  for (const [object, manager] of Object.entries(expected.managers)) {
    const fromManagers = cluster.findings.filter(
      f => f.object === object && f.source === 'managed-fields',
    );
    expect(fromManagers.length).toBeGreaterThan(0);
    for (const f of fromManagers) expect(f.sourceDetail).toContain(manager);
  }
  expect(cluster.sources).toEqual(
    expect.arrayContaining([
      { source: 'apiserver-metric', state: 'read', reason: null },
      { source: 'managed-fields', state: 'read', reason: null },
    ]),
  );
}

describe('upgrade readiness on a cluster that lived through upgrades', () => {
  it('reads the real versions from a dump', async () => {
    const collection = await readClusterDump({
      name: 'eks-legacy',
      directory: DUMP,
    });
    expect(collection.apiServerMetrics?.status).toEqual({ state: 'ok' });
    assertExpectations(collection);
  });

  describe('through the stand-in API server, as a live cluster', () => {
    let server: StandInApiServer;
    beforeAll(async () => {
      server = await startStandInApiServer({
        cluster: await standInClusterFromDump(DUMP),
        tls: true,
        token: TOKEN,
      });
    });
    afterAll(() => server?.close());

    it('gives the same verdicts and report, reading nothing from Secrets', async () => {
      const collection = await collectLiveCluster({
        name: 'eks-legacy',
        url: server.url,
        serviceAccountToken: TOKEN,
        caData: server.caData,
        timeoutSeconds: 30,
        pageSize: 50,
        concurrency: 4,
      });
      expect(collection.error).toBeUndefined();
      expect(collection.apiServerMetrics?.status).toEqual({ state: 'ok' });
      // every list was answered in the version the collector asked for
      expect(collection.objects.poddisruptionbudgets?.[0].apiVersion).toBe(
        'policy/v1',
      );
      assertExpectations(collection);
      const paths = server.requests.map(r => r.path);
      expect(paths).toContain('/metrics');
      expect(paths.filter(p => /secrets/.test(p))).toEqual([]);
    });
  });
});
