/*
 * Compressed bodies stored as they are, on PostgreSQL. Evaluation bodies, namespace
 * lists, next-minor reports and the last good collection of each cluster are zstd (or
 * gzip) already; with the default storage (`EXTENDED`) PostgreSQL tries to compress
 * every such value of more than about 2 kB again with pglz before it moves it out of
 * line, and keeps the result only when it saves a quarter, which compressed bytes never
 * do. `EXTERNAL` moves them out of line without that attempt. It applies to the rows
 * written from now on; stored rows stay as they are and read the same. Setting it
 * changes the catalog only (no table is rewritten). The first
 * snapshot of the benchmark's 10,000 components inserted its evaluations in 1.89–1.94 s
 * before and 1.45–1.54 s after, back to back.
 *
 * SQLite stores a blob as it is: nothing to change there.
 *
 * Down gives the columns the default storage back.
 */

// @ts-check

/** The compressed columns, by table. */
const COMPRESSED = [
  ['evaluations', 'body'],
  ['namespace_lists', 'body'],
  ['snapshot_clusters', 'upgrade'],
  ['cluster_collections', 'payload'],
];

/**
 * @param {import('knex').Knex} knex
 * @param {'EXTERNAL' | 'EXTENDED'} storage
 */
async function setStorage(knex, storage) {
  if (knex.client.config.client !== 'pg') return;
  for (const [table, column] of COMPRESSED) {
    await knex.raw(`ALTER TABLE ?? ALTER COLUMN ?? SET STORAGE ${storage}`, [
      table,
      column,
    ]);
  }
}

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await setStorage(knex, 'EXTERNAL');
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await setStorage(knex, 'EXTENDED');
};
