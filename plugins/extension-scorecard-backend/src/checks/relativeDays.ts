/**
 * Day counts relative to the evaluation time, kept out of what is stored.
 *
 * A countdown ("expires in 5 days", `daysLeft: 5`) changes every day although nothing
 * in the cluster did. So checks write it as a token: the date it counts from or to
 * and how it is worded. `renderRelative` turns the tokens into text and numbers for
 * one time: the evaluation time when results are handed out, a snapshot's `takenAt`
 * when they are read back from the store. A stored result thus stays the same from
 * day to day while its countdown moves, and reads back exactly as it was evaluated.
 *
 * A token is `\uE000<style>\uE002<epoch ms>[\uE002<argument>…]\uE001` (Unicode
 * private-use characters, which no Kubernetes name or check text holds). A string that
 * is one whole `days-*` token renders to a number; tokens inside text render to text.
 */

import { changesAt } from './timeBound';

const OPEN = '\uE000';
const CLOSE = '\uE001';
const SEP = '\uE002';
const DAY = 24 * 60 * 60 * 1000;

/** Whole days from `now` until `at` (negative once it has passed). */
export function daysUntil(at: number, now: Date): number {
  const days = Math.floor((at - now.getTime()) / DAY);
  // one count less once less than `days` whole days are left
  changesAt(at - days * DAY + 1);
  return days;
}

/**
 * {@link daysUntil} without reporting when the count changes: for a count that is only
 * compared through {@link daysUntilBelow} and shown through tokens (a certificate
 * finding's `daysLeft`), so the clock binds the verdict only where a comparison flips.
 */
export function daysUntilUnreported(at: number, now: Date): number {
  return Math.floor((at - now.getTime()) / DAY);
}

/** Whole days from `at` until `now`. */
export function daysSince(at: number, now: Date): number {
  const days = Math.floor((now.getTime() - at) / DAY);
  changesAt(at + (days + 1) * DAY);
  return days;
}

/**
 * Whether fewer than `threshold` whole days are left until `at` (epoch ms) at `now`
 * (`daysUntil(at, now) < threshold`), reporting only the instant that answer changes
 * (a day count compared reads the same until it crosses the threshold).
 */
export function daysUntilBelow(
  at: number,
  now: Date,
  threshold: number,
): boolean {
  // floor((at - now) / DAY) < T  ⇔  now > at - ceil(T) · DAY
  const limit = at - Math.ceil(threshold) * DAY;
  const below = now.getTime() > limit;
  if (!below) changesAt(limit + 1);
  return below;
}

/**
 * Whether more than `threshold` whole days passed since `at` (epoch ms) at `now`
 * (`daysSince(at, now) > threshold`), reporting only the instant that answer changes.
 */
export function daysSinceAbove(
  at: number,
  now: Date,
  threshold: number,
): boolean {
  // floor((now - at) / DAY) > T  ⇔  now ≥ at + (floor(T) + 1) · DAY
  const from = at + (Math.floor(threshold) + 1) * DAY;
  const above = now.getTime() >= from;
  if (!above) changesAt(from);
  return above;
}

/** `1 day`, `15 days`. */
export function dayCount(n: number): string {
  return `${n} day${n === 1 ? '' : 's'}`;
}

/**
 * `expired 31 days ago (2026-11-03)`, `expires in 5 days (2026-12-09; threshold 7
 * days)`, `expires within a day (…)`; the threshold only for what has not expired.
 */
export function countdownText(
  days: number,
  date: string,
  thresholdDays?: number,
): string {
  if (days < 0) return `expired ${dayCount(-days)} ago (${date})`;
  const threshold =
    thresholdDays === undefined ? '' : `; threshold ${thresholdDays} days`;
  const when = days === 0 ? 'within a day' : `in ${dayCount(days)}`;
  return `expires ${when} (${date}${threshold})`;
}

type Render = (at: number, now: Date, args: string[]) => string | number;

const STYLES = {
  /** days until `at`, as a number */
  'days-until': (at, now) => daysUntil(at, now),
  /** days since `at`, as a number */
  'days-since': (at, now) => daysSince(at, now),
  /** `15 days` until `at` */
  'count-until': (at, now) => dayCount(daysUntil(at, now)),
  /** `15 days` since `at` (the negated count until it, as retirement words it) */
  'count-past': (at, now) => dayCount(-daysUntil(at, now)),
  /** a certificate's countdown: argument 0 the date shown, 1 the threshold */
  countdown: (at, now, [date, threshold]) =>
    countdownText(
      daysUntil(at, now),
      date,
      threshold === '' || threshold === undefined
        ? undefined
        : Number(threshold),
    ),
} satisfies Record<string, Render>;

type Style = keyof typeof STYLES;

function token(style: Style, at: number, args: readonly unknown[] = []) {
  return `${OPEN}${[style, at, ...args.map(a => a ?? '')].join(SEP)}${CLOSE}`;
}

/** The epoch ms of a date, or undefined when it is not one. */
export function timeOf(date: string | undefined): number | undefined {
  const at = date === undefined ? NaN : Date.parse(date);
  return Number.isNaN(at) ? undefined : at;
}

/** Days until `at` (epoch ms) at evaluation time, where a number goes (`observed`, facts). */
export function daysUntilValue(at: number): number {
  return token('days-until', at) as unknown as number;
}

/** Days since `at` (epoch ms) at evaluation time, where a number goes. */
export function daysSinceValue(at: number): number {
  return token('days-since', at) as unknown as number;
}

/** Days since `at` (epoch ms), a bare number inside a message. */
export function daysSinceText(at: number): string {
  return token('days-since', at);
}

/** `15 days` until `at` (epoch ms), inside a message. */
export function countUntilText(at: number): string {
  return token('count-until', at);
}

/** `15 days` since `at` (epoch ms) while it is past, inside a message. */
export function countPastText(at: number): string {
  return token('count-past', at);
}

/**
 * A certificate's countdown (`expires in 5 days (2026-12-09; threshold 7 days)`);
 * worded from `fallbackDays` when `notAfter` is not a date.
 */
export function countdownTextOf(
  notAfter: string | undefined,
  fallbackDays: number,
  thresholdDays?: number,
): string {
  const at = timeOf(notAfter);
  const date = notAfter?.slice(0, 10) ?? 'unknown date';
  if (at === undefined) return countdownText(fallbackDays, date, thresholdDays);
  return token('countdown', at, [date, thresholdDays]);
}

/** True when `text` holds a relative-day token. */
export function hasRelativeDays(text: string): boolean {
  return text.includes(OPEN);
}

function renderToken(body: string, now: Date): string | number {
  const [style, at, ...args] = body.split(SEP);
  const render = (STYLES as Record<string, Render>)[style];
  if (!render) return body;
  return render(Number(at), now, args);
}

function renderString(text: string, now: Date): string | number {
  if (!text.includes(OPEN)) return text;
  const whole =
    text.startsWith(OPEN) &&
    text.endsWith(CLOSE) &&
    text.indexOf(OPEN, 1) === -1;
  if (whole) return renderToken(text.slice(1, -1), now);
  let out = '';
  let from = 0;
  for (;;) {
    const start = text.indexOf(OPEN, from);
    if (start === -1) break;
    const end = text.indexOf(CLOSE, start);
    if (end === -1) break;
    out += text.slice(from, start);
    out += String(renderToken(text.slice(start + 1, end), now));
    from = end + 1;
  }
  return out + text.slice(from);
}

/**
 * `value` with every relative-day token rendered for `now`. Returns `value` itself
 * when it holds no token, else a copy of the parts that do (the rest is shared).
 */
export function renderRelative<T>(value: T, now: Date): T {
  return renderValue(value, now) as T;
}

function renderValue(value: unknown, now: Date): unknown {
  if (typeof value === 'string') return renderString(value, now);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const rendered = renderValue(item, now);
      if (rendered !== item) {
        copy ??= value.slice();
        copy[i] = rendered;
      }
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    const rendered = renderValue(item, now);
    if (rendered !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = rendered;
    }
  }
  return copy ?? value;
}
