/**
 * Saved filters declared in the configuration (`extensionScorecard.savedFilters.initial`),
 * created at start-up when the database holds none of that id, before the configured
 * campaigns (whose scope may name one). Afterwards they are the API's to delete.
 */
import type { Config } from '@backstage/config';
import {
  CHECK_STATUSES,
  DIMENSIONS,
  EXTENSION_KINDS,
  LEVELS,
  type SavedFilterFields,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { definitionObject, isObject } from './configDefinitions';

/** A saved filter of the configuration. */
export interface InitialSavedFilter {
  id: string;
  name: string;
  description: string;
  filters: SavedFilterFields;
}

/** Each filter field and the values it takes (`undefined`: any text). */
const LIST_FIELDS: Record<string, readonly unknown[] | undefined> = {
  owner: undefined,
  kind: EXTENSION_KINDS,
  cluster: undefined,
  level: LEVELS,
  failingDimension: DIMENSIONS,
  warningDimension: DIMENSIONS,
  lifecycle: undefined,
};

/** The filters of one definition, or an Error from `refuse`. */
function parseFilters(
  filters: unknown,
  refuse: (why: string) => Error,
): SavedFilterFields {
  if (!isObject(filters)) throw refuse('filters must be an object');
  const parsed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(filters)) {
    if (field in LIST_FIELDS) {
      const allowed = LIST_FIELDS[field];
      if (
        !Array.isArray(value) ||
        !value.every(v =>
          allowed ? allowed.includes(v) : typeof v === 'string' && v !== '',
        )
      ) {
        throw refuse(
          allowed
            ? `filters.${field} must be a list of ${allowed.join(', ')}`
            : `filters.${field} must be a list of names`,
        );
      }
      parsed[field] = value;
    } else if (field === 'checkId' || field === 'search') {
      if (typeof value !== 'string' || value === '') {
        throw refuse(`filters.${field} must be text`);
      }
      parsed[field] = value;
    } else if (field === 'status') {
      if (!CHECK_STATUSES.includes(value as never)) {
        throw refuse(
          `filters.status must be one of ${CHECK_STATUSES.join(', ')}`,
        );
      }
      parsed[field] = value;
    } else if (field === 'orphan') {
      if (typeof value !== 'boolean')
        throw refuse('filters.orphan must be true or false');
      parsed[field] = value;
    } else {
      throw refuse(`unknown filter ${field}`);
    }
  }
  return parsed as SavedFilterFields;
}

/** One saved filter definition, or an Error naming what is wrong at `where`. */
export function parseInitialSavedFilter(
  value: unknown,
  where: string,
): InitialSavedFilter {
  const refuse = (why: string) =>
    new Error(`Invalid saved filter at ${where}: ${why}`);
  const { id, name, description, filters } = definitionObject(
    value,
    ['id', 'name', 'description', 'filters'],
    refuse,
  );
  if (typeof name !== 'string') throw refuse('name must be text');
  if (description !== undefined && typeof description !== 'string') {
    throw refuse('description must be text');
  }
  return {
    id,
    name,
    description: description ?? '',
    filters: parseFilters(filters, refuse),
  };
}

/** Reads the configured saved filters; an id or a name configured twice is an error. */
export function readInitialSavedFilters(config: Config): InitialSavedFilter[] {
  const key = 'extensionScorecard.savedFilters.initial';
  const inline = config.getOptional<unknown[]>(key);
  if (inline === undefined) return [];
  if (!Array.isArray(inline)) {
    throw new Error(`Invalid config at ${key}: expected a list`);
  }
  const filters = inline.map((value, i) =>
    parseInitialSavedFilter(value, `${key}[${i}]`),
  );
  const seen = new Set<string>();
  for (const { id, name } of filters) {
    for (const taken of [`id ${id}`, `name ${name.trim().toLowerCase()}`]) {
      if (seen.has(taken)) {
        throw new Error(`Saved filter ${taken} is configured twice (${key})`);
      }
      seen.add(taken);
    }
  }
  return filters;
}
