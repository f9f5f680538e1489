import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import Alert from '@material-ui/lab/Alert';
import { InfoCard } from '@backstage/core-components';
import { BlastRadius } from '@extension-scorecard/plugin-extension-scorecard-common';

const useStyles = makeStyles(theme => ({
  entry: {
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    padding: theme.spacing(1.5),
    marginBottom: theme.spacing(1.5),
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: theme.spacing(2),
    rowGap: theme.spacing(0.5),
    margin: theme.spacing(1, 0, 0),
  },
  term: { color: theme.palette.text.secondary },
  value: { margin: 0 },
  chips: { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(0.5) },
}));

const NAMESPACES_SHOWN = 12;

const Namespaces = ({ entry }: { entry: BlastRadius }) => {
  const classes = useStyles();
  if (entry.namespacesUnreadable) {
    return (
      <Typography variant="body2" color="error">
        unknown: {entry.namespacesUnreadable}
      </Typography>
    );
  }
  const shown = entry.matchedNamespaces.slice(0, NAMESPACES_SHOWN);
  return (
    <div>
      <Typography variant="body2">
        {entry.matchedNamespaces.length} of {entry.totalNamespaces}
        {entry.namespaceSelector
          ? ` (namespaceSelector ${entry.namespaceSelector})`
          : ''}
        {entry.objectSelector ? `, objectSelector ${entry.objectSelector}` : ''}
      </Typography>
      <div className={classes.chips}>
        {shown.map(ns => (
          <Chip
            key={ns}
            size="small"
            label={ns}
            color={ns === 'kube-system' ? 'secondary' : 'default'}
          />
        ))}
        {entry.matchedNamespaces.length > shown.length && (
          <Typography variant="caption">
            +{entry.matchedNamespaces.length - shown.length} more
          </Typography>
        )}
      </div>
    </div>
  );
};

/**
 * What a synchronous-path extension intercepts: operations, resources and namespaces,
 * with the failurePolicy and timeout that decide what a matched request suffers.
 */
export const BlastRadiusPanel = (props: { entries: BlastRadius[] }) => {
  const classes = useStyles();
  return (
    <InfoCard
      title="Blast radius"
      subheader="What this extension intercepts on the synchronous API path"
    >
      {props.entries.length === 0 && (
        <Typography variant="body2">
          No webhook or policy configuration was found for this component.
        </Typography>
      )}
      {props.entries.map(entry => (
        <section
          key={`${entry.cluster}|${entry.objectKind}|${entry.name}`}
          className={classes.entry}
          aria-label={`${entry.name} in ${entry.cluster}`}
        >
          <Box display="flex" alignItems="center" gridGap={8} flexWrap="wrap">
            <Typography variant="subtitle2" component="h3">
              {entry.name}
            </Typography>
            <Chip size="small" variant="outlined" label={entry.objectKind} />
            <Chip size="small" variant="outlined" label={entry.cluster} />
          </Box>
          {entry.failurePolicy === 'Fail' && (
            <Box mt={1}>
              <Alert severity="warning">
                Fails closed: while its backend is down, every matched request
                is rejected.
              </Alert>
            </Box>
          )}
          <dl className={classes.facts}>
            <dt className={classes.term}>failurePolicy</dt>
            <dd className={classes.value}>{entry.failurePolicy}</dd>
            <dt className={classes.term}>timeout</dt>
            <dd className={classes.value}>
              {entry.timeoutSeconds === null
                ? 'default'
                : `${entry.timeoutSeconds} s`}
              {entry.worstCaseLatencySeconds !== null &&
                ` (adds up to ${entry.worstCaseLatencySeconds} s to a matched request)`}
            </dd>
            <dt className={classes.term}>operations</dt>
            <dd className={classes.value}>
              {entry.operations.join(', ') || '—'}
            </dd>
            <dt className={classes.term}>resources</dt>
            <dd className={classes.value}>
              {entry.resources.join(', ') || '—'}
            </dd>
            <dt className={classes.term}>namespaces</dt>
            <dd className={classes.value}>
              <Namespaces entry={entry} />
            </dd>
            <dt className={classes.term}>cluster-scoped objects</dt>
            <dd className={classes.value}>
              {entry.clusterScoped ? 'matched too' : 'not matched'}
            </dd>
          </dl>
        </section>
      ))}
    </InfoCard>
  );
};
