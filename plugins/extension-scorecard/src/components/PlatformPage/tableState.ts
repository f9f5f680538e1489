/**
 * The component table's state (filters, search, sort, page) kept in the URL, so a
 * filtered view can be shared and the back button works. Everything here is sent to
 * the server: the table never filters, sorts or pages in the browser.
 */
import type {
  SavedFilterFields,
  SortOrder,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  CHECK_STATUSES,
  COMPONENT_SORT_FIELDS,
  CheckStatus,
  ComponentQuery,
  ComponentSortField,
  DIMENSIONS,
  Dimension,
  EXTENSION_KINDS,
  ExtensionKind,
  LEVELS,
  ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';

/** Server-side filters of the component table. */
export interface ComponentFilters {
  owner: string[];
  kind: ExtensionKind[];
  cluster: string[];
  level: ReadinessLevel[];
  failingDimension: Dimension[];
  warningDimension: Dimension[];
  checkId?: string;
  status?: CheckStatus;
  lifecycle: string[];
  /** true: only orphans; false: no orphans; undefined: both. */
  orphan?: boolean;
  search?: string;
}

export interface ComponentTableState {
  filters: ComponentFilters;
  sort: ComponentSortField;
  order: SortOrder;
  /** Zero-based. */
  page: number;
  pageSize: number;
}

/** Page sizes offered in the table; `?limit=` in the URL may ask for any other. */
export const PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;
/** The API's bounds of `limit` on GET /components (openapi.yaml, parameter `limit`). */
export const MIN_PAGE_SIZE = 1;
export const MAX_PAGE_SIZE = 500;

/** The offered page sizes plus the one in force (from a link), in order. */
export function pageSizeOptions(
  current: number,
  sizes: readonly number[] = PAGE_SIZES,
): number[] {
  return [...new Set([...sizes, current])].sort((a, b) => a - b);
}

/** No filter at all; every key present, so merging it clears the optional ones too. */
export const EMPTY_FILTERS: ComponentFilters = {
  owner: [],
  kind: [],
  cluster: [],
  level: [],
  failingDimension: [],
  warningDimension: [],
  checkId: undefined,
  status: undefined,
  lifecycle: [],
  orphan: undefined,
  search: undefined,
};

function oneOf<T extends string | number>(
  allowed: readonly T[],
  values: string[],
): T[] {
  return allowed.filter(value => values.includes(String(value)));
}

function text(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key)?.trim();
  return value ? value : undefined;
}

function wholeNumber(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
}

function parseBoolean(value: string | null): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** Reads the filters from URL search params; unknown values are ignored. */
export function parseFilters(params: URLSearchParams): ComponentFilters {
  const status = params.get('status');
  return {
    owner: params.getAll('owner').filter(Boolean),
    kind: oneOf(EXTENSION_KINDS, params.getAll('kind')),
    cluster: params.getAll('cluster').filter(Boolean),
    level: oneOf(LEVELS, params.getAll('level')),
    failingDimension: oneOf(DIMENSIONS, params.getAll('failingDimension')),
    warningDimension: oneOf(DIMENSIONS, params.getAll('warningDimension')),
    checkId: text(params, 'checkId'),
    status: oneOf(CHECK_STATUSES, status ? [status] : [])[0],
    lifecycle: params.getAll('lifecycle').filter(Boolean),
    orphan: parseBoolean(params.get('orphan')),
    search: text(params, 'search'),
  };
}

/** Reads the table state from URL search params; unknown values are ignored. */
export function parseTableState(params: URLSearchParams): ComponentTableState {
  const sort = params.get('sort');
  // `limit`, as the API calls it; `pageSize` is what older links carry
  const pageSize = wholeNumber(
    params.get('limit') ?? params.get('pageSize'),
    DEFAULT_PAGE_SIZE,
  );
  return {
    filters: parseFilters(params),
    sort: oneOf(COMPONENT_SORT_FIELDS, sort ? [sort] : [])[0] ?? 'name',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: wholeNumber(params.get('page'), 0),
    pageSize:
      pageSize >= MIN_PAGE_SIZE && pageSize <= MAX_PAGE_SIZE
        ? pageSize
        : DEFAULT_PAGE_SIZE,
  };
}

/** Writes the filters as URL search params, leaving those not in force out. */
export function filtersToParams(filters: ComponentFilters): URLSearchParams {
  const params = new URLSearchParams();
  const lists: Array<[string, Array<string | number>]> = [
    ['owner', filters.owner],
    ['kind', filters.kind],
    ['cluster', filters.cluster],
    ['level', filters.level],
    ['failingDimension', filters.failingDimension],
    ['warningDimension', filters.warningDimension],
    ['lifecycle', filters.lifecycle],
  ];
  for (const [key, values] of lists) {
    for (const value of values) params.append(key, String(value));
  }
  if (filters.checkId) params.set('checkId', filters.checkId);
  if (filters.status) params.set('status', filters.status);
  if (filters.orphan !== undefined)
    params.set('orphan', String(filters.orphan));
  if (filters.search) params.set('search', filters.search);
  return params;
}

/** Writes the table state as URL search params, leaving defaults out. */
export function tableStateToParams(
  state: ComponentTableState,
): URLSearchParams {
  const params = filtersToParams(state.filters);
  if (state.sort !== 'name') params.set('sort', state.sort);
  if (state.order !== 'asc') params.set('order', state.order);
  if (state.page > 0) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) {
    params.set('limit', String(state.pageSize));
  }
  return params;
}

function nonEmpty<T>(values: T[]): T[] | undefined {
  return values.length ? values : undefined;
}

/**
 * The filters as the API's query takes them: lists only when not empty, the rest
 * only when set (the fields a saved filter keeps, too).
 */
export function toFilterQuery(filters: ComponentFilters): SavedFilterFields {
  const query: SavedFilterFields = {
    owner: nonEmpty(filters.owner),
    kind: nonEmpty(filters.kind),
    cluster: nonEmpty(filters.cluster),
    level: nonEmpty(filters.level),
    failingDimension: nonEmpty(filters.failingDimension),
    warningDimension: nonEmpty(filters.warningDimension),
    checkId: filters.checkId,
    status: filters.status,
    lifecycle: nonEmpty(filters.lifecycle),
    orphan: filters.orphan,
    search: filters.search,
  };
  for (const key of Object.keys(query) as Array<keyof SavedFilterFields>) {
    if (query[key] === undefined) delete query[key];
  }
  return query;
}

/** The API query for the table state: one page, filtered and sorted on the server. */
export function toComponentQuery(state: ComponentTableState): ComponentQuery {
  return {
    ...toFilterQuery(state.filters),
    sort: state.sort,
    order: state.order,
    offset: state.page * state.pageSize,
    limit: state.pageSize,
  };
}

/** Number of filters in force (search included), for the "clear filters" affordance. */
export function activeFilterCount(filters: ComponentFilters): number {
  const listCount = [
    filters.owner,
    filters.kind,
    filters.cluster,
    filters.level,
    filters.failingDimension,
    filters.warningDimension,
    filters.lifecycle,
  ].filter(list => list.length > 0).length;
  return (
    listCount +
    [filters.checkId, filters.status, filters.orphan, filters.search].filter(
      value => value !== undefined,
    ).length
  );
}
