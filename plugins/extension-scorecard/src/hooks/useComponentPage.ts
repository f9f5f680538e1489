import { useEffect, useRef } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { useApi } from '@backstage/core-plugin-api';
import {
  ComponentPage,
  ComponentQuery,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../api';

/** A page of components being loaded, with the last one kept on screen meanwhile. */
export type ComponentPageState = {
  loading: boolean;
  error?: Error;
  value?: ComponentPage;
  retry: () => void;
};

/**
 * One page of components from the server. While the next page loads, the previous
 * one stays on screen (`value`) so the table does not jump.
 */
export function useComponentPage(
  query: ComponentQuery,
  reloadKey = 0,
): ComponentPageState {
  const api = useApi(extensionScorecardApiRef);
  const key = JSON.stringify(query);
  const state = useAsyncRetry(
    () => api.listComponents(query),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, key, reloadKey],
  );
  const last = useRef<ComponentPage | undefined>(undefined);
  useEffect(() => {
    if (state.value) last.current = state.value;
  }, [state.value]);
  return {
    ...state,
    value: state.value ?? (state.loading ? last.current : undefined),
  };
}
