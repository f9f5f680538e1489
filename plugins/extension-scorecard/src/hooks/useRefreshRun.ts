import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import { ResponseError } from '@backstage/errors';
import {
  RefreshInput,
  RefreshStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../api';

/** How often a running collection is polled. */
export const REFRESH_POLL_MS = 1000;

function isRunning(run: RefreshStatus | null | undefined): boolean {
  return run?.state === 'queued' || run?.state === 'running';
}

/**
 * A collection run: starts one on request, follows the newest one that is already
 * running (scheduled runs too), and calls `onFinished` when the run it follows ends.
 */
export function useRefreshRun(onFinished: (run: RefreshStatus) => void) {
  const api = useApi(extensionScorecardApiRef);
  const [run, setRun] = useState<RefreshStatus | null>(null);
  const [error, setError] = useState<Error | undefined>();
  const [starting, setStarting] = useState(false);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  // A run already in progress when the page opens is followed too.
  useEffect(() => {
    let cancelled = false;
    api
      .getLatestRefresh()
      .then(latest => {
        if (!cancelled && isRunning(latest)) setRun(latest);
      })
      .catch(() => {
        // The page still works without live progress; the button reports errors.
      });
    return () => {
      cancelled = true;
    };
  }, [api]);

  const runId = run?.id;
  const running = isRunning(run);
  useEffect(() => {
    if (!runId || !running) return undefined;
    let cancelled = false;
    const timer = setInterval(() => {
      api
        .getRefresh(runId)
        .then(next => {
          if (cancelled) return;
          setRun(next);
          if (!isRunning(next)) finished.current(next);
        })
        .catch(e => {
          if (!cancelled) setError(e);
        });
    }, REFRESH_POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [api, runId, running]);

  const start = useCallback(
    async (input: RefreshInput = { scope: 'all' }) => {
      setStarting(true);
      setError(undefined);
      try {
        setRun(await api.triggerRefresh(input));
      } catch (e) {
        // 409: another run is in progress; follow that one instead.
        if (ResponseError.is(e) && e.statusCode === 409) {
          const latest = await api.getLatestRefresh().catch(() => null);
          if (latest) setRun(latest);
        } else {
          setError(e as Error);
        }
      } finally {
        setStarting(false);
      }
    },
    [api],
  );

  return { run, running, starting, error, start };
}
