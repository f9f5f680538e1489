/**
 * The memo must never keep an evaluation that a full evaluation would give
 * differently. Over the demo and the upstream fixtures, with waivers that expire and
 * evidence that grows stale on the way, a memo refreshed every few hours for weeks
 * gives exactly what evaluating every component gives, while keeping most of them.
 */
import type {
  ExperimentEvidence,
  Waiver,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  loadDemoFleet,
  loadUpstreamFleet,
  type ExampleFleet,
} from '../inventory/__testUtils__/exampleFleets';
import { withStatusesMovedOn } from '../testUtils/statusChurn';
import type { ClusterCollection, KubeObject } from '../collect/types';
import { buildInventory } from '../inventory/buildInventory';
import { canonicalJson, sha256 } from '../store/encoding';
import { evaluateStable, type StableScorecard } from './evaluate';
import {
  catalogFingerprint,
  clusterFingerprint,
  inventoryFingerprint,
  inventoryFingerprintOf,
  readFingerprint,
} from './fingerprints';
import { EvaluationMemo, type IncrementalOptions } from './incremental';
import { upgradeReadiness } from './upgradeReadiness';
import type { CampaignAnnouncementRule } from '../scoring';
import { readChecksConfig } from '../checks';
import { withClusterReads, type ClusterRead } from '../checks/clusterReads';
import { ConfigReader } from '@backstage/config';

jest.setTimeout(120_000);

const START = Date.parse('2026-12-01T08:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Fixture = ExampleFleet;

/** Name, loader, and whether the clock moves its certificate or retirement verdicts within three years. */
const FIXTURES: Array<[string, () => Promise<Fixture>, boolean]> = [
  ['the demo', () => loadDemoFleet(START), true],
  // no support end declared, webhook caBundles injected later: nothing runs out
  ['the upstream fixtures', () => loadUpstreamFleet(START), false],
];

/** Waivers on the first failing results, expiring on the way; one pending. */
function waiversFor(cards: readonly StableScorecard[]): Waiver[] {
  const failing = cards.flatMap(card =>
    card.results
      .filter(r => r.status === 'fail' || r.status === 'warn')
      .slice(0, 1)
      .map(r => ({ card, r })),
  );
  return failing.slice(0, 4).map(({ card, r }, i) => ({
    id: `w${i}`,
    component: card.componentId,
    checkId: r.checkId,
    cluster: r.cluster,
    reason: 'migration under way',
    expiresAt: new Date(START + (i + 1) * 2.3 * DAY).toISOString(),
    state: i === 3 ? 'requested' : 'approved',
    requestedBy: 'user:default/ann',
    requestedAt: new Date(START - DAY).toISOString(),
    decidedBy: i === 3 ? null : 'user:default/bob',
    decidedAt: i === 3 ? null : new Date(START - DAY).toISOString(),
  }));
}

/**
 * Campaigns announcing failing checks: one on a component, enforced after 5.3 days;
 * one on another check and component's kind, enforced after 12.1 days; a third on
 * every component for a third check, enforced after 20.7 days.
 */
function campaignsFor(
  cards: readonly StableScorecard[],
): CampaignAnnouncementRule[] {
  // experiments pass once the evidence below is submitted
  const failing = cards.flatMap(card =>
    card.results
      .filter(r => r.status === 'fail' && !r.checkId.startsWith('experiments.'))
      .map(r => ({ card, r })),
  );
  const a = failing[0];
  const b = failing.find(
    f => f.card !== a.card && f.r.checkId !== a.r.checkId,
  )!;
  const c = [...failing]
    .reverse()
    .find(f => f.r.checkId !== a.r.checkId && f.r.checkId !== b.r.checkId)!;
  return [
    {
      id: 'one-component',
      title: 'One component',
      checks: [a.r.checkId],
      enforceFrom: new Date(START + 5.3 * DAY).toISOString(),
      scope: { components: [a.card.componentId] },
    },
    {
      id: 'one-kind',
      title: 'One kind',
      checks: [b.r.checkId],
      enforceFrom: new Date(START + 12.1 * DAY).toISOString(),
      scope: { kinds: [b.card.kind] },
    },
    {
      id: 'added-later',
      title: 'Added later',
      checks: [c.r.checkId],
      enforceFrom: new Date(START + 20.7 * DAY).toISOString(),
      scope: {},
    },
  ];
}

/** A passed run of each scenario that never ran, 85 days old: stale within the run. */
function evidenceFor(cards: readonly StableScorecard[]): ExperimentEvidence[] {
  const out: ExperimentEvidence[] = [];
  for (const card of cards) {
    for (const r of card.results) {
      const scenarios = /^never ran: (.+)$/.exec(r.message)?.[1];
      if (r.checkId !== 'experiments.required' || !scenarios) continue;
      for (const scenario of scenarios.split(', ')) {
        const at = new Date(START - (85 - out.length) * DAY).toISOString();
        out.push({
          id: `ev${out.length}`,
          component: card.componentId,
          cluster: r.cluster ?? card.clusters[0],
          scenario,
          tool: 'manual',
          startedAt: at,
          injectedAt: at,
          recoveredAt: at,
          verdict: 'pass',
          observations: {},
          links: [],
          submittedBy: 'user:default/ann',
          submittedAt: at,
        });
      }
    }
  }
  return out;
}

/** One cluster's first Deployment scaled, as the API server would return it next. */
function scaled(collection: ClusterCollection): ClusterCollection {
  const [first, ...rest] = collection.objects.deployments ?? [];
  return {
    ...collection,
    objects: {
      ...collection.objects,
      deployments: [
        {
          ...first,
          metadata: {
            ...first.metadata,
            resourceVersion: `${
              Number(first.metadata.resourceVersion ?? 1) + 7
            }`,
            ...(first.metadata.generation === undefined
              ? {}
              : { generation: first.metadata.generation + 1 }),
          },
          spec: { ...first.spec, replicas: Number(first.spec?.replicas) + 1 },
        },
        ...rest,
      ],
    },
  };
}

/** One cluster's namespaces with a label no selector reads, as the API server would return them next. */
function relabelled(collection: ClusterCollection): ClusterCollection {
  return {
    ...collection,
    objects: {
      ...collection.objects,
      namespaces: (collection.objects.namespaces ?? []).map(ns => ({
        ...ns,
        metadata: {
          ...ns.metadata,
          resourceVersion: `${Number(ns.metadata.resourceVersion ?? 1) + 3}`,
          labels: { ...ns.metadata.labels, 'example.com/audited': 'yes' },
        },
      })),
    },
  };
}

/** One cluster with a namespace more (every webhook matching all namespaces reaches one more). */
function withNewNamespace(collection: ClusterCollection): ClusterCollection {
  return {
    ...collection,
    objects: {
      ...collection.objects,
      namespaces: [
        ...(collection.objects.namespaces ?? []),
        {
          apiVersion: 'v1',
          kind: 'Namespace',
          metadata: {
            name: 'team-new',
            uid: '6f0e1c2a-0000-4000-8000-000000000001',
            resourceVersion: '1',
            creationTimestamp: '2026-12-05T08:00:00Z',
            labels: { 'kubernetes.io/metadata.name': 'team-new' },
          },
          spec: { finalizers: ['kubernetes'] },
          status: { phase: 'Active' },
        },
      ],
    },
  };
}

const hashOf = (cards: readonly StableScorecard[]) =>
  new Map(cards.map(c => [c.componentId, sha256(canonicalJson(c))]));

/** Options of the run `hour` hours after START, the memo's snapshot (1) the latest after the first. */
const hourly = (hour: number): IncrementalOptions => ({
  now: new Date(START + hour * HOUR),
  latestSnapshotId: hour === 0 ? null : 1,
});

/** A memo after a first refresh of `fixture` at START, remembered as snapshot 1. */
function firstRefresh(fixture: Fixture) {
  const memo = new EvaluationMemo();
  const first = memo.inventory(
    { collections: fixture.clusters, entities: fixture.entities },
    hourly(0),
  );
  const evaluation = memo.evaluate(first, hourly(0));
  memo.remember(
    evaluation,
    1,
    hashOf(evaluation.scorecards),
    memo.upgradeReport(first, evaluation, hourly(0)),
  );
  return { memo, first };
}

describe.each(FIXTURES)('a memo over %s', (_name, loadFixture, clockMoves) => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await loadFixture();
  });

  it('gives every few hours for four weeks exactly what evaluating everything gives', () => {
    const first = evaluateStable(
      buildInventory({ ...fixture, now: new Date(START) }),
      { now: new Date(START) },
    );
    const waivers = waiversFor(first);
    const evidence = evidenceFor(first);
    expect(waivers.filter(w => w.state === 'approved')).toHaveLength(3);
    const campaigns = campaignsFor(first);
    const announced = new Set<string>();
    // 0: both first campaigns announce (until run 50); 1: the second (until 116);
    // 2: the third, added at run 120 (until 198)
    const phase = (step: number) => {
      if (step <= 50) return 0;
      return step < 120 ? 1 : 2;
    };

    const memo = new EvaluationMemo();
    let snapshotId: number | null = null;
    let kept = 0;
    let evaluatedAgain = 0;
    let inventoriesKept = 0;
    let collections = fixture.clusters;
    let entities = fixture.entities;
    const changedCluster = fixture.clusters[0];
    const reusedAfterFullChange: number[] = [];
    const keptInChangedCluster: string[] = [];
    let restatedAfterRelabel = 0;
    let afterStatuses:
      | {
          inventoryKept: boolean;
          rebuilt: readonly string[];
          evaluated: number;
        }
      | undefined;
    for (let step = 0; step < 260; step++) {
      const now = new Date(START + step * 2.5 * HOUR);
      // one Deployment of a cluster scales: what read it is evaluated again
      if (step === 40)
        collections = [scaled(changedCluster), ...fixture.clusters.slice(1)];
      // the namespaces of the other cluster get a label no selector reads, then one
      // namespace more: what read the namespaces there is evaluated again
      if (step === 60)
        collections = [collections[0], relabelled(collections[1])];
      if (step === 100)
        collections = [collections[0], withNewNamespace(collections[1])];
      // an hour of controllers in every cluster: statuses and EndpointSlices written
      // again, no spec or label changed (the inventory's parts are all kept)
      if (step === 150)
        collections = collections.map(c => withStatusesMovedOn(c, 1));
      // the catalog changes: everything is
      if (step === 80)
        entities = entities.map((e, i) =>
          i === 0
            ? { ...e, metadata: { ...e.metadata, description: 'changed' } }
            : e,
        );
      const options: IncrementalOptions = {
        now,
        waivers,
        evidence,
        // a campaign is added at run 120: the components it announces are evaluated again
        campaigns: step < 120 ? campaigns.slice(0, 2) : campaigns,
        latestSnapshotId: snapshotId,
      };
      // each run reads its collections anew (as the refresh loads them from the store)
      const read = collections.map(c => structuredClone(c));
      const built = buildInventory({ clusters: read, entities, now });
      const full = evaluateStable(built, options);
      const inventory = memo.inventory(
        { collections: read, entities },
        options,
      );
      const evaluation = memo.evaluate(inventory, options);
      expect(evaluation.scorecards).toEqual(full);
      expect(evaluation.evaluated + evaluation.reused.size).toBe(full.length);
      for (const card of full)
        for (const r of card.results)
          if (r.announced)
            announced.add(`${phase(step)}:${r.announced.campaignId}`);
      // the next-minor report, kept whole or per component alike
      const upgrade = memo.upgradeReport(inventory, evaluation, options);
      expect(upgrade).toEqual(upgradeReadiness(built, options));
      if (evaluation.inventoryKept) inventoriesKept += 1;
      if (step === 0 || step === 80)
        reusedAfterFullChange.push(evaluation.reused.size);
      // components evaluated again to what was stored: the store takes them by the
      // hash it gave that evaluation
      const hashes = hashOf(full);
      for (const [id, known] of evaluation.restated)
        expect(known.evaluationHash).toBe(hashes.get(id));
      expect(evaluation.storedByHash.size).toBe(
        evaluation.reused.size + evaluation.restated.size,
      );
      if (step === 60) restatedAfterRelabel = evaluation.restated.size;
      if (step === 150)
        afterStatuses = {
          inventoryKept: evaluation.inventoryKept,
          rebuilt: memo.clustersRebuilt,
          evaluated: evaluation.evaluated,
        };
      if (step === 40) {
        const scaledUid = (collections[0].objects.deployments ?? [])[0].metadata
          .uid;
        for (const c of built.components) {
          if (!c.instances.some(i => i.cluster === changedCluster.cluster))
            continue;
          const holdsScaled = c.instances.some(i =>
            i.objects.deployments.some(d => d.metadata.uid === scaledUid),
          );
          if (evaluation.reused.has(c.id))
            keptInChangedCluster.push(
              `${c.id}${holdsScaled ? ' (scaled)' : ''}`,
            );
        }
      }
      if (step % 40 !== 0) {
        kept += evaluation.reused.size;
        evaluatedAgain += evaluation.evaluated;
      }
      snapshotId = (snapshotId ?? 0) + 1;
      memo.remember(
        evaluation,
        snapshotId,
        hashOf(evaluation.scorecards),
        upgrade,
      );
    }
    // each campaign announced its check until its enforcement date (runs 51, 116, 198)
    expect([...announced].sort()).toEqual([
      '0:one-component',
      '0:one-kind',
      '1:one-kind',
      '2:added-later',
    ]);
    // the first run and a changed catalog evaluate everything; in a changed cluster,
    // what read nothing that changed is kept
    expect(reusedAfterFullChange).toEqual([0, 0]);
    expect(keptInChangedCluster.length).toBeGreaterThan(0);
    expect(keptInChangedCluster.filter(id => id.endsWith('(scaled)'))).toEqual(
      [],
    );
    // a label no selector reads: evaluated again, to what was stored
    expect(restatedAfterRelabel).toBeGreaterThan(0);
    // statuses moved on everywhere: the inventory built again from every cluster's
    // kept part (none read again), what holds a rewritten object evaluated again
    expect(afterStatuses).toEqual({
      inventoryKept: false,
      rebuilt: [],
      evaluated: expect.any(Number),
    });
    expect(afterStatuses!.evaluated).toBeGreaterThan(0);
    // most evaluations are kept; the clock brings some back
    expect(kept).toBeGreaterThan(evaluatedAgain);
    expect(evaluatedAgain).toBeGreaterThan(0);
    // most runs read nothing new and did not build the inventory
    expect(inventoriesKept).toBeGreaterThan(100);
    expect(inventoriesKept).toBeLessThan(260);
  });

  it('gives what evaluating everything gives over three years, certificates and support windows running out', () => {
    const inventory = buildInventory({ ...fixture, now: new Date(START) });
    const memo = new EvaluationMemo();
    const catalog = catalogFingerprint(fixture.entities);
    let snapshotId: number | null = null;
    let kept = 0;
    let findings = 0;
    const statuses = new Set<string>();
    for (let step = 0; step < 150; step++) {
      const options: IncrementalOptions = {
        now: new Date(START + step * 173 * HOUR),
        catalogFingerprint: catalog,
        latestSnapshotId: snapshotId,
      };
      const full = evaluateStable(inventory, options);
      const evaluation = memo.evaluate(inventory, options);
      expect(evaluation.scorecards).toEqual(full);
      const report = upgradeReadiness(inventory, {
        ...options,
        componentFindings: memo.upgradeFindings(evaluation),
      });
      expect(report).toEqual(upgradeReadiness(inventory, options));
      findings += report.reduce((n, c) => n + c.findings.length, 0);
      if (step) kept += evaluation.reused.size;
      for (const card of full)
        for (const r of card.results)
          if (/^(cert|retirement)\./.test(r.checkId))
            statuses.add(`${card.componentId} ${r.checkId} ${r.status}`);
      snapshotId = (snapshotId ?? 0) + 1;
      memo.remember(evaluation, snapshotId, hashOf(evaluation.scorecards), []);
    }
    expect(kept).toBeGreaterThan(0);
    // the clock moved verdicts on the way (else this would prove nothing)
    const moved = [...statuses]
      .map(s => s.split(' ').slice(0, 2).join(' '))
      .filter((key, i, all) => all.indexOf(key) !== i);
    expect(moved.length > 0).toBe(clockMoves);
    expect(findings).toBeGreaterThan(0);
  });

  it("evaluates again what read a namespace's budgets when one of them changed, not what read another namespace's", () => {
    const { memo, first } = firstRefresh(fixture);
    const { entities } = fixture;
    // a budget's status rewritten by the disruption controller (a Pod restarted)
    const cluster = fixture.clusters.find(
      c => (c.objects.poddisruptionbudgets ?? []).length > 0,
    )!;
    const [budget, ...others] = cluster.objects.poddisruptionbudgets!;
    const part: ClusterRead = `poddisruptionbudgets@${budget.metadata.namespace}`;
    const changed = fixture.clusters.map(c =>
      c !== cluster
        ? structuredClone(c)
        : {
            ...structuredClone(c),
            objects: {
              ...structuredClone(c.objects),
              poddisruptionbudgets: [
                {
                  ...budget,
                  metadata: { ...budget.metadata, resourceVersion: '999999' },
                  status: {
                    ...budget.status,
                    currentHealthy: 0,
                    disruptionsAllowed: 0,
                  },
                },
                ...others,
              ],
            },
          },
    );
    const inventory = memo.inventory(
      { collections: changed, entities },
      hourly(1),
    );
    const again = memo.evaluate(inventory, hourly(1));
    expect(again.scorecards).toEqual(
      evaluateStable(
        buildInventory({ clusters: changed, entities, now: hourly(1).now }),
        hourly(1),
      ),
    );
    // what each component read of that cluster, by list and part
    const reads = first.components.map(c => ({
      id: c.id,
      read:
        withClusterReads(() =>
          evaluateStable({ ...first, components: [c] }, hourly(0)),
        ).reads.get(cluster.cluster) ?? [],
    }));
    const readIt = reads.filter(r => r.read.includes(part));
    const readOthers = reads.filter(
      r =>
        !r.read.includes(part) &&
        r.read.some(x => x.startsWith('poddisruptionbudgets@')),
    );
    expect(readIt.length).toBeGreaterThan(0);
    expect(readOthers.length).toBeGreaterThan(0);
    for (const { id } of readIt) expect(again.reused.has(id)).toBe(false);
    expect(
      readOthers.filter(r => again.reused.has(r.id)).length,
    ).toBeGreaterThan(0);
  });

  it('keeps the next-minor findings of what read nothing rewritten when every cluster read differently', () => {
    const { memo } = firstRefresh(fixture);
    const { entities } = fixture;
    // an hour later a third of each list's statuses and EndpointSlices moved on
    const movedOn = fixture.clusters.map(c =>
      withStatusesMovedOn(structuredClone(c), 1, { everyNth: 3 }),
    );
    const inventory = memo.inventory(
      { collections: movedOn, entities },
      hourly(1),
    );
    const again = memo.evaluate(inventory, hourly(1));
    const versionRead = (clusters: readonly ClusterCollection[]) =>
      new Map(
        clusters.flatMap(c =>
          Object.values(c.objects)
            .flatMap(list => list ?? [])
            .map(o => [o.metadata.uid, o.metadata.resourceVersion] as const),
        ),
      );
    const before = versionRead(fixture.clusters);
    const rewritten = new Set(
      [...versionRead(movedOn)]
        .filter(([uid, version]) => before.get(uid) !== version)
        .map(([uid]) => uid),
    );
    const cache = memo.upgradeFindings(again);
    const computed = new Set<string>();
    for (const component of inventory.components)
      cache(component, () => {
        computed.add(component.id);
        return new Map();
      });
    const holdingRewritten = inventory.components.filter(c =>
      c.instances.some(i =>
        Object.values(i.objects).some(list =>
          (list as KubeObject[]).some(o => rewritten.has(o.metadata.uid)),
        ),
      ),
    );
    expect(rewritten.size).toBeGreaterThan(0);
    expect(holdingRewritten.length).toBeGreaterThan(0);
    for (const c of holdingRewritten) expect(computed.has(c.id)).toBe(true);
    expect(computed.size).toBeLessThan(inventory.components.length);
    // (the four-week run above compares such a run's report with one from scratch)
  });

  it('keeps the inventory at every unchanged hourly run, not every other one', () => {
    const memo = new EvaluationMemo();
    let snapshotId: number | null = null;
    const kept: boolean[] = [];
    for (let hour = 0; hour < 5; hour++) {
      const options: IncrementalOptions = {
        now: new Date(START + hour * HOUR),
        latestSnapshotId: snapshotId,
      };
      const read = fixture.clusters.map(c => structuredClone(c));
      const inventory = memo.inventory(
        { collections: read, entities: fixture.entities },
        options,
      );
      const evaluation = memo.evaluate(inventory, options);
      const upgrade = memo.upgradeReport(inventory, evaluation, options);
      kept.push(evaluation.inventoryKept);
      snapshotId = hour + 1;
      memo.remember(
        evaluation,
        snapshotId,
        hashOf(evaluation.scorecards),
        upgrade,
      );
    }
    // the first run builds it; a component evaluated again at a kept run used to lose
    // its next-minor findings, so the run after it built the inventory again
    expect(kept).toEqual([false, true, true, true, true]);
  });

  it('keeps nothing when the latest snapshot is not the one it remembers, or with module checks', () => {
    const inventory = buildInventory({ ...fixture, now: new Date(START) });
    const options: IncrementalOptions = {
      now: new Date(START),
      catalogFingerprint: catalogFingerprint(fixture.entities),
      latestSnapshotId: null,
    };
    const memo = new EvaluationMemo();
    const first = memo.evaluate(inventory, options);
    memo.remember(first, 5, hashOf(first.scorecards), []);
    const later = { ...options, now: new Date(START + 1000) };
    expect(
      memo.evaluate(inventory, { ...later, latestSnapshotId: 5 }).reused.size,
    ).toBeGreaterThan(0);
    expect(memo.previousResults(5)?.size).toBe(first.scorecards.length);
    expect(
      memo.evaluate(inventory, { ...later, latestSnapshotId: 6 }).reused.size,
    ).toBe(0);
    expect(memo.previousResults(6)).toBeUndefined();

    const config = readChecksConfig(new ConfigReader({}));
    const moduleCheck = { ...config, extraChecks: [{} as never] };
    expect(
      memo.evaluate(inventory, {
        ...later,
        latestSnapshotId: 5,
        config: moduleCheck,
      }).reused.size,
    ).toBe(0);
    memo.forget();
    expect(
      memo.evaluate(inventory, { ...later, latestSnapshotId: 5 }).reused.size,
    ).toBe(0);
  });
});

describe('fingerprints of what was read', () => {
  const node = (beat: string, rv: string) => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'n1', uid: 'u1', resourceVersion: rv },
    status: {
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          lastHeartbeatTime: beat,
          lastTransitionTime: '2026-11-01T00:00:00Z',
        },
      ],
    },
  });
  const collection = (objects: ClusterCollection['objects']) =>
    ({
      cluster: 'prod',
      source: 'live',
      collectedAt: '2026-12-01T08:00:00Z',
      version: null,
      versionStatus: { state: 'ok' },
      reads: {},
      objects,
    } as ClusterCollection);

  it('ignore Node heartbeats and HPA metrics, not what checks read', () => {
    const a = clusterFingerprint(
      collection({ nodes: [node('2026-12-01T08:00:00Z', '10')] }),
    );
    expect(
      clusterFingerprint(
        collection({ nodes: [node('2026-12-01T08:05:00Z', '11')] }),
      ),
    ).toBe(a);
    const notReady = node('2026-12-01T08:05:00Z', '12');
    notReady.status.conditions[0].status = 'False';
    expect(clusterFingerprint(collection({ nodes: [notReady] }))).not.toBe(a);

    const hpa = (metrics: number, min: number) => ({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: {
        name: 'h',
        namespace: 'x',
        uid: 'h1',
        resourceVersion: `${metrics}`,
      },
      spec: { minReplicas: min },
      status: { currentMetrics: [{ type: 'Resource', value: metrics }] },
    });
    const h = clusterFingerprint(
      collection({ horizontalpodautoscalers: [hpa(1, 1)] }),
    );
    expect(
      clusterFingerprint(collection({ horizontalpodautoscalers: [hpa(2, 1)] })),
    ).toBe(h);
    expect(
      clusterFingerprint(collection({ horizontalpodautoscalers: [hpa(2, 2)] })),
    ).not.toBe(h);
  });

  /** Deployment `x/d` as read at `rv`. */
  const deploymentAt = (
    rv: string,
    fields: { generation?: number; spec?: object; status?: object } = {},
  ) =>
    ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'd',
        namespace: 'x',
        uid: 'd1',
        resourceVersion: rv,
        ...(fields.generation === undefined
          ? {}
          : { generation: fields.generation }),
        labels: { 'app.kubernetes.io/part-of': 'x' },
      },
      spec: fields.spec ?? { replicas: 1 },
      status: fields.status ?? { readyReplicas: 1 },
    } as KubeObject);

  it('of the inventory: statuses and endpoints aside, not labels, specs, pending Pods or objects added', () => {
    const slice = (rv: string, ip: string) => ({
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: 's', namespace: 'x', uid: 's1', resourceVersion: rv },
      endpoints: [{ addresses: [ip] }],
    });
    const pod = (rv: string) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'x', uid: 'p1', resourceVersion: rv },
      spec: { schedulerName: 'volcano' },
      status: { phase: 'Pending' },
    });
    const base = inventoryFingerprint(
      collection({
        deployments: [deploymentAt('1')],
        endpointslices: [slice('1', '10.0.0.1')],
        pods: [pod('1')],
      }),
    );
    const withObjects = (objects: ClusterCollection['objects']) =>
      inventoryFingerprint(
        collection({
          deployments: [deploymentAt('1')],
          endpointslices: [slice('1', '10.0.0.1')],
          pods: [pod('1')],
          ...objects,
        }),
      );
    // controllers' writes: the same grouping
    expect(
      withObjects({
        deployments: [deploymentAt('7', { status: { readyReplicas: 0 } })],
        endpointslices: [slice('8', '10.0.0.9')],
      }),
    ).toBe(base);
    // what the grouping reads
    const withOtherLabels = deploymentAt('9');
    withOtherLabels.metadata.labels = { 'app.kubernetes.io/part-of': 'y' };
    expect(withObjects({ deployments: [withOtherLabels] })).not.toBe(base);
    expect(
      withObjects({
        deployments: [deploymentAt('9', { spec: { replicas: 2 } })],
      }),
    ).not.toBe(base);
    expect(withObjects({ pods: [pod('2')] })).not.toBe(base);
    expect(
      withObjects({
        deployments: [
          deploymentAt('1'),
          { ...deploymentAt('1'), metadata: { name: 'e', uid: 'e1' } },
        ],
      }),
    ).not.toBe(base);
  });

  it('of the inventory: a workload by its generation and metadata, where the API server sets one', () => {
    const deployment = (rv: string, generation: number, status: object) =>
      deploymentAt(rv, { generation, spec: { replicas: generation }, status });
    const of = (d: KubeObject) =>
      inventoryFingerprint(collection({ deployments: [d] }));
    const base = of(deployment('1', 1, { readyReplicas: 1 }));
    expect(of(deployment('2', 1, { readyReplicas: 0 }))).toBe(base);
    expect(of(deployment('3', 2, { readyReplicas: 1 }))).not.toBe(base);
    const withOtherLabels = deployment('4', 1, { readyReplicas: 1 });
    withOtherLabels.metadata.labels = { app: 'e' };
    expect(of(withOtherLabels)).not.toBe(base);
  });

  it('of the inventory: takes the part of each list read as before, and computes the others', () => {
    const before = collection({
      deployments: [deploymentAt('1', { generation: 1 })],
      pods: [
        {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: {
            name: 'p',
            namespace: 'x',
            uid: 'p1',
            resourceVersion: '4',
          },
          status: { phase: 'Pending' },
        },
      ],
    });
    const known = inventoryFingerprintOf(before).lists;
    // an hour later: the Deployment's status rewritten, the Pods read as they were
    const after = collection({
      ...before.objects,
      deployments: [
        deploymentAt('2', { generation: 1, status: { readyReplicas: 0 } }),
      ],
    });
    const fromScratch = inventoryFingerprintOf(structuredClone(after));
    const taken = inventoryFingerprintOf(after, known);
    expect(taken.key).toBe(fromScratch.key);
    expect(taken.lists.get('pods')).toBe(known.get('pods'));
    expect(taken.lists.get('deployments')).not.toBe(known.get('deployments'));
    // a part taken is not computed again: a list read the same keeps even a wrong one
    const planted = new Map(known);
    planted.set('pods', { ...known.get('pods')!, part: 'planted' });
    planted.set('deployments', {
      ...known.get('deployments')!,
      part: 'planted',
    });
    const again = inventoryFingerprintOf(structuredClone(after), planted);
    expect(again.lists.get('pods')?.part).toBe('planted');
    expect(again.lists.get('deployments')?.part).toBe(
      fromScratch.lists.get('deployments')?.part,
    );
  });

  it('tell objects apart by uid and resourceVersion, the collection time aside', () => {
    const deployment = (rv: string) => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'd', namespace: 'x', uid: 'd1', resourceVersion: rv },
    });
    const base = collection({ deployments: [deployment('5')] });
    const a = clusterFingerprint(base);
    expect(
      clusterFingerprint({ ...base, collectedAt: '2026-12-01T09:00:00Z' }),
    ).toBe(a);
    expect(
      clusterFingerprint(collection({ deployments: [deployment('6')] })),
    ).not.toBe(a);
    expect(
      clusterFingerprint({
        ...base,
        stale: { reason: 'timeout', lastSuccessAt: '2026-12-01T08:00:00Z' },
      }),
    ).not.toBe(a);
    expect(
      clusterFingerprint({
        ...base,
        reads: { deployments: { state: 'forbidden', reason: '403' } },
      }),
    ).not.toBe(a);
  });

  it('use the fingerprint stored with a collection, staleness added, and recompute one of another scheme', () => {
    const deployment = (rv: string) => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'd', namespace: 'x', uid: 'd1', resourceVersion: rv },
    });
    const base = collection({ deployments: [deployment('5')] });
    const stored = { ...base, fingerprint: readFingerprint(base) };
    expect(stored.fingerprint).toEqual({
      scheme: 'read-v2',
      whole: expect.stringMatching(/^[0-9a-f]{64}$/),
      header: expect.stringMatching(/^[0-9a-f]{64}$/),
      lists: { deployments: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(clusterFingerprint(stored)).toBe(clusterFingerprint(base));
    // trusted as stored: the objects are not hashed again
    expect(
      clusterFingerprint({
        ...stored,
        objects: { deployments: [deployment('6')] },
      }),
    ).toBe(clusterFingerprint(base));
    const stale = {
      reason: 'timeout',
      lastSuccessAt: '2026-12-01T08:00:00Z',
    };
    expect(clusterFingerprint({ ...stored, stale })).toBe(
      clusterFingerprint({ ...base, stale }),
    );
    expect(clusterFingerprint({ ...stored, stale })).not.toBe(
      clusterFingerprint(stored),
    );
    // written by another way of fingerprinting: computed again from the objects
    expect(
      clusterFingerprint({
        ...base,
        objects: { deployments: [deployment('6')] },
        fingerprint: { ...stored.fingerprint, scheme: 'read-v0' },
      }),
    ).toBe(clusterFingerprint(collection({ deployments: [deployment('6')] })));
  });

  it('tell catalog entities apart by uid and etag, or by content without them', () => {
    const entity = (etag?: string, owner = 'team-a') => ({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Component',
      metadata: { name: 'c', ...(etag ? { uid: 'c1', etag } : {}) },
      spec: { owner },
    });
    expect(catalogFingerprint([entity('e1')])).toBe(
      catalogFingerprint([entity('e1', 'team-b')]),
    );
    expect(catalogFingerprint([entity('e1')])).not.toBe(
      catalogFingerprint([entity('e2')]),
    );
    expect(catalogFingerprint([entity()])).not.toBe(
      catalogFingerprint([entity(undefined, 'team-b')]),
    );
  });
});
