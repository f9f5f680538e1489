/**
 * Waivers and their life cycle: requested → approved | rejected, requested or
 * approved → revoked. Every change is recorded in the audit trail in the same
 * transaction; a change that lost a race to another one is a conflict.
 */
import { ConflictError, NotFoundError } from '@backstage/errors';
import type {
  Page,
  Waiver,
  WaiverQuery,
  WaiverRecord,
  WaiverState,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { changedFields, recordAuditEvent } from './DatabaseAuditTrailStore';
import { isPostgres, readPage, whereComponentVisible } from './database';
import type { NewWaiver, WaiverDecision, WaiverStore } from './interfaces';
import { FULL_VISIBILITY, type ComponentVisibility } from './types';

const TRANSITIONS: Record<
  WaiverDecision,
  { from: WaiverState[]; to: WaiverState; action: string }
> = {
  approve: { from: ['requested'], to: 'approved', action: 'approved' },
  reject: { from: ['requested'], to: 'rejected', action: 'rejected' },
  revoke: { from: ['requested', 'approved'], to: 'revoked', action: 'revoked' },
};

interface WaiverRow {
  id: string;
  component_id: string;
  check_id: string;
  cluster: string | null;
  reason: string;
  expires_at: string;
  state: WaiverState;
  requested_by: string;
  requested_at: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_comment: string | null;
  approved_by: string | null;
  approved_at: string | null;
  revoked_at: string | null;
  owner: string | null;
}

function toRecord(row: WaiverRow, now: string): WaiverRecord {
  return {
    id: row.id,
    component: row.component_id,
    checkId: row.check_id,
    cluster: row.cluster ?? null,
    reason: row.reason,
    expiresAt: row.expires_at,
    state: row.state,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    decidedBy: row.decided_by ?? null,
    decidedAt: row.decided_at ?? null,
    decisionComment: row.decision_comment ?? null,
    active: row.state === 'approved' && row.expires_at > now,
    owner: row.owner ?? null,
  };
}

/** The fields of a waiver the audit trail tracks. */
function tracked(row: Partial<WaiverRow>) {
  return {
    state: row.state,
    reason: row.reason,
    expiresAt: row.expires_at,
    checkId: row.check_id,
    cluster: row.cluster ?? null,
    decidedBy: row.decided_by ?? null,
    decisionComment: row.decision_comment ?? null,
  };
}

/** {@link WaiverStore} over the plugin's database. */
export class DatabaseWaiverStore implements WaiverStore {
  constructor(private readonly knex: Knex) {}

  /**
   * Records a request. Conflict when an open waiver (requested, or approved and
   * unexpired) already covers the same component, check and cluster.
   */
  async request(input: NewWaiver): Promise<WaiverRecord> {
    return this.knex.transaction(async trx => {
      if (isPostgres(trx)) {
        // serializes requests so two concurrent ones cannot both pass the check
        await trx.raw('LOCK TABLE waivers IN SHARE ROW EXCLUSIVE MODE');
      }
      const open = await trx<WaiverRow>('waivers')
        .where({ component_id: input.component, check_id: input.checkId })
        .where(q =>
          input.cluster === null
            ? q.whereNull('cluster')
            : q.where('cluster', input.cluster),
        )
        .where(q =>
          q
            .where('state', 'requested')
            .orWhere(a =>
              a
                .where('state', 'approved')
                .andWhere('expires_at', '>', input.now),
            ),
        )
        .first();
      if (open) {
        throw new ConflictError(
          `Waiver ${open.id} (${open.state}) already covers ${
            input.checkId
          } on ${input.component}${
            input.cluster ? ` in ${input.cluster}` : ''
          }`,
        );
      }
      const row: WaiverRow = {
        id: randomUUID(),
        component_id: input.component,
        check_id: input.checkId,
        cluster: input.cluster,
        reason: input.reason,
        expires_at: input.expiresAt,
        state: 'requested',
        requested_by: input.requestedBy,
        requested_at: input.now,
        decided_by: null,
        decided_at: null,
        decision_comment: null,
        approved_by: null,
        approved_at: null,
        revoked_at: null,
        owner: input.owner,
      };
      await trx('waivers').insert(row);
      await recordAuditEvent(trx, {
        at: input.now,
        actor: input.requestedBy,
        subjectType: 'waiver',
        subjectId: row.id,
        component: row.component_id,
        action: 'requested',
        changes: changedFields(null, tracked(row)),
      });
      return toRecord(row, input.now);
    });
  }

  /**
   * Applies a decision. Conflict when the waiver is not in a state the decision
   * applies to (including when another decision landed first).
   */
  async decide(
    id: string,
    decision: WaiverDecision,
    options: { actor: string; comment: string | null; now: string },
  ): Promise<WaiverRecord> {
    const transition = TRANSITIONS[decision];
    return this.knex.transaction(async trx => {
      const before = await trx<WaiverRow>('waivers').where({ id }).first();
      if (!before) throw new NotFoundError(`No waiver ${id}`);
      if (!transition.from.includes(before.state)) {
        throw new ConflictError(
          `Waiver ${id} is ${before.state}; only a ${transition.from.join(
            ' or ',
          )} waiver can be ${transition.action}`,
        );
      }
      if (decision === 'approve' && before.expires_at <= options.now) {
        throw new ConflictError(
          `Waiver ${id} expired at ${before.expires_at}; request a new one`,
        );
      }
      const patch: Partial<WaiverRow> = {
        state: transition.to,
        decided_by: options.actor,
        decided_at: options.now,
        decision_comment: options.comment,
      };
      if (decision === 'approve') {
        patch.approved_by = options.actor;
        patch.approved_at = options.now;
      }
      if (decision === 'revoke') patch.revoked_at = options.now;
      const updated = await trx('waivers')
        .where({ id, state: before.state })
        .update(patch);
      if (Number(updated) !== 1) {
        throw new ConflictError(
          `Waiver ${id} was changed concurrently; reload it`,
        );
      }
      const after = { ...before, ...patch } as WaiverRow;
      await recordAuditEvent(trx, {
        at: options.now,
        actor: options.actor,
        subjectType: 'waiver',
        subjectId: id,
        component: before.component_id,
        action: transition.action,
        changes: changedFields(tracked(before), tracked(after)),
      });
      return toRecord(after, options.now);
    });
  }

  /** One waiver. */
  async get(id: string, now: string): Promise<WaiverRecord | undefined> {
    const row = await this.knex<WaiverRow>('waivers').where({ id }).first();
    return row ? toRecord(row, now) : undefined;
  }

  /** Waivers, newest request first. */
  async list(
    query: WaiverQuery & { offset: number; limit: number },
    now: string,
    visibility: ComponentVisibility = FULL_VISIBILITY,
  ): Promise<Page<WaiverRecord>> {
    const base = this.knex<WaiverRow>('waivers');
    if (query.component) base.where('component_id', query.component);
    if (query.checkId) base.where('check_id', query.checkId);
    if (query.state?.length) base.whereIn('state', query.state);
    if (query.owner) base.where('owner', query.owner);
    if (query.active === true) {
      base.where('state', 'approved').andWhere('expires_at', '>', now);
    }
    if (query.active === false) {
      base.where(q =>
        q.whereNot('state', 'approved').orWhere('expires_at', '<=', now),
      );
    }
    if (query.expiringWithinDays !== undefined) {
      const until = new Date(
        Date.parse(now) + query.expiringWithinDays * 86_400_000,
      ).toISOString();
      base
        .where('state', 'approved')
        .andWhere('expires_at', '>', now)
        .andWhere('expires_at', '<=', until);
    }
    whereComponentVisible(this.knex, base, 'component_id', visibility);
    return readPage(
      base,
      {
        ...query,
        orderBy: [
          { column: 'requested_at', order: 'desc' },
          { column: 'id', order: 'asc' },
        ],
      },
      (row: WaiverRow) => toRecord(row, now),
    );
  }

  /** Every waiver of one component, newest request first. */
  async forComponent(
    componentId: string,
    now: string,
  ): Promise<WaiverRecord[]> {
    const rows = (await this.knex<WaiverRow>('waivers')
      .where('component_id', componentId)
      .orderBy('requested_at', 'desc')) as WaiverRow[];
    return rows.map(r => toRecord(r, now));
  }

  /** Approved, unexpired waivers (the evaluation applies them). */
  async active(now: string): Promise<Waiver[]> {
    const rows = (await this.knex<WaiverRow>('waivers')
      .where('state', 'approved')
      .andWhere('expires_at', '>', now)) as WaiverRow[];
    return rows.map(r => toRecord(r, now));
  }

  /**
   * Waivers approved at some time in [start, end): `used` were in force during the
   * period, `expired` ran out inside it (not revoked before).
   */
  async inForceDuring(
    start: string,
    end: string,
    now: string,
  ): Promise<{ used: WaiverRecord[]; expired: WaiverRecord[] }> {
    const rows = (await this.knex<WaiverRow>('waivers')
      .whereNotNull('approved_at')
      .andWhere('approved_at', '<', end)
      .andWhere('expires_at', '>', start)
      .orderBy('approved_at', 'asc')) as WaiverRow[];
    const used: WaiverRecord[] = [];
    const expired: WaiverRecord[] = [];
    for (const row of rows) {
      const endedAt =
        row.revoked_at && row.revoked_at < row.expires_at
          ? row.revoked_at
          : row.expires_at;
      if (endedAt <= start) continue;
      used.push(toRecord(row, now));
      if (
        endedAt === row.expires_at &&
        row.expires_at >= start &&
        row.expires_at < end &&
        row.expires_at <= now
      ) {
        expired.push(toRecord(row, now));
      }
    }
    return { used, expired };
  }
}
