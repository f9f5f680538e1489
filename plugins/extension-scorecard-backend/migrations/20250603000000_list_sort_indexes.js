/*
 * Faster component list at fleet scale:
 * - sort indexes end with component_id, the tie-breaker, so the newest snapshot's
 *   page (valid_to = open) is read in index order and LIMIT stops after one page
 *   instead of sorting every component;
 * - `search_text` (id, name, owner and title, lower-cased) with an index, so a text
 *   search scans one short indexed column instead of four columns of every row.
 */

// @ts-check

/** @type {Array<[string, string[] | null, string[]]>} */
const INDEXES = [
  [
    'component_states_name_idx',
    ['valid_to', 'name'],
    ['valid_to', 'name', 'component_id'],
  ],
  [
    'component_states_owner_idx',
    ['valid_to', 'owner'],
    ['valid_to', 'owner', 'component_id'],
  ],
  [
    'component_states_kind_idx',
    ['valid_to', 'kind'],
    ['valid_to', 'kind', 'component_id'],
  ],
  [
    'component_states_level_idx',
    ['valid_to', 'level', 'score'],
    ['valid_to', 'level', 'score', 'component_id'],
  ],
  ['component_states_score_idx', null, ['valid_to', 'score', 'component_id']],
  [
    'component_states_fails_idx',
    null,
    ['valid_to', 'c_fail', 'hard_gate_count', 'component_id'],
  ],
];

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('component_states', table => {
    table.string('search_text', 1600).nullable();
  });
  await knex('component_states').update({
    search_text: knex.raw(
      "LOWER(component_id || ' ' || name || ' ' || COALESCE(owner, '') || ' ' || COALESCE(title, ''))",
    ),
  });
  await knex.schema.alterTable('component_states', table => {
    for (const [name, before, after] of INDEXES) {
      if (before) table.dropIndex(before, name);
      table.index(after, name);
    }
    table.index(['valid_to', 'search_text'], 'component_states_search_idx');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('component_states', table => {
    table.dropIndex(['valid_to', 'search_text'], 'component_states_search_idx');
    for (const [name, before, after] of INDEXES) {
      table.dropIndex(after, name);
      if (before) table.index(before, name);
    }
  });
  await knex.schema.alterTable('component_states', table => {
    table.dropColumn('search_text');
  });
};
