/*
 * Extension Scorecard store, first version.
 *
 * Layout (see the README section "Storage"):
 * - snapshots: one row per collection run that produced a snapshot (immutable).
 * - component_states: run-length rows. A row is the summary of one component, valid
 *   for snapshot ids in [valid_from, valid_to); valid_to = 2147483647 means "still
 *   valid in the newest snapshot". An unchanged component costs nothing per snapshot.
 * - evaluations: content-addressed, compressed evaluation bodies (the scorecard and
 *   instances of one component), shared by every state row with the same content.
 *   evaluation_results / evaluation_clusters index them for the list filters.
 * - snapshot_aggregates: per-snapshot figures per team, kind and dimension (history).
 * - evidence, waivers, audit_events: experiment evidence, waivers and their audit trail.
 * - cluster_collections, refresh_runs, notification_log: collection state.
 *
 * Times are ISO-8601 UTC strings (`2025-06-01T10:00:00.000Z`), which sort as text on
 * every engine.
 */

// @ts-check

const STATUS_COUNTS = [
  'c_pass',
  'c_warn',
  'c_fail',
  'c_na',
  'c_unknown',
  'c_waived',
];
const DIMENSION_COLUMNS = [
  'dim_ownership',
  'dim_failure_boundary',
  'dim_availability',
  'dim_certificates',
  'dim_rbac',
  'dim_upgrade',
  'dim_observability',
  'dim_experiments',
  'dim_retirement',
];

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('snapshots', table => {
    table.comment('One immutable snapshot per collection run');
    table.increments('id').primary();
    table.string('taken_at', 32).notNullable();
    table.string('day', 10).notNullable().comment('UTC day of taken_at');
    table.string('quarter', 7).notNullable().comment('YYYY-Qn of taken_at');
    table.string('trigger', 16).notNullable();
    table.string('refresh_id', 64).nullable();
    table.integer('component_count').notNullable();
    table.text('clusters').notNullable().comment('JSON array of cluster names');
    table.text('stale_clusters').notNullable().comment('JSON array');
    table
      .text('summary')
      .notNullable()
      .comment('JSON: levels, counts, averageScore');
    table.index(['taken_at'], 'snapshots_taken_at_idx');
    table.index(['quarter', 'id'], 'snapshots_quarter_idx');
  });

  await knex.schema.createTable('snapshot_clusters', table => {
    table.comment('The clusters a snapshot was assembled from');
    table
      .integer('snapshot_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('snapshots')
      .onDelete('CASCADE');
    table.string('cluster', 200).notNullable();
    table.string('source', 16).notNullable();
    table.string('collected_at', 32).notNullable();
    table.boolean('stale').notNullable();
    table.text('stale_reason').nullable();
    table.string('version', 64).nullable();
    table.primary(['snapshot_id', 'cluster']);
  });

  await knex.schema.createTable('evaluations', table => {
    table.comment('Content-addressed, compressed evaluation bodies');
    table.increments('id').primary();
    table.string('hash', 64).notNullable().unique('evaluations_hash_uq');
    table.binary('body').notNullable().comment('gzip of the JSON body');
    table.integer('raw_size').notNullable();
  });

  await knex.schema.createTable('evaluation_results', table => {
    table.comment('One row per check result of an evaluation (list filters)');
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
    table.comment('Clusters an evaluation covers (list filter)');
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

  await knex.schema.createTable('component_states', table => {
    table.comment(
      'Run-length component summaries: valid for snapshots [valid_from, valid_to)',
    );
    table.increments('id').primary();
    table.string('component_id', 400).notNullable();
    table.integer('valid_from').notNullable();
    table.integer('valid_to').notNullable();
    table.string('state_hash', 64).notNullable();
    table
      .integer('evaluation_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('evaluations');
    table.string('name', 400).notNullable();
    table.string('title', 400).nullable();
    table.string('kind', 32).notNullable();
    table.string('owner', 400).nullable();
    table.string('lifecycle', 64).nullable();
    table.boolean('orphan').notNullable();
    table.integer('level').notNullable();
    table.float('score').notNullable();
    table.integer('hard_gate_count').notNullable();
    for (const column of STATUS_COUNTS) table.integer(column).notNullable();
    for (const column of DIMENSION_COLUMNS) table.string(column, 16).nullable();
    table.text('clusters').notNullable().comment('JSON array');
    table.text('stale_clusters').notNullable().comment('JSON array');
    table.text('next_level_blockers').notNullable().comment('JSON array');
    table.index(['valid_to', 'valid_from'], 'component_states_validity_idx');
    table.index(
      ['component_id', 'valid_from'],
      'component_states_component_idx',
    );
    table.index(['valid_to', 'name'], 'component_states_name_idx');
    table.index(['valid_to', 'owner'], 'component_states_owner_idx');
    table.index(['valid_to', 'kind'], 'component_states_kind_idx');
    table.index(['valid_to', 'level', 'score'], 'component_states_level_idx');
    table.index(['evaluation_id'], 'component_states_evaluation_idx');
  });

  await knex.schema.createTable('snapshot_aggregates', table => {
    table.comment(
      'Per-snapshot figures per team, kind and dimension (history)',
    );
    table
      .integer('snapshot_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('snapshots')
      .onDelete('CASCADE');
    table.string('scope', 16).notNullable();
    table.string('key', 400).notNullable();
    table.boolean('orphan').notNullable();
    table.integer('components').notNullable();
    table.integer('level_0').notNullable();
    table.integer('level_1').notNullable();
    table.integer('level_2').notNullable();
    table.integer('level_3').notNullable();
    table.double('score_sum').notNullable();
    for (const column of STATUS_COUNTS) table.integer(column).notNullable();
    table.primary(['snapshot_id', 'scope', 'key', 'orphan']);
    table.index(
      ['scope', 'key', 'snapshot_id'],
      'snapshot_aggregates_series_idx',
    );
  });

  await knex.schema.createTable('evidence', table => {
    table.comment('Fault-experiment evidence (submitted or imported)');
    table.string('id', 64).primary();
    table.string('component_id', 400).notNullable();
    table.string('cluster', 200).notNullable();
    table.string('scenario', 200).notNullable();
    table.string('tool', 100).notNullable();
    table.string('started_at', 32).notNullable();
    table.string('injected_at', 32).nullable();
    table.string('recovered_at', 32).nullable();
    table.string('verdict', 8).notNullable();
    table.text('observations').notNullable();
    table.text('links').notNullable();
    table.string('submitted_by', 400).notNullable();
    table.string('submitted_at', 32).notNullable();
    table.string('source', 16).notNullable();
    table.string('idempotency_key', 255).notNullable();
    table.string('request_hash', 64).notNullable();
    table.unique(['submitted_by', 'idempotency_key'], {
      indexName: 'evidence_idempotency_uq',
    });
    table.index(['component_id', 'started_at'], 'evidence_component_idx');
  });

  await knex.schema.createTable('waivers', table => {
    table.comment('Time-boxed exceptions for one check on one component');
    table.string('id', 64).primary();
    table.string('component_id', 400).notNullable();
    table.string('check_id', 200).notNullable();
    table.string('cluster', 200).nullable();
    table.text('reason').notNullable();
    table.string('expires_at', 32).notNullable();
    table.string('state', 16).notNullable();
    table.string('requested_by', 400).notNullable();
    table.string('requested_at', 32).notNullable();
    table.string('decided_by', 400).nullable();
    table.string('decided_at', 32).nullable();
    table.text('decision_comment').nullable();
    table.string('approved_by', 400).nullable();
    table.string('approved_at', 32).nullable();
    table.string('revoked_at', 32).nullable();
    table.string('owner', 400).nullable();
    table.index(['component_id'], 'waivers_component_idx');
    table.index(['state', 'expires_at'], 'waivers_state_idx');
  });

  await knex.schema.createTable('audit_events', table => {
    table.comment(
      'Who changed which waiver or evidence, when, and what changed',
    );
    table.increments('id').primary();
    table.string('at', 32).notNullable();
    table.string('actor', 400).notNullable();
    table.string('subject_type', 16).notNullable();
    table.string('subject_id', 64).notNullable();
    table.string('component_id', 400).notNullable();
    table.string('action', 32).notNullable();
    table.text('changes').notNullable().comment('JSON: field -> {from, to}');
    table.index(['subject_type', 'subject_id'], 'audit_events_subject_idx');
    table.index(['component_id', 'id'], 'audit_events_component_idx');
  });

  await knex.schema.createTable('cluster_collections', table => {
    table.comment(
      'Latest collection per cluster; payload is the last good one',
    );
    table.string('cluster', 200).primary();
    table.string('source', 16).notNullable();
    table.string('last_attempt_at', 32).notNullable();
    table.string('last_success_at', 32).nullable();
    table.text('error').nullable();
    table.string('version', 64).nullable();
    table.integer('object_count').nullable();
    table
      .text('unreadable')
      .notNullable()
      .comment('JSON: resources not read in the last good run');
    table
      .binary('payload')
      .nullable()
      .comment('gzip of the last good ClusterCollection JSON');
  });

  await knex.schema.createTable('refresh_runs', table => {
    table.comment(
      'Collection runs (scheduled and manual) with per-cluster progress',
    );
    table.string('id', 64).primary();
    table.string('trigger', 16).notNullable();
    table.string('scope', 16).notNullable();
    table.string('target', 400).nullable();
    table.string('requested_by', 400).nullable();
    table.string('state', 16).notNullable();
    table.string('phase', 16).notNullable();
    table.string('created_at', 32).notNullable();
    table.string('started_at', 32).nullable();
    table.string('finished_at', 32).nullable();
    table.integer('snapshot_id').nullable();
    table.text('error').nullable();
    table.text('clusters').notNullable().comment('JSON: ClusterRunStatus[]');
    table.index(['created_at'], 'refresh_runs_created_idx');
    table.index(['state'], 'refresh_runs_state_idx');
  });

  await knex.schema.createTable('notification_log', table => {
    table.comment('Notifications already sent, so each is sent once');
    table.string('key', 600).primary();
    table.string('sent_at', 32).notNullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  for (const table of [
    'notification_log',
    'refresh_runs',
    'cluster_collections',
    'audit_events',
    'waivers',
    'evidence',
    'snapshot_aggregates',
    'component_states',
    'evaluation_clusters',
    'evaluation_results',
    'evaluations',
    'snapshot_clusters',
    'snapshots',
  ]) {
    await knex.schema.dropTable(table);
  }
};
