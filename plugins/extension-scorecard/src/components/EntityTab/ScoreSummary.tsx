import { Box, Flex, Text } from '@backstage/ui';
import { Gauge, InfoCard } from '@backstage/core-components';
import {
  ComponentDetail,
  EXTENSION_KIND_INFO,
  LEVEL_TITLES,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDateTime, formatRelative } from '../../format/time';
import { shortRef } from '../../format/refs';
import { LevelChip } from '../StatusDisplay';
import { OutlineBadge, ListItem } from '../shared';

/** Level, score, what keeps the component from the next level, and how fresh the data is. */
export const ScoreSummary = (props: { detail: ComponentDetail }) => {
  const { scorecard, snapshot, staleClusters } = props.detail;
  const kind = EXTENSION_KIND_INFO[scorecard.kind];
  return (
    <InfoCard title="Readiness">
      <Flex align="center" gap="4" style={{ flexWrap: 'wrap' }}>
        <Box
          width="140px"
          role="img"
          aria-label={`Score ${Math.round(scorecard.score)} of 100`}
        >
          <Gauge
            value={Math.round(scorecard.score)}
            max={100}
            fractional={false}
            unit=""
            size="small"
            description="score"
          />
        </Box>
        <Box>
          <Flex align="center" gap="2">
            <LevelChip level={scorecard.level} size="medium" />
            <Text as="p" variant="title-x-small">
              {LEVEL_TITLES[scorecard.level]}
            </Text>
          </Flex>
          <Text as="p" color="secondary">
            {kind?.title ?? scorecard.kind} · {kind?.pathClass} path ·{' '}
            {scorecard.owner ? shortRef(scorecard.owner) : 'no owner (orphan)'}
            {scorecard.lifecycle ? ` · ${scorecard.lifecycle}` : ''}
          </Text>
          {kind && (
            <Text as="p" variant="body-small" color="secondary">
              When it fails: {kind.failureImpact}.
            </Text>
          )}
        </Box>
      </Flex>
      <Box mt="4">
        <Text as="p" weight="bold">
          {scorecard.level === 3
            ? 'At the top level.'
            : `To reach L${scorecard.level + 1}:`}
        </Text>
        {scorecard.nextLevelBlockers.length > 0 && (
          <Box as="ul" m="0" pl="4">
            {scorecard.nextLevelBlockers.map(blocker => (
              <ListItem key={blocker}>{blocker}</ListItem>
            ))}
          </Box>
        )}
      </Box>
      <Box mt="4">
        <Text variant="body-small" color="secondary">
          Snapshot #{snapshot.id}, {formatRelative(snapshot.takenAt)} (
          {formatDateTime(snapshot.takenAt)})
        </Text>
        {staleClusters.length > 0 && (
          <Flex mt="1" gap="1" style={{ flexWrap: 'wrap' }}>
            {staleClusters.map(cluster => (
              <OutlineBadge key={cluster}>{cluster}: stale data</OutlineBadge>
            ))}
          </Flex>
        )}
      </Box>
    </InfoCard>
  );
};
