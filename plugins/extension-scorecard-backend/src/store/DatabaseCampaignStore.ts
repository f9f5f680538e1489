/**
 * Campaigns and their life cycle: created open, changed while open, closed once.
 * Every change is recorded in the audit trail in the same transaction (subject
 * `campaign`, no component: a campaign concerns many); a change that lost a race to
 * another one is a conflict.
 */
import { ConflictError, NotFoundError } from '@backstage/errors';
import type {
  CampaignGoal,
  CampaignScope,
  CampaignState,
  Page,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import { changedFields, recordAuditEvent } from './DatabaseAuditTrailStore';
import { readPage } from './database';
import { parseJsonColumn } from './encoding';
import type {
  CampaignChange,
  CampaignStore,
  NewCampaign,
  StoredCampaign,
} from './interfaces';

interface CampaignRow {
  id: string;
  title: string;
  why: string;
  goal: string;
  scope: string;
  starts_at: string;
  deadline: string;
  enforce_from: string | null;
  state: CampaignState;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
  closed_by: string | null;
  closed_at: string | null;
  close_comment: string | null;
}

function toCampaign(row: CampaignRow): StoredCampaign {
  return {
    id: row.id,
    title: row.title,
    why: row.why,
    goal: parseJsonColumn<CampaignGoal>(row.goal, {}),
    scope: parseJsonColumn<CampaignScope>(row.scope, {}),
    startsAt: row.starts_at,
    deadline: row.deadline,
    enforceFrom: row.enforce_from ?? null,
    state: row.state,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
    closedBy: row.closed_by ?? null,
    closedAt: row.closed_at ?? null,
    closeComment: row.close_comment ?? null,
  };
}

/** The fields of a campaign the audit trail tracks. */
function tracked(campaign: StoredCampaign) {
  return {
    title: campaign.title,
    why: campaign.why,
    goal: campaign.goal,
    scope: campaign.scope,
    startsAt: campaign.startsAt,
    deadline: campaign.deadline,
    enforceFrom: campaign.enforceFrom,
    state: campaign.state,
    closeComment: campaign.closeComment,
  };
}

/** The row columns of a campaign's changeable fields. */
function columnsOf(change: CampaignChange): Partial<CampaignRow> {
  const columns: Partial<CampaignRow> = {};
  if (change.title !== undefined) columns.title = change.title;
  if (change.why !== undefined) columns.why = change.why;
  if (change.goal !== undefined) columns.goal = JSON.stringify(change.goal);
  if (change.scope !== undefined) columns.scope = JSON.stringify(change.scope);
  if (change.startsAt !== undefined) columns.starts_at = change.startsAt;
  if (change.deadline !== undefined) columns.deadline = change.deadline;
  if (change.enforceFrom !== undefined)
    columns.enforce_from = change.enforceFrom;
  return columns;
}

/** {@link CampaignStore} over the plugin's database. */
export class DatabaseCampaignStore implements CampaignStore {
  constructor(private readonly knex: Knex) {}

  async create(input: NewCampaign): Promise<StoredCampaign> {
    return this.knex.transaction(async trx => {
      if (await trx('campaigns').where('id', input.id).first('id')) {
        throw new ConflictError(`Campaign ${input.id} exists already`);
      }
      const row: CampaignRow = {
        id: input.id,
        title: input.title,
        why: input.why,
        goal: JSON.stringify(input.goal),
        scope: JSON.stringify(input.scope),
        starts_at: input.startsAt,
        deadline: input.deadline,
        enforce_from: input.enforceFrom,
        state: 'open',
        created_by: input.actor,
        created_at: input.now,
        updated_by: input.actor,
        updated_at: input.now,
        closed_by: null,
        closed_at: null,
        close_comment: null,
      };
      await trx('campaigns').insert(row);
      const campaign = toCampaign(row);
      const { closeComment: _none, ...created } = tracked(campaign);
      await recordAuditEvent(trx, {
        at: input.now,
        actor: input.actor,
        subjectType: 'campaign',
        subjectId: input.id,
        component: '',
        action: 'created',
        changes: changedFields(null, created),
      });
      return campaign;
    });
  }

  async update(
    id: string,
    change: CampaignChange,
    options: {
      actor: string;
      now: string;
      /** Refuses the change (throwing) when the campaign it makes is not valid. */
      validate?: (campaign: StoredCampaign) => void;
    },
  ): Promise<StoredCampaign> {
    return this.knex.transaction(async trx => {
      const before = await this.openRow(trx, id, 'changed');
      const patch: Partial<CampaignRow> = {
        ...columnsOf(change),
        updated_by: options.actor,
        updated_at: options.now,
      };
      const after = toCampaign({ ...before, ...patch });
      options.validate?.(after);
      const changes = changedFields(
        tracked(toCampaign(before)),
        tracked(after),
      );
      if (!Object.keys(changes).length) return toCampaign(before);
      await this.write(trx, before, patch);
      await recordAuditEvent(trx, {
        at: options.now,
        actor: options.actor,
        subjectType: 'campaign',
        subjectId: id,
        component: '',
        action: 'changed',
        changes,
      });
      return after;
    });
  }

  async close(
    id: string,
    options: { actor: string; comment: string | null; now: string },
  ): Promise<StoredCampaign> {
    return this.knex.transaction(async trx => {
      const before = await this.openRow(trx, id, 'closed');
      const patch: Partial<CampaignRow> = {
        state: 'closed',
        closed_by: options.actor,
        closed_at: options.now,
        close_comment: options.comment,
        updated_by: options.actor,
        updated_at: options.now,
      };
      await this.write(trx, before, patch);
      const after = toCampaign({ ...before, ...patch });
      await recordAuditEvent(trx, {
        at: options.now,
        actor: options.actor,
        subjectType: 'campaign',
        subjectId: id,
        component: '',
        action: 'closed',
        changes: changedFields(tracked(toCampaign(before)), tracked(after)),
      });
      return after;
    });
  }

  async get(id: string): Promise<StoredCampaign | undefined> {
    const row = await this.knex<CampaignRow>('campaigns').where({ id }).first();
    return row ? toCampaign(row) : undefined;
  }

  async list(query: {
    state?: CampaignState[];
    offset: number;
    limit: number;
  }): Promise<Page<StoredCampaign>> {
    const base = this.knex<CampaignRow>('campaigns');
    if (query.state?.length) base.whereIn('state', query.state);
    return readPage(
      base,
      {
        ...query,
        // 'open' sorts after 'closed': open campaigns first
        orderBy: [
          { column: 'state', order: 'desc' },
          { column: 'deadline', order: 'asc' },
          { column: 'id', order: 'asc' },
        ],
      },
      toCampaign,
    );
  }

  async open(): Promise<StoredCampaign[]> {
    const rows = (await this.knex<CampaignRow>('campaigns')
      .where('state', 'open')
      .orderBy([
        { column: 'deadline', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])) as CampaignRow[];
    return rows.map(toCampaign);
  }

  async inForceDuring(start: string, end: string): Promise<StoredCampaign[]> {
    const rows = (await this.knex<CampaignRow>('campaigns')
      .where('created_at', '<', end)
      .andWhere('starts_at', '<', end)
      .andWhere(q => q.whereNull('closed_at').orWhere('closed_at', '>=', start))
      .orderBy([
        { column: 'deadline', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])) as CampaignRow[];
    return rows.map(toCampaign);
  }

  /** The row of an open campaign; NotFound or Conflict (closed) otherwise. */
  private async openRow(
    trx: Knex.Transaction,
    id: string,
    verb: string,
  ): Promise<CampaignRow> {
    const row = await trx<CampaignRow>('campaigns').where({ id }).first();
    if (!row) throw new NotFoundError(`No campaign ${id}`);
    if (row.state !== 'open') {
      throw new ConflictError(
        `Campaign ${id} is closed; only an open campaign can be ${verb}`,
      );
    }
    return row;
  }

  /** Writes a patch, refusing when another change landed since `before` was read. */
  private async write(
    trx: Knex.Transaction,
    before: CampaignRow,
    patch: Partial<CampaignRow>,
  ): Promise<void> {
    const updated = await trx('campaigns')
      .where({ id: before.id, state: 'open', updated_at: before.updated_at })
      .update(patch);
    if (Number(updated) !== 1) {
      throw new ConflictError(
        `Campaign ${before.id} was changed concurrently; reload it`,
      );
    }
  }
}
