import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';

const useStyles = makeStyles(theme => ({
  list: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: theme.spacing(2),
    rowGap: theme.spacing(0.25),
    margin: 0,
  },
  key: { color: theme.palette.text.secondary, fontFamily: 'monospace' },
  value: {
    margin: 0,
    fontFamily: 'monospace',
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-word',
  },
}));

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value, null, 2);
}

/** The values a check observed, as a key/value list. */
export const ObservedValues = (props: {
  observed?: Record<string, unknown>;
}) => {
  const classes = useStyles();
  const entries = Object.entries(props.observed ?? {});
  if (entries.length === 0) return null;
  return (
    <dl className={classes.list} aria-label="Observed values">
      {entries.map(([key, value]) => (
        <Typography
          key={key}
          component="div"
          variant="caption"
          style={{ display: 'contents' }}
        >
          <dt className={classes.key}>{key}</dt>
          <dd className={classes.value}>{show(value)}</dd>
        </Typography>
      ))}
    </dl>
  );
};
