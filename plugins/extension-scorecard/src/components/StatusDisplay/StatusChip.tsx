import Chip from '@material-ui/core/Chip';
import Tooltip from '@material-ui/core/Tooltip';
import { makeStyles, Theme, useTheme } from '@material-ui/core/styles';
import { CheckStatus } from '@extension-scorecard/plugin-extension-scorecard-common';
import { STATUS_LABELS, statusColor } from './statusColors';

const useStyles = makeStyles<Theme, { color: string }>(theme => ({
  solid: {
    backgroundColor: ({ color }) => color,
    color: ({ color }) => theme.palette.getContrastText(color),
    fontWeight: theme.typography.fontWeightBold as number,
  },
  waived: {
    borderColor: ({ color }) => color,
    borderStyle: 'dashed',
    color: theme.palette.text.primary,
  },
}));

/**
 * A check status. A waived result keeps its own status and is drawn as
 * "waived" (dashed outline) - never as pass.
 */
export const StatusChip = (props: {
  status: CheckStatus;
  waived?: boolean;
  waiverNote?: string;
}) => {
  const { status, waived, waiverNote } = props;
  const theme = useTheme();
  const classes = useStyles({ color: statusColor(theme, status) });
  if (waived) {
    return (
      <Tooltip title={waiverNote ?? 'Covered by an active waiver'}>
        <Chip
          size="small"
          variant="outlined"
          className={classes.waived}
          label={`waived (${STATUS_LABELS[status]})`}
        />
      </Tooltip>
    );
  }
  return (
    <Chip
      size="small"
      className={classes.solid}
      label={STATUS_LABELS[status]}
    />
  );
};
