/**
 * GET /upgrade-readiness and the audit's upgrade exports through the real plugin wiring,
 * over examples/upgrade (a cluster that lived through upgrades; all its extensions are
 * orphans): who sees which findings, filters, and the CSV/JSON exports.
 */
import path from 'node:path';
import { mockCredentials } from '@backstage/backend-test-utils';
import { parse } from 'csv-parse/sync';
import { startScorecardBackend } from '../__faults__/__testUtils__/inProcessBackend';

jest.setTimeout(120_000);

const LEGACY = path.resolve(
  __dirname,
  '../../../../examples/upgrade/clusters/eks-legacy',
);
const ORPHANS = 'extension-scorecard.orphans.read';

const as = (user: string) =>
  mockCredentials.user.header(`user:default/${user}`);

describe('GET /upgrade-readiness', () => {
  let scorecard: Awaited<ReturnType<typeof startScorecardBackend>>;
  const url = (u: string) => `${scorecard.base}${u}`;
  const get = (u: string, user = 'hana.sato') =>
    scorecard.api.get(url(u)).set('authorization', as(user));

  beforeAll(async () => {
    scorecard = await startScorecardBackend({
      clusters: [],
      // `reader` may read, but not see orphans
      allow: (user, permission) =>
        !(user === 'user:default/reader' && permission === ORPHANS),
      config: {
        extensionScorecard: {
          dumps: [{ name: 'eks-legacy', directory: LEGACY }],
        },
      },
    });
  });
  afterAll(() => scorecard?.stop());

  it('answers an empty report before the first snapshot', async () => {
    const response = await get('/upgrade-readiness');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      snapshot: null,
      takenAt: null,
      clusters: [],
      teams: [],
      hiddenFindings: 0,
    });
  });

  describe('after a collection', () => {
    beforeAll(async () => {
      await scorecard.refresh(as('hana.sato'));
    });

    it('lists the blockers of the next minor with their sources', async () => {
      const response = await get('/upgrade-readiness');
      expect(response.status).toBe(200);
      const [cluster] = response.body.clusters;
      expect(cluster).toMatchObject({
        cluster: 'eks-legacy',
        currentVersion: '1.31',
        targetVersion: '1.32',
        state: 'blocked',
        blockers: 4,
        warnings: 5,
      });
      expect(response.body.hiddenFindings).toBe(0);
      expect(response.body.teams).toEqual([
        {
          owner: null,
          blockers: 4,
          warnings: 5,
          unknowns: 0,
          clusters: ['eks-legacy'],
        },
      ]);
      expect(
        new Set(cluster.findings.map((f: { source: string }) => f.source)),
      ).toEqual(
        new Set([
          'crd-status',
          'last-applied-configuration',
          'managed-fields',
          'apiserver-metric',
        ]),
      );
    });

    it('leaves out what the caller may not see, counts it, keeps cluster-wide findings', async () => {
      const response = await get('/upgrade-readiness', 'reader');
      expect(response.status).toBe(200);
      const [cluster] = response.body.clusters;
      expect(response.body.hiddenFindings).toBe(7);
      expect(
        cluster.findings.map((f: any) => [f.severity, f.source, f.object]),
      ).toEqual([
        [
          'blocker',
          'apiserver-metric',
          'flowcontrol.apiserver.k8s.io/v1beta3 flowschemas',
        ],
        ['warning', 'apiserver-metric', 'core/v1 componentstatuses'],
      ]);
      expect(cluster).toMatchObject({ state: 'blocked', blockers: 1 });
    });

    it('filters by cluster and owner', async () => {
      const none = await get('/upgrade-readiness?cluster=other');
      expect(none.body.clusters).toEqual([]);
      const team = await get(
        `/upgrade-readiness?owner=${encodeURIComponent(
          'group:default/team-security',
        )}`,
      );
      expect(team.body).toMatchObject({ hiddenFindings: 0 });
      expect(team.body.clusters[0]).toMatchObject({
        state: 'ready',
        findings: [],
      });
      const missing = await get('/upgrade-readiness?snapshot=999');
      expect(missing.status).toBe(404);
      const bad = await get('/upgrade-readiness?snapshot=first');
      expect(bad.status).toBe(400);
    });

    it('is in both audit exports', async () => {
      const quarters = (await get('/audit/quarters')).body.items;
      const quarter = quarters[0].quarter;
      const csv = await get(`/audit/${quarter}/export?format=upgrade-csv`);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="extension-scorecard-upgrade-${quarter}.csv"`,
      );
      const rows: Array<Record<string, string>> = parse(csv.text, {
        columns: true,
      });
      expect(rows).toHaveLength(9);
      expect(rows[0]).toMatchObject({
        quarter,
        cluster: 'eks-legacy',
        current_version: '1.31',
        target_version: '1.32',
        cluster_state: 'blocked',
        severity: 'blocker',
      });
      expect(
        rows.find(
          r => r.source === 'managed-fields' && r.severity === 'blocker',
        ),
      ).toMatchObject({
        object: 'FlowSchema istiod',
        api_version: 'flowcontrol.apiserver.k8s.io/v1beta3',
        removed_in: '1.32',
        replacement: 'flowcontrol.apiserver.k8s.io/v1',
        source_detail: expect.stringContaining('argocd-controller'),
      });
      const json = await get(`/audit/${quarter}/export?format=json`);
      expect(json.status).toBe(200);
      expect(json.body.upgradeReadiness.clusters[0]).toMatchObject({
        cluster: 'eks-legacy',
        blockers: 4,
      });
      // the reader's export has only what the reader sees
      const readerCsv = await get(
        `/audit/${quarter}/export?format=upgrade-csv`,
        'reader',
      );
      expect(parse(readerCsv.text, { columns: true })).toHaveLength(2);
    });
  });
});
