import { CSSProperties } from 'react';
import { Text } from '@backstage/ui';
import { InfoCard } from '@backstage/core-components';
import { expiryCountdown, formatDate } from '../../format/time';
import { StatusChip } from '../StatusDisplay';
import { SimpleTable, SimpleTableHead, Td } from '../shared';
import { Deadline, DeadlineType, HORIZON_DAYS } from './teamFindings';

const TYPE_LABELS: Record<DeadlineType, string> = {
  certificate: 'certificate',
  migration: 'migration date',
  'support-end': 'support end',
  waiver: 'waiver expiry',
};

/** "passed 523 days ago" on one line beside its chip, the date below. */
const whenStyle: CSSProperties = { minWidth: 190 };
/** Certificate subjects and object paths are long: they wrap anywhere, inside the card. */
const detailStyle: CSSProperties = { overflowWrap: 'anywhere' };
const nameStyle: CSSProperties = { whiteSpace: 'nowrap' };

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
      <Text as="p">Nothing expires or falls due soon.</Text>
    ) : (
      <SimpleTable aria-label="Coming expiries and deadlines">
        <SimpleTableHead columns={['When', 'What', 'Component']} />
        <tbody>
          {props.deadlines.map(deadline => (
            <tr
              key={`${deadline.type}|${deadline.componentId}|${deadline.what}|${deadline.date}`}
            >
              <Td style={whenStyle}>
                <StatusChip status={urgency(deadline.daysLeft)} />{' '}
                {countdown(deadline)}
                <Text as="div" variant="body-small" color="secondary">
                  {formatDate(deadline.date)}
                </Text>
              </Td>
              <Td>
                <Text as="div">{TYPE_LABELS[deadline.type]}</Text>
                <Text
                  as="div"
                  variant="body-small"
                  color="secondary"
                  style={detailStyle}
                >
                  {deadline.what}
                </Text>
              </Td>
              <Td style={nameStyle}>{deadline.name}</Td>
            </tr>
          ))}
        </tbody>
      </SimpleTable>
    )}
  </InfoCard>
);
