/**
 * Calendar arithmetic for snapshots: UTC days and calendar quarters (`2025-Q3`).
 */

const QUARTER_PATTERN = /^(\d{4})-Q([1-4])$/;

/** The UTC day (`YYYY-MM-DD`) of an ISO time. */
export function dayOf(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

/** The calendar quarter (`YYYY-Qn`) of an ISO time, in UTC. */
export function quarterOf(iso: string): string {
  const date = new Date(iso);
  return `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
}

/** True for `YYYY-Qn`. */
export function isQuarter(value: string): boolean {
  return QUARTER_PATTERN.test(value);
}

/** First instant of the quarter and first instant of the next one, as ISO strings. */
export function quarterBounds(quarter: string): { start: string; end: string } {
  const match = QUARTER_PATTERN.exec(quarter);
  if (!match) throw new TypeError(`Not a quarter: ${quarter}`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return {
    start: new Date(Date.UTC(year, index * 3, 1)).toISOString(),
    end: new Date(Date.UTC(year, index * 3 + 3, 1)).toISOString(),
  };
}

/** The quarter before the given one. */
export function previousQuarter(quarter: string): string {
  const { start } = quarterBounds(quarter);
  return quarterOf(new Date(Date.parse(start) - 1).toISOString());
}

/** Whole days from `from` to `to` (fractional). */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / 86_400_000;
}
