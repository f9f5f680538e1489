import { useCallback, useState } from 'react';
import { errorMessage } from '../format/errors';

/**
 * A dialog's submission: `run` marks it busy, clears the last error, runs the action
 * and keeps its error's message (the dialog stays open to show it).
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
