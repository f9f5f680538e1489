import { Box, Text } from '@backstage/ui';
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
        <Text as="p">
          {data.length === 0
            ? 'No history yet.'
            : `One snapshot so far: score ${last.score}, level L${last.level}. The chart appears from the second snapshot on.`}
        </Text>
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
                stroke="var(--bui-border-1)"
              />
              <XAxis
                dataKey="takenAt"
                tickFormatter={tick}
                stroke="var(--bui-fg-secondary)"
                minTickGap={24}
              />
              <YAxis
                yAxisId="score"
                domain={[0, 100]}
                stroke="var(--bui-fg-secondary)"
              />
              <YAxis
                yAxisId="level"
                orientation="right"
                domain={[0, 3]}
                ticks={[0, 1, 2, 3]}
                tickFormatter={(value: number) => `L${value}`}
                stroke="var(--bui-fg-secondary)"
              />
              <Tooltip
                labelFormatter={(value: string) => formatDateTime(value)}
                contentStyle={{
                  background: 'var(--bui-bg-neutral-1)',
                  color: 'var(--bui-fg-primary)',
                  border: '1px solid var(--bui-border-1)',
                }}
              />
              <Legend />
              <Line
                yAxisId="score"
                type="monotone"
                dataKey="score"
                name="score"
                stroke="var(--bui-accent-bg)"
                dot={false}
                isAnimationActive={false}
              />
              <Line
                yAxisId="level"
                type="stepAfter"
                dataKey="level"
                name="level"
                stroke="var(--bui-fg-positive)"
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
