import {
  countPastText,
  countUntilText,
  countdownText,
  countdownTextOf,
  daysSince,
  daysSinceAbove,
  daysSinceText,
  daysSinceValue,
  daysUntil,
  daysUntilBelow,
  daysUntilUnreported,
  daysUntilValue,
  hasRelativeDays,
  renderRelative,
} from './relativeDays';
import { withTimeBound } from './timeBound';

const at = (iso: string) => new Date(iso);
const NOT_AFTER = '2026-12-09T10:00:00.000Z';

describe('relative days', () => {
  it('counts a certificate countdown for the time it is read at, as the check words it', () => {
    const token = countdownTextOf(NOT_AFTER, 0, 7);
    expect(hasRelativeDays(token)).toBe(true);
    expect(renderRelative(token, at('2026-12-04T09:00:00Z'))).toBe(
      'expires in 5 days (2026-12-09; threshold 7 days)',
    );
    expect(renderRelative(token, at('2026-12-08T11:00:00Z'))).toBe(
      'expires within a day (2026-12-09; threshold 7 days)',
    );
    expect(renderRelative(token, at('2026-12-10T10:00:00Z'))).toBe(
      'expired 1 day ago (2026-12-09)',
    );
    // the same words as counting directly
    expect(renderRelative(token, at('2026-11-01T00:00:00Z'))).toBe(
      countdownText(38, '2026-12-09', 7),
    );
  });

  it('words a countdown without a date from the days it was given', () => {
    expect(countdownTextOf(undefined, 3)).toBe(
      'expires in 3 days (unknown date)',
    );
    expect(countdownTextOf('not a date', -2)).toBe(
      'expired 2 days ago (not a date)',
    );
  });

  it('renders a whole-value token as a number and tokens inside text as text', () => {
    const runAt = Date.parse('2026-11-20T12:00:00Z');
    const value = {
      observed: {
        daysLeft: daysUntilValue(Date.parse(NOT_AFTER)),
        ageDays: daysSinceValue(runAt),
      },
      message: `passed ${daysSinceText(runAt)} days ago; ${countUntilText(
        Date.parse('2027-01-01'),
      )} left; ended ${countPastText(Date.parse('2026-12-01'))} ago`,
      list: ['plain', countUntilText(Date.parse('2026-12-05'))],
    };
    expect(renderRelative(value, at('2026-12-04T00:00:00Z'))).toEqual({
      observed: { daysLeft: 5, ageDays: 13 },
      message: 'passed 13 days ago; 28 days left; ended 3 days ago',
      list: ['plain', '1 day'],
    });
  });

  it('returns what holds no token as it is, and shares the parts without tokens', () => {
    const plain = { a: [1, 'x', { b: null }], c: 'text' };
    expect(renderRelative(plain, new Date())).toBe(plain);
    const mixed = { plain: plain.a, counted: [daysSinceValue(0)] };
    const rendered = renderRelative(mixed, at('1970-01-11T00:00:00Z'));
    expect(rendered).not.toBe(mixed);
    expect(rendered.plain).toBe(plain.a);
    expect(rendered.counted).toEqual([10]);
    // the input is not changed
    expect(hasRelativeDays(JSON.stringify(mixed))).toBe(true);
  });

  it('survives JSON (what the store keeps) and leaves unknown styles as they are', () => {
    const stored = JSON.parse(
      JSON.stringify({ m: countdownTextOf(NOT_AFTER, 0) }),
    );
    expect(renderRelative(stored, at('2026-12-02T10:00:00Z')).m).toBe(
      'expires in 7 days (2026-12-09)',
    );
    const unknownStyle = '\uE000later\uE0021\uE001';
    expect(renderRelative(unknownStyle, new Date())).toBe('later\uE0021');
  });
});

describe('comparisons of day counts report when they flip', () => {
  const DAY = 86_400_000;
  const due = Date.parse('2027-03-01T13:45:00.000Z');
  /** The comparison at `now`, and the instant before which it reads the same. */
  const timed = (compare: (now: Date) => boolean, now: number) =>
    withTimeBound(() => compare(new Date(now)));

  it('daysUntilBelow: true from the first instant fewer whole days are left, and stays true', () => {
    const below = (now: Date) => daysUntilBelow(due, now, 30);
    const flip = due - 30 * DAY;
    expect(timed(below, flip - 5 * DAY)).toEqual({
      value: false,
      validBefore: flip + 1,
    });
    // daysUntil is exactly 30 at the flip and 29 one millisecond later
    expect(daysUntil(due, new Date(flip))).toBe(30);
    expect(timed(below, flip)).toEqual({ value: false, validBefore: flip + 1 });
    expect(timed(below, flip + 1)).toEqual({
      value: true,
      validBefore: Infinity,
    });
    // a fractional threshold compares whole days
    expect(daysUntilBelow(due, new Date(flip - DAY + 1), 30.5)).toBe(
      daysUntil(due, new Date(flip - DAY + 1)) < 30.5,
    );
  });

  it('daysSinceAbove: true from the first instant more whole days passed, and stays true', () => {
    const above = (now: Date) => daysSinceAbove(due, now, 90);
    const flip = due + 91 * DAY;
    expect(timed(above, flip - 1)).toEqual({ value: false, validBefore: flip });
    expect(daysSince(due, new Date(flip - 1))).toBe(90);
    expect(timed(above, flip)).toEqual({ value: true, validBefore: Infinity });
    expect(daysSince(due, new Date(flip))).toBe(91);
  });

  it('a bare day count reports its next change, an unreported one nothing', () => {
    const now = due - 10 * DAY - 3_600_000;
    expect(timed(n => daysUntil(due, n) > 0, now).validBefore).toBe(
      due - 10 * DAY + 1,
    );
    expect(timed(n => daysSince(due, n) > 0, due + 3_600_000).validBefore).toBe(
      due + DAY,
    );
    expect(timed(n => daysUntilUnreported(due, n) > 0, now).validBefore).toBe(
      Infinity,
    );
  });
});
