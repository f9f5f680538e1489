import Accordion from '@material-ui/core/Accordion';
import AccordionDetails from '@material-ui/core/AccordionDetails';
import AccordionSummary from '@material-ui/core/AccordionSummary';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Chip from '@material-ui/core/Chip';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import ExpandMoreIcon from '@material-ui/icons/ExpandMore';
import { InfoCard, Link } from '@backstage/core-components';
import { CheckResult } from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDate } from '../../format/time';
import { StatusChip } from '../StatusDisplay';
import { groupByDimension } from './checkOrdering';
import { ObservedValues } from './ObservedValues';

const useStyles = makeStyles(theme => ({
  result: {
    padding: theme.spacing(1.5, 0),
    borderTop: `1px solid ${theme.palette.divider}`,
    '&:first-child': { borderTop: 'none' },
  },
  details: { display: 'block' },
  summary: {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1),
    flexWrap: 'wrap',
  },
}));

function waiverNote(result: CheckResult): string | undefined {
  if (!result.waiver) return undefined;
  return `Waived until ${formatDate(result.waiver.expiresAt)}${
    result.waiver.approvedBy ? `, approved by ${result.waiver.approvedBy}` : ''
  }: ${result.waiver.reason}`;
}

const ResultItem = (props: {
  result: CheckResult;
  onRequestWaiver?: (result: CheckResult) => void;
}) => {
  const { result, onRequestWaiver } = props;
  const classes = useStyles();
  const needsWork =
    result.status === 'fail' ||
    result.status === 'warn' ||
    result.status === 'unknown';
  return (
    <Box className={classes.result} data-testid={`check-${result.checkId}`}>
      <Box className={classes.summary}>
        <StatusChip
          status={result.status}
          waived={Boolean(result.waiver)}
          waiverNote={waiverNote(result)}
        />
        <Typography variant="subtitle2" component="span">
          {result.checkId}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={result.cluster ?? 'all clusters'}
        />
        <Typography variant="caption" color="textSecondary">
          {result.severity}
        </Typography>
      </Box>
      <Typography variant="body2">{result.message}</Typography>
      {result.waiver && (
        <Typography variant="caption" color="textSecondary" component="p">
          {waiverNote(result)}
        </Typography>
      )}
      <ObservedValues observed={result.observed} />
      {needsWork && result.remediation && (
        <Typography variant="body2" component="p">
          <strong>Remediation:</strong> {result.remediation}
        </Typography>
      )}
      <Box display="flex" gridGap={16} alignItems="center">
        {result.docsUrl && (
          <Link to={result.docsUrl} target="_blank" rel="noopener">
            Docs for {result.checkId}
          </Link>
        )}
        {needsWork && !result.waiver && onRequestWaiver && (
          <Button size="small" onClick={() => onRequestWaiver(result)}>
            Request waiver
          </Button>
        )}
      </Box>
    </Box>
  );
};

/**
 * Check results grouped by dimension, worst dimension results first. Dimensions with
 * something to fix start open.
 */
export const CheckResults = (props: {
  results: CheckResult[];
  onRequestWaiver?: (result: CheckResult) => void;
}) => {
  const classes = useStyles();
  const groups = groupByDimension(props.results);
  return (
    <InfoCard title="Checks by dimension">
      {groups.length === 0 && (
        <Typography variant="body2">No check ran on this component.</Typography>
      )}
      {groups.map(group => (
        <Accordion
          key={group.dimension}
          defaultExpanded={['fail', 'warn', 'unknown'].includes(group.worst)}
          TransitionProps={{ unmountOnExit: true }}
        >
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            aria-controls={`dimension-${group.dimension}-content`}
            id={`dimension-${group.dimension}-header`}
          >
            <Box className={classes.summary}>
              <StatusChip status={group.worst} />
              <Typography variant="subtitle1" component="h3">
                {group.dimension}
              </Typography>
              <Typography variant="caption" color="textSecondary">
                {Object.entries(group.counts)
                  .map(([status, count]) => `${count} ${status}`)
                  .join(' · ')}
                {group.waived > 0 ? ` · ${group.waived} waived` : ''}
              </Typography>
            </Box>
          </AccordionSummary>
          <AccordionDetails className={classes.details}>
            {group.results.map(result => (
              <ResultItem
                key={`${result.checkId}|${result.cluster ?? ''}`}
                result={result}
                onRequestWaiver={props.onRequestWaiver}
              />
            ))}
          </AccordionDetails>
        </Accordion>
      ))}
    </InfoCard>
  );
};
