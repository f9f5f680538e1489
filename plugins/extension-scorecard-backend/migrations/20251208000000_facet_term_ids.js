/*
 * A facet set's terms in one column. The list filters' terms (`c:<cluster>`,
 * `r:<checkId>:<status>`) stay named once in facet_term_names; a set now names its
 * terms' ids in facet_sets.term_ids, ascending, each between commas (`,3,17,52,`; `,`
 * for a set without terms), instead of a facet_set_terms row per term. On a large
 * fleet nearly every component has a set of its own with about 56 terms: the first
 * snapshot of the benchmark's 10,000 components wrote 482,216 such rows with two
 * indexes, the largest statement cost of a first write. A filter looks its few terms
 * up by name and finds each id between commas in the sets' texts. Every set keeps its
 * terms.
 *
 * Down puts the rows back from the column.
 */

// @ts-check

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('facet_sets', table => {
    table
      .text('term_ids')
      .comment(
        "Ids of the set's terms (facet_term_names.id), ascending, each between commas",
      );
  });
  const lists =
    knex.client.config.client === 'pg'
      ? `string_agg(t.term_id::text, ',' ORDER BY t.term_id)`
      : `group_concat(t.term_id, ',' ORDER BY t.term_id)`;
  await knex.raw(
    `UPDATE facet_sets SET term_ids = coalesce(
       (SELECT ',' || ${lists} || ',' FROM facet_set_terms t
        WHERE t.facet_set_id = facet_sets.id),
       ',')`,
  );
  await knex.schema.dropTable('facet_set_terms');
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.createTable('facet_set_terms', table => {
    table.comment(
      'Terms of a facet set (facet_sets.id), by id (facet_term_names.id)',
    );
    table.integer('facet_set_id').unsigned().notNullable();
    table.integer('term_id').unsigned().notNullable();
    table.primary(['facet_set_id', 'term_id']);
    table.index(['term_id', 'facet_set_id'], 'facet_set_terms_term_idx');
  });
  let after = 0;
  for (;;) {
    const sets = await knex('facet_sets')
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .select('id', 'term_ids');
    if (!sets.length) break;
    const rows = sets.flatMap(set =>
      String(set.term_ids ?? '')
        .split(',')
        .filter(Boolean)
        .map(id => ({ facet_set_id: set.id, term_id: Number(id) })),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await knex('facet_set_terms').insert(rows.slice(i, i + 500));
    }
    after = sets[sets.length - 1].id;
  }
  await knex.schema.alterTable('facet_sets', table => {
    table.dropColumn('term_ids');
  });
};
