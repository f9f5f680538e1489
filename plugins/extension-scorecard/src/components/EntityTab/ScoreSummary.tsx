import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Typography from '@material-ui/core/Typography';
import { Gauge, InfoCard } from '@backstage/core-components';
import {
  ComponentDetail,
  EXTENSION_KIND_INFO,
  LEVEL_TITLES,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDateTime, formatRelative } from '../../format/time';
import { shortRef } from '../../format/refs';
import { LevelChip } from '../StatusDisplay';

/** Level, score, what keeps the component from the next level, and how fresh the data is. */
export const ScoreSummary = (props: { detail: ComponentDetail }) => {
  const { scorecard, snapshot, staleClusters } = props.detail;
  const kind = EXTENSION_KIND_INFO[scorecard.kind];
  return (
    <InfoCard title="Readiness">
      <Box display="flex" alignItems="center" gridGap={16} flexWrap="wrap">
        <Box
          width={140}
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
          <Box display="flex" alignItems="center" gridGap={8}>
            <LevelChip level={scorecard.level} size="medium" />
            <Typography variant="h6" component="p">
              {LEVEL_TITLES[scorecard.level]}
            </Typography>
          </Box>
          <Typography variant="body2" color="textSecondary">
            {kind?.title ?? scorecard.kind} · {kind?.pathClass} path ·{' '}
            {scorecard.owner ? shortRef(scorecard.owner) : 'no owner (orphan)'}
            {scorecard.lifecycle ? ` · ${scorecard.lifecycle}` : ''}
          </Typography>
          {kind && (
            <Typography variant="caption" color="textSecondary" component="p">
              When it fails: {kind.failureImpact}.
            </Typography>
          )}
        </Box>
      </Box>
      <Box mt={2}>
        <Typography variant="subtitle2">
          {scorecard.level === 3
            ? 'At the top level.'
            : `To reach L${scorecard.level + 1}:`}
        </Typography>
        {scorecard.nextLevelBlockers.length > 0 && (
          <Box component="ul" m={0} pl={2}>
            {scorecard.nextLevelBlockers.map(blocker => (
              <Typography component="li" variant="body2" key={blocker}>
                {blocker}
              </Typography>
            ))}
          </Box>
        )}
      </Box>
      <Box mt={2}>
        <Typography variant="caption" color="textSecondary">
          Snapshot #{snapshot.id}, {formatRelative(snapshot.takenAt)} (
          {formatDateTime(snapshot.takenAt)})
        </Typography>
        {staleClusters.length > 0 && (
          <Box mt={0.5}>
            {staleClusters.map(cluster => (
              <Chip
                key={cluster}
                size="small"
                variant="outlined"
                label={`${cluster}: stale data`}
              />
            ))}
          </Box>
        )}
      </Box>
    </InfoCard>
  );
};
