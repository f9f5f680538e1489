/**
 * Checks of submitted values that the OpenAPI schema cannot express, shared by the
 * evidence and waiver services. Each throws an InputError (400) naming the field.
 */
import { InputError } from '@backstage/errors';
import { randomBytes } from 'node:crypto';

/**
 * RFC 3339 date-time: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; `T` and `Z` may
 * be lower case, and `T` a space (RFC 3339 §5.6, notes).
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][
    month - 1
  ];
}

/**
 * Parses an RFC 3339 date-time. Refuses, naming `field` and the value, anything not
 * of that shape and any date the calendar would move (`2026-02-30` is not March 2):
 * month 1–12, day within the month (leap years included), hour 0–23, minute and
 * second 0–59 (no leap second, `24:00:00` or `23:60`), offset within ±23:59.
 */
export function parseDateTime(field: string, value: string): Date {
  const refuse = (why: string) =>
    new InputError(
      `${field} is not a valid date-time: ${JSON.stringify(value)} (${why})`,
    );
  const match = DATE_TIME.exec(value);
  if (!match) {
    throw refuse('expected RFC 3339, e.g. 2025-04-30T10:00:00Z');
  }
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map(Number);
  if (month < 1 || month > 12) throw refuse(`there is no month ${month}`);
  if (day < 1 || day > daysInMonth(year, month)) {
    throw refuse(`month ${month} of ${year} has no day ${day}`);
  }
  if (hour > 23) throw refuse('hours run from 00 to 23');
  if (minute > 59) throw refuse('minutes run from 00 to 59');
  if (second > 59) throw refuse('seconds run from 00 to 59');
  let offsetMinutes = 0;
  if (!match[8]) {
    const [offsetHours, offsetMins] = [Number(match[10]), Number(match[11])];
    if (offsetHours > 23 || offsetMins > 59) {
      throw refuse('the UTC offset must lie within ±23:59');
    }
    offsetMinutes =
      (match[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const millisecond = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const date = new Date(0);
  // setUTCFullYear, because Date.UTC reads years 0–99 as 1900–1999
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute - offsetMinutes, second, millisecond);
  return date;
}

/**
 * `value` without surrounding whitespace, refused when shorter than `minLength`
 * characters once trimmed (whitespace-only text counts as empty).
 */
export function trimmedText(
  field: string,
  value: string,
  minLength: number,
): string {
  const trimmed = value.trim();
  if (trimmed.length < minLength) {
    throw new InputError(
      trimmed
        ? `${field} must have at least ${minLength} characters besides surrounding whitespace (it has ${trimmed.length})`
        : `${field} must not be empty or only whitespace`,
    );
  }
  return trimmed;
}

/** Refuses any link that is not an absolute `http:` or `https:` URL, naming its index. */
export function checkHttpLinks(field: string, links: readonly string[]): void {
  links.forEach((link, i) => {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw new InputError(
        `${field}[${i}] is not an absolute URL: ${JSON.stringify(link)}`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new InputError(
        `${field}[${i}] must be an http or https URL, not ${url.protocol}`,
      );
    }
  });
}

/**
 * An id from a name: its words lower-cased and joined by `-` (at most 60 characters)
 * and a random suffix, e.g. `Prod node agents` → `prod-node-agents-3f9a1c`;
 * `fallback-3f9a1c` when no letter or digit is left.
 */
export function slugId(name: string, fallback: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const suffix = randomBytes(3).toString('hex');
  return slug ? `${slug}-${suffix}` : `${fallback}-${suffix}`;
}
