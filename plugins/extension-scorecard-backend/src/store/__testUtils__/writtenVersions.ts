/**
 * Databases written by earlier versions of the plugin, on either engine.
 *
 * Each fixture is a SQLite database that version wrote with its own migrations and
 * store: the demo (examples/clusters, examples/org.yaml and entities.yaml, collected at
 * 2026-12-01T08:00Z) evaluated and written at 08:00, 09:00, the next day 08:00 and
 * 13:00. Its tables are copied row by row into a test database taken to the same
 * schema, so SQLite and PostgreSQL start from exactly what that version left behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import knexFactory, { type Knex } from 'knex';
import {
  migrateScorecardDatabase,
  rollbackScorecardDatabase,
} from '../database';

/** A database an earlier version wrote. */
export interface WrittenVersion {
  /** Under __fixtures__, gzipped. */
  fixture: string;
  /** How many migrations that version had (the newest is the fixture's schema). */
  migrations: number;
  /** Its tables, in an order their foreign keys accept for inserts. */
  tables: readonly string[];
}

/**
 * Commit 5e172cd: before countdowns were kept out of stored results and evaluations
 * stored their results inline (facet terms as strings).
 */
export const WRITTEN_BY_5E172CD: WrittenVersion = {
  fixture: 'demo-5e172cd.sqlite.gz',
  migrations: 4,
  tables: [
    'snapshots',
    'snapshot_clusters',
    'check_templates',
    'check_results',
    'evaluations',
    'facet_sets',
    'facet_terms',
    'component_states',
    'snapshot_aggregates',
    'evidence',
    'waivers',
    'audit_events',
    'cluster_collections',
    'refresh_runs',
    'notification_log',
  ],
};

/**
 * Commit 134408f: a facet set's terms as rows of two integers (facet_set_terms), the
 * layout before term ids in a column. Written with evaluateStable and the store's
 * writer, as the plugin's refresh stores.
 */
export const WRITTEN_BY_134408F: WrittenVersion = {
  fixture: 'demo-134408f.sqlite.gz',
  migrations: 8,
  tables: [
    'snapshots',
    'snapshot_clusters',
    'check_templates',
    'check_results',
    'evaluations',
    'facet_sets',
    'facet_term_names',
    'facet_set_terms',
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
  ],
};

/** Takes a fresh database to that version's schema and fills it with its rows. */
export async function loadWrittenDatabase(
  knex: Knex,
  version: WrittenVersion,
): Promise<void> {
  await migrateScorecardDatabase(knex);
  for (;;) {
    const [{ n }] = await knex('knex_migrations').count({ n: '*' });
    if (Number(n) <= version.migrations) break;
    await rollbackScorecardDatabase(knex);
  }
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'previous-schema-')),
    'demo.sqlite',
  );
  fs.writeFileSync(
    file,
    gunzipSync(
      fs.readFileSync(
        path.resolve(__dirname, '../__fixtures__', version.fixture),
      ),
    ),
  );
  const source = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: file, options: { readonly: true } },
    useNullAsDefault: true,
  });
  try {
    const applied: Array<{ name: string }> = await source('knex_migrations')
      .orderBy('id')
      .select('name');
    const ours = await knex('knex_migrations').orderBy('id').pluck('name');
    if (applied.map(m => m.name).join() !== ours.join())
      throw new Error(
        `the fixture's migrations (${applied
          .map(m => m.name)
          .join(', ')}) are not the previous schema (${ours.join(', ')})`,
      );
    const postgres = knex.client.config.client === 'pg';
    for (const table of version.tables) {
      const rows: Array<Record<string, unknown>> = await source(table)
        .orderByRaw('rowid')
        .select();
      if (!rows.length) continue;
      const booleans = postgres ? await booleanColumns(knex, table) : [];
      const converted = rows.map(row => {
        const out = { ...row };
        for (const column of booleans)
          if (out[column] !== null && out[column] !== undefined)
            out[column] = Boolean(out[column]);
        return out;
      });
      await knex.batchInsert(table, converted, 100);
      if (postgres && 'id' in rows[0])
        await knex.raw(
          `select setval(pg_get_serial_sequence(?, 'id'), (select max(id) from ??))`,
          [table, table],
        );
    }
  } finally {
    await source.destroy();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

async function booleanColumns(knex: Knex, table: string): Promise<string[]> {
  const rows: Array<{ column_name: string }> = await knex(
    'information_schema.columns',
  )
    .where({ table_name: table, data_type: 'boolean' })
    .whereRaw('table_schema = current_schema()')
    .select('column_name');
  return rows.map(r => r.column_name);
}
