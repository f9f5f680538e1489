/*
 * The next-minor upgrade report of each cluster of a snapshot: one compressed JSON
 * value per snapshot cluster (findings of every component; the service filters them
 * by what the caller may see). Null on snapshots written before it existed.
 */

// @ts-check

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('snapshot_clusters', table => {
    table
      .binary('upgrade')
      .nullable()
      .comment('Gzipped JSON: next-minor upgrade readiness of the cluster');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('snapshot_clusters', table => {
    table.dropColumn('upgrade');
  });
};
