/**
 * Saved filters and the component table's filters: one into the other, and which
 * saved filter (if any) the table shows now. The URL helpers of `tableState` do the
 * reading and writing, so a saved filter means what the same link would.
 */
import type {
  SavedFilter,
  SavedFilterFields,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  ComponentFilters,
  EMPTY_FILTERS,
  filtersToParams,
  parseFilters,
  toFilterQuery,
} from './tableState';

/** The table's filters as a saved filter keeps them: only those in force. */
export function toSavedFilterFields(
  filters: ComponentFilters,
): SavedFilterFields {
  return toFilterQuery(filters);
}

/** A saved filter's fields as the table's filters (every key, to replace them all). */
export function toComponentFilters(
  fields: SavedFilterFields,
): ComponentFilters {
  return parseFilters(filtersToParams({ ...EMPTY_FILTERS, ...fields }));
}

/** The filters as one string, whatever the order of their values. */
function filtersKey(filters: ComponentFilters): string {
  return [...filtersToParams(filters)]
    .map(pair => JSON.stringify(pair))
    .sort()
    .join();
}

/** Whether two sets of filters show the same components. */
export function sameFilters(a: ComponentFilters, b: ComponentFilters): boolean {
  return filtersKey(a) === filtersKey(b);
}

/** The saved filter whose filters are those in force, if any. */
export function findSavedFilter(
  saved: readonly SavedFilter[],
  filters: ComponentFilters,
): SavedFilter | undefined {
  const key = filtersKey(filters);
  return saved.find(s => filtersKey(toComponentFilters(s.filters)) === key);
}

/** The table's search params showing a saved filter ("owner=…&kind=…"). */
export function savedFilterParams(saved: SavedFilter): string {
  return filtersToParams(toComponentFilters(saved.filters)).toString();
}

/**
 * Why a campaign's scope cannot name the saved filter ("filters on results: level,
 * checkId"), or undefined when it can.
 */
export function scopeRefusal(saved: SavedFilter): string | undefined {
  return saved.resultFields.length
    ? `filters on results: ${saved.resultFields.join(', ')}`
    : undefined;
}
