import {
  EMPTY_FILTERS,
  activeFilterCount,
  parseTableState,
  tableStateToParams,
  toComponentQuery,
} from './tableState';

describe('table state in the URL', () => {
  it('round-trips filters, sort and page', () => {
    const params = new URLSearchParams(
      'owner=group:default/team-security&kind=csi&kind=cni&level=0&warningDimension=rbac&checkId=cert.expiry&status=fail&orphan=false&search=vault&sort=score&order=desc&page=2&pageSize=50',
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
        'kind=teapot&level=9&status=great&sort=colour&page=-1&pageSize=7&orphan=maybe',
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
      new URLSearchParams('kind=csi&page=3&pageSize=100'),
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
});
