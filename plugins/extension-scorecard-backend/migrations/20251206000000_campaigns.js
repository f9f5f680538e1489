/*
 * Campaigns: drives across teams to a deadline (a goal, a scope, a start, a deadline
 * and optionally an enforcement date). Who created, changed and closed one is in
 * audit_events (subject_type `campaign`, component_id empty: a campaign concerns
 * many components).
 *
 * Down drops the table and the campaigns' audit events.
 */

// @ts-check

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('campaigns', table => {
    table.comment(
      'Drives across teams to a deadline, with their goal and scope',
    );
    table.string('id', 100).primary();
    table.string('title', 200).notNullable();
    table.text('why').notNullable().comment('Markdown');
    table.text('goal').notNullable().comment('JSON: {checks?, level?}');
    table
      .text('scope')
      .notNullable()
      .comment('JSON: {kinds?, teams?, clusters?, lifecycles?, components?}');
    table.string('starts_at', 32).notNullable();
    table.string('deadline', 32).notNullable();
    table.string('enforce_from', 32).nullable();
    table.string('state', 16).notNullable().comment('open | closed');
    table.string('created_by', 400).notNullable();
    table.string('created_at', 32).notNullable();
    table.string('updated_by', 400).notNullable();
    table.string('updated_at', 32).notNullable();
    table.string('closed_by', 400).nullable();
    table.string('closed_at', 32).nullable();
    table.text('close_comment').nullable();
    table.index(['state', 'deadline'], 'campaigns_state_deadline_idx');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex('audit_events').where('subject_type', 'campaign').delete();
  await knex.schema.dropTable('campaigns');
};
