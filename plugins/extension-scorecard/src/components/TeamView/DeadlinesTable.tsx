import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import { InfoCard } from '@backstage/core-components';
import { expiryCountdown, formatDate } from '../../format/time';
import { StatusChip } from '../StatusDisplay';
import { Deadline, DeadlineType, HORIZON_DAYS } from './teamFindings';

const TYPE_LABELS: Record<DeadlineType, string> = {
  certificate: 'certificate',
  migration: 'migration date',
  'support-end': 'support end',
  waiver: 'waiver expiry',
};

function urgency(daysLeft: number) {
  if (daysLeft < 7) return 'fail' as const;
  if (daysLeft < 30) return 'warn' as const;
  return 'pass' as const;
}

function countdown(deadline: Deadline): string {
  if (deadline.type === 'certificate' || deadline.type === 'waiver') {
    return expiryCountdown(deadline.daysLeft);
  }
  if (deadline.daysLeft < 0) return `passed ${-deadline.daysLeft} days ago`;
  return `in ${deadline.daysLeft} days`;
}

/** Expiries and deadlines of the team's extensions, soonest (or overdue) first. */
export const DeadlinesTable = (props: { deadlines: Deadline[] }) => (
  <InfoCard
    title="Coming expiries and deadlines"
    subheader={`Certificates, migrations, support ends and waivers in the next ${HORIZON_DAYS} days or overdue`}
  >
    {props.deadlines.length === 0 ? (
      <Typography variant="body2">
        Nothing expires or falls due soon.
      </Typography>
    ) : (
      <Table size="small" aria-label="Coming expiries and deadlines">
        <TableHead>
          <TableRow>
            <TableCell style={{ whiteSpace: 'nowrap' }}>When</TableCell>
            <TableCell style={{ whiteSpace: 'nowrap' }}>What</TableCell>
            <TableCell style={{ whiteSpace: 'nowrap' }}>Component</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.deadlines.map(deadline => (
            <TableRow
              key={`${deadline.type}|${deadline.componentId}|${deadline.what}|${deadline.date}`}
            >
              <TableCell>
                <StatusChip status={urgency(deadline.daysLeft)} />{' '}
                {countdown(deadline)}
                <Typography
                  variant="caption"
                  color="textSecondary"
                  component="div"
                >
                  {formatDate(deadline.date)}
                </Typography>
              </TableCell>
              <TableCell>
                <Typography variant="body2">
                  {TYPE_LABELS[deadline.type]}
                </Typography>
                <Typography variant="caption" color="textSecondary">
                  {deadline.what}
                </Typography>
              </TableCell>
              <TableCell>{deadline.name}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    )}
  </InfoCard>
);
