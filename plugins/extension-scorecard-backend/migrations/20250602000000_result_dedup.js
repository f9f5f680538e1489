/*
 * Finer deduplication of stored evaluations.
 *
 * A certificate countdown ("expires in 23 days") changes one result of a component
 * every day; storing the component's whole evaluation again for it cost ~4 KiB per
 * component per day. Now:
 * - check_results: each distinct result is stored once (content-addressed), without
 *   the per-check constant text, which lives once in check_templates; evaluations
 *   reference results by id and results count their references (ref_count) so
 *   retention can delete the ones nothing uses any more.
 * - facet_sets / facet_terms replace evaluation_results / evaluation_clusters: the
 *   list filters (cluster, check + status) read a set of terms shared by every
 *   component state with the same statuses and clusters, so a countdown that does not
 *   change a status adds no rows at all.
 *
 * The evaluation bodies change shape, so snapshots taken before this migration are
 * dropped (the project had not been released); evidence, waivers, the audit trail,
 * cluster collections and refresh runs are kept. The next collection run writes a
 * new snapshot.
 */

// @ts-check

const SNAPSHOT_TABLES = [
  'snapshot_aggregates',
  'snapshot_clusters',
  'component_states',
  'snapshots',
];

/**
 * @param {import('knex').Knex} knex
 */
async function clearSnapshots(knex) {
  for (const table of SNAPSHOT_TABLES) await knex(table).delete();
}

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await clearSnapshots(knex);
  await knex.schema.dropTable('evaluation_results');
  await knex.schema.dropTable('evaluation_clusters');
  await knex('evaluations').delete();

  await knex.schema.createTable('check_templates', table => {
    table.comment(
      'Per-check constant parts of results (dimension, severity, remediation, docs)',
    );
    table.increments('id').primary();
    table.string('hash', 32).notNullable().unique('check_templates_hash_uq');
    table.text('body').notNullable().comment('JSON');
  });

  await knex.schema.createTable('check_results', table => {
    table.comment(
      'Distinct check results, content-addressed and reference-counted',
    );
    table.increments('id').primary();
    table.string('hash', 32).notNullable().unique('check_results_hash_uq');
    table
      .integer('template_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('check_templates');
    table
      .text('body')
      .notNullable()
      .comment('JSON: status, cluster, message, observed, waiver');
    table.integer('ref_count').notNullable().defaultTo(0);
    table.index(['ref_count'], 'check_results_ref_count_idx');
  });

  await knex.schema.createTable('facet_sets', table => {
    table.comment(
      'Sets of list-filter terms (clusters, check statuses) shared by component states',
    );
    table.increments('id').primary();
    table.string('hash', 32).notNullable().unique('facet_sets_hash_uq');
  });

  await knex.schema.createTable('facet_terms', table => {
    table.comment('Terms of a facet set: c:<cluster>, r:<checkId>:<status>');
    table
      .integer('facet_set_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('facet_sets')
      .onDelete('CASCADE');
    table.string('term', 300).notNullable();
    table.primary(['facet_set_id', 'term']);
    table.index(['term', 'facet_set_id'], 'facet_terms_term_idx');
  });

  await knex.schema.alterTable('component_states', table => {
    table
      .integer('facet_set_id')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('facet_sets');
    table.index(['facet_set_id'], 'component_states_facet_set_idx');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await clearSnapshots(knex);
  await knex('evaluations').delete();
  await knex.schema.alterTable('component_states', table => {
    table.dropIndex(['facet_set_id'], 'component_states_facet_set_idx');
    table.dropForeign(['facet_set_id']);
    table.dropColumn('facet_set_id');
  });
  await knex.schema.dropTable('facet_terms');
  await knex.schema.dropTable('facet_sets');
  await knex.schema.dropTable('check_results');
  await knex.schema.dropTable('check_templates');

  await knex.schema.createTable('evaluation_results', table => {
    table
      .integer('evaluation_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('evaluations')
      .onDelete('CASCADE');
    table.string('check_id', 200).notNullable();
    table.string('status', 16).notNullable();
    table.index(
      ['check_id', 'status', 'evaluation_id'],
      'evaluation_results_check_idx',
    );
    table.index(['evaluation_id'], 'evaluation_results_evaluation_idx');
  });
  await knex.schema.createTable('evaluation_clusters', table => {
    table
      .integer('evaluation_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('evaluations')
      .onDelete('CASCADE');
    table.string('cluster', 200).notNullable();
    table.primary(['evaluation_id', 'cluster']);
    table.index(
      ['cluster', 'evaluation_id'],
      'evaluation_clusters_cluster_idx',
    );
  });
};
