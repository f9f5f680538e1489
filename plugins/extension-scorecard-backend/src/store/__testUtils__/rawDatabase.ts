/**
 * A raw connection to the plugin's database, for tests and fault drills that seed
 * or inspect tables directly. Knex stays inside store/: code elsewhere names these
 * aliases instead.
 */
import knexFactory, { type Knex } from 'knex';

/** A raw database connection (knex). */
export type RawDatabase = Knex;

/** How to open a {@link RawDatabase} (knex configuration). */
export type RawDatabaseConfig = Knex.Config;

/** A query on a {@link RawDatabase}. */
export type RawQuery = Knex.QueryBuilder;

/** Opens a raw connection; the caller destroys it. */
export function connectRawDatabase(config: RawDatabaseConfig): RawDatabase {
  return knexFactory(config);
}
