/*
 * Saved filters: named, shared views of the component table (its filters as the
 * list's query parameters take them). They do not change once saved; a campaign's
 * scope may name one. Who saved and deleted one is in audit_events (subject_type
 * `saved-filter`, component_id empty).
 *
 * Down drops the table and the saved filters' audit events.
 */

// @ts-check

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('saved_filters', table => {
    table.comment('Named, shared views of the component table');
    table.string('id', 100).primary();
    table.string('name', 100).notNullable();
    table
      .string('name_key', 100)
      .notNullable()
      .unique('saved_filters_name_key_idx')
      .comment('The name lower-cased: names are unique regardless of case');
    table.text('description').notNullable();
    table
      .text('filters')
      .notNullable()
      .comment('JSON: the list filters (owner, kind, cluster, level, …)');
    table.string('created_by', 400).notNullable();
    table.string('created_at', 32).notNullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex('audit_events').where('subject_type', 'saved-filter').delete();
  await knex.schema.dropTable('saved_filters');
};
