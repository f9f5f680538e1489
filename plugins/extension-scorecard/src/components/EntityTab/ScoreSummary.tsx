import { Box, Flex, Text } from '@backstage/ui';
import { Gauge, InfoCard } from '@backstage/core-components';
import {
  CheckResult,
  ComponentDetail,
  ComponentScorecard,
  EXTENSION_KIND_INFO,
  LEVEL_TITLES,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDateTime, formatRelative } from '../../format/time';
import { shortRef } from '../../format/refs';
import { LevelChip } from '../StatusDisplay';
import { OutlineBadge, ListItem } from '../shared';
import { compactName, orderedBlockers } from './blockers';
import { CheckLink } from './CheckLink';

const L1_OWNER_CHECK = 'ownership.owner-exists';

/**
 * The level in words that fit this component: L0 is reached for want of an owner or for
 * want of a declaration (design record, responsibilities); a component with an owner is
 * not called unowned.
 */
export function levelExplanation(scorecard: ComponentScorecard): string {
  if (scorecard.level !== 0) return LEVEL_TITLES[scorecard.level];
  const ownerBlocks = scorecard.results.some(
    r =>
      r.checkId === L1_OWNER_CHECK &&
      !r.waiver &&
      (r.status === 'fail' || r.status === 'unknown'),
  );
  if (scorecard.orphan || !scorecard.owner) return 'L0 unowned';
  if (ownerBlocks)
    return `L0: owner ${shortRef(scorecard.owner)} not found in the catalog`;
  return 'L0 owned, not yet declared';
}

/** Level, score, what keeps the component from the next level, and how fresh the data is. */
export const ScoreSummary = (props: {
  detail: ComponentDetail;
  /** Brings a result's row in "Checks by dimension" into view. */
  onShowCheck?: (result: CheckResult) => void;
}) => {
  const { scorecard, snapshot, staleClusters, designRecord } = props.detail;
  const kind = EXTENSION_KIND_INFO[scorecard.kind];
  const blockers = orderedBlockers(
    scorecard.nextLevelBlockers,
    scorecard.results,
  );
  const teamImpact = designRecord?.failureImpact;
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
              {levelExplanation(scorecard)}
            </Text>
          </Flex>
          <Text as="p" color="secondary">
            {kind?.title ?? scorecard.kind} · {kind?.pathClass} path ·{' '}
            {scorecard.owner ? shortRef(scorecard.owner) : 'no owner (orphan)'}
            {scorecard.lifecycle ? ` · ${scorecard.lifecycle}` : ''}
          </Text>
          {teamImpact ? (
            <Text as="p" variant="body-small" color="secondary">
              When it fails (the team's answer): {teamImpact}
            </Text>
          ) : (
            kind && (
              <Text as="p" variant="body-small" color="secondary">
                When it fails (typical for the kind, the team has not answered):{' '}
                {kind.failureImpact}.
              </Text>
            )
          )}
        </Box>
      </Flex>
      <Box mt="4">
        <Text as="p" weight="bold">
          {scorecard.level === 3
            ? 'At the top level.'
            : `To reach L${scorecard.level + 1}:`}
        </Text>
        {blockers.length > 0 && (
          <Box as="ul" m="0" pl="4" aria-label="Blockers, most severe first">
            {blockers.map(blocker =>
              blocker.result ? (
                <ListItem
                  key={`${blocker.result.checkId}|${
                    blocker.result.cluster ?? ''
                  }`}
                >
                  {props.onShowCheck ? (
                    <CheckLink
                      result={blocker.result}
                      onShow={props.onShowCheck}
                    >
                      {compactName(blocker.result)}
                    </CheckLink>
                  ) : (
                    compactName(blocker.result)
                  )}{' '}
                  <Text variant="body-small" color="secondary">
                    ({blocker.result.severity})
                  </Text>
                </ListItem>
              ) : (
                <ListItem key={blocker.text}>{blocker.text}</ListItem>
              ),
            )}
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
