import { Box, Text } from '@backstage/ui';
import {
  Bar,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  LEVELS,
  LEVEL_TITLES,
  LevelCounts,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { levelColor } from '../StatusDisplay';

export interface QuarterPoint {
  quarter: string;
  complete: boolean;
  levels: LevelCounts;
  averageScore: number;
  components: number;
}

/** Level distribution per quarter (stacked bars) with the average score (line). */
export const QuarterTrendChart = (props: { points: QuarterPoint[] }) => {
  const data = props.points.map(point => ({
    quarter: point.complete ? point.quarter : `${point.quarter} (so far)`,
    L0: point.levels[0],
    L1: point.levels[1],
    L2: point.levels[2],
    L3: point.levels[3],
    score: Math.round(point.averageScore),
  }));
  if (data.length === 0) {
    return <Text as="p">No quarter has a snapshot yet.</Text>;
  }
  const summary = data
    .map(
      d =>
        `${d.quarter}: L0 ${d.L0}, L1 ${d.L1}, L2 ${d.L2}, L3 ${d.L3}, average score ${d.score}`,
    )
    .join('; ');
  return (
    <Box role="img" aria-label={`Levels by quarter. ${summary}`}>
      <ResponsiveContainer width="100%" height={260}>
        <ComposedChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        >
          <XAxis dataKey="quarter" stroke="var(--bui-fg-secondary)" />
          <YAxis
            yAxisId="components"
            allowDecimals={false}
            stroke="var(--bui-fg-secondary)"
          />
          <YAxis
            yAxisId="score"
            orientation="right"
            domain={[0, 100]}
            stroke="var(--bui-fg-secondary)"
          />
          <Tooltip
            contentStyle={{
              background: 'var(--bui-bg-neutral-1)',
              color: 'var(--bui-fg-primary)',
              border: '1px solid var(--bui-border-1)',
            }}
          />
          <Legend />
          {LEVELS.map(level => (
            <Bar
              key={level}
              yAxisId="components"
              dataKey={`L${level}`}
              name={LEVEL_TITLES[level]}
              stackId="levels"
              maxBarSize={72}
              fill={levelColor(level)}
              isAnimationActive={false}
            />
          ))}
          <Line
            yAxisId="score"
            dataKey="score"
            name="average score"
            stroke="var(--bui-accent-bg)"
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
};
