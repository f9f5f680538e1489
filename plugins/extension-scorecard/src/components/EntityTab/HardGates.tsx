import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import AlertTitle from '@material-ui/lab/AlertTitle';
import { CheckResult } from '@extension-scorecard/plugin-extension-scorecard-common';

/** Critical fails, shown before anything else: they cap the level whatever the score. */
export const HardGates = (props: { hardGates: CheckResult[] }) => {
  if (props.hardGates.length === 0) return null;
  return (
    <Alert severity="error" aria-label="Hard gates">
      <AlertTitle>
        {props.hardGates.length} hard gate
        {props.hardGates.length === 1 ? '' : 's'} failing
      </AlertTitle>
      <Box component="ul" m={0} pl={2}>
        {props.hardGates.map(gate => (
          <Typography
            component="li"
            variant="body2"
            key={`${gate.checkId}|${gate.cluster ?? ''}`}
          >
            <strong>{gate.checkId}</strong>
            {gate.cluster ? ` (${gate.cluster})` : ''}: {gate.message}
            {gate.waiver ? ' — waived' : ''}
          </Typography>
        ))}
      </Box>
    </Alert>
  );
};
