import { CSSProperties } from 'react';

/** Cells that must not wrap (names, kinds, "a / b" figures). */
export const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };

/**
 * Rows with an `id` unique within the table (Backstage's Table keys rows by it): the
 * row's natural key, with `#2`, `#3`… on repeats.
 */
export function uniqueRowIds<T extends object>(
  rows: T[],
  key: (row: T) => string,
): Array<T & { id: string }> {
  const seen = new Map<string, number>();
  return rows.map(row => {
    const base = key(row);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { ...row, id: n === 1 ? base : `${base}#${n}` };
  });
}
