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
import type {
  CampaignBurndownPoint,
  Campaign,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { toneColor } from '../StatusDisplay';

const DAY_MS = 86_400_000;

/**
 * The burn-down: open, waived and done components per day (stacked bars) from the
 * stored snapshots, with the straight line from the first day's open count to zero
 * at the deadline. The figures are also the chart's accessible name.
 */
export const CampaignBurndownChart = (props: {
  campaign: Pick<Campaign, 'title' | 'deadline'>;
  points: CampaignBurndownPoint[];
  height?: number;
}) => {
  const { points, campaign } = props;
  if (!points.length) {
    return (
      <Text as="p">
        No snapshot since the campaign started: the burn-down begins with the
        next collection.
      </Text>
    );
  }
  const day = (iso: string) => iso.slice(0, 10);
  const first = points[0];
  const start = Date.parse(day(first.takenAt));
  const end = Date.parse(day(campaign.deadline));
  const ideal = (iso: string) => {
    if (end <= start) return 0;
    const share = (Date.parse(day(iso)) - start) / (end - start);
    return Math.max(0, Math.round(first.open * (1 - share) * 10) / 10);
  };
  const data = points.map(p => ({
    day: day(p.takenAt),
    open: p.open,
    waived: p.waived,
    done: p.done,
    ideal: ideal(p.takenAt),
  }));
  if (end > Date.parse(data[data.length - 1].day)) {
    // the ideal line runs on to the deadline
    for (
      let t = Date.parse(data[data.length - 1].day) + DAY_MS;
      t <= end;
      t += DAY_MS
    ) {
      if (t === end || (t - start) % (7 * DAY_MS) === 0) {
        data.push({
          day: new Date(t).toISOString().slice(0, 10),
          open: undefined as unknown as number,
          waived: undefined as unknown as number,
          done: undefined as unknown as number,
          ideal: ideal(new Date(t).toISOString()),
        });
      }
    }
  }
  const summary = points
    .map(
      p =>
        `${day(p.takenAt)}: ${p.open} open, ${p.waived} waived, ${p.done} done`,
    )
    .join('; ');
  return (
    <Box
      role="img"
      aria-label={`Burn-down of ${campaign.title}. ${summary}`}
      data-testid="campaign-burndown"
    >
      <ResponsiveContainer width="100%" height={props.height ?? 240}>
        <ComposedChart
          data={data}
          margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
        >
          <XAxis dataKey="day" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend />
          <Bar
            dataKey="open"
            stackId="items"
            name="open"
            fill={toneColor('danger')}
            maxBarSize={28}
            isAnimationActive={false}
          />
          <Bar
            dataKey="waived"
            stackId="items"
            name="waived"
            fill={toneColor('warning')}
            maxBarSize={28}
            isAnimationActive={false}
          />
          <Bar
            dataKey="done"
            stackId="items"
            name="done"
            fill={toneColor('success')}
            maxBarSize={28}
            isAnimationActive={false}
          />
          <Line
            type="linear"
            dataKey="ideal"
            name="on track to the deadline"
            stroke="var(--bui-fg-secondary)"
            strokeDasharray="4 4"
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
};
