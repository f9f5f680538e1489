import { cloneElement, type ReactElement } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { CampaignBurndownPoint } from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  burndownTimeline,
  CampaignBurndownChart,
  dateTicks,
  formatDay,
  markerLabelRows,
} from './CampaignBurndownChart';

// jsdom has no layout: give the chart a size so that recharts draws it.
jest.mock('recharts', () => {
  const actual = jest.requireActual('recharts');
  return {
    ...actual,
    ResponsiveContainer: (props: { children: ReactElement }) =>
      cloneElement(props.children, { width: 800, height: 240 }),
  };
});

const DAY = 86_400_000;
const TODAY = Date.UTC(2025, 10, 20); // 20 Nov 2025
const at = (days: number, hour = 0) =>
  new Date(TODAY + days * DAY + hour * 3_600_000).toISOString();

/** The demo's history: readings 42, 35, 28, 21, 14, 7, 3 and 1 days ago, and today. */
const AGO = [42, 35, 28, 21, 14, 7, 3, 1, 0];
const POINTS: CampaignBurndownPoint[] = AGO.map((ago, i) => ({
  snapshotId: i + 1,
  takenAt: at(-ago, 6 + i), // any time of the day
  inScope: 10,
  done: i,
  waived: 1,
  open: 9 - i,
}));
const CAMPAIGN = {
  title: 'Two replicas and a PodDisruptionBudget',
  startsAt: at(-45),
  enforceFrom: at(-3),
  deadline: at(30),
};

/** The chart's marker lines, checked to be start, enforced and deadline in order. */
function markerLines(container: HTMLElement): Element[] {
  const lines = Array.from(
    container.querySelectorAll('.recharts-reference-line'),
  );
  expect(lines.map(l => l.textContent)).toEqual([
    'start',
    'enforced',
    'deadline',
  ]);
  return lines;
}

describe('burndownTimeline', () => {
  it('places the snapshot-days at their dates and spans start to deadline', () => {
    const timeline = burndownTimeline(POINTS, CAMPAIGN);
    expect(timeline.domain).toEqual([TODAY - 45 * DAY, TODAY + 30 * DAY]);
    // one row per day at its midnight, then the ideal line's end at the deadline
    expect(timeline.rows.map(r => r.t)).toEqual([
      ...AGO.map(ago => TODAY - ago * DAY),
      TODAY + 30 * DAY,
    ]);
    expect(timeline.rows[0]).toMatchObject({
      open: 9,
      waived: 1,
      done: 0,
      ideal: 9,
    });
    expect(timeline.rows[timeline.rows.length - 1]).toEqual({
      t: TODAY + 30 * DAY,
      ideal: 0,
    });
    expect(timeline.rows[timeline.rows.length - 1].open).toBeUndefined();
    // the ideal line falls in proportion to time: 42 of 72 days from the first reading
    expect(timeline.rows[AGO.length - 1].ideal).toBeCloseTo(
      9 * (1 - 42 / 72),
      1,
    );
    expect(timeline.markers).toEqual([
      { t: TODAY - 45 * DAY, label: 'start', anchor: 'start' },
      { t: TODAY - 3 * DAY, label: 'enforced', anchor: 'middle' },
      { t: TODAY + 30 * DAY, label: 'deadline', anchor: 'end' },
    ]);
  });

  it('runs on past the deadline to the last reading, and from the first if earlier than the start', () => {
    const timeline = burndownTimeline(POINTS, {
      title: 'late',
      startsAt: at(-10),
      enforceFrom: null,
      deadline: at(-2),
    });
    expect(timeline.domain).toEqual([TODAY - 42 * DAY, TODAY]);
    expect(timeline.markers.map(m => m.label)).toEqual(['start', 'deadline']);
    // no extra row: the deadline lies within the readings; the ideal is 0 after it
    expect(timeline.rows).toHaveLength(AGO.length);
    expect(timeline.rows[AGO.length - 1].ideal).toBe(0);
  });

  it('anchors a label merged on the last day of the axis inwards', () => {
    const timeline = burndownTimeline(POINTS, {
      title: 'enforced at the deadline',
      startsAt: at(-45),
      enforceFrom: at(30, 12),
      deadline: at(30),
    });
    expect(timeline.domain).toEqual([TODAY - 45 * DAY, TODAY + 30 * DAY]);
    expect(timeline.markers).toEqual([
      { t: TODAY - 45 * DAY, label: 'start', anchor: 'start' },
      { t: TODAY + 30 * DAY, label: 'enforced · deadline', anchor: 'end' },
    ]);
  });

  it('gives a single reading on the deadline a day either side', () => {
    const timeline = burndownTimeline([POINTS[8]], {
      title: 'one day',
      startsAt: at(0),
      deadline: at(0, 23),
    });
    expect(timeline.domain).toEqual([TODAY - DAY, TODAY + DAY]);
    expect(timeline.markers).toEqual([
      { t: TODAY, label: 'start · deadline', anchor: 'start' },
    ]);
    expect(timeline.ticks).toEqual([TODAY - DAY, TODAY, TODAY + DAY]);
  });
});

describe('markerLabelRows', () => {
  /** A 90-day campaign from today, with one reading today, enforced from `enforceDay`. */
  const ninetyDays = (enforceDay: number) =>
    burndownTimeline([POINTS[8]], {
      title: '90 days',
      startsAt: at(0),
      enforceFrom: at(enforceDay, 9),
      deadline: at(90),
    });
  /** The time axis of the mocked 800 px chart: less the margin, y-axis and padding. */
  const PLOT = 800 - 16 - 60 - 2 * 6;

  it('puts the labels of markers 3 days apart in a 90-day campaign on different rows', () => {
    // enforced 3 days before the deadline: "deadline" (to the left of its line)
    // would cover "enforced" (centred on its line), so it goes up a row
    const late = ninetyDays(87);
    expect(late.domain).toEqual([TODAY, TODAY + 90 * DAY]);
    expect(late.markers.map(m => m.label)).toEqual([
      'start',
      'enforced',
      'deadline',
    ]);
    expect(markerLabelRows(late.markers, late.domain, PLOT)).toEqual([0, 0, 1]);
    // enforced 3 days after the start: "enforced" would cover "start"
    const early = ninetyDays(3);
    expect(markerLabelRows(early.markers, early.domain, PLOT)).toEqual([
      0, 1, 0,
    ]);
  });

  it('keeps the labels of markers 60 days apart on row 0', () => {
    const timeline = ninetyDays(60);
    expect(markerLabelRows(timeline.markers, timeline.domain, PLOT)).toEqual([
      0, 0, 0,
    ]);
    // 30 and 60 days apart, even on a narrow chart
    const third = ninetyDays(30);
    expect(markerLabelRows(third.markers, third.domain, 300)).toEqual([
      0, 0, 0,
    ]);
  });

  it('still merges markers on the same day into one label, on row 0', () => {
    const timeline = ninetyDays(0);
    expect(timeline.markers).toEqual([
      { t: TODAY, label: 'start · enforced', anchor: 'start' },
      { t: TODAY + 90 * DAY, label: 'deadline', anchor: 'end' },
    ]);
    expect(markerLabelRows(timeline.markers, timeline.domain, PLOT)).toEqual([
      0, 0,
    ]);
  });

  it('stacks labels that all crowd together on rows of their own', () => {
    const domain: [number, number] = [TODAY, TODAY + 90 * DAY];
    const markers = [
      { t: TODAY + 44 * DAY, label: 'start', anchor: 'start' as const },
      { t: TODAY + 45 * DAY, label: 'enforced', anchor: 'middle' as const },
      { t: TODAY + 46 * DAY, label: 'deadline', anchor: 'end' as const },
    ];
    expect(markerLabelRows(markers, domain, PLOT)).toEqual([0, 1, 2]);
    // on a chart wide enough, a day apart is room enough for the labels
    expect(markerLabelRows(markers, domain, 90 * 100)).toEqual([0, 0, 0]);
    // rows follow the dates, not the order of the markers
    expect(markerLabelRows([...markers].reverse(), domain, PLOT)).toEqual([
      2, 1, 0,
    ]);
  });
});

describe('dateTicks', () => {
  it('picks the finest readable step: days, weeks on Mondays, months on the 1st', () => {
    expect(dateTicks(TODAY, TODAY + 5 * DAY).map(t => formatDay(t))).toEqual([
      '20 Nov',
      '21 Nov',
      '22 Nov',
      '23 Nov',
      '24 Nov',
      '25 Nov',
    ]);
    const fortnights = dateTicks(TODAY - 45 * DAY, TODAY + 30 * DAY);
    expect(fortnights.map(t => formatDay(t))).toEqual([
      '13 Oct',
      '27 Oct',
      '10 Nov',
      '24 Nov',
      '8 Dec',
    ]);
    // all Mondays
    expect(fortnights.map(t => new Date(t).getUTCDay())).toEqual(
      fortnights.map(() => 1),
    );
    expect(
      dateTicks(Date.UTC(2025, 0, 15), Date.UTC(2025, 11, 31)).map(t =>
        formatDay(t, true),
      ),
    ).toEqual([
      '1 Mar 2025',
      '1 May 2025',
      '1 Jul 2025',
      '1 Sep 2025',
      '1 Nov 2025',
    ]);
  });
});

describe('CampaignBurndownChart', () => {
  it('draws the readings at positions proportional to their dates, with the start, enforcement and deadline marked', () => {
    const { container } = render(
      <CampaignBurndownChart campaign={CAMPAIGN} points={POINTS} />,
    );
    const chart = screen.getByTestId('campaign-burndown');
    expect(chart).toHaveAttribute('role', 'img');
    expect(chart.getAttribute('aria-label')).toMatch(
      /^Burn-down of Two replicas and a PodDisruptionBudget \(started 2025-10-06, enforced from 2025-11-17, deadline 2025-12-20\)\. 2025-10-09: 9 open, 1 waived, 0 done; .*; 2025-11-20: 1 open, 1 waived, 8 done$/,
    );

    // the "open" layer's dots, one per reading
    const layers = container.querySelectorAll('.recharts-area-dots');
    expect(layers).toHaveLength(3);
    const xs = Array.from(layers[0].querySelectorAll('circle')).map(c =>
      Number(c.getAttribute('cx')),
    );
    expect(xs).toHaveLength(AGO.length);
    const perDay = (xs[xs.length - 1] - xs[0]) / AGO[0];
    expect(perDay).toBeGreaterThan(0);
    AGO.forEach((ago, i) =>
      expect(xs[i] - xs[0]).toBeCloseTo((AGO[0] - ago) * perDay, 3),
    );
    // a week apart is seven times as wide as a day apart
    expect((xs[1] - xs[0]) / (xs[8] - xs[7])).toBeCloseTo(7, 3);

    // the marked dates, with their labels, at their places on the same scale
    const lines = markerLines(container);
    const lineX = lines.map(l =>
      Number(l.querySelector('line')?.getAttribute('x1')),
    );
    expect(lineX[0]).toBeCloseTo(xs[0] - 3 * perDay, 3);
    expect(lineX[1]).toBeCloseTo(xs[6], 3);
    expect(lineX[2]).toBeCloseTo(xs[8] + 30 * perDay, 3);
    // the time still left to the deadline is on the chart
    expect(lineX[2]).toBeGreaterThan(xs[8]);

    // ticks as dates
    const ticks = Array.from(
      container.querySelectorAll(
        '.recharts-xAxis .recharts-cartesian-axis-tick-value',
      ),
    ).map(t => t.textContent);
    expect(ticks).toEqual(['13 Oct', '27 Oct', '10 Nov', '24 Nov', '8 Dec']);
  });

  it('shows the date and counts of the reading under the pointer', () => {
    const { container } = render(
      <CampaignBurndownChart campaign={CAMPAIGN} points={POINTS} />,
    );
    // the reading three days ago, where the enforcement line is
    const x = Number(
      container
        .querySelectorAll('.recharts-reference-line line')[1]
        .getAttribute('x1'),
    );
    fireEvent.mouseMove(container.querySelector('.recharts-wrapper')!, {
      clientX: x,
      clientY: 100,
    });
    const tooltip = container.querySelector('.recharts-tooltip-wrapper')!;
    expect(tooltip).toHaveTextContent('17 Nov 2025');
    expect(tooltip).toHaveTextContent('open : 3');
    expect(tooltip).toHaveTextContent('waived : 1');
    expect(tooltip).toHaveTextContent('done : 6');
  });

  it('draws a single reading', () => {
    const { container } = render(
      <CampaignBurndownChart
        campaign={{ title: 'new', startsAt: at(0), deadline: at(14) }}
        points={[POINTS[8]]}
      />,
    );
    expect(
      container.querySelectorAll('.recharts-area-dots circle'),
    ).toHaveLength(3);
    expect(
      Array.from(container.querySelectorAll('.recharts-reference-line')).map(
        l => l.textContent,
      ),
    ).toEqual(['start', 'deadline']);
  });

  it('draws sixty daily readings as areas without dots, with few ticks', () => {
    const daily = Array.from({ length: 60 }, (_, i) => ({
      ...POINTS[0],
      snapshotId: i + 1,
      takenAt: at(i - 59),
    }));
    const { container } = render(
      <CampaignBurndownChart campaign={CAMPAIGN} points={daily} />,
    );
    expect(container.querySelectorAll('.recharts-area')).toHaveLength(3);
    expect(container.querySelectorAll('.recharts-area-dots')).toHaveLength(0);
    const ticks = container.querySelectorAll(
      '.recharts-xAxis .recharts-cartesian-axis-tick-value',
    );
    expect(ticks.length).toBeGreaterThan(2);
    expect(ticks.length).toBeLessThanOrEqual(8);
  });

  it('lifts a label that would overlap another onto a second row, with room above the plot', () => {
    const { container } = render(
      <CampaignBurndownChart
        campaign={{
          title: 'crowded',
          startsAt: at(0),
          enforceFrom: at(87),
          deadline: at(90),
        }}
        points={[POINTS[8]]}
      />,
    );
    const lines = markerLines(container);
    // the plot starts a row (14 px) lower than its usual 20 px margin, and each
    // label sits 6 px above it, plus 14 px per row
    const tops = lines.map(l => {
      const line = l.querySelector('line')!;
      return Math.min(
        Number(line.getAttribute('y1')),
        Number(line.getAttribute('y2')),
      );
    });
    expect(tops).toEqual([34, 34, 34]);
    expect(
      lines.map(l => Number(l.querySelector('text')?.getAttribute('y'))),
    ).toEqual([28, 28, 14]);
    // the accessible name is as before
    expect(screen.getByTestId('campaign-burndown')).toHaveAttribute(
      'aria-label',
      'Burn-down of crowded (started 2025-11-20, enforced from 2026-02-15, deadline 2026-02-18). 2025-11-20: 1 open, 1 waived, 8 done',
    );
  });

  it('says when there is no snapshot yet', () => {
    const { container } = render(
      <CampaignBurndownChart campaign={CAMPAIGN} points={[]} />,
    );
    expect(
      screen.getByText(/No snapshot since the campaign started/),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('campaign-burndown')).not.toBeInTheDocument();
    expect(container.querySelector('svg')).toBeNull();
  });
});
