import { CSSProperties } from 'react';

/** Cells that must not wrap (names, refs, "a / b" figures). */
export const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };

/** Cells that wrap between words only, never inside one (kind titles). */
export const WORDS: CSSProperties = {
  whiteSpace: 'normal',
  wordBreak: 'keep-all',
  overflowWrap: 'normal',
};

/** Tighter than the Table's dense padding (16–24 px a side): the tables fit 1440 px. */
const COMPACT: CSSProperties = { paddingLeft: 8, paddingRight: 8 };

/** Columns sized by content with compact header and cell padding, their own styles kept. */
export function compactColumns<
  C extends {
    cellStyle?: unknown;
    headerStyle?: CSSProperties;
    width?: string | number;
  },
>(columns: C[]): C[] {
  return columns.map(column => ({
    ...column,
    // sized by their content, not an equal share of the table each
    width: column.width ?? 'auto',
    headerStyle: { ...COMPACT, ...column.headerStyle },
    // a function cellStyle (per row) stays as it is
    cellStyle:
      typeof column.cellStyle === 'function'
        ? column.cellStyle
        : { ...COMPACT, ...(column.cellStyle as CSSProperties | undefined) },
  }));
}

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
