/**
 * What must hold in the store after any crash: every snapshot row is complete (its
 * component states, clusters, aggregates and evaluation bodies are all there), and
 * nothing of an unfinished write is left behind.
 */
import type {
  RawDatabase,
  RawQuery,
} from '../../store/__testUtils__/rawDatabase';
import { decompressJson } from '../../store/encoding';
import { parseTermIdList } from '../../store/evaluations';
import { createScorecardStores, FULL_VISIBILITY } from '../../store';

const OPEN = 2147483647;

/** A comparable digest of one snapshot as the API reads it. */
export interface SnapshotDigest {
  componentCount: number;
  levels: unknown;
  counts: unknown;
  averageScore: number;
  components: string[];
}

async function count(query: RawQuery): Promise<number> {
  const [{ n }] = await query.count({ n: '*' });
  return Number(n);
}

/**
 * Checks the invariants on a database (throws with the first violation) and returns
 * the ids of its snapshots.
 */
export async function verifyCompleteSnapshots(
  knex: RawDatabase,
): Promise<number[]> {
  const snapshots: Array<{
    id: number;
    component_count: number;
    clusters: string;
  }> = await knex('snapshots')
    .select('id', 'component_count', 'clusters')
    .orderBy('id');
  const ids = snapshots.map(s => Number(s.id));
  const newest = ids.length ? ids[ids.length - 1] : 0;
  const problems: string[] = [];

  const beyond = await count(
    knex('component_states').where('valid_from', '>', newest),
  );
  if (beyond) problems.push(`${beyond} component states of no snapshot`);
  const closedBeyond = await count(
    knex('component_states')
      .where('valid_to', '>', newest)
      .andWhere('valid_to', '<', OPEN),
  );
  if (closedBeyond) {
    problems.push(`${closedBeyond} component states closed by no snapshot`);
  }
  const strayClusters = await count(
    knex('snapshot_clusters').whereNotIn(
      'snapshot_id',
      ids.length ? ids : [-1],
    ),
  );
  if (strayClusters) problems.push(`${strayClusters} stray snapshot_clusters`);
  const strayAggregates = await count(
    knex('snapshot_aggregates').whereNotIn(
      'snapshot_id',
      ids.length ? ids : [-1],
    ),
  );
  if (strayAggregates) problems.push(`${strayAggregates} stray aggregates`);

  for (const snapshot of snapshots) {
    const id = Number(snapshot.id);
    const states = await count(
      knex('component_states')
        .where('valid_from', '<=', id)
        .andWhere('valid_to', '>', id),
    );
    if (states !== Number(snapshot.component_count)) {
      problems.push(
        `snapshot ${id}: ${states} component states for ${snapshot.component_count} components`,
      );
    }
    const clusters = await count(
      knex('snapshot_clusters').where('snapshot_id', id),
    );
    if (clusters !== JSON.parse(snapshot.clusters).length) {
      problems.push(`snapshot ${id}: ${clusters} cluster rows`);
    }
    const [fleet] = await knex('snapshot_aggregates')
      .where({ snapshot_id: id, scope: 'fleet' })
      .sum({ components: 'components' });
    if (Number(fleet?.components ?? 0) !== Number(snapshot.component_count)) {
      problems.push(
        `snapshot ${id}: fleet aggregates count ${fleet?.components} components`,
      );
    }
  }

  const missingBodies = await count(
    knex('component_states as cs')
      .leftJoin('evaluations as e', 'e.id', 'cs.evaluation_id')
      .whereNull('e.id'),
  );
  if (missingBodies) problems.push(`${missingBodies} states without a body`);
  // a facet set names its terms by id in a text column: each id must be named
  const named = new Set(
    (await knex('facet_term_names').pluck('id')).map(Number),
  );
  for (const set of await knex('facet_sets').select('id', 'term_ids')) {
    const text = String(set.term_ids ?? '');
    if (!/^,(\d+,)*$/.test(text)) {
      problems.push(`facet set ${set.id}: term ids '${text}'`);
      continue;
    }
    const unnamed = parseTermIdList(text).filter(id => !named.has(id));
    if (unnamed.length) {
      problems.push(`facet set ${set.id}: unnamed terms ${unnamed.join(', ')}`);
    }
  }
  // the pair table has no foreign keys: the store keeps both sides itself
  const strayPairs = {
    'namespace list pairs without their evaluation': knex(
      'evaluation_namespace_lists as p',
    )
      .leftJoin('evaluations as e', 'e.id', 'p.evaluation_id')
      .whereNull('e.id'),
    'namespace list pairs without their list': knex(
      'evaluation_namespace_lists as p',
    )
      .leftJoin('namespace_lists as l', 'l.id', 'p.list_id')
      .whereNull('l.id'),
  };
  for (const [what, query] of Object.entries(strayPairs)) {
    const n = await count(query);
    if (n) problems.push(`${n} ${what}`);
  }
  const evaluations = await knex('evaluations').select('id', 'body');
  for (const row of evaluations) {
    try {
      decompressJson(row.body);
    } catch (error) {
      problems.push(`evaluation ${row.id} unreadable: ${error}`);
    }
  }
  if (problems.length) {
    throw new Error(`store is inconsistent:\n${problems.join('\n')}`);
  }
  return ids;
}

/** The newest snapshot as the store's read path serves it. */
export async function digestLatestSnapshot(
  knex: RawDatabase,
): Promise<SnapshotDigest | undefined> {
  const stores = createScorecardStores(knex);
  const latest = await stores.snapshots.latestSnapshot();
  if (!latest) return undefined;
  const list = await stores.components.listComponents(
    latest,
    {},
    { sort: 'name', order: 'asc', offset: 0, limit: 100_000 },
    FULL_VISIBILITY,
  );
  return {
    componentCount: latest.componentCount,
    levels: latest.levels,
    counts: latest.counts,
    averageScore: latest.averageScore,
    components: list.items.map(
      c =>
        `${c.componentId} L${c.level} ${c.score} ${JSON.stringify(c.counts)}`,
    ),
  };
}
