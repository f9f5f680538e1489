import { useScorecardQuery } from './useScorecardQuery';

/** Everything the entity tab shows about one component (latest snapshot). */
export function useComponentDetail(componentId: string, reloadKey = 0) {
  return useScorecardQuery(
    api => api.getComponent(componentId, { historyLimit: 90 }),
    [componentId, reloadKey],
  );
}
