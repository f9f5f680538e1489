import { useScorecardQuery } from './useScorecardQuery';

/** The component table's saved filters, by name (asked only when `wanted`). */
export function useSavedFilters(reloadKey: unknown = 0, wanted = true) {
  return useScorecardQuery(
    async api => (wanted ? api.listSavedFilters() : []),
    [reloadKey, wanted],
  );
}
