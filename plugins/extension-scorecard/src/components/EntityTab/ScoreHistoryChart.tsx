import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { useTheme } from '@material-ui/core/styles';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { InfoCard } from '@backstage/core-components';
import { HistoryPoint } from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDate, formatDateTime } from '../../format/time';

function levelOf(point: HistoryPoint): number {
  const levels = point.levels;
  return ([3, 2, 1, 0] as const).find(level => (levels[level] ?? 0) > 0) ?? 0;
}

/** Score (left axis) and level (right axis, steps) across the retained snapshots. */
export const ScoreHistoryChart = (props: { history: HistoryPoint[] }) => {
  const theme = useTheme();
  const data = props.history.map(point => ({
    takenAt: point.takenAt,
    score: Math.round(point.averageScore),
    level: levelOf(point),
  }));
  const first = data[0];
  const last = data[data.length - 1];
  // Snapshots within a day or two: label the axis with times, not one repeated date.
  const shortSpan =
    data.length > 1 &&
    new Date(last.takenAt).getTime() - new Date(first.takenAt).getTime() <
      2 * 24 * 3600 * 1000;
  const tick = (value: string) =>
    shortSpan
      ? new Date(value).toLocaleTimeString(undefined, { timeStyle: 'short' })
      : formatDate(value);
  return (
    <InfoCard title="Score history">
      {data.length < 2 ? (
        <Typography variant="body2">
          {data.length === 0
            ? 'No history yet.'
            : `One snapshot so far: score ${last.score}, level L${last.level}. The chart appears from the second snapshot on.`}
        </Typography>
      ) : (
        <Box
          role="img"
          aria-label={`Score from ${first.score} on ${formatDate(
            first.takenAt,
          )} to ${last.score} on ${formatDate(last.takenAt)}; level L${
            first.level
          } to L${last.level}`}
        >
          <ResponsiveContainer width="100%" height={220}>
            <LineChart
              data={data}
              margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            >
              <CartesianGrid
                strokeDasharray="3 3"
                stroke={theme.palette.divider}
              />
              <XAxis
                dataKey="takenAt"
                tickFormatter={tick}
                stroke={theme.palette.text.secondary}
                minTickGap={24}
              />
              <YAxis
                yAxisId="score"
                domain={[0, 100]}
                stroke={theme.palette.text.secondary}
              />
              <YAxis
                yAxisId="level"
                orientation="right"
                domain={[0, 3]}
                ticks={[0, 1, 2, 3]}
                tickFormatter={(value: number) => `L${value}`}
                stroke={theme.palette.text.secondary}
              />
              <Tooltip
                labelFormatter={(value: string) => formatDateTime(value)}
                contentStyle={{
                  background: theme.palette.background.paper,
                  color: theme.palette.text.primary,
                }}
              />
              <Legend />
              <Line
                yAxisId="score"
                type="monotone"
                dataKey="score"
                name="score"
                stroke={theme.palette.primary.main}
                dot={false}
                isAnimationActive={false}
              />
              <Line
                yAxisId="level"
                type="stepAfter"
                dataKey="level"
                name="level"
                stroke={theme.palette.status.ok}
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </Box>
      )}
    </InfoCard>
  );
};
