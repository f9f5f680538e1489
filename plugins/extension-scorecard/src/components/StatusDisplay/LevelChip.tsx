import Chip from '@material-ui/core/Chip';
import Tooltip from '@material-ui/core/Tooltip';
import { makeStyles, Theme, useTheme } from '@material-ui/core/styles';
import {
  LEVEL_TITLES,
  ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { levelColor } from './statusColors';

const useStyles = makeStyles<Theme, { color: string }>(theme => ({
  chip: {
    backgroundColor: ({ color }) => color,
    color: ({ color }) => theme.palette.getContrastText(color),
    fontWeight: theme.typography.fontWeightBold as number,
  },
}));

/** A readiness level, L0–L3, with its meaning on hover. */
export const LevelChip = (props: {
  level: ReadinessLevel;
  size?: 'small' | 'medium';
}) => {
  const theme = useTheme();
  const classes = useStyles({ color: levelColor(theme, props.level) });
  return (
    <Tooltip title={LEVEL_TITLES[props.level]}>
      <Chip
        size={props.size ?? 'small'}
        className={classes.chip}
        label={`L${props.level}`}
        aria-label={LEVEL_TITLES[props.level]}
      />
    </Tooltip>
  );
};
