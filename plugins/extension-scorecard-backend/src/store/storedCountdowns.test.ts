/**
 * Countdowns are stored as tokens counted when read (checks/relativeDays): the API
 * must answer exactly as it did when the store kept them as text.
 *
 * The demo (examples/clusters, examples/org.yaml and entities.yaml) is evaluated at
 * eight times over three months (an hour apart, a day apart, across a quarter end).
 * Database `text` stores what the plugin stored before this change: scorecards with
 * their countdowns as words and numbers. Database `tokens` stores what a refresh
 * stores now. Every read of the API — snapshots, history, every component's page
 * and detail at every snapshot, team and heat-map summaries, every diff between
 * consecutive snapshots and from first to last, every quarter's audit report and its
 * JSON and CSV exports — must be the same on both, on SQLite and PostgreSQL.
 *
 * The migration is tested with a database the previous version wrote (its store and
 * schema, __testUtils__/writtenVersions): brought forward and written on by this one,
 * it answers as a database written as text throughout, before and after retention.
 * So is the later move of facet terms from rows (facet_set_terms) into a column of
 * their set: a database written with rows answers every filter as one written with
 * the column throughout.
 */
import path from 'node:path';
import request from 'supertest';
import type { Knex } from 'knex';
import { readCatalogFiles } from '../collect/catalog';
import { readClusterDump } from '../collect/dumps';
import { buildInventory } from '../inventory/buildInventory';
import type { Inventory } from '../inventory/model';
import { evaluateInventory, evaluateStable } from '../pipeline/evaluate';
import { snapshotInput } from '../pipeline/assembleSnapshot';
import { EvaluationMemo } from '../pipeline/incremental';
import {
  as,
  createTestApi,
  USERS,
} from '../service/__testUtils__/scorecardApi';
import { createScorecardStores } from '.';
import { migrateScorecardDatabase } from './database';
import { termIdList } from './evaluations';
import { scorecardTestDatabases } from './__testUtils__/databases';
import {
  loadWrittenDatabase,
  WRITTEN_BY_134408F,
  WRITTEN_BY_5E172CD,
} from './__testUtils__/writtenVersions';

jest.setTimeout(300_000);

const REPO = path.resolve(__dirname, '../../../..');
const START = Date.parse('2026-12-01T08:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Snapshot times: an hour later, next day, a week, across the quarter end, months. */
const TIMES = [
  0,
  HOUR,
  DAY,
  DAY + 5 * HOUR,
  3 * DAY,
  10 * DAY,
  45 * DAY,
  100 * DAY,
].map(offset => new Date(START + offset));

let inventory: Inventory;

beforeAll(async () => {
  const collectedAt = () => new Date(START);
  const clusters = await Promise.all(
    ['prod-eu', 'staging-us'].map(name =>
      readClusterDump({
        name,
        directory: path.join(REPO, 'examples/clusters', name),
        now: collectedAt,
      }),
    ),
  );
  const entities = await readCatalogFiles([
    path.join(REPO, 'examples/org.yaml'),
    path.join(REPO, 'examples/entities.yaml'),
  ]);
  inventory = buildInventory({ clusters, entities, now: new Date(START) });
});

type Mode = 'text' | 'tokens' | 'memo';

async function writeSnapshots(
  knex: Knex,
  mode: Mode,
  times: readonly Date[],
): Promise<number> {
  const stores = createScorecardStores(knex);
  if (mode === 'memo') return writeWithMemo(stores, times);
  for (const now of times) {
    const scorecards =
      mode === 'text'
        ? evaluateInventory(inventory, { now })
        : evaluateStable(inventory, { now });
    await stores.snapshotWriter.writeSnapshot(
      snapshotInput(inventory, scorecards, {
        takenAt: now.toISOString(),
        trigger: 'schedule',
        refreshId: null,
      }),
    );
  }
  return 0;
}

/** As a refresh writes: a memo keeps what did not change; returns how many it kept. */
async function writeWithMemo(
  stores: ReturnType<typeof createScorecardStores>,
  times: readonly Date[],
): Promise<number> {
  const memo = new EvaluationMemo();
  let kept = 0;
  for (const now of times) {
    const latestSnapshotId =
      (await stores.snapshots.latestSnapshot())?.id ?? null;
    const evaluation = memo.evaluate(inventory, {
      now,
      catalogFingerprint: 'demo',
      latestSnapshotId,
    });
    kept += evaluation.reused.size;
    const written = await stores.snapshotWriter.writeSnapshot(
      snapshotInput(
        inventory,
        evaluation.scorecards,
        { takenAt: now.toISOString(), trigger: 'schedule', refreshId: null },
        [],
        evaluation.reused,
      ),
    );
    memo.remember(
      evaluation,
      written.snapshotId,
      written.evaluationHashes,
      [],
      written.stateHashes,
    );
  }
  return kept;
}

/** Every row of the tables that hold snapshots, in a stable order, without row ids. */
async function storedRows(knex: Knex) {
  const rows = async (table: string, order: string[], omit: string[] = []) =>
    (await knex(table).orderBy(order)).map(row => {
      const copy = { ...row };
      for (const column of omit) delete copy[column];
      return copy;
    });
  return {
    snapshots: await rows('snapshots', ['id']),
    states: await rows(
      'component_states',
      ['component_id', 'valid_from'],
      ['id'],
    ),
    evaluations: await rows('evaluations', ['hash'], ['id']),
    aggregates: await rows('snapshot_aggregates', [
      'snapshot_id',
      'scope',
      'key',
    ]),
  };
}

/** Every answer of the read API over the database, keyed by request. */
async function answers(knex: Knex): Promise<Map<string, unknown>> {
  const { app } = await createTestApi(knex as any, {
    now: () => new Date(START + 101 * DAY),
  });
  const out = new Map<string, unknown>();
  const get = async (url: string) => {
    const response = await request(app)
      .get(url)
      .set('Authorization', as(USERS.carla));
    expect({ url, status: response.status }).toEqual({ url, status: 200 });
    const body = response.type.includes('json') ? response.body : response.text;
    out.set(url, body);
    return body;
  };
  const { items: snapshots } = await get('/snapshots?limit=100');
  await get('/history?scope=fleet');
  await get('/history?scope=kind&key=admission-webhook');
  await get('/history?scope=dimension&key=certificates');
  const ids: number[] = snapshots.map((s: { id: number }) => s.id).sort();
  for (const id of ids) {
    const page = await get(`/components?snapshot=${id}&limit=200`);
    /** Each check's statuses in this snapshot (the list filters on them). */
    const statuses = new Map<string, Set<string>>();
    for (const item of page.items) {
      const detail = await get(
        `/components/${encodeURIComponent(item.componentId)}?snapshot=${id}`,
      );
      for (const r of detail.scorecard.results as Array<{
        checkId: string;
        status: string;
      }>) {
        const seen = statuses.get(r.checkId) ?? new Set<string>();
        statuses.set(r.checkId, seen.add(r.status));
      }
      if (id === ids[0])
        await get(
          `/history?scope=component&key=${encodeURIComponent(
            item.componentId,
          )}`,
        );
    }
    // the filters that read the facet terms: clusters, checks with and without status
    for (const cluster of ['prod-eu', 'staging-us'])
      await get(`/components?snapshot=${id}&cluster=${cluster}&limit=200`);
    // (every check at the first snapshot and the last: written before and after an upgrade)
    const everyCheck = id === ids[0] || id === ids.at(-1);
    for (const [checkId, seen] of everyCheck ? statuses : []) {
      await get(`/components?snapshot=${id}&checkId=${checkId}&limit=200`);
      for (const status of seen)
        await get(
          `/components?snapshot=${id}&checkId=${checkId}&status=${status}&limit=200`,
        );
    }
    await get(`/summaries/teams?snapshot=${id}`);
    await get(`/summaries/heatmap?snapshot=${id}`);
  }
  for (let i = 1; i < ids.length; i++)
    await get(`/snapshot-diff?from=${ids[i - 1]}&to=${ids[i]}`);
  await get(`/snapshot-diff?from=${ids[0]}&to=${ids.at(-1)}`);
  const { items: quarters } = await get('/audit/quarters');
  for (const quarter of quarters) {
    const q = typeof quarter === 'string' ? quarter : quarter.quarter;
    await get(`/audit/${q}`);
    await get(`/audit/${q}/export?format=json`);
    await get(`/audit/${q}/export?format=csv`);
  }
  return out;
}

/** The same requests, each answered the same (named by its URL when not). */
function expectSameAnswers(
  actual: Map<string, unknown>,
  expected: Map<string, unknown>,
) {
  expect([...actual.keys()]).toEqual([...expected.keys()]);
  for (const [url, body] of expected)
    expect([url, actual.get(url)]).toEqual([url, body]);
}

async function count(knex: Knex, table: string): Promise<number> {
  const [{ n }] = await knex(table).count({ n: '*' });
  return Number(n);
}

const databases = scorecardTestDatabases();

describe.each(databases.ids)('stored countdowns on %s', id => {
  it('answer every read exactly as countdowns stored as text did, in fewer rows', async () => {
    const text = await databases.open(id);
    const tokens = await databases.open(id);
    try {
      await writeSnapshots(text, 'text', TIMES);
      await writeSnapshots(tokens, 'tokens', TIMES);

      const after = await answers(tokens);
      expectSameAnswers(after, await answers(text));

      // the demo's countdowns move every day: as text they were new rows every day
      const relative = await tokens('component_states')
        .where('relative_days', true)
        .count({ n: '*' });
      expect(Number(relative[0].n)).toBeGreaterThan(0);
      expect(await count(tokens, 'component_states')).toBeLessThan(
        await count(text, 'component_states'),
      );
      expect(await count(tokens, 'evaluations')).toBeLessThan(
        await count(text, 'evaluations'),
      );
      // what changed from one snapshot to the next is still reported as a change
      const diffs = [...after.entries()].filter(([url]) =>
        url.startsWith('/snapshot-diff'),
      );
      expect(
        diffs.some(
          ([, diff]) =>
            (diff as { unchangedComponents: number }).unchangedComponents <
            inventory.components.length,
        ),
      ).toBe(true);
    } finally {
      await text.destroy();
      await tokens.destroy();
    }
  });

  it('stores exactly what evaluating everything stores when a refresh keeps unchanged evaluations', async () => {
    const everything = await databases.open(id);
    const kept = await databases.open(id);
    try {
      await writeSnapshots(everything, 'tokens', TIMES);
      const reused = await writeSnapshots(kept, 'memo', TIMES);
      // an hour later nothing had changed: every component was kept
      expect(reused).toBeGreaterThanOrEqual(inventory.components.length);
      expect(await storedRows(kept)).toEqual(await storedRows(everything));
    } finally {
      await everything.destroy();
      await kept.destroy();
    }
  });

  it('moves a database written by the previous version forward without loss', async () => {
    const reference = await databases.open(id);
    const upgraded = await databases.open(id);
    try {
      // the previous version wrote the first four times (__testUtils__/writtenVersions)
      await loadWrittenDatabase(upgraded, WRITTEN_BY_5E172CD);
      expect(
        await upgraded.schema.hasColumn('component_states', 'relative_days'),
      ).toBe(false);
      const rowsBefore = await count(upgraded, 'component_states');
      const resultsBefore = await count(upgraded, 'check_results');
      expect(resultsBefore).toBeGreaterThan(0);

      await migrateScorecardDatabase(upgraded);
      expect(await count(upgraded, 'component_states')).toBe(rowsBefore);
      expect(await count(upgraded, 'check_results')).toBe(resultsBefore);
      const relative = await upgraded('component_states')
        .where('relative_days', true)
        .count({ n: '*' });
      expect(Number(relative[0].n)).toBe(0);

      // its snapshots read as they did; this version writes on
      await writeSnapshots(upgraded, 'tokens', TIMES.slice(4));
      await writeSnapshots(reference, 'text', TIMES);
      expectSameAnswers(await answers(upgraded), await answers(reference));

      // retention then removes old and new evaluations alike, and what is kept reads the same
      const policy = { keepAllHours: 0, dailyDays: 0 };
      const at = new Date(START + 101 * DAY);
      await createScorecardStores(reference).retention.applyRetention(
        policy,
        at,
      );
      await createScorecardStores(upgraded).retention.applyRetention(
        policy,
        at,
      );
      expectSameAnswers(await answers(upgraded), await answers(reference));
      // this version stored every component anew (its bodies name templates by
      // hash), so the previous version's results went with its last snapshot
      expect(await count(upgraded, 'check_results')).toBe(0);
    } finally {
      await reference.destroy();
      await upgraded.destroy();
    }
  });

  it('moves a database written with facet terms as rows forward without loss', async () => {
    const reference = await databases.open(id);
    const upgraded = await databases.open(id);
    try {
      // 134408f wrote the first four times with a row per facet term
      await loadWrittenDatabase(upgraded, WRITTEN_BY_134408F);
      const pairs = await upgraded('facet_set_terms').select(
        'facet_set_id',
        'term_id',
      );
      expect(pairs.length).toBeGreaterThan(0);
      const setsBefore = await count(upgraded, 'facet_sets');

      await migrateScorecardDatabase(upgraded);
      expect(await upgraded.schema.hasTable('facet_set_terms')).toBe(false);
      expect(await count(upgraded, 'facet_sets')).toBe(setsBefore);
      // every set names exactly the terms it had, ascending
      const moved = new Map(
        (await upgraded('facet_sets').select('id', 'term_ids')).map(row => [
          Number(row.id),
          row.term_ids as string,
        ]),
      );
      const expected = new Map<number, number[]>();
      for (const pair of pairs) {
        const ids = expected.get(Number(pair.facet_set_id)) ?? [];
        expected.set(Number(pair.facet_set_id), [...ids, Number(pair.term_id)]);
      }
      for (const [setId, text] of moved)
        expect([setId, text]).toEqual([
          setId,
          termIdList(expected.get(setId) ?? []),
        ]);

      // its snapshots answer every filter as before; this version writes on
      await writeSnapshots(upgraded, 'tokens', TIMES.slice(4));
      await writeSnapshots(reference, 'tokens', TIMES);
      expectSameAnswers(await answers(upgraded), await answers(reference));
    } finally {
      await reference.destroy();
      await upgraded.destroy();
    }
  });
});
