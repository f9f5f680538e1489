/**
 * The audit trail of waivers, evidence and campaigns: who changed what, and when. Events are
 * written in the same transaction as the change they describe.
 */
import type {
  AuditEvent,
  AuditSubjectType,
  AuditTrailQuery,
  Page,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import { readPage, whereComponentVisible } from './database';
import { FULL_VISIBILITY, type ComponentVisibility } from './types';
import { parseJsonColumn } from './encoding';
import type { AuditTrailStore, NewAuditEvent } from './interfaces';

/** Field-by-field changes between two versions of a record (only fields that differ). */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): AuditEvent['changes'] {
  const changes: AuditEvent['changes'] = {};
  for (const key of Object.keys(after)) {
    const from = before ? before[key] : undefined;
    const to = after[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) {
      changes[key] = before ? { from: from ?? null, to } : { to };
    }
  }
  return changes;
}

/** Records one event inside the caller's transaction. */
export async function recordAuditEvent(
  trx: Knex | Knex.Transaction,
  event: NewAuditEvent,
): Promise<void> {
  await trx('audit_events').insert({
    at: event.at,
    actor: event.actor,
    subject_type: event.subjectType,
    subject_id: event.subjectId,
    component_id: event.component,
    action: event.action,
    changes: JSON.stringify(event.changes),
  });
}

function toAuditEvent(row: Record<string, any>): AuditEvent {
  return {
    id: Number(row.id),
    at: row.at,
    actor: row.actor,
    subjectType: row.subject_type as AuditSubjectType,
    subjectId: row.subject_id,
    component: row.component_id,
    action: row.action,
    changes: parseJsonColumn(row.changes, {}),
  };
}

/** {@link AuditTrailStore} over the plugin's database. */
export class DatabaseAuditTrailStore implements AuditTrailStore {
  constructor(private readonly knex: Knex) {}

  /** Events newest first, of components the caller may see. */
  async list(
    query: AuditTrailQuery & { offset: number; limit: number },
    visibility: ComponentVisibility = FULL_VISIBILITY,
  ): Promise<Page<AuditEvent>> {
    const base = this.knex('audit_events');
    if (query.subjectType) base.where('subject_type', query.subjectType);
    if (query.subjectId) base.where('subject_id', query.subjectId);
    if (query.component) base.where('component_id', query.component);
    if (visibility.entityRefs !== null || !visibility.orphans) {
      // a campaign's events concern no one component: every reader sees them
      base.where(q =>
        q
          .where('subject_type', 'campaign')
          .orWhere(visible =>
            whereComponentVisible(
              this.knex,
              visible,
              'component_id',
              visibility,
            ),
          ),
      );
    }
    return readPage(
      base,
      { ...query, orderBy: [{ column: 'id', order: 'desc' }] },
      toAuditEvent,
    );
  }

  /** Every event of one subject, oldest first. */
  async forSubject(
    subjectType: AuditSubjectType,
    subjectId: string,
  ): Promise<AuditEvent[]> {
    const rows = await this.knex('audit_events')
      .where({ subject_type: subjectType, subject_id: subjectId })
      .orderBy('id', 'asc');
    return rows.map(toAuditEvent);
  }
}
