import { useState } from 'react';
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
  message: { wordBreak: 'break-word' },
  summary: {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1),
    flexWrap: 'wrap',
  },
}));

const NEEDS_WORK = ['fail', 'warn', 'unknown'];

/** Results shown right away: those needing work, and waived ones (never hidden as pass). */
function isLoud(result: CheckResult): boolean {
  return NEEDS_WORK.includes(result.status) || Boolean(result.waiver);
}

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
  const [open, setOpen] = useState(false);
  const needsWork = NEEDS_WORK.includes(result.status);
  const detailsId = `details-${result.checkId}-${result.cluster ?? 'all'}`;
  const hasObserved = Object.keys(result.observed ?? {}).length > 0;
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
      <Typography variant="body2" className={classes.message}>
        {result.message}
      </Typography>
      {result.waiver && (
        <Typography variant="caption" color="textSecondary" component="p">
          {waiverNote(result)}
        </Typography>
      )}
      {needsWork && result.remediation && (
        <Typography variant="body2" component="p">
          <strong>Remediation:</strong> {result.remediation}
        </Typography>
      )}
      <Box display="flex" gridGap={8} alignItems="center" flexWrap="wrap">
        {hasObserved && (
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide observed values' : 'Observed values'}
          </Button>
        )}
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
      {open && (
        <div id={detailsId}>
          <ObservedValues observed={result.observed} />
        </div>
      )}
    </Box>
  );
};

/** Passing and not-applicable results, folded into one line until asked for. */
const QuietResults = (props: { results: CheckResult[] }) => {
  const [open, setOpen] = useState(false);
  if (props.results.length === 0) return null;
  const summary = Object.entries(
    props.results.reduce<Record<string, number>>((counts, r) => {
      counts[r.status] = (counts[r.status] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  return (
    <Box pt={1}>
      <Button size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide' : 'Show'} {summary}
      </Button>
      {open &&
        props.results.map(result => (
          <ResultItem
            key={`${result.checkId}|${result.cluster ?? ''}`}
            result={result}
          />
        ))}
    </Box>
  );
};

/**
 * Check results grouped by dimension, worst dimension results first. Dimensions with
 * something to fix start open. Results needing work offer "Request waiver" when
 * `onRequestWaiver` is given; `requestRefusal` says why they do not.
 */
export const CheckResults = (props: {
  results: CheckResult[];
  onRequestWaiver?: (result: CheckResult) => void;
  /** Why the user may not request waivers here (shown under the title). */
  requestRefusal?: string;
}) => {
  const classes = useStyles();
  const groups = groupByDimension(props.results);
  const waivable = props.results.some(
    r => NEEDS_WORK.includes(r.status) && !r.waiver,
  );
  return (
    <InfoCard
      title="Checks by dimension"
      subheader={
        props.requestRefusal && waivable ? (
          <span data-testid="check-waiver-refused">
            {props.requestRefusal}.
          </span>
        ) : undefined
      }
    >
      {groups.length === 0 && (
        <Typography variant="body2">No check ran on this component.</Typography>
      )}
      {groups.map(group => (
        <Accordion
          key={group.dimension}
          defaultExpanded={group.worst === 'fail' || group.worst === 'unknown'}
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
            {group.results
              .filter(result => isLoud(result))
              .map(result => (
                <ResultItem
                  key={`${result.checkId}|${result.cluster ?? ''}`}
                  result={result}
                  onRequestWaiver={props.onRequestWaiver}
                />
              ))}
            <QuietResults
              results={group.results.filter(result => !isLoud(result))}
            />
          </AccordionDetails>
        </Accordion>
      ))}
    </InfoCard>
  );
};
