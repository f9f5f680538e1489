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

/** One point of a trend: a label (a date, a quarter), the levels and the average score. */
export interface LevelTrendPoint {
  label: string;
  levels: LevelCounts;
  averageScore: number;
}

/**
 * Level distribution over time (stacked bars) with the average score (line); the
 * figures are also the chart's accessible name.
 */
export const LevelTrendChart = (props: {
  points: LevelTrendPoint[];
  /** Start of the accessible name, e.g. "Levels of team-security over time". */
  title: string;
  height?: number;
  /** The widest a bar may be (px). */
  maxBarSize?: number;
  empty?: string;
}) => {
  const data = props.points.map(point => ({
    label: point.label,
    L0: point.levels[0],
    L1: point.levels[1],
    L2: point.levels[2],
    L3: point.levels[3],
    score: Math.round(point.averageScore),
  }));
  if (data.length === 0) {
    return <Text as="p">{props.empty ?? 'No history yet.'}</Text>;
  }
  const summary = data
    .map(
      d =>
        `${d.label}: L0 ${d.L0}, L1 ${d.L1}, L2 ${d.L2}, L3 ${d.L3}, average score ${d.score}`,
    )
    .join('; ');
  return (
    <Box role="img" aria-label={`${props.title}. ${summary}`}>
      <ResponsiveContainer width="100%" height={props.height ?? 220}>
        <ComposedChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        >
          <XAxis dataKey="label" stroke="var(--bui-fg-secondary)" />
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
              maxBarSize={props.maxBarSize ?? 48}
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
