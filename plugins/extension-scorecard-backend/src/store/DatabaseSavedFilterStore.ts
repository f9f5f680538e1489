/**
 * Saved filters: named views of the component table, saved once and deleted, never
 * changed (so a campaign naming one keeps its scope). Both are recorded in the audit
 * trail in the same transaction (subject `saved-filter`, no component). Names are
 * unique regardless of case (column `name_key`).
 */
import { ConflictError, NotFoundError } from '@backstage/errors';
import type {
  CampaignScope,
  SavedFilterFields,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import type { SavedFilterLookup } from '../scoring';
import { changedFields, recordAuditEvent } from './DatabaseAuditTrailStore';
import { parseJsonColumn } from './encoding';
import type {
  CampaignNaming,
  SavedFilterStore,
  StoredSavedFilter,
} from './interfaces';

interface SavedFilterRow {
  id: string;
  name: string;
  name_key: string;
  description: string;
  filters: string;
  created_by: string;
  created_at: string;
}

function toSavedFilter(row: SavedFilterRow): StoredSavedFilter {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    filters: parseJsonColumn<SavedFilterFields>(row.filters, {}),
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

/** The name as uniqueness compares it. */
function nameKey(name: string): string {
  return name.toLowerCase();
}

/** Per saved filter id, the campaigns naming it (read inside `db`). */
async function campaignsNaming(
  db: Knex | Knex.Transaction,
): Promise<Map<string, CampaignNaming[]>> {
  const naming = new Map<string, CampaignNaming[]>();
  const rows = (await db('campaigns')
    .select('id', 'title', 'scope')
    .orderBy('id')) as Array<{ id: string; title: string; scope: string }>;
  for (const row of rows) {
    const id = parseJsonColumn<CampaignScope>(row.scope, {}).savedFilter;
    if (!id) continue;
    const list = naming.get(id) ?? [];
    list.push({ id: row.id, title: row.title });
    naming.set(id, list);
  }
  return naming;
}

/** Finds a saved filter's fields in a store (for campaign scopes that name one). */
export function savedFilterLookup(
  store: Pick<SavedFilterStore, 'get'>,
): SavedFilterLookup {
  return async id => (await store.get(id))?.filters;
}

/** {@link SavedFilterStore} over the plugin's database. */
export class DatabaseSavedFilterStore implements SavedFilterStore {
  constructor(private readonly knex: Knex) {}

  async list(): Promise<StoredSavedFilter[]> {
    const rows = (await this.knex<SavedFilterRow>('saved_filters').orderBy([
      { column: 'name_key', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])) as SavedFilterRow[];
    return rows.map(toSavedFilter);
  }

  async get(id: string): Promise<StoredSavedFilter | undefined> {
    const row = await this.knex<SavedFilterRow>('saved_filters')
      .where({ id })
      .first();
    return row ? toSavedFilter(row) : undefined;
  }

  async create(
    filter: Omit<StoredSavedFilter, 'createdBy' | 'createdAt'>,
    options: { actor: string; now: string; limit: number },
  ): Promise<StoredSavedFilter> {
    return this.knex.transaction(async trx => {
      const key = nameKey(filter.name);
      const taken = await trx<SavedFilterRow>('saved_filters')
        .where('id', filter.id)
        .orWhere('name_key', key)
        .first('id', 'name');
      if (taken) {
        throw new ConflictError(
          taken.id === filter.id
            ? `Saved filter ${filter.id} exists already`
            : `A saved filter is named "${taken.name}" already`,
        );
      }
      const [{ count }] = await trx('saved_filters').count({ count: '*' });
      if (Number(count) >= options.limit) {
        throw new ConflictError(
          `${options.limit} filters are saved, the most there may be; delete one first`,
        );
      }
      const row: SavedFilterRow = {
        id: filter.id,
        name: filter.name,
        name_key: key,
        description: filter.description,
        filters: JSON.stringify(filter.filters),
        created_by: options.actor,
        created_at: options.now,
      };
      try {
        await trx('saved_filters').insert(row);
      } catch (error) {
        // a concurrent save of the same name won the unique index
        throw new ConflictError(
          `A saved filter is named "${filter.name}" already`,
          error,
        );
      }
      await recordAuditEvent(trx, {
        at: options.now,
        actor: options.actor,
        subjectType: 'saved-filter',
        subjectId: filter.id,
        component: '',
        action: 'created',
        changes: changedFields(null, {
          name: filter.name,
          description: filter.description,
          filters: filter.filters,
        }),
      });
      return toSavedFilter(row);
    });
  }

  async delete(
    id: string,
    options: {
      actor: string;
      now: string;
      allow: (filter: StoredSavedFilter) => void;
    },
  ): Promise<void> {
    await this.knex.transaction(async trx => {
      const row = await trx<SavedFilterRow>('saved_filters')
        .where({ id })
        .first();
      if (!row) throw new NotFoundError(`No saved filter ${id}`);
      const filter = toSavedFilter(row);
      options.allow(filter);
      const naming = (await campaignsNaming(trx)).get(id);
      if (naming?.length) {
        throw new ConflictError(
          `Saved filter "${filter.name}" is the scope of ${naming
            .map(c => `campaign "${c.title}" (${c.id})`)
            .join(', ')}; change their scope first`,
        );
      }
      await trx('saved_filters').where({ id }).delete();
      await recordAuditEvent(trx, {
        at: options.now,
        actor: options.actor,
        subjectType: 'saved-filter',
        subjectId: id,
        component: '',
        action: 'deleted',
        changes: changedFields(
          {
            name: filter.name,
            description: filter.description,
            filters: filter.filters,
          },
          { name: null, description: null, filters: null },
        ),
      });
    });
  }

  campaignsNaming(): Promise<Map<string, CampaignNaming[]>> {
    return campaignsNaming(this.knex);
  }
}
