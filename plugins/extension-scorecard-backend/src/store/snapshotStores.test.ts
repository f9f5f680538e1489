import type { Knex } from 'knex';
import type { ClusterUpgradeReadiness } from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from './__testUtils__/databases';
import { decompressJson } from './encoding';
import { contentHash } from './evaluations';
import { createScorecardStores } from './index';
import type { ScorecardStores } from './interfaces';
import {
  component,
  result,
  scorecard,
  snapshotOf,
} from './__testUtils__/scorecards';
import { FULL_VISIBILITY, type ComponentVisibility } from './types';

jest.setTimeout(60_000);

const databases = scorecardTestDatabases();
const LIST = { sort: 'name', order: 'asc', offset: 0, limit: 50 } as const;

async function count(knex: Knex, table: string): Promise<number> {
  const [{ n }] = await knex(table).count({ n: '*' });
  return Number(n);
}

function fleet() {
  return [
    component(
      scorecard('component:default/alpha', {
        level: 2,
        score: 80,
        results: [
          result('ownership.owner-exists', 'pass'),
          result('webhook.timeout', 'warn', { cluster: 'prod' }),
          result('cert.expiry', 'pass', { cluster: 'prod' }),
        ],
      }),
      'Alpha Webhook',
    ),
    component(
      scorecard('component:default/beta', {
        kind: 'csi',
        owner: 'group:default/team-b',
        level: 1,
        score: 40,
        clusters: ['prod', 'staging'],
        results: [
          result('ownership.owner-exists', 'pass'),
          result('cert.expiry', 'fail', {
            cluster: 'staging',
            severity: 'critical',
          }),
          result('rbac.wildcards', 'unknown', { cluster: 'prod' }),
        ],
      }),
    ),
    component(
      scorecard('orphan:prod/ValidatingWebhookConfiguration/stray', {
        level: 0,
        score: 5,
        lifecycle: null,
        results: [result('ownership.owner-exists', 'fail')],
      }),
    ),
  ];
}

describe.each(databases.ids)('snapshot stores on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);
  let knex: Knex;
  let stores: ScorecardStores;

  beforeEach(() => {
    knex = database.get();
    stores = createScorecardStores(knex);
  });

  it('writes a snapshot and reads it back', async () => {
    const written = await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T10:00:00.000Z', fleet()),
    );
    expect(written.added).toHaveLength(3);
    const snapshot = await stores.snapshots.latestSnapshot();
    expect(snapshot).toMatchObject({
      id: written.snapshotId,
      componentCount: 3,
      clusters: ['prod'],
      levels: { 0: 1, 1: 1, 2: 1, 3: 0 },
      counts: { pass: 3, warn: 1, fail: 2, unknown: 1 },
      averageScore: 41.7,
    });

    const page = await stores.components.listComponents(
      snapshot!,
      {},
      LIST,
      FULL_VISIBILITY,
    );
    expect(page.total).toBe(3);
    expect(page.items[0]).toEqual({
      componentId: 'component:default/alpha',
      name: 'alpha',
      title: 'Alpha Webhook',
      kind: 'admission-webhook',
      owner: 'group:default/team-a',
      lifecycle: 'production',
      orphan: false,
      clusters: ['prod'],
      staleClusters: [],
      level: 2,
      score: 80,
      hardGateCount: 0,
      counts: {
        pass: 2,
        warn: 1,
        fail: 0,
        notApplicable: 0,
        unknown: 0,
        waived: 0,
      },
      dimensions: {
        ownership: 'pass',
        'failure-boundary': 'warn',
        certificates: 'pass',
      },
      nextLevelBlockers: [],
    });

    const stored = await stores.components.getComponent(
      snapshot!,
      'component:default/beta',
      FULL_VISIBILITY,
    );
    expect(stored?.evaluation.scorecard.results).toHaveLength(3);
    expect(stored?.evaluation.instances.map(i => i.cluster)).toEqual([
      'prod',
      'staging',
    ]);
  });

  it('keeps the upgrade report of each cluster with the snapshot', async () => {
    const upgrade = {
      cluster: 'prod',
      currentVersion: '1.31',
      targetVersion: '1.32',
      state: 'blocked' as const,
      reason: null,
      blockers: 1,
      warnings: 0,
      unknowns: 0,
      sources: [
        {
          source: 'apiserver-metric' as const,
          state: 'read' as const,
          reason: null,
        },
      ],
      findings: [
        {
          severity: 'blocker' as const,
          category: 'removed-api' as const,
          checkId: 'upgrade.deprecated-api',
          componentId: 'component:default/alpha',
          componentName: 'alpha',
          owner: 'group:default/team-a',
          object: 'FlowSchema alpha',
          apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta3',
          source: 'managed-fields' as const,
          sourceDetail: 'argocd-controller (Update, 2026-11-28T14:03:51Z)',
          removedIn: '1.32',
          replacement: 'flowcontrol.apiserver.k8s.io/v1',
          message: 'written through v1beta3 by field manager argocd-controller',
        },
      ],
    };
    const written = async (
      takenAt: string,
      report: ClusterUpgradeReadiness,
    ) => {
      const { snapshotId } = await stores.snapshotWriter.writeSnapshot(
        snapshotOf(takenAt, fleet(), [
          {
            name: 'prod',
            source: 'live',
            collectedAt: takenAt,
            stale: null,
            version: 'v1.31.2',
            upgrade: report,
          },
          // a cluster whose report was not computed
          {
            name: 'staging',
            source: 'dump',
            collectedAt: takenAt,
            stale: null,
            version: null,
          },
        ]),
      );
      return (await stores.snapshots.getSnapshot(snapshotId))!;
    };
    const first = await written('2025-05-01T10:00:00.000Z', upgrade);
    // an hour later the refresh kept the report: the very same object again
    const second = await written('2025-05-01T11:00:00.000Z', upgrade);
    // then a report computed again, its blocker gone
    const cleared = {
      ...upgrade,
      state: 'ready' as const,
      blockers: 0,
      findings: [],
    };
    const third = await written('2025-05-01T12:00:00.000Z', cleared);
    expect(await stores.snapshots.upgradeReadiness(first)).toEqual([upgrade]);
    expect(await stores.snapshots.upgradeReadiness(second)).toEqual([upgrade]);
    expect(await stores.snapshots.upgradeReadiness(third)).toEqual([cleared]);
  });

  it('filters, sorts and pages in the database', async () => {
    const snapshotId = (
      await stores.snapshotWriter.writeSnapshot(
        snapshotOf('2025-05-01T10:00:00.000Z', fleet()),
      )
    ).snapshotId;
    const snapshot = (await stores.snapshots.getSnapshot(snapshotId))!;
    const ids = async (filter: object, options: object = {}) =>
      (
        await stores.components.listComponents(
          snapshot,
          filter,
          { ...LIST, ...options },
          FULL_VISIBILITY,
        )
      ).items.map(i => i.componentId);

    expect(await ids({ owner: ['group:default/team-b'] })).toEqual([
      'component:default/beta',
    ]);
    expect(await ids({ kind: ['admission-webhook'] })).toHaveLength(2);
    expect(await ids({ cluster: ['staging'] })).toEqual([
      'component:default/beta',
    ]);
    expect(await ids({ level: [0, 2] })).toEqual([
      'component:default/alpha',
      'orphan:prod/ValidatingWebhookConfiguration/stray',
    ]);
    expect(await ids({ failingDimension: ['certificates'] })).toEqual([
      'component:default/beta',
    ]);
    expect(await ids({ warningDimension: ['failure-boundary'] })).toEqual([
      'component:default/alpha',
    ]);
    expect(await ids({ checkId: 'cert.expiry', status: 'fail' })).toEqual([
      'component:default/beta',
    ]);
    expect(await ids({ checkId: 'cert.expiry' })).toHaveLength(2);
    expect(await ids({ status: 'unknown' })).toEqual([
      'component:default/beta',
    ]);
    expect(await ids({ lifecycle: ['production'] })).toHaveLength(2);
    expect(await ids({ orphan: true })).toHaveLength(1);
    expect(await ids({ search: 'ALPHA web' })).toEqual([
      'component:default/alpha',
    ]);
    expect(await ids({ search: '100%' })).toEqual([]);
    expect(await ids({}, { sort: 'score', order: 'desc' })).toEqual([
      'component:default/alpha',
      'component:default/beta',
      'orphan:prod/ValidatingWebhookConfiguration/stray',
    ]);
    expect(await ids({}, { sort: 'owner', order: 'asc' })).toEqual([
      'component:default/alpha',
      'component:default/beta',
      'orphan:prod/ValidatingWebhookConfiguration/stray',
    ]);
    const page = await stores.components.listComponents(
      snapshot,
      {},
      { ...LIST, offset: 1, limit: 1 },
      FULL_VISIBILITY,
    );
    expect(page.total).toBe(3);
    expect(page.items.map(i => i.name)).toEqual(['beta']);
  });

  it('shows only what the caller may see', async () => {
    await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T10:00:00.000Z', fleet()),
    );
    const snapshot = (await stores.snapshots.latestSnapshot())!;
    const onlyBeta: ComponentVisibility = {
      entityRefs: new Set(['component:default/beta']),
      orphans: false,
    };
    const page = await stores.components.listComponents(
      snapshot,
      {},
      LIST,
      onlyBeta,
    );
    expect(page.items.map(i => i.componentId)).toEqual([
      'component:default/beta',
    ]);
    const noOrphans = await stores.components.listComponents(
      snapshot,
      {},
      LIST,
      {
        entityRefs: null,
        orphans: false,
      },
    );
    expect(noOrphans.total).toBe(2);
    expect(
      await stores.components.getComponent(
        snapshot,
        'component:default/alpha',
        onlyBeta,
      ),
    ).toBeUndefined();
  });

  it('stores unchanged components once across snapshots', async () => {
    await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T10:00:00.000Z', fleet()),
    );
    const states = await count(knex, 'component_states');
    const evaluations = await count(knex, 'evaluations');

    const again = await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T11:00:00.000Z', fleet()),
    );
    expect(again).toMatchObject({
      unchanged: 3,
      changed: 0,
      added: [],
      removed: [],
    });
    expect(await count(knex, 'component_states')).toBe(states);
    expect(await count(knex, 'evaluations')).toBe(evaluations);

    const changed = fleet();
    changed[0] = component(
      scorecard('component:default/alpha', { level: 3, score: 95 }),
      'Alpha Webhook',
    );
    changed.pop();
    const third = await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T12:00:00.000Z', changed),
    );
    expect(third).toMatchObject({
      unchanged: 1,
      changed: 1,
      removed: ['orphan:prod/ValidatingWebhookConfiguration/stray'],
      levelChanges: [
        expect.objectContaining({
          componentId: 'component:default/alpha',
          from: 2,
          to: 3,
        }),
      ],
    });
    expect(await count(knex, 'component_states')).toBe(states + 1);

    // every snapshot still reads as it was written
    const [first, second, latest] = (
      await stores.snapshots.listSnapshots({ offset: 0, limit: 10 })
    ).items.reverse();
    const levels = async (s: typeof first) =>
      (
        await stores.components.listComponents(s, {}, LIST, FULL_VISIBILITY)
      ).items.map(i => `${i.name}:${i.level}`);
    expect(await levels(first)).toEqual(['alpha:2', 'beta:1', 'stray:0']);
    expect(await levels(second)).toEqual(['alpha:2', 'beta:1', 'stray:0']);
    expect(await levels(latest)).toEqual(['alpha:3', 'beta:1']);
  });

  it('takes an unchanged evaluation by hash, and refuses one that is not the current', async () => {
    const first = await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T10:00:00.000Z', fleet()),
    );
    const hashes = first.evaluationHashes;
    expect(hashes.size).toBe(3);
    const evaluations = await count(knex, 'evaluations');
    const states = await count(knex, 'component_states');
    /** The fleet with every component kept by hash: nothing for the store to read but the scorecard. */
    const kept = (titles: Record<string, string | null> = {}) =>
      fleet().map(c => ({
        ...c,
        ...(c.scorecard.componentId in titles
          ? { title: titles[c.scorecard.componentId] }
          : {}),
        instances: [],
        designRecord: undefined,
        evaluationHash: hashes.get(c.scorecard.componentId)!,
      }));

    const second = await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T11:00:00.000Z', kept()),
    );
    expect(second).toMatchObject({ unchanged: 3, changed: 0, added: [] });
    expect(second.evaluationHashes).toEqual(hashes);
    expect(await count(knex, 'component_states')).toBe(states);

    // another column of the state changed (the catalog title), the evaluation did not:
    // a new state naming the same evaluation, its body and instances as they were
    const third = await stores.snapshotWriter.writeSnapshot(
      snapshotOf(
        '2025-05-01T12:00:00.000Z',
        kept({ 'component:default/alpha': 'Alpha Admission Webhook' }),
      ),
    );
    expect(third).toMatchObject({ unchanged: 2, changed: 1 });
    expect(await count(knex, 'component_states')).toBe(states + 1);
    expect(await count(knex, 'evaluations')).toBe(evaluations);
    const latest = (await stores.snapshots.latestSnapshot())!;
    const alpha = await stores.components.getComponent(
      latest,
      'component:default/alpha',
      FULL_VISIBILITY,
    );
    expect(alpha).toMatchObject({
      summary: { title: 'Alpha Admission Webhook', level: 2, score: 80 },
      evaluation: {
        scorecard: { componentId: 'component:default/alpha' },
        instances: [
          { cluster: 'prod', objects: [{ kind: 'Deployment', name: 'alpha' }] },
        ],
      },
    });
    const filtered = await stores.components.listComponents(
      latest,
      { checkId: 'webhook.timeout', status: 'warn' },
      LIST,
      FULL_VISIBILITY,
    );
    expect(filtered.items.map(i => i.name)).toEqual(['alpha']);

    // a state hash handed over with a kept evaluation: taken when it is the current
    // state's, hashed again when it is not (a stale one cannot hide a change)
    const stateHashes = third.stateHashes;
    const withStates = (titles: Record<string, string | null> = {}) =>
      kept(titles).map(c => ({
        ...c,
        stateHash: stateHashes.get(c.scorecard.componentId)!,
      }));
    expect(
      await stores.snapshotWriter.writeSnapshot(
        snapshotOf(
          '2025-05-01T12:30:00.000Z',
          withStates({ 'component:default/alpha': 'Alpha Admission Webhook' }),
        ),
      ),
    ).toMatchObject({ unchanged: 3, changed: 0 });
    const retitled = await stores.snapshotWriter.writeSnapshot(
      snapshotOf(
        '2025-05-01T12:45:00.000Z',
        withStates({ 'component:default/alpha': 'Alpha Webhook v2' }).map(c =>
          c.scorecard.componentId === 'component:default/alpha'
            ? { ...c, stateHash: 'e'.repeat(64) }
            : c,
        ),
      ),
    );
    expect(retitled).toMatchObject({ unchanged: 2, changed: 1 });
    expect(retitled.stateHashes.get('component:default/alpha')).not.toBe(
      'e'.repeat(64),
    );
    expect(
      (await stores.components.getComponent(
        (await stores.snapshots.latestSnapshot())!,
        'component:default/alpha',
        FULL_VISIBILITY,
      ))!.summary.title,
    ).toBe('Alpha Webhook v2');

    // a hash that is not the current state's evaluation (or a component never stored):
    // the write fails and leaves nothing behind
    const snapshots = await count(knex, 'snapshots');
    for (const wrong of [
      hashes.get('component:default/beta')!,
      'f'.repeat(64),
    ]) {
      const bad = kept();
      bad[0] = { ...bad[0], evaluationHash: wrong };
      await expect(
        stores.snapshotWriter.writeSnapshot(
          snapshotOf('2025-05-01T13:00:00.000Z', bad),
        ),
      ).rejects.toThrow(/component:default\/alpha was given as unchanged/);
    }
    const newcomer = [
      ...kept(),
      {
        ...component(scorecard('component:default/gamma')),
        evaluationHash: hashes.get('component:default/beta')!,
      },
    ];
    await expect(
      stores.snapshotWriter.writeSnapshot(
        snapshotOf('2025-05-01T13:00:00.000Z', newcomer),
      ),
    ).rejects.toThrow(/gamma was given as unchanged/);
    expect(await count(knex, 'snapshots')).toBe(snapshots);
    expect(await count(knex, 'component_states')).toBe(states + 2);
  });

  it('stores each distinct evaluation once, and retention removes the ones no state uses', async () => {
    const shared = result('aggregated.available', 'not-applicable', {
      message: 'applies to aggregated-api, not to this kind',
    });
    const day = (n: number) =>
      ['alpha', 'beta', 'gamma'].map(name =>
        component(
          scorecard(`component:default/${name}`, {
            results: [
              shared,
              result('cert.expiry', 'pass', {
                cluster: 'prod',
                // beta's text never changes; the others' does every day
                message:
                  name === 'beta'
                    ? 'beta: certificate valid'
                    : `${name}: certificate expires in ${300 - n} days`,
                observed: { daysLeft: name === 'beta' ? 300 : 300 - n },
              }),
            ],
          }),
        ),
      );
    for (let n = 0; n < 4; n++) {
      await stores.snapshotWriter.writeSnapshot(
        snapshotOf(`2025-05-0${n + 1}T10:00:00.000Z`, day(n)),
      );
    }
    // beta once, alpha and gamma once per day
    expect(await count(knex, 'evaluations')).toBe(1 + 2 * 4);
    expect(await count(knex, 'component_states')).toBe(1 + 2 * 4);
    // results live inside their evaluation, not in rows of their own
    expect(await count(knex, 'check_results')).toBe(0);
    // statuses did not change: one facet set for all three, every day
    expect(await count(knex, 'facet_sets')).toBe(1);

    await stores.retention.applyRetention(
      { keepAllHours: 0, dailyDays: 0 },
      new Date('2025-05-05T00:00:00.000Z'),
    );
    // only the newest snapshot is left (quarter end and newest overall)
    expect(await count(knex, 'evaluations')).toBe(3);
    const latest = (await stores.snapshots.latestSnapshot())!;
    const gamma = await stores.components.getComponent(
      latest,
      'component:default/gamma',
      FULL_VISIBILITY,
    );
    expect(gamma?.evaluation.scorecard.results).toEqual([
      shared,
      expect.objectContaining({
        message: 'gamma: certificate expires in 297 days',
        observed: { daysLeft: 297 },
      }),
    ]);
  });

  it('stores a long namespace list once, reads it back in place, and retention removes it with the last evaluation naming it', async () => {
    const everyNamespace = Array.from({ length: 40 }, (_, i) => `team-${i}`);
    const radius = (name: string, matchedNamespaces: string[]) => ({
      cluster: 'prod',
      name,
      objectKind: 'ValidatingWebhookConfiguration',
      operations: ['CREATE'],
      resources: ['pods'],
      matchedNamespaces,
      totalNamespaces: 42,
      namespaceSelector: '{}',
      clusterScoped: false,
      failurePolicy: 'Fail',
      timeoutSeconds: 10,
      worstCaseLatencySeconds: 10,
    });
    const card = (name: string, namespaces: string[]) => ({
      ...scorecard(`component:default/${name}`),
      blastRadius: [
        radius(`${name}.example.com`, namespaces),
        radius(`${name}-system.example.com`, ['kube-system']),
      ],
    });
    await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T10:00:00.000Z', [
        component(card('alpha', everyNamespace)),
        component(card('beta', everyNamespace)),
      ]),
    );
    // one list for both components; the short list stays inline
    expect(await count(knex, 'namespace_lists')).toBe(1);
    expect(await count(knex, 'evaluation_namespace_lists')).toBe(2);
    // stored as the names' JSON, named by that text's content hash
    const [stored] = await knex('namespace_lists').select('hash', 'body');
    const text = JSON.stringify(everyNamespace);
    expect(decompressJson(stored.body)).toEqual(everyNamespace);
    expect(stored.hash).toBe(contentHash(text));
    const read = async (name: string) =>
      (await stores.components.getComponent(
        (await stores.snapshots.latestSnapshot())!,
        `component:default/${name}`,
        FULL_VISIBILITY,
      ))!.evaluation.scorecard.blastRadius;
    expect(await read('beta')).toEqual(
      card('beta', everyNamespace).blastRadius,
    );

    // a namespace goes: a new list; the old one stays while a kept snapshot names it
    const fewer = everyNamespace.slice(1);
    await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-02T10:00:00.000Z', [
        component(card('alpha', fewer)),
        component(card('beta', fewer)),
      ]),
    );
    expect(await count(knex, 'namespace_lists')).toBe(2);
    expect(await read('alpha')).toEqual(card('alpha', fewer).blastRadius);
    await stores.retention.applyRetention(
      { keepAllHours: 0, dailyDays: 0 },
      new Date('2025-05-03T00:00:00.000Z'),
    );
    expect(await count(knex, 'namespace_lists')).toBe(1);
    expect(await count(knex, 'evaluation_namespace_lists')).toBe(2);
    expect(await read('alpha')).toEqual(card('alpha', fewer).blastRadius);
  });

  it('marks components of stale clusters', async () => {
    await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T10:00:00.000Z', fleet(), [
        {
          name: 'prod',
          source: 'live',
          collectedAt: '2025-05-01T10:00:00.000Z',
          stale: null,
          version: null,
        },
        {
          name: 'staging',
          source: 'live',
          collectedAt: '2025-04-30T10:00:00.000Z',
          stale: { reason: 'timeout after 30s' },
          version: null,
        },
      ]),
    );
    const snapshot = (await stores.snapshots.latestSnapshot())!;
    expect(snapshot.staleClusters).toEqual(['staging']);
    const stale = await stores.components.listComponents(
      snapshot,
      { stale: true },
      LIST,
      FULL_VISIBILITY,
    );
    expect(stale.items.map(i => [i.name, i.staleClusters])).toEqual([
      ['beta', ['staging']],
    ]);
    const stored = await stores.components.getComponent(
      snapshot,
      'component:default/beta',
      FULL_VISIBILITY,
    );
    expect(stored?.clusters.find(c => c.name === 'staging')).toMatchObject({
      staleReason: 'timeout after 30s',
      collectedAt: '2025-04-30T10:00:00.000Z',
    });
  });

  it('leaves nothing behind when a write fails halfway', async () => {
    await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T10:00:00.000Z', fleet()),
    );
    const before = {
      snapshots: await count(knex, 'snapshots'),
      states: await count(knex, 'component_states'),
      evaluations: await count(knex, 'evaluations'),
      results: await count(knex, 'check_results'),
      facets: await count(knex, 'facet_sets'),
      terms: await count(knex, 'facet_term_names'),
      aggregates: await count(knex, 'snapshot_aggregates'),
      clusters: await count(knex, 'snapshot_clusters'),
    };
    const broken = fleet();
    // a NOT NULL column left empty: the state insert fails after the snapshot row,
    // its clusters and the new evaluations were inserted
    broken.push(
      component({
        ...scorecard('component:default/broken'),
        level: null as any,
      }),
    );
    // the driver's error, matched by its text: better-sqlite3's native addon keeps the
    // error class of the first test file that loaded it in this jest worker, so
    // `toThrow()` (an instanceof check) fails when another file loaded it first
    await expect(
      stores.snapshotWriter.writeSnapshot(
        snapshotOf('2025-05-01T11:00:00.000Z', broken),
      ),
    ).rejects.toHaveProperty('message', expect.stringMatching(/not.null/i));
    expect({
      snapshots: await count(knex, 'snapshots'),
      states: await count(knex, 'component_states'),
      evaluations: await count(knex, 'evaluations'),
      results: await count(knex, 'check_results'),
      facets: await count(knex, 'facet_sets'),
      terms: await count(knex, 'facet_term_names'),
      aggregates: await count(knex, 'snapshot_aggregates'),
      clusters: await count(knex, 'snapshot_clusters'),
    }).toEqual(before);
    const latest = await stores.snapshots.latestSnapshot();
    expect(
      (
        await stores.components.listComponents(
          latest!,
          {},
          LIST,
          FULL_VISIBILITY,
        )
      ).total,
    ).toBe(3);
  });

  it('summarizes teams and the kind × dimension heat map', async () => {
    await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T10:00:00.000Z', fleet()),
    );
    const snapshot = (await stores.snapshots.latestSnapshot())!;
    const teams = await stores.dashboard.teamSummaries(
      snapshot,
      {},
      FULL_VISIBILITY,
    );
    expect(
      teams.map(t => [t.owner, t.components, t.hardGates, t.failing]),
    ).toEqual([
      ['group:default/team-a', 1, 0, 0],
      ['group:default/team-b', 1, 1, 1],
      [null, 1, 0, 1],
    ]);
    expect(teams[1]).toMatchObject({
      levels: { 0: 0, 1: 1, 2: 0, 3: 0 },
      averageScore: 40,
      byKind: [{ kind: 'csi', components: 1 }],
    });

    const heatmap = await stores.dashboard.heatmap(
      snapshot,
      {},
      FULL_VISIBILITY,
    );
    expect(heatmap.kinds).toEqual([
      { kind: 'admission-webhook', components: 2 },
      { kind: 'csi', components: 1 },
    ]);
    expect(
      heatmap.cells.find(
        c => c.kind === 'admission-webhook' && c.dimension === 'ownership',
      ),
    ).toMatchObject({
      total: 2,
      pass: 1,
      fail: 1,
      failShare: 0.5,
      passShare: 0.5,
    });
    expect(
      heatmap.cells.find(c => c.kind === 'csi' && c.dimension === 'rbac'),
    ).toMatchObject({ total: 1, unknown: 1, unknownShare: 1 });
    const teamA = await stores.dashboard.heatmap(
      snapshot,
      { owner: ['group:default/team-a'] },
      FULL_VISIBILITY,
    );
    expect(teamA.kinds).toEqual([{ kind: 'admission-webhook', components: 1 }]);
  });

  it('reads history per component, team, kind and dimension', async () => {
    await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T10:00:00.000Z', fleet()),
    );
    const changed = fleet();
    changed[1] = component(
      scorecard('component:default/beta', {
        kind: 'csi',
        owner: 'group:default/team-b',
        level: 2,
        score: 70,
        clusters: ['prod', 'staging'],
      }),
    );
    await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-02T10:00:00.000Z', changed),
    );

    const beta = await stores.history.componentHistory(
      'component:default/beta',
      { limit: 10 },
      FULL_VISIBILITY,
    );
    expect(
      beta.map(p => [p.takenAt, p.levels[1], p.levels[2], p.averageScore]),
    ).toEqual([
      ['2025-05-01T10:00:00.000Z', 1, 0, 40],
      ['2025-05-02T10:00:00.000Z', 0, 1, 70],
    ]);
    expect(beta[0].dimensions).toEqual({
      ownership: 'pass',
      certificates: 'fail',
      rbac: 'unknown',
    });

    const everything = { entityRefs: null, orphans: true };
    const restricted = {
      entityRefs: new Set([
        'component:default/alpha',
        'component:default/beta',
      ]),
      orphans: false,
    };
    for (const subject of [
      { scope: 'fleet', key: null },
      { scope: 'team', key: 'group:default/team-b' },
      { scope: 'kind', key: 'admission-webhook' },
      { scope: 'dimension', key: 'certificates' },
    ] as const) {
      // the stored aggregates and the figures computed from visible rows agree
      const stored = await stores.history.seriesHistory(
        subject,
        { limit: 10 },
        {
          entityRefs: null,
          orphans: false,
        },
      );
      const computed = await stores.history.seriesHistory(
        subject,
        { limit: 10 },
        restricted,
      );
      expect(computed).toEqual(stored);
      expect(stored).toHaveLength(2);
    }
    const fleetAll = await stores.history.seriesHistory(
      { scope: 'fleet', key: null },
      { limit: 10 },
      everything,
    );
    expect(fleetAll.map(p => p.components)).toEqual([3, 3]);
    const certs = await stores.history.seriesHistory(
      { scope: 'dimension', key: 'certificates' },
      { limit: 1 },
      everything,
    );
    expect(certs).toEqual([
      expect.objectContaining({
        takenAt: '2025-05-02T10:00:00.000Z',
        components: 1,
        counts: expect.objectContaining({ pass: 1, fail: 0 }),
      }),
    ]);
  });

  it('diffs any two snapshots', async () => {
    const a = await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T10:00:00.000Z', fleet()),
    );
    const next = fleet();
    next[1] = component(
      scorecard('component:default/beta', {
        kind: 'csi',
        owner: 'group:default/team-b',
        level: 2,
        score: 70,
        clusters: ['prod', 'staging'],
        results: [
          result('ownership.owner-exists', 'pass'),
          result('cert.expiry', 'pass', { cluster: 'staging' }),
          result('rbac.wildcards', 'fail', { cluster: 'prod' }),
        ],
      }),
    );
    next.pop();
    next.push(component(scorecard('component:default/gamma')));
    const b = await stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-02T10:00:00.000Z', next),
    );
    const from = (await stores.snapshots.getSnapshot(a.snapshotId))!;
    const to = (await stores.snapshots.getSnapshot(b.snapshotId))!;

    const diff = await stores.diffs.diffSnapshots(from, to, FULL_VISIBILITY);
    expect(diff.added.map(c => c.componentId)).toEqual([
      'component:default/gamma',
    ]);
    expect(diff.removed.map(c => c.componentId)).toEqual([
      'orphan:prod/ValidatingWebhookConfiguration/stray',
    ]);
    expect(diff.unchangedComponents).toBe(1);
    expect(diff.levelChanges).toEqual([
      expect.objectContaining({
        componentId: 'component:default/beta',
        from: 1,
        to: 2,
      }),
    ]);
    expect(diff.better.map(c => [c.checkId, c.cluster, c.from, c.to])).toEqual([
      ['cert.expiry', 'staging', 'fail', 'pass'],
    ]);
    expect(diff.worse.map(c => [c.checkId, c.from, c.to])).toEqual([
      ['rbac.wildcards', 'unknown', 'fail'],
    ]);

    const reverse = await stores.diffs.diffSnapshots(to, from, {
      entityRefs: null,
      orphans: false,
    });
    expect(reverse.removed.map(c => c.componentId)).toEqual([
      'component:default/gamma',
    ]);
    expect(reverse.added).toEqual([]);
  });

  it('keeps daily and quarter-end snapshots and collects what nothing uses', async () => {
    // hourly snapshots over 3 days in March and 2 days in April; alpha changes daily
    let hour = 0;
    for (const day of [
      '2025-03-30',
      '2025-03-31',
      '2025-04-01',
      '2025-04-02',
    ]) {
      for (const time of ['08', '16', '23']) {
        const components = fleet();
        components[0] = component(
          scorecard('component:default/alpha', {
            score: Number(day.slice(-2)),
          }),
        );
        await stores.snapshotWriter.writeSnapshot(
          snapshotOf(`${day}T${time}:00:00.000Z`, components),
        );
        hour += 1;
      }
    }
    expect(hour).toBe(12);
    const before = await stores.snapshots.listSnapshots({
      offset: 0,
      limit: 100,
    });
    const q1End = before.items.find(
      s => s.takenAt === '2025-03-31T23:00:00.000Z',
    )!;
    const q1Page = await stores.components.listComponents(
      q1End,
      {},
      LIST,
      FULL_VISIBILITY,
    );

    const removed = await stores.retention.applyRetention(
      { keepAllHours: 12, dailyDays: 1 },
      new Date('2025-04-03T00:00:00.000Z'),
    );
    const after = await stores.snapshots.listSnapshots({
      offset: 0,
      limit: 100,
    });
    expect(after.items.map(s => s.takenAt)).toEqual([
      '2025-04-02T23:00:00.000Z',
      '2025-04-02T16:00:00.000Z',
      '2025-03-31T23:00:00.000Z',
    ]);
    expect(removed.deletedSnapshots).toBe(9);
    expect(removed.deletedStates).toBeGreaterThan(0);
    expect(removed.deletedEvaluations).toBeGreaterThan(0);
    // alpha: one row per kept day; beta and the orphan: one row each
    expect(await count(knex, 'component_states')).toBe(2 + 2);
    expect(await count(knex, 'evaluations')).toBe(2 + 2);
    expect(
      await stores.components.listComponents(q1End, {}, LIST, FULL_VISIBILITY),
    ).toEqual(q1Page);
    const quarters = await stores.snapshots.quarterSnapshots();
    expect(quarters.map(q => [q.quarter, q.snapshot.takenAt])).toEqual([
      ['2025-Q2', '2025-04-02T23:00:00.000Z'],
      ['2025-Q1', '2025-03-31T23:00:00.000Z'],
    ]);
    expect(quarters[1].snapshot.quarterEnd).toBe(true);
  });
});
