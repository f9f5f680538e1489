/*
 * Compact evaluations, for large fleets:
 *
 * - Facet terms by integer id. The list filters' terms (`c:<cluster>`,
 *   `r:<checkId>:<status>`) are named once in facet_term_names, and a facet set's
 *   terms are rows of two integers (facet_set_terms). A set is stored per distinct
 *   combination of check statuses, which on a large fleet is nearly one per component
 *   (8,704 sets of 10,000 components in the benchmark, 56 terms each): as strings with
 *   two string indexes those rows were about half of a first snapshot's bytes.
 *   Existing terms are moved, none is lost.
 * - Namespace lists stored once. An evaluation written from now on names a long
 *   blast-radius namespace list by its hash (namespace_lists); every webhook matching
 *   "all namespaces but a few" of a cluster lists the same names. Which evaluations
 *   name which lists (evaluation_namespace_lists) lets retention delete the lists no
 *   kept evaluation names. Evaluations written before keep their lists inline.
 *
 * Down moves the terms back, and puts every list back inline in the evaluations that
 * name it.
 */

// @ts-check

const zlib = require('node:zlib');

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('facet_term_names', table => {
    table.comment(
      'Each list-filter term once: c:<cluster>, r:<checkId>:<status>',
    );
    table.increments('id').primary();
    table.string('term', 300).notNullable().unique('facet_term_names_term_uq');
  });
  await knex.raw(
    'INSERT INTO facet_term_names (term) SELECT DISTINCT term FROM facet_terms ORDER BY term',
  );
  // no foreign keys on the pair tables: checking two per row doubled the time of a
  // large write on PostgreSQL; the store adds pairs in the transaction that adds
  // both sides, and retention removes them before either side
  await knex.schema.createTable('facet_set_terms', table => {
    table.comment(
      'Terms of a facet set (facet_sets.id), by id (facet_term_names.id)',
    );
    table.integer('facet_set_id').unsigned().notNullable();
    table.integer('term_id').unsigned().notNullable();
    table.primary(['facet_set_id', 'term_id']);
    table.index(['term_id', 'facet_set_id'], 'facet_set_terms_term_idx');
  });
  await knex.raw(
    `INSERT INTO facet_set_terms (facet_set_id, term_id)
     SELECT t.facet_set_id, n.id FROM facet_terms t
     JOIN facet_term_names n ON n.term = t.term`,
  );
  await knex.schema.dropTable('facet_terms');

  await knex.schema.createTable('namespace_lists', table => {
    table.comment('Blast-radius namespace lists that evaluations name by hash');
    table.increments('id').primary();
    table.string('hash', 32).notNullable().unique('namespace_lists_hash_uq');
    table
      .binary('body')
      .notNullable()
      .comment('zstd (or gzip) of the JSON array');
  });
  await knex.schema.createTable('evaluation_namespace_lists', table => {
    table.comment(
      'Which namespace lists (namespace_lists.id) an evaluation (evaluations.id) names',
    );
    table.integer('evaluation_id').unsigned().notNullable();
    table.integer('list_id').unsigned().notNullable();
    table.primary(['evaluation_id', 'list_id']);
    table.index(['list_id'], 'evaluation_namespace_lists_list_idx');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
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
  await knex.raw(
    `INSERT INTO facet_terms (facet_set_id, term)
     SELECT s.facet_set_id, n.term FROM facet_set_terms s
     JOIN facet_term_names n ON n.id = s.term_id`,
  );
  await knex.schema.dropTable('facet_set_terms');
  await knex.schema.dropTable('facet_term_names');

  // every list back inline, in the evaluations that name it
  const lists = new Map();
  for (const row of await knex('namespace_lists').select('hash', 'body')) {
    lists.set(row.hash, JSON.parse(decompress(row.body)));
  }
  const naming = await knex('evaluation_namespace_lists')
    .distinct('evaluation_id')
    .pluck('evaluation_id');
  for (let i = 0; i < naming.length; i += 200) {
    const rows = await knex('evaluations')
      .whereIn('id', naming.slice(i, i + 200))
      .select('id', 'body');
    for (const row of rows) {
      const evaluation = JSON.parse(decompress(row.body));
      for (const entry of evaluation.scorecard.blastRadius ?? []) {
        const names = entry.matchedNamespaces;
        if (names && !Array.isArray(names)) {
          entry.matchedNamespaces = lists.get(names.l);
        }
      }
      const text = JSON.stringify(evaluation);
      await knex('evaluations')
        .where('id', row.id)
        .update({
          body: zlib.gzipSync(Buffer.from(text, 'utf8')),
          raw_size: Buffer.byteLength(text),
        });
    }
  }
  await knex.schema.dropTable('evaluation_namespace_lists');
  await knex.schema.dropTable('namespace_lists');
};

/**
 * A stored body as text (zstd or gzip, told apart by their magic numbers).
 *
 * @param {Buffer | Uint8Array} body
 * @returns {string}
 */
function decompress(body) {
  const input = Buffer.from(body);
  if (input.readUInt32LE(0) === 0xfd2fb528) {
    return zlib.zstdDecompressSync(input).toString('utf8');
  }
  return zlib.gunzipSync(input).toString('utf8');
}
