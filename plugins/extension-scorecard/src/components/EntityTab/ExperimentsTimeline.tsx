import { CSSProperties } from 'react';
import { Box, Flex, Text } from '@backstage/ui';
import { InfoCard, Link } from '@backstage/core-components';
import {
  CheckResult,
  ExperimentEvidence,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDate, formatDuration, formatRelative } from '../../format/time';
import { StatusChip, toneColor } from '../StatusDisplay';
import { OutlineBadge } from '../shared';
import { ObservedValues } from './ObservedValues';

const timelineStyle: CSSProperties = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
};
const itemStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(6rem, 20%) 24px 1fr',
  columnGap: 'var(--bui-space-3)',
};
const separatorStyle: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
};
const connectorStyle: CSSProperties = {
  flex: 1,
  width: 2,
  minHeight: 'var(--bui-space-4)',
  background: 'var(--bui-border-2)',
};

const EvidenceItem = (props: {
  evidence: ExperimentEvidence;
  last: boolean;
}) => {
  const { evidence, last } = props;
  const toInject = formatDuration(evidence.startedAt, evidence.injectedAt);
  const toRecover = formatDuration(evidence.injectedAt, evidence.recoveredAt);
  return (
    <li style={itemStyle}>
      <Box pt="2" style={{ textAlign: 'right' }}>
        <Text as="div">{formatDate(evidence.startedAt)}</Text>
        <Text as="div" variant="body-small" color="secondary">
          {formatRelative(evidence.startedAt)}
        </Text>
      </Box>
      <div style={separatorStyle} aria-hidden>
        <span
          style={{
            width: 12,
            height: 12,
            margin: 'var(--bui-space-3) 0 var(--bui-space-1)',
            borderRadius: '50%',
            background: toneColor(
              evidence.verdict === 'pass' ? 'success' : 'danger',
            ),
          }}
        />
        {!last && <span style={connectorStyle} />}
      </div>
      <Box pt="2" pb="4">
        <Flex align="center" gap="2" style={{ flexWrap: 'wrap' }}>
          <Text as="h3" weight="bold">
            {evidence.scenario}
          </Text>
          <StatusChip status={evidence.verdict === 'pass' ? 'pass' : 'fail'} />
          <OutlineBadge>{evidence.cluster}</OutlineBadge>
          <OutlineBadge>{evidence.tool}</OutlineBadge>
        </Flex>
        <Text as="p" variant="body-small" color="secondary">
          {toInject
            ? `fault injected after ${toInject}`
            : 'injection time not recorded'}
          {' · '}
          {toRecover ? `recovered ${toRecover} later` : 'recovery not recorded'}
          {' · '}submitted by {evidence.submittedBy}
        </Text>
        <ObservedValues observed={evidence.observations} />
        {evidence.links.map(link => (
          <div key={link}>
            <Link to={link} target="_blank" rel="noopener">
              {link}
            </Link>
          </div>
        ))}
      </Box>
    </li>
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
        <Flex align="center" gap="2" mb="2">
          <StatusChip
            status={props.requirement.status}
            waived={Boolean(props.requirement.waiver)}
          />
          <Text>{props.requirement.message}</Text>
        </Flex>
      )}
      {evidence.length === 0 ? (
        <Text as="p">
          No experiment evidence recorded yet.
          {props.submitRefusal
            ? ''
            : ' Submit a run with POST /api/extension-scorecard/evidence or import a Chaos Mesh / LitmusChaos result.'}
        </Text>
      ) : (
        <ol style={timelineStyle} aria-label="Experiments timeline">
          {evidence.map((item, index) => (
            <EvidenceItem
              key={item.id}
              evidence={item}
              last={index === evidence.length - 1}
            />
          ))}
        </ol>
      )}
      {props.submitRefusal && (
        <Text
          as="p"
          variant="body-small"
          color="secondary"
          data-testid="evidence-create-refused"
        >
          {props.submitRefusal}.
        </Text>
      )}
    </InfoCard>
  );
};
