/**
 * Experiment evidence. Submissions carry an idempotency key: a retry with the same
 * key and content returns the stored record, the same key with other content is a
 * conflict, so a retry never duplicates.
 */
import { isDatabaseConflictError } from '@backstage/backend-plugin-api';
import { ConflictError } from '@backstage/errors';
import type {
  EvidenceQuery,
  ExperimentEvidence,
  Page,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { changedFields, recordAuditEvent } from './DatabaseAuditTrailStore';
import { readPage, whereComponentVisible } from './database';
import { FULL_VISIBILITY, type ComponentVisibility } from './types';
import { canonicalJson, parseJsonColumn, sha256 } from './encoding';
import type { EvidenceStore, NewEvidence } from './interfaces';

function toEvidence(row: Record<string, any>): ExperimentEvidence {
  const evidence: ExperimentEvidence = {
    id: row.id,
    component: row.component_id,
    cluster: row.cluster,
    scenario: row.scenario,
    tool: row.tool,
    startedAt: row.started_at,
    verdict: row.verdict,
    observations: parseJsonColumn(row.observations, {}),
    links: parseJsonColumn(row.links, []),
    submittedBy: row.submitted_by,
    submittedAt: row.submitted_at,
  };
  if (row.injected_at) evidence.injectedAt = row.injected_at;
  if (row.recovered_at) evidence.recoveredAt = row.recovered_at;
  return evidence;
}

/** The part of a submission its idempotency key stands for. */
function contentHash(input: NewEvidence): string {
  return sha256(
    canonicalJson({
      component: input.component,
      cluster: input.cluster,
      scenario: input.scenario,
      tool: input.tool ?? 'manual',
      startedAt: input.startedAt,
      injectedAt: input.injectedAt ?? null,
      recoveredAt: input.recoveredAt ?? null,
      verdict: input.verdict,
      observations: input.observations ?? {},
      links: input.links ?? [],
    }),
  );
}

/** {@link EvidenceStore} over the plugin's database. */
export class DatabaseEvidenceStore implements EvidenceStore {
  constructor(private readonly knex: Knex) {}

  /** Stores a record once per (submitter, idempotency key). */
  async create(
    input: NewEvidence,
  ): Promise<{ evidence: ExperimentEvidence; replayed: boolean }> {
    const requestHash = contentHash(input);
    const existing = await this.byKey(input.submittedBy, input.idempotencyKey);
    if (existing) return this.replay(existing, requestHash);
    const id = randomUUID();
    const evidence: ExperimentEvidence = {
      id,
      component: input.component,
      cluster: input.cluster,
      scenario: input.scenario,
      tool: input.tool ?? 'manual',
      startedAt: input.startedAt,
      ...(input.injectedAt ? { injectedAt: input.injectedAt } : {}),
      ...(input.recoveredAt ? { recoveredAt: input.recoveredAt } : {}),
      verdict: input.verdict,
      observations: input.observations ?? {},
      links: input.links ?? [],
      submittedBy: input.submittedBy,
      submittedAt: input.submittedAt,
    };
    try {
      await this.knex.transaction(async trx => {
        await trx('evidence').insert({
          id,
          component_id: evidence.component,
          cluster: evidence.cluster,
          scenario: evidence.scenario,
          tool: evidence.tool,
          started_at: evidence.startedAt,
          injected_at: evidence.injectedAt ?? null,
          recovered_at: evidence.recoveredAt ?? null,
          verdict: evidence.verdict,
          observations: JSON.stringify(evidence.observations),
          links: JSON.stringify(evidence.links),
          submitted_by: evidence.submittedBy,
          submitted_at: evidence.submittedAt,
          source: input.source,
          idempotency_key: input.idempotencyKey,
          request_hash: requestHash,
        });
        const {
          id: _id,
          submittedBy: _by,
          submittedAt: _at,
          ...fields
        } = evidence;
        await recordAuditEvent(trx, {
          at: input.submittedAt,
          actor: input.submittedBy,
          subjectType: 'evidence',
          subjectId: id,
          component: evidence.component,
          action: input.source === 'import' ? 'imported' : 'created',
          changes: changedFields(null, fields),
        });
      });
    } catch (error) {
      // a concurrent request with the same key won the race
      if (!isDatabaseConflictError(error)) throw error;
      const winner = await this.byKey(input.submittedBy, input.idempotencyKey);
      if (!winner) throw error;
      return this.replay(winner, requestHash);
    }
    return { evidence, replayed: false };
  }

  private async byKey(submittedBy: string, key: string) {
    return this.knex('evidence')
      .where({ submitted_by: submittedBy, idempotency_key: key })
      .first();
  }

  private replay(row: Record<string, any>, requestHash: string) {
    if (row.request_hash !== requestHash) {
      throw new ConflictError(
        'This Idempotency-Key was already used for a different evidence record; use a new key for new evidence',
      );
    }
    return { evidence: toEvidence(row), replayed: true };
  }

  /** Evidence newest first, optionally for the given components only. */
  async list(
    query: EvidenceQuery & { offset: number; limit: number },
    visibility: ComponentVisibility = FULL_VISIBILITY,
  ): Promise<Page<ExperimentEvidence>> {
    const base = this.knex('evidence');
    if (query.component) base.where('component_id', query.component);
    if (query.cluster) base.where('cluster', query.cluster);
    if (query.scenario) base.where('scenario', query.scenario);
    if (query.tool) base.where('tool', query.tool);
    whereComponentVisible(this.knex, base, 'component_id', visibility);
    return readPage(
      base,
      {
        ...query,
        orderBy: [
          { column: 'started_at', order: 'desc' },
          { column: 'id', order: 'asc' },
        ],
      },
      toEvidence,
    );
  }

  /** All evidence of one component, newest first. */
  async forComponent(componentId: string): Promise<ExperimentEvidence[]> {
    const rows = await this.knex('evidence')
      .where('component_id', componentId)
      .orderBy('started_at', 'desc');
    return rows.map(toEvidence);
  }

  /** All evidence grouped by component (the evaluation reads it). */
  async byComponent(): Promise<Map<string, ExperimentEvidence[]>> {
    const rows = await this.knex('evidence').orderBy('started_at', 'desc');
    const grouped = new Map<string, ExperimentEvidence[]>();
    for (const row of rows) {
      const evidence = toEvidence(row);
      const list = grouped.get(evidence.component) ?? [];
      list.push(evidence);
      grouped.set(evidence.component, list);
    }
    return grouped;
  }
}
