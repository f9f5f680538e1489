import type { Knex } from 'knex';
import { TestDatabases } from '@backstage/backend-test-utils';
import {
  migrateScorecardDatabase,
  rollbackScorecardDatabase,
} from './database';
import { SCORECARD_TABLES } from './__testUtils__/databases';
import { compressJson, decompressJson } from './encoding';

jest.setTimeout(60_000);

const TABLES = SCORECARD_TABLES;
/** Tables of the compact-evaluations migration (facet terms by id, namespace lists). */
const COMPACT_TABLES: readonly string[] = [
  'facet_term_names',
  'namespace_lists',
  'evaluation_namespace_lists',
];
/** Tables of the campaigns migration. */
const CAMPAIGN_TABLES: readonly string[] = ['campaigns', 'saved_filters'];

/** The compressed columns and how PostgreSQL stores them (`e` EXTERNAL, `x` EXTENDED). */
async function compressedStorage(
  knex: Knex,
): Promise<Record<string, string> | undefined> {
  if (knex.client.config.client !== 'pg') return undefined;
  const { rows } = await knex.raw(
    `SELECT c.relname || '.' || a.attname AS col, a.attstorage AS storage
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relnamespace = current_schema()::regnamespace
        AND (c.relname, a.attname) IN (('evaluations', 'body'),
          ('namespace_lists', 'body'), ('snapshot_clusters', 'upgrade'),
          ('cluster_collections', 'payload'))`,
  );
  return Object.fromEntries(
    rows.map((r: { col: string; storage: string }) => [r.col, r.storage]),
  );
}

/** Every compressed column with `storage` on PostgreSQL; nothing to ask on SQLite. */
function storedAs(knex: Knex, storage: string) {
  if (knex.client.config.client !== 'pg') return undefined;
  return Object.fromEntries(
    [
      'cluster_collections.payload',
      'evaluations.body',
      'namespace_lists.body',
      'snapshot_clusters.upgrade',
    ].map(column => [column, storage]),
  );
}

describe('migrations', () => {
  const databases = TestDatabases.create({ ids: ['SQLITE_3', 'POSTGRES_15'] });

  it.each(databases.eachSupportedId())(
    'step up and down on %p',
    async databaseId => {
      const knex = await databases.init(databaseId);

      await migrateScorecardDatabase(knex);
      for (const table of TABLES) {
        expect(await knex.schema.hasTable(table)).toBe(true);
      }
      // compressed bodies are stored as they are on PostgreSQL (no pglz attempt)
      expect(await compressedStorage(knex)).toEqual(storedAs(knex, 'e'));
      await knex('snapshots').insert({
        taken_at: '2025-01-01T00:00:00.000Z',
        day: '2025-01-01',
        quarter: '2025-Q1',
        trigger: 'schedule',
        component_count: 0,
        clusters: '[]',
        stale_clusters: '[]',
        summary: '{}',
      });

      expect(await knex.schema.hasColumn('snapshot_clusters', 'upgrade')).toBe(
        true,
      );

      // one step down: a facet set's terms as rows again, one per term id
      const [columnSet] = await knex('facet_sets')
        .insert({ hash: 'd'.repeat(32), term_ids: ',' })
        .returning('id');
      const columnSetId = Number(
        typeof columnSet === 'object' ? columnSet.id : columnSet,
      );
      const columnTerms = await knex('facet_term_names')
        .insert([{ term: 'c:edge-1' }, { term: 'r:owner:fail' }])
        .returning('id');
      const columnTermIds = columnTerms
        .map((row: { id: number } | number) =>
          Number(typeof row === 'object' ? row.id : row),
        )
        .sort((a: number, b: number) => a - b);
      await knex('facet_sets')
        .where('id', columnSetId)
        .update({ term_ids: `,${columnTermIds.join(',')},` });
      const [emptySet] = await knex('facet_sets')
        .insert({ hash: 'c'.repeat(32), term_ids: ',' })
        .returning('id');
      // one step down: the default storage again
      await rollbackScorecardDatabase(knex);
      expect(await compressedStorage(knex)).toEqual(storedAs(knex, 'x'));
      await rollbackScorecardDatabase(knex);
      expect(await knex.schema.hasColumn('facet_sets', 'term_ids')).toBe(false);
      expect(
        await knex('facet_set_terms')
          .orderBy('term_id')
          .select('facet_set_id', 'term_id'),
      ).toEqual(
        columnTermIds.map(termId => ({
          facet_set_id: columnSetId,
          term_id: termId,
        })),
      );
      await knex('facet_set_terms').delete();
      await knex('facet_term_names').delete();
      await knex('facet_sets')
        .whereIn('id', [
          columnSetId,
          Number(typeof emptySet === 'object' ? emptySet.id : emptySet),
        ])
        .delete();

      // one step down: no saved filters, and none of their audit events
      await knex('saved_filters').insert({
        id: 'prod-csi-3f9a1c',
        name: 'Prod CSI',
        name_key: 'prod csi',
        description: '',
        filters: '{"kind":["csi"],"cluster":["prod"]}',
        created_by: 'user:default/hana',
        created_at: '2025-01-01T00:00:00.000Z',
      });
      await knex('audit_events').insert({
        at: '2025-01-01T00:00:00.000Z',
        actor: 'user:default/hana',
        subject_type: 'saved-filter',
        subject_id: 'prod-csi-3f9a1c',
        component_id: '',
        action: 'created',
        changes: '{}',
      });
      await rollbackScorecardDatabase(knex);
      expect(await knex.schema.hasTable('saved_filters')).toBe(false);
      expect(Number((await knex('audit_events').count({ n: '*' }))[0].n)).toBe(
        0,
      );

      // one step down: no campaigns, and none of their audit events
      await knex('campaigns').insert({
        id: 'webhooks-out-of-kube-system',
        title: 'Scope webhooks out of kube-system',
        why: '',
        goal: '{"checks":["webhook.kube-system-excluded"]}',
        scope: '{}',
        starts_at: '2025-01-01T00:00:00.000Z',
        deadline: '2025-03-31T00:00:00.000Z',
        state: 'open',
        created_by: 'user:default/hana',
        created_at: '2025-01-01T00:00:00.000Z',
        updated_by: 'user:default/hana',
        updated_at: '2025-01-01T00:00:00.000Z',
      });
      const event = {
        at: '2025-01-01T00:00:00.000Z',
        actor: 'user:default/hana',
        subject_id: 'x',
        component_id: '',
        action: 'created',
        changes: '{}',
      };
      await knex('audit_events').insert([
        { ...event, subject_type: 'campaign' },
        { ...event, subject_type: 'waiver', component_id: 'component:a' },
      ]);
      await rollbackScorecardDatabase(knex);
      expect(await knex.schema.hasTable('campaigns')).toBe(false);
      expect(
        (await knex('audit_events').select('subject_type')).map(
          r => r.subject_type,
        ),
      ).toEqual(['waiver']);

      // one step down: facet terms as strings again, each set keeping its terms,
      const [set] = await knex('facet_sets')
        .insert({ hash: 'f'.repeat(32) })
        .returning('id');
      const setId = Number(typeof set === 'object' ? set.id : set);
      const terms = ['c:prod-eu', 'r:webhook-timeout:fail', 'r:owner:pass'];
      const named = await knex('facet_term_names')
        .insert(terms.map(term => ({ term })))
        .returning(['id', 'term']);
      await knex('facet_set_terms').insert(
        named.map(row => ({ facet_set_id: setId, term_id: Number(row.id) })),
      );
      // and an evaluation naming a namespace list, which goes back inline
      const names = Array.from({ length: 10 }, (_, i) => `team-${i}`);
      const [list] = await knex('namespace_lists')
        .insert({
          hash: 'a'.repeat(32),
          body: compressJson(JSON.stringify(names)),
        })
        .returning('id');
      const radius = { name: 'validate.example.com', objectKind: 'webhook' };
      const [evaluation] = await knex('evaluations')
        .insert({
          hash: 'e'.repeat(32),
          body: compressJson(
            JSON.stringify({
              scorecard: {
                results: [],
                hardGates: [],
                blastRadius: [
                  { ...radius, matchedNamespaces: { l: 'a'.repeat(32) } },
                  { ...radius, matchedNamespaces: ['kube-system'] },
                ],
              },
              instances: [],
            }),
          ),
          raw_size: 0,
        })
        .returning('id');
      const evaluationId = Number(
        typeof evaluation === 'object' ? evaluation.id : evaluation,
      );
      await knex('evaluation_namespace_lists').insert({
        evaluation_id: evaluationId,
        list_id: Number(typeof list === 'object' ? list.id : list),
      });
      await rollbackScorecardDatabase(knex);
      const [restored] = await knex('evaluations')
        .where('id', evaluationId)
        .select('body');
      expect(decompressJson<any>(restored.body).scorecard.blastRadius).toEqual([
        { ...radius, matchedNamespaces: names },
        { ...radius, matchedNamespaces: ['kube-system'] },
      ]);
      await knex('evaluations').where('id', evaluationId).delete();
      expect(await knex.schema.hasTable('namespace_lists')).toBe(false);
      expect(await knex.schema.hasTable('facet_set_terms')).toBe(false);
      expect(await knex.schema.hasTable('facet_term_names')).toBe(false);
      expect(
        await knex('facet_terms')
          .orderBy('term')
          .select('facet_set_id', 'term'),
      ).toEqual([...terms].sort().map(term => ({ facet_set_id: setId, term })));
      // and up again: the same terms, by id, in the set's column
      await migrateScorecardDatabase(knex);
      expect(await knex.schema.hasTable('facet_terms')).toBe(false);
      expect(await knex.schema.hasTable('facet_set_terms')).toBe(false);
      const idOf = new Map(
        (await knex('facet_term_names').select('id', 'term')).map(row => [
          row.term,
          Number(row.id),
        ]),
      );
      const [moved] = await knex('facet_sets')
        .where('id', setId)
        .select('term_ids');
      expect(moved.term_ids).toBe(
        `,${terms
          .map(term => idOf.get(term)!)
          .sort((a, b) => a - b)
          .join(',')},`,
      );
      expect(await knex.schema.hasTable('campaigns')).toBe(true);
      expect(await knex.schema.hasTable('saved_filters')).toBe(true);
      await rollbackScorecardDatabase(knex); // compressed bodies as they are
      await rollbackScorecardDatabase(knex); // facet term ids in a column
      await rollbackScorecardDatabase(knex); // saved filters
      await rollbackScorecardDatabase(knex); // campaigns
      await rollbackScorecardDatabase(knex); // facet terms by id

      // one step down: component states without the countdown mark
      expect(
        await knex.schema.hasColumn('component_states', 'relative_days'),
      ).toBe(true);
      await rollbackScorecardDatabase(knex);
      expect(
        await knex.schema.hasColumn('component_states', 'relative_days'),
      ).toBe(false);

      // one step down: snapshot clusters without their upgrade report
      await rollbackScorecardDatabase(knex);
      expect(await knex.schema.hasColumn('snapshot_clusters', 'upgrade')).toBe(
        false,
      );
      // forward again over the data written by the older schema: nothing lost
      await migrateScorecardDatabase(knex);
      const [{ kept }] = await knex('snapshots').count({ kept: '*' });
      expect(Number(kept)).toBe(1);
      await rollbackScorecardDatabase(knex); // compressed bodies as they are
      await rollbackScorecardDatabase(knex); // facet term ids in a column
      await rollbackScorecardDatabase(knex); // saved filters
      await rollbackScorecardDatabase(knex); // campaigns
      await rollbackScorecardDatabase(knex); // facet terms by id
      await rollbackScorecardDatabase(knex); // the countdown mark
      await rollbackScorecardDatabase(knex); // the upgrade report

      // one step down: the list sort indexes without the tie-breaker
      await rollbackScorecardDatabase(knex);
      for (const table of TABLES) {
        expect(await knex.schema.hasTable(table)).toBe(
          !COMPACT_TABLES.includes(table) && !CAMPAIGN_TABLES.includes(table),
        );
      }
      // another: the first layout, with evaluation_results and no result dedup
      await rollbackScorecardDatabase(knex);
      expect(await knex.schema.hasTable('evaluation_results')).toBe(true);
      expect(await knex.schema.hasTable('check_results')).toBe(false);
      expect(
        await knex.schema.hasColumn('component_states', 'facet_set_id'),
      ).toBe(false);
      // and down to nothing
      await rollbackScorecardDatabase(knex);
      for (const table of [
        ...TABLES,
        'evaluation_results',
        'facet_terms',
        'facet_set_terms',
      ]) {
        expect(await knex.schema.hasTable(table)).toBe(false);
      }

      await migrateScorecardDatabase(knex);
      const [{ n }] = await knex('snapshots').count({ n: '*' });
      expect(Number(n)).toBe(0);
      await knex.destroy();
    },
  );
});
