import {
  EMPTY_FILTERS,
  MAX_PAGE_SIZE,
  activeFilterCount,
  pageSizeOptions,
  parseTableState,
  tableStateToParams,
  toComponentQuery,
} from './tableState';

describe('table state in the URL', () => {
  it('round-trips filters, sort and page', () => {
    const params = new URLSearchParams(
      'owner=group:default/team-security&kind=csi&kind=cni&level=0&warningDimension=rbac&checkId=cert.expiry&status=fail&orphan=false&search=vault&sort=score&order=desc&page=2&limit=50',
    );
    const state = parseTableState(params);
    // Catalogue order, whatever the URL order.
    expect(state.filters.kind).toEqual(['cni', 'csi']);
    expect(state.filters.level).toEqual([0]);
    expect(state.filters.orphan).toBe(false);
    expect(state.sort).toBe('score');
    expect(state.page).toBe(2);
    expect(parseTableState(tableStateToParams(state))).toEqual(state);
  });

  it('ignores values outside the contract instead of sending them', () => {
    const state = parseTableState(
      new URLSearchParams(
        'kind=teapot&level=9&status=great&sort=colour&page=-1&limit=0&orphan=maybe',
      ),
    );
    expect(state.filters).toEqual(EMPTY_FILTERS);
    expect(state).toMatchObject({
      sort: 'name',
      order: 'asc',
      page: 0,
      pageSize: 25,
    });
    expect(tableStateToParams(state).toString()).toBe('');
  });

  it('turns the state into one server page', () => {
    const state = parseTableState(
      new URLSearchParams('kind=csi&page=3&limit=100'),
    );
    expect(toComponentQuery(state)).toEqual({
      kind: ['csi'],
      sort: 'name',
      order: 'asc',
      offset: 300,
      limit: 100,
    });
    expect(activeFilterCount(state.filters)).toBe(1);
  });

  it('honours any page size the API allows from the URL, and keeps it there', () => {
    const state = parseTableState(new URLSearchParams('limit=5&page=1'));
    expect(state.pageSize).toBe(5);
    expect(toComponentQuery(state)).toMatchObject({ offset: 5, limit: 5 });
    expect(tableStateToParams(state).toString()).toBe('page=1&limit=5');
    // the largest page the API serves; beyond it, the default
    expect(
      parseTableState(new URLSearchParams(`limit=${MAX_PAGE_SIZE}`)).pageSize,
    ).toBe(MAX_PAGE_SIZE);
    expect(
      parseTableState(new URLSearchParams(`limit=${MAX_PAGE_SIZE + 1}`))
        .pageSize,
    ).toBe(25);
    expect(parseTableState(new URLSearchParams('limit=ten')).pageSize).toBe(25);
  });

  it('still reads the page size of older links (pageSize=)', () => {
    const state = parseTableState(new URLSearchParams('pageSize=50'));
    expect(state.pageSize).toBe(50);
    expect(tableStateToParams(state).toString()).toBe('limit=50');
  });

  it('offers the page size in force among the usual ones', () => {
    expect(pageSizeOptions(5)).toEqual([5, 25, 50, 100]);
    expect(pageSizeOptions(50)).toEqual([25, 50, 100]);
  });
});
