/**
 * The plugin's database for the benchmarks: SQLite files and PostgreSQL databases
 * named the way the backend names a plugin's database, migrated with the plugin's own
 * migrations, and how many bytes they use.
 */
import fs from 'node:fs';
import knexFactory, { Knex } from 'knex';
import { migrateScorecardDatabase } from '@extension-scorecard/plugin-extension-scorecard-backend/testUtils';

export const PLUGIN_ID = 'extension-scorecard';
/** `backend.database.prefix` of the benchmark's backend on PostgreSQL. */
export const BENCH_PG_PREFIX = 'bench_scorecard_';

export type DatabaseEngine = 'sqlite' | 'postgres';

/** A fresh, migrated SQLite file (what `connection.directory` gives the plugin). */
export async function freshSqlite(file: string): Promise<Knex> {
  fs.rmSync(file, { force: true });
  const knex = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: file },
    useNullAsDefault: true,
  });
  await migrateScorecardDatabase(knex);
  return knex;
}

/** A fresh, migrated PostgreSQL database `<prefix>extension-scorecard`. */
export async function freshPostgres(connectionString: string): Promise<Knex> {
  const database = `${BENCH_PG_PREFIX}${PLUGIN_ID}`;
  const admin = knexFactory({ client: 'pg', connection: connectionString });
  try {
    await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [database]);
    await admin.raw('CREATE DATABASE ??', [database]);
  } finally {
    await admin.destroy();
  }
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  const knex = knexFactory({ client: 'pg', connection: url.toString() });
  await migrateScorecardDatabase(knex);
  return knex;
}

/** Bytes the database's data and indexes use (SQLite: pages in use; PostgreSQL: relations). */
export async function usedBytes(knex: Knex): Promise<number> {
  if (knex.client.config.client === 'pg') {
    const result = await knex.raw(
      `SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS bytes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'm')`,
    );
    return Number(result.rows[0].bytes);
  }
  const pages = await knex.raw('PRAGMA page_count');
  const free = await knex.raw('PRAGMA freelist_count');
  const size = await knex.raw('PRAGMA page_size');
  return (
    (Number(pages[0].page_count) - Number(free[0].freelist_count)) *
    Number(size[0].page_size)
  );
}
