/**
 * The engines every database test runs on: SQLite always, PostgreSQL 15 when
 * BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING is set (scripts/test and CI
 * start one; see COMMON.md).
 */
import { TestDatabaseId, TestDatabases } from '@backstage/backend-test-utils';
import type { Knex } from 'knex';
import { migrateScorecardDatabase } from '../database';

/** Creates the test databases; call once at the top of a test file. */
export function scorecardTestDatabases() {
  const databases = TestDatabases.create({ ids: ['SQLITE_3', 'POSTGRES_15'] });
  return {
    ids: databases.eachSupportedId(),
    /** A fresh, migrated database. */
    async open(id: TestDatabaseId): Promise<Knex> {
      const knex = await databases.init(id);
      await migrateScorecardDatabase(knex);
      return knex;
    },
  };
}

/**
 * Opens a fresh migrated database before each test of the enclosing describe and
 * closes it after; `get()` returns the current one.
 */
export function useMigratedDatabase(
  databases: ReturnType<typeof scorecardTestDatabases>,
  id: TestDatabaseId,
): { get(): Knex } {
  let knex: Knex | undefined;
  beforeEach(async () => {
    knex = await databases.open(id);
  });
  afterEach(async () => {
    await knex?.destroy();
    knex = undefined;
  });
  return {
    get() {
      if (!knex) throw new Error('database used outside a test');
      return knex;
    },
  };
}

/** The names of the plugin's tables, on either engine, sorted. */
export async function tableNames(knex: Knex): Promise<string[]> {
  const rows: Array<{ name: string }> =
    knex.client.config.client === 'pg'
      ? (
          await knex.raw(
            'select tablename as name from pg_tables where schemaname = current_schema()',
          )
        ).rows
      : await knex.raw("select name from sqlite_master where type = 'table'");
  return rows.map(r => r.name).sort();
}

/** Every row of every table, counted: equal before and after means nothing was written. */
export async function rowCounts(knex: Knex): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(knex)) {
    const [{ n }] = await knex(table).count({ n: '*' });
    counts[table] = Number(n);
  }
  return counts;
}

/** The plugin's tables (not knex's), in an order their foreign keys accept for inserts. */
export const SCORECARD_TABLES = [
  'snapshots',
  'snapshot_clusters',
  'check_templates',
  'check_results',
  'evaluations',
  'facet_sets',
  'facet_term_names',
  'namespace_lists',
  'evaluation_namespace_lists',
  'component_states',
  'snapshot_aggregates',
  'evidence',
  'waivers',
  'audit_events',
  'cluster_collections',
  'refresh_runs',
  'notification_log',
  'campaigns',
  'saved_filters',
] as const;
