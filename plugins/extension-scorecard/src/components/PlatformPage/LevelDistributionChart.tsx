import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { useTheme } from '@material-ui/core/styles';
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

/** Components per readiness level as bars, with the numbers written out beside. */
export const LevelDistributionChart = (props: {
  levels: LevelCounts;
  height?: number;
}) => {
  const theme = useTheme();
  const data = LEVELS.map(level => ({
    level: `L${level}`,
    title: LEVEL_TITLES[level],
    components: props.levels[level] ?? 0,
    color: levelColor(theme, level),
  }));
  const summary = data.map(d => `${d.title}: ${d.components}`).join(', ');
  return (
    <Box display="flex" alignItems="center" flexWrap="wrap">
      <Box
        flex="1 1 220px"
        minWidth={220}
        role="img"
        aria-label={`Level distribution. ${summary}`}
      >
        <ResponsiveContainer width="100%" height={props.height ?? 160}>
          <BarChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <XAxis dataKey="level" stroke={theme.palette.text.secondary} />
            <YAxis
              allowDecimals={false}
              stroke={theme.palette.text.secondary}
            />
            <Tooltip
              cursor={{ fill: theme.palette.action.hover }}
              contentStyle={{
                background: theme.palette.background.paper,
                color: theme.palette.text.primary,
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
      <Box component="ul" m={0} pl={2}>
        {data.map(d => (
          <Typography component="li" variant="body2" key={d.level}>
            {d.title}: <strong>{d.components}</strong>
          </Typography>
        ))}
      </Box>
    </Box>
  );
};
