/*
 * Countdowns out of stored results: evaluations written from now on keep days left and
 * ages as tokens counted when read (src/checks/relativeDays.ts), so a day's snapshot
 * stores only real changes. `relative_days` marks the component states whose evaluation
 * holds such tokens: a diff then knows which unchanged states still read differently at
 * two times. States written before are false (their text is already counted) and read
 * back exactly as they were written; nothing is rewritten.
 */

// @ts-check

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('component_states', table => {
    table
      .boolean('relative_days')
      .notNullable()
      .defaultTo(false)
      .comment('The evaluation holds countdowns counted at read time');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('component_states', table => {
    table.dropColumn('relative_days');
  });
};
