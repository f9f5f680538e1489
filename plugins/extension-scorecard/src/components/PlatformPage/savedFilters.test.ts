import type { SavedFilterFields } from '@extension-scorecard/plugin-extension-scorecard-common';
import { savedFilter } from '../../__testUtils__/fixtures';
import {
  findSavedFilter,
  sameFilters,
  savedFilterParams,
  scopeRefusal,
  toComponentFilters,
  toSavedFilterFields,
} from './savedFilters';
import { EMPTY_FILTERS, parseFilters } from './tableState';

describe('saved filters and the table filters', () => {
  it('keeps only the filters in force', () => {
    expect(
      toSavedFilterFields({
        ...EMPTY_FILTERS,
        kind: ['csi'],
        level: [0, 1],
        orphan: false,
        search: 'vault',
      }),
    ).toEqual({ kind: ['csi'], level: [0, 1], orphan: false, search: 'vault' });
    expect(toSavedFilterFields(EMPTY_FILTERS)).toEqual({});
  });

  it('gives every key back, so applying one replaces all the filters', () => {
    const filters = toComponentFilters({ cluster: ['prod-eu'], orphan: true });
    expect(filters).toEqual({
      ...EMPTY_FILTERS,
      cluster: ['prod-eu'],
      orphan: true,
    });
    expect(Object.keys(filters).sort()).toEqual(
      Object.keys(EMPTY_FILTERS).sort(),
    );
    // what the server keeps comes back as it was
    const fields: SavedFilterFields = {
      owner: ['group:default/a'],
      kind: ['cni', 'csi'],
      checkId: 'cert.expiry',
      status: 'fail',
    };
    expect(toSavedFilterFields(toComponentFilters(fields))).toEqual(fields);
  });

  it('ignores values outside the contract, as a link would', () => {
    expect(
      toComponentFilters({ kind: ['teapot' as 'csi'], search: '  ' }),
    ).toEqual(EMPTY_FILTERS);
  });

  it('compares filters whatever the order of their values', () => {
    const a = {
      ...EMPTY_FILTERS,
      owner: ['group:default/a', 'group:default/b'],
    };
    const b = {
      ...EMPTY_FILTERS,
      owner: ['group:default/b', 'group:default/a'],
    };
    expect(sameFilters(a, b)).toBe(true);
    expect(sameFilters(a, { ...b, orphan: false })).toBe(false);
    expect(sameFilters(EMPTY_FILTERS, { ...EMPTY_FILTERS, owner: [] })).toBe(
      true,
    );
  });

  it('finds the saved filter in force', () => {
    const saved = [
      savedFilter({ id: 'csi', filters: { kind: ['csi'] } }),
      savedFilter(),
    ];
    const url = parseFilters(
      new URLSearchParams(
        'kind=admission-webhook&owner=group:default/team-security',
      ),
    );
    expect(findSavedFilter(saved, url)?.id).toBe('security-webhooks');
    expect(
      findSavedFilter(saved, { ...url, lifecycle: ['production'] }),
    ).toBeUndefined();
    expect(findSavedFilter(saved, EMPTY_FILTERS)).toBeUndefined();
  });

  it('links to the table with the saved filter applied', () => {
    expect(savedFilterParams(savedFilter())).toBe(
      'owner=group%3Adefault%2Fteam-security&kind=admission-webhook',
    );
  });

  it('says why a campaign scope cannot name a filter on results', () => {
    expect(scopeRefusal(savedFilter())).toBeUndefined();
    expect(
      scopeRefusal(savedFilter({ resultFields: ['level', 'checkId'] })),
    ).toBe('filters on results: level, checkId');
  });
});
