import { DependencyList } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { useApi } from '@backstage/core-plugin-api';
import { ExtensionScorecardApi } from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../api';

/** Loads something from the Extension Scorecard API: `{ value, loading, error, retry }`. */
export function useScorecardQuery<T>(
  load: (api: ExtensionScorecardApi) => Promise<T>,
  deps: DependencyList,
) {
  const api = useApi(extensionScorecardApiRef);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useAsyncRetry(() => load(api), [api, ...deps]);
}
