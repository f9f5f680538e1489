import type { SortOrder } from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  DatabaseService,
  resolvePackagePath,
} from '@backstage/backend-plugin-api';
import type { Knex } from 'knex';
import { ORPHAN_ID_PREFIX, type ComponentVisibility } from './types';

const migrationsDir = resolvePackagePath(
  '@extension-scorecard/plugin-extension-scorecard-backend',
  'migrations',
);

/**
 * Connects to the plugin's database and brings its schema up to date (unless the
 * deployment skips migrations, `backend.database.plugin.extension-scorecard.skipMigrations`).
 */
export async function connectScorecardDatabase(
  database: DatabaseService,
  options?: { skipMigrations?: boolean },
): Promise<Knex> {
  const knex = await database.getClient();
  if (!database.migrations?.skip && !options?.skipMigrations) {
    await migrateScorecardDatabase(knex);
  }
  return knex;
}

/** Runs every pending migration. */
export async function migrateScorecardDatabase(knex: Knex): Promise<void> {
  await knex.migrate.latest({ directory: migrationsDir });
}

/** Steps the schema down by one migration (tests and operators). */
export async function rollbackScorecardDatabase(knex: Knex): Promise<void> {
  await knex.migrate.down({ directory: migrationsDir });
}

/** True for PostgreSQL, whose locking and JSON functions differ from SQLite. */
export function isPostgres(knex: Knex): boolean {
  return knex.client.config.client === 'pg';
}

/**
 * `column IN (<ids>)` with ONE binding (a JSON array), so thousands of ids never hit
 * the engines' limits on bound parameters.
 */
export function whereInJsonArray(
  knex: Knex,
  query: Knex.QueryBuilder,
  column: string,
  ids: Iterable<string>,
): Knex.QueryBuilder {
  const json = JSON.stringify([...ids]);
  return isPostgres(knex)
    ? query.whereRaw(`?? IN (SELECT jsonb_array_elements_text(?::jsonb))`, [
        column,
        json,
      ])
    : query.whereRaw(`?? IN (SELECT value FROM json_each(?))`, [column, json]);
}

/** One page of a query: the total before paging and the mapped rows of the page. */
export async function readPage<T>(
  base: Knex.QueryBuilder,
  options: {
    offset: number;
    limit: number;
    orderBy: Array<{ column: string; order: SortOrder }>;
  },
  map: (row: any) => T,
): Promise<{ total: number; offset: number; limit: number; items: T[] }> {
  const [{ n }] = await base.clone().count({ n: '*' });
  const rows = await base
    .clone()
    .select()
    .orderBy(options.orderBy)
    .offset(options.offset)
    .limit(options.limit);
  return {
    total: Number(n),
    offset: options.offset,
    limit: options.limit,
    items: rows.map(map),
  };
}

/**
 * Restricts a query to rows whose component id (in `column`) the caller may see;
 * orphans are recognised by their id prefix.
 */
export function whereComponentVisible(
  knex: Knex,
  query: Knex.QueryBuilder,
  column: string,
  visibility: ComponentVisibility,
): Knex.QueryBuilder {
  const { entityRefs, orphans } = visibility;
  if (entityRefs === null && orphans) return query;
  const orphanPattern = `${ORPHAN_ID_PREFIX}%`;
  return query.where(outer => {
    outer.where(linked => {
      linked.whereNot(column, 'like', orphanPattern);
      if (entityRefs !== null)
        whereInJsonArray(knex, linked, column, entityRefs);
    });
    if (orphans) outer.orWhere(column, 'like', orphanPattern);
  });
}
