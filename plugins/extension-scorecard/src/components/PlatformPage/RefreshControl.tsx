import { Box, Button, Text } from '@backstage/ui';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  RefreshStatus,
  extensionScorecardRefreshPermission,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { useRefreshRun } from '../../hooks/useRefreshRun';
import { errorMessage } from '../../format/errors';
import { REFUSED } from '../../format/permissionReasons';
import { HoverTip, RefreshIcon } from '../shared';

const DONE_STATES = ['succeeded', 'failed', 'skipped'];

/** One line about where a run is: phase and clusters done. */
export function describeRun(run: RefreshStatus): string {
  if (run.state === 'succeeded') {
    return run.snapshotId
      ? `Collection finished: snapshot #${run.snapshotId}`
      : 'Collection finished';
  }
  if (run.state === 'failed') {
    return `Collection failed${run.error ? `: ${run.error}` : ''}`;
  }
  if (run.phase === 'queued') return 'Collection queued…';
  if (run.phase === 'assembling')
    return 'Evaluating checks and writing the snapshot…';
  const done = run.clusters.filter(c => DONE_STATES.includes(c.state)).length;
  const clusters = run.clusters.map(c => `${c.cluster} ${c.state}`).join(', ');
  return `Collecting: ${done} of ${run.clusters.length} clusters done (${clusters})`;
}

function progressValue(run: RefreshStatus): number | undefined {
  if (run.phase !== 'collecting' || run.clusters.length === 0) return undefined;
  const done = run.clusters.filter(c => DONE_STATES.includes(c.state)).length;
  return (100 * done) / run.clusters.length;
}

/**
 * "Refresh now" with the live progress of the run (polled), for anyone allowed to
 * trigger a collection (disabled, saying why, for anyone else); a run already in
 * progress is shown to everyone.
 */
export const RefreshControl = (props: {
  onFinished: (run: RefreshStatus) => void;
}) => {
  const permission = usePermission({
    permission: extensionScorecardRefreshPermission,
  });
  const { run, running, starting, error, start } = useRefreshRun(
    props.onFinished,
  );

  const button = (
    <Button
      variant="secondary"
      iconStart={<RefreshIcon fontSize="small" />}
      isDisabled={!permission.allowed || running || starting}
      onPress={() => start({ scope: 'all' })}
    >
      {running ? 'Refreshing…' : 'Refresh now'}
    </Button>
  );

  return (
    <Box minWidth="260px" maxWidth="480px">
      {permission.allowed || permission.loading ? (
        <span>{button}</span>
      ) : (
        <>
          {/* a disabled button fires no events: the span carries the tooltip */}
          <HoverTip title={REFUSED.refresh}>{button}</HoverTip>
          <Text
            as="div"
            variant="body-small"
            color="secondary"
            data-testid="refresh-refused"
          >
            {REFUSED.refresh}.
          </Text>
        </>
      )}
      {run && (
        <Box mt="2" role="status" aria-live="polite">
          {running && (
            // native progress bar: no value while indeterminate
            <progress
              max={100}
              value={progressValue(run)}
              aria-label="Collection progress"
              style={{
                display: 'block',
                width: '100%',
                height: 4,
                accentColor: 'var(--bui-accent-bg)',
              }}
            />
          )}
          <Text
            variant="body-small"
            color={run.state === 'failed' ? 'danger' : 'secondary'}
          >
            {describeRun(run)}
          </Text>
        </Box>
      )}
      {error && (
        <Text as="div" variant="body-small" color="danger" role="alert">
          Could not start the collection: {errorMessage(error)}
        </Text>
      )}
    </Box>
  );
};
