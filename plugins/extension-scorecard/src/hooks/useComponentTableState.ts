import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ComponentFilters,
  ComponentTableState,
  parseTableState,
  tableStateToParams,
} from '../components/PlatformPage/tableState';

/** The component table's state, read from and written to the URL search params. */
export function useComponentTableState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseTableState(searchParams), [searchParams]);

  const update = useCallback(
    (next: ComponentTableState) =>
      setSearchParams(tableStateToParams(next), { replace: true }),
    [setSearchParams],
  );

  /** Changing a filter starts again at the first page. */
  const setFilters = useCallback(
    (filters: Partial<ComponentFilters>) =>
      update({ ...state, filters: { ...state.filters, ...filters }, page: 0 }),
    [state, update],
  );

  return { state, update, setFilters };
}
