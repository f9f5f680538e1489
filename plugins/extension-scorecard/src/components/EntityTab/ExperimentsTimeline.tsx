import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Typography from '@material-ui/core/Typography';
import Timeline from '@material-ui/lab/Timeline';
import TimelineConnector from '@material-ui/lab/TimelineConnector';
import TimelineContent from '@material-ui/lab/TimelineContent';
import TimelineDot from '@material-ui/lab/TimelineDot';
import TimelineItem from '@material-ui/lab/TimelineItem';
import TimelineOppositeContent from '@material-ui/lab/TimelineOppositeContent';
import TimelineSeparator from '@material-ui/lab/TimelineSeparator';
import { useTheme } from '@material-ui/core/styles';
import { InfoCard, Link } from '@backstage/core-components';
import {
  CheckResult,
  ExperimentEvidence,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDate, formatDuration, formatRelative } from '../../format/time';
import { StatusChip } from '../StatusDisplay';
import { ObservedValues } from './ObservedValues';

const EvidenceItem = (props: {
  evidence: ExperimentEvidence;
  last: boolean;
}) => {
  const { evidence, last } = props;
  const theme = useTheme();
  const toInject = formatDuration(evidence.startedAt, evidence.injectedAt);
  const toRecover = formatDuration(evidence.injectedAt, evidence.recoveredAt);
  return (
    <TimelineItem>
      <TimelineOppositeContent style={{ flex: 0.25 }}>
        <Typography variant="body2">
          {formatDate(evidence.startedAt)}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          {formatRelative(evidence.startedAt)}
        </Typography>
      </TimelineOppositeContent>
      <TimelineSeparator>
        <TimelineDot
          style={{
            backgroundColor:
              evidence.verdict === 'pass'
                ? theme.palette.status.ok
                : theme.palette.status.error,
          }}
        />
        {!last && <TimelineConnector />}
      </TimelineSeparator>
      <TimelineContent>
        <Box display="flex" alignItems="center" gridGap={8} flexWrap="wrap">
          <Typography variant="subtitle2" component="h3">
            {evidence.scenario}
          </Typography>
          <StatusChip status={evidence.verdict === 'pass' ? 'pass' : 'fail'} />
          <Chip size="small" variant="outlined" label={evidence.cluster} />
          <Chip size="small" variant="outlined" label={evidence.tool} />
        </Box>
        <Typography variant="caption" color="textSecondary" component="p">
          {toInject
            ? `fault injected after ${toInject}`
            : 'injection time not recorded'}
          {' · '}
          {toRecover ? `recovered ${toRecover} later` : 'recovery not recorded'}
          {' · '}submitted by {evidence.submittedBy}
        </Typography>
        <ObservedValues observed={evidence.observations} />
        {evidence.links.map(link => (
          <Box key={link}>
            <Link to={link} target="_blank" rel="noopener">
              {link}
            </Link>
          </Box>
        ))}
      </TimelineContent>
    </TimelineItem>
  );
};

/**
 * Fault experiments run against the component, newest first, with what they observed;
 * the experiments checks above say which required scenarios are missing or stale.
 */
export const ExperimentsTimeline = (props: {
  evidence: ExperimentEvidence[];
  requirement?: CheckResult;
  /** Why the user may not submit evidence for this component. */
  submitRefusal?: string;
}) => {
  const evidence = [...props.evidence].sort((a, b) =>
    b.startedAt.localeCompare(a.startedAt),
  );
  return (
    <InfoCard title="Fault experiments">
      {props.requirement && (
        <Box display="flex" alignItems="center" gridGap={8} mb={1}>
          <StatusChip
            status={props.requirement.status}
            waived={Boolean(props.requirement.waiver)}
          />
          <Typography variant="body2">{props.requirement.message}</Typography>
        </Box>
      )}
      {evidence.length === 0 ? (
        <Typography variant="body2">
          No experiment evidence recorded yet.
          {props.submitRefusal
            ? ''
            : ' Submit a run with POST /api/extension-scorecard/evidence or import a Chaos Mesh / LitmusChaos result.'}
        </Typography>
      ) : (
        <Timeline align="left" aria-label="Experiments timeline">
          {evidence.map((item, index) => (
            <EvidenceItem
              key={item.id}
              evidence={item}
              last={index === evidence.length - 1}
            />
          ))}
        </Timeline>
      )}
      {props.submitRefusal && (
        <Typography
          variant="caption"
          color="textSecondary"
          component="p"
          data-testid="evidence-create-refused"
        >
          {props.submitRefusal}.
        </Typography>
      )}
    </InfoCard>
  );
};
