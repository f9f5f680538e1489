/** Date and duration wording used across the views (the browser's locale, no extra library). */

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 days ago", "in 5 hours". */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (!Number.isFinite(seconds)) return iso;
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return format.format(Math.round(seconds / size), unit);
    }
  }
  return iso;
}

/** A date and time in the reader's locale. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      });
}

/** A date in the reader's locale. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** Whole days from `now` until `iso` (negative once passed). */
export function daysUntil(iso: string, now: Date = new Date()): number | null {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return null;
  return Math.floor((time - now.getTime()) / (24 * 3600 * 1000));
}

/** "expires in 5 days", "expired 30 days ago", "expires today". */
export function expiryCountdown(daysLeft: number): string {
  if (daysLeft === 0) return 'expires today';
  if (daysLeft < 0) {
    return `expired ${-daysLeft} day${daysLeft === -1 ? '' : 's'} ago`;
  }
  return `expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
}

/** "1 m 20 s" between two instants, or null when either is missing. */
export function formatDuration(
  fromIso: string | undefined | null,
  toIso: string | undefined | null,
): string | null {
  if (!fromIso || !toIso) return null;
  const seconds = Math.round(
    (new Date(toIso).getTime() - new Date(fromIso).getTime()) / 1000,
  );
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  const minutes = Math.floor(seconds / 60);
  if (minutes === 0) return `${seconds} s`;
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} m ${seconds % 60} s`;
  return `${hours} h ${minutes % 60} m`;
}
