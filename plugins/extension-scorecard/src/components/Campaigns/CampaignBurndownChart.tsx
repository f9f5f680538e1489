import { Box, Text } from '@backstage/ui';
import {
  Area,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
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
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
/** 1970-01-05, the first Monday of the epoch: weekly ticks fall on Mondays. */
const FIRST_MONDAY = 4 * DAY_MS;

/** The campaign fields the chart reads. */
export type BurndownCampaign = Pick<Campaign, 'title' | 'deadline'> &
  Partial<Pick<Campaign, 'startsAt' | 'enforceFrom'>>;

/** One row of the chart's data: a snapshot-day's counts, or the deadline's end of the ideal line. */
export interface BurndownRow {
  /** Midnight (UTC) of the day, in ms: the position on the time axis. */
  t: number;
  open?: number;
  waived?: number;
  done?: number;
  /** The straight line from the first day's open count to zero at the deadline. */
  ideal: number;
}

/** A date marked with a vertical line: the start, the enforcement date, the deadline. */
export interface BurndownMarker {
  t: number;
  label: string;
  /** Where the label sits against its line. */
  anchor: 'start' | 'middle' | 'end';
}

export interface BurndownTimeline {
  /** [first, last] in ms, from the start (or first point) to the deadline (or last point). */
  domain: [number, number];
  rows: BurndownRow[];
  markers: BurndownMarker[];
  ticks: number[];
}

/** Midnight (UTC) of the day an ISO date-time falls on, in ms; NaN if there is none. */
export function utcDay(iso: string | null | undefined): number {
  if (!iso) return NaN;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? Math.floor(t / DAY_MS) * DAY_MS : NaN;
}

/** "12 Nov", or "12 Nov 2025" with the year. */
export function formatDay(t: number, withYear = false): string {
  const d = new Date(t);
  const text = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return withYear ? `${text} ${d.getUTCFullYear()}` : text;
}

/**
 * Readable ticks between two times (ms): every day, every other day, every week or
 * fortnight (on Mondays), or every 1, 2, 3, 6 or 12 months (on the 1st), the finest
 * step that gives at most `maxTicks`.
 */
export function dateTicks(from: number, to: number, maxTicks = 8): number[] {
  if (!(to >= from)) return [];
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  for (const step of [1, 2, 7, 14]) {
    const stepMs = step * DAY_MS;
    const origin = step >= 7 ? FIRST_MONDAY : 0;
    const first = origin + Math.ceil((firstDay - origin) / stepMs) * stepMs;
    if (Math.floor((to - first) / stepMs) + 1 <= maxTicks) {
      const ticks: number[] = [];
      for (let t = first; t <= to; t += stepMs) ticks.push(t);
      return ticks;
    }
  }
  for (const months of [1, 2, 3, 6, 12]) {
    const start = new Date(from);
    let year = start.getUTCFullYear();
    let month = start.getUTCMonth();
    if (Date.UTC(year, month, 1) < from) month += 1;
    month = Math.ceil(month / months) * months;
    const ticks: number[] = [];
    for (;;) {
      year += Math.floor(month / 12);
      month %= 12;
      const t = Date.UTC(year, month, 1);
      if (t > to) break;
      ticks.push(t);
      month += months;
    }
    if (ticks.length <= maxTicks || months === 12) return ticks;
  }
  return [];
}

/**
 * What the chart draws, on a time axis: a row per snapshot-day at its date, the
 * ideal line's end at the deadline, the start, enforcement date and deadline as
 * markers, and a domain from the start (or first point, whichever is earlier) to
 * the deadline (or last point, whichever is later).
 */
export function burndownTimeline(
  points: CampaignBurndownPoint[],
  campaign: BurndownCampaign,
  maxTicks = 8,
): BurndownTimeline {
  const days = points
    .map(p => ({ p, t: utcDay(p.takenAt) }))
    .filter(d => Number.isFinite(d.t))
    .sort((a, b) => a.t - b.t);
  const startsAt = utcDay(campaign.startsAt);
  const enforceFrom = utcDay(campaign.enforceFrom);
  const deadline = utcDay(campaign.deadline);

  const rows: BurndownRow[] = [];
  if (days.length) {
    const first = days[0];
    const ideal = (t: number) => {
      if (!(deadline > first.t)) return 0;
      const share = (t - first.t) / (deadline - first.t);
      return Math.max(0, Math.round(first.p.open * (1 - share) * 10) / 10);
    };
    for (const { p, t } of days) {
      rows.push({
        t,
        open: p.open,
        waived: p.waived,
        done: p.done,
        ideal: ideal(t),
      });
    }
    if (deadline > days[days.length - 1].t) {
      // the ideal line runs on to the deadline
      rows.push({ t: deadline, ideal: 0 });
    }
  }

  const markers: BurndownMarker[] = [];
  const mark = (t: number, label: string, anchor: BurndownMarker['anchor']) => {
    if (!Number.isFinite(t)) return;
    const same = markers.find(m => m.t === t);
    if (same) same.label = `${same.label} · ${label}`;
    else markers.push({ t, label, anchor });
  };
  mark(startsAt, 'start', 'start');
  mark(enforceFrom, 'enforced', 'middle');
  mark(deadline, 'deadline', 'end');

  const times = [...rows.map(r => r.t), ...markers.map(m => m.t)].filter(
    Number.isFinite,
  );
  let from = times.length ? Math.min(...times) : 0;
  let to = times.length ? Math.max(...times) : 0;
  if (to - from < DAY_MS) {
    // a single day: show the day before and after it
    from -= DAY_MS;
    to += DAY_MS;
  }
  // a label at either end of the axis reads inwards (an "enforced · deadline" merged
  // on the last day would otherwise be centred on the edge, half outside the chart)
  for (const m of markers) {
    if (m.t >= to) m.anchor = 'end';
    else if (m.t <= from) m.anchor = 'start';
  }
  return {
    domain: [from, to],
    rows,
    markers,
    ticks: dateTicks(from, to, maxTicks),
  };
}

/** The labels' font size, and an estimate of the mean width of their characters, in px. */
const LABEL_FONT_SIZE = 11;
const LABEL_CHAR_WIDTH = 0.6 * LABEL_FONT_SIZE;
/** The height of a row of labels, and the least room between two labels in a row, in px. */
const LABEL_ROW_HEIGHT = 14;
const LABEL_GAP = 6;
/** How far a label sits from its line, by its anchor, in px. */
const LABEL_DX = { start: 2, middle: 0, end: -2 };

/** The chart's margins, the y-axis' width and the x-axis' padding either side, in px. */
const MARGIN = { top: 20, right: 16, left: 0, bottom: 0 };
const Y_AXIS_WIDTH = 60;
const X_PADDING = 6;

/**
 * Where the label of a marker whose line is at `x` px reaches, [left, right] in px,
 * estimated from the length of its text.
 */
function labelExtent(marker: BurndownMarker, x: number): [number, number] {
  const width = marker.label.length * LABEL_CHAR_WIDTH;
  const dx = LABEL_DX[marker.anchor];
  const left = { start: dx, middle: -width / 2, end: dx - width }[
    marker.anchor
  ];
  return [x + left, x + left + width];
}

/**
 * A row for each marker's label, 0 just above the plot, 1 above that, and so on, so
 * that no two labels overlap on a time axis (the `domain`) `plotWidth` px wide: from
 * left to right, each label takes the lowest row where it clears the labels already
 * there by a gap.
 */
export function markerLabelRows(
  markers: BurndownMarker[],
  domain: [number, number],
  plotWidth: number,
): number[] {
  const [from, to] = domain;
  const pxPerMs = to > from ? plotWidth / (to - from) : 0;
  const taken: [number, number][][] = []; // the labels' extents, per row
  const rows: number[] = markers.map(() => 0);
  markers
    .map((marker, i) => ({ marker, i }))
    .sort((a, b) => a.marker.t - b.marker.t)
    .forEach(({ marker, i }) => {
      const [left, right] = labelExtent(marker, (marker.t - from) * pxPerMs);
      const clears = (extents: [number, number][]) =>
        extents.every(
          ([l, r]) => right + LABEL_GAP <= l || r + LABEL_GAP <= left,
        );
      let row = 0;
      while (taken[row] && !clears(taken[row])) row += 1;
      taken[row] = [...(taken[row] ?? []), [left, right]];
      rows[i] = row;
    });
  return rows;
}

/** A marker's label, above the plot (higher by its row), beside its line. */
const MarkerLabel = (props: {
  text: string;
  anchor: BurndownMarker['anchor'];
  row: number;
  viewBox?: { x?: number; y?: number };
}) => {
  const x = props.viewBox?.x ?? 0;
  const y = props.viewBox?.y ?? 0;
  return (
    <text
      x={x + LABEL_DX[props.anchor]}
      y={y - 6 - props.row * LABEL_ROW_HEIGHT}
      textAnchor={props.anchor}
      fontSize={LABEL_FONT_SIZE}
      fill="var(--bui-fg-secondary)"
    >
      {props.text}
    </text>
  );
};

const SERIES = [
  { key: 'open', tone: 'danger' },
  { key: 'waived', tone: 'warning' },
  { key: 'done', tone: 'success' },
] as const;

/**
 * The chart itself, `width` by `height` px (given by the ResponsiveContainer around
 * it): the marker labels take as many rows as they need to stay apart, and the top
 * margin makes room for them.
 */
const BurndownPlot = (props: {
  timeline: BurndownTimeline;
  dot: false | { r: number };
  width?: number;
  height?: number;
}) => {
  const { domain, rows, markers, ticks } = props.timeline;
  const width = props.width ?? 0;
  const height = props.height ?? 0;
  const withYear =
    new Date(domain[0]).getUTCFullYear() !==
    new Date(domain[1]).getUTCFullYear();
  const plotWidth = Math.max(
    0,
    width - MARGIN.left - MARGIN.right - Y_AXIS_WIDTH - 2 * X_PADDING,
  );
  const labelRows = markerLabelRows(markers, domain, plotWidth);
  const top = MARGIN.top + Math.max(0, ...labelRows) * LABEL_ROW_HEIGHT;
  return (
    <ComposedChart
      data={rows}
      width={width}
      height={height}
      margin={{ ...MARGIN, top }}
      // as ResponsiveContainer styles a chart that is its direct child: free to shrink
      style={{
        width: '100%',
        height: '100%',
        maxWidth: width,
        maxHeight: height,
      }}
    >
      <XAxis
        dataKey="t"
        type="number"
        scale="time"
        domain={domain}
        ticks={ticks}
        tickFormatter={(t: number) => formatDay(t, withYear)}
        padding={{ left: X_PADDING, right: X_PADDING }}
        tick={{ fontSize: 11 }}
      />
      <YAxis
        allowDecimals={false}
        width={Y_AXIS_WIDTH}
        tick={{ fontSize: 11 }}
      />
      <Tooltip labelFormatter={t => formatDay(Number(t), true)} />
      <Legend />
      {SERIES.map(s => (
        <Area
          key={s.key}
          type="linear"
          dataKey={s.key}
          stackId="items"
          name={s.key}
          stroke={toneColor(s.tone)}
          fill={toneColor(s.tone)}
          fillOpacity={0.6}
          legendType="square"
          dot={props.dot}
          isAnimationActive={false}
        />
      ))}
      <Line
        type="linear"
        dataKey="ideal"
        name="on track to the deadline"
        stroke="var(--bui-fg-secondary)"
        strokeDasharray="4 4"
        dot={false}
        isAnimationActive={false}
      />
      {markers.map((m, i) => (
        <ReferenceLine
          key={m.t}
          x={m.t}
          stroke="var(--bui-fg-secondary)"
          strokeDasharray="2 3"
          label={
            <MarkerLabel text={m.label} anchor={m.anchor} row={labelRows[i]} />
          }
        />
      ))}
    </ComposedChart>
  );
};

/**
 * The burn-down: open, waived and done components per day (stacked areas) from the
 * stored snapshots, on a time axis from the campaign's start to its deadline (marked,
 * with the enforcement date), with the straight line from the first day's open count
 * to zero at the deadline. The figures are also the chart's accessible name.
 */
export const CampaignBurndownChart = (props: {
  campaign: BurndownCampaign;
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
  // dots mark the readings while they are few enough to tell apart; a single
  // reading has no area, only its dots
  const dot = points.length <= 31 && { r: points.length === 1 ? 5 : 3 };
  const dates = [
    campaign.startsAt ? `started ${day(campaign.startsAt)}` : undefined,
    campaign.enforceFrom
      ? `enforced from ${day(campaign.enforceFrom)}`
      : undefined,
    `deadline ${day(campaign.deadline)}`,
  ]
    .filter(Boolean)
    .join(', ');
  const summary = points
    .map(
      p =>
        `${day(p.takenAt)}: ${p.open} open, ${p.waived} waived, ${p.done} done`,
    )
    .join('; ');
  return (
    <Box
      role="img"
      aria-label={`Burn-down of ${campaign.title} (${dates}). ${summary}`}
      data-testid="campaign-burndown"
    >
      <ResponsiveContainer width="100%" height={props.height ?? 240}>
        <BurndownPlot timeline={burndownTimeline(points, campaign)} dot={dot} />
      </ResponsiveContainer>
    </Box>
  );
};
