import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import LinearProgress from '@material-ui/core/LinearProgress';
import Tooltip from '@material-ui/core/Tooltip';
import Typography from '@material-ui/core/Typography';
import RefreshIcon from '@material-ui/icons/Refresh';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  RefreshStatus,
  extensionScorecardRefreshPermission,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { useRefreshRun } from '../../hooks/useRefreshRun';
import { errorMessage } from '../../format/errors';
import { REFUSED } from '../../format/permissionReasons';

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
    <span>
      <Button
        variant="outlined"
        color="primary"
        startIcon={<RefreshIcon />}
        disabled={!permission.allowed || running || starting}
        onClick={() => start({ scope: 'all' })}
      >
        {running ? 'Refreshing…' : 'Refresh now'}
      </Button>
    </span>
  );

  return (
    <Box minWidth={260} maxWidth={480}>
      {permission.allowed || permission.loading ? (
        button
      ) : (
        <>
          <Tooltip title={REFUSED.refresh}>{button}</Tooltip>
          <Typography
            variant="caption"
            color="textSecondary"
            component="div"
            data-testid="refresh-refused"
          >
            {REFUSED.refresh}.
          </Typography>
        </>
      )}
      {run && (
        <Box mt={1} role="status" aria-live="polite">
          {running && (
            <LinearProgress
              variant={
                progressValue(run) === undefined
                  ? 'indeterminate'
                  : 'determinate'
              }
              value={progressValue(run)}
              aria-label="Collection progress"
            />
          )}
          <Typography
            variant="caption"
            color={run.state === 'failed' ? 'error' : 'textSecondary'}
          >
            {describeRun(run)}
          </Typography>
        </Box>
      )}
      {error && (
        <Typography
          variant="caption"
          color="error"
          role="alert"
          component="div"
        >
          Could not start the collection: {errorMessage(error)}
        </Typography>
      )}
    </Box>
  );
};
