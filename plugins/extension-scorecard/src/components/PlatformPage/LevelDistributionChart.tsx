import { Box, Flex } from '@backstage/ui';
import {
  Bar,
  BarChart,
  Cell,
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
import { ListItem } from '../shared';

/** Components per readiness level as bars, with the numbers written out beside. */
export const LevelDistributionChart = (props: {
  levels: LevelCounts;
  height?: number;
}) => {
  const data = LEVELS.map(level => ({
    level: `L${level}`,
    title: LEVEL_TITLES[level],
    components: props.levels[level] ?? 0,
    color: levelColor(level),
  }));
  const summary = data.map(d => `${d.title}: ${d.components}`).join(', ');
  return (
    <Flex align="center" style={{ flexWrap: 'wrap' }}>
      <Box
        style={{ flex: '1 1 220px' }}
        minWidth="220px"
        role="img"
        aria-label={`Level distribution. ${summary}`}
      >
        <ResponsiveContainer width="100%" height={props.height ?? 160}>
          <BarChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <XAxis dataKey="level" stroke="var(--bui-fg-secondary)" />
            <YAxis allowDecimals={false} stroke="var(--bui-fg-secondary)" />
            <Tooltip
              cursor={{ fill: 'var(--bui-bg-neutral-2)' }}
              contentStyle={{
                background: 'var(--bui-bg-neutral-1)',
                color: 'var(--bui-fg-primary)',
                border: '1px solid var(--bui-border-1)',
              }}
              formatter={(value: number) => [value, 'components']}
              labelFormatter={(label: string) =>
                data.find(d => d.level === label)?.title ?? label
              }
            />
            <Bar dataKey="components" isAnimationActive={false}>
              {data.map(d => (
                <Cell key={d.level} fill={d.color} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </Box>
      <Box as="ul" m="0" pl="4">
        {data.map(d => (
          <ListItem key={d.level}>
            {d.title}: <strong>{d.components}</strong>
          </ListItem>
        ))}
      </Box>
    </Flex>
  );
};
