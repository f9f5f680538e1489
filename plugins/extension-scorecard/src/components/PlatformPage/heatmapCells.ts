/**
 * What one heat-map cell says: its worst status present, its one visible count, its
 * colours and the full breakdown for the tooltip and screen readers.
 */
import {
  DIMENSION_TITLES,
  EXTENSION_KIND_INFO,
  HeatmapCell,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { Tone, toneSurface } from '../StatusDisplay';

/** The worst status a cell holds; "none" when no component has a result that counts (none, or only not-applicable ones). */
export type CellStatus = 'fail' | 'warn' | 'unknown' | 'pass' | 'none';

/** Worst first; the legend lists them in this order. */
export const CELL_STATUSES: CellStatus[] = [
  'fail',
  'warn',
  'unknown',
  'pass',
  'none',
];

export const CELL_LEGEND: Record<CellStatus, string> = {
  fail: 'components that fail',
  warn: 'warn (none fails)',
  unknown: 'could not be verified (none fails or warns)',
  pass: 'all pass',
  none: 'no result, or not applicable (n/a)',
};

export function cellStatus(cell: HeatmapCell | undefined): CellStatus {
  if (!cell || cell.fail + cell.warn + cell.unknown + cell.pass === 0) {
    return 'none';
  }
  if (cell.fail > 0) return 'fail';
  if (cell.warn > 0) return 'warn';
  if (cell.unknown > 0) return 'unknown';
  return 'pass';
}

/** The one compact count a cell shows: how many components have its worst status. */
export function cellText(cell: HeatmapCell | undefined): string {
  const status = cellStatus(cell);
  if (!cell || status === 'none') {
    return cell && cell.notApplicable > 0 ? 'n/a' : '–';
  }
  return `${cell[status]} ${status}`;
}

/**
 * Colours of a cell. Any fail is solid red, which reads stronger than the pale
 * orange of a warn-only cell whatever the shares; passing cells stay quiet.
 */
export function cellColors(status: CellStatus): {
  background: string;
  color: string;
  borderColor: string;
} {
  const tones: Record<CellStatus, [Tone, 'solid' | 'subdued']> = {
    fail: ['danger', 'solid'],
    warn: ['warning', 'subdued'],
    unknown: ['info', 'subdued'],
    pass: ['neutral', 'subdued'],
    none: ['neutral', 'subdued'],
  };
  const [tone, strength] = tones[status];
  if (status === 'none') {
    return {
      background: 'transparent',
      color: 'var(--bui-fg-primary)',
      borderColor: 'var(--bui-border-1)',
    };
  }
  return toneSurface(tone, strength);
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** The counts and shares of a cell, one line each (tooltip and accessible name). */
export function cellBreakdown(cell: HeatmapCell): string[] {
  const lines = [
    `${cell.fail} fail (${percent(cell.failShare)})`,
    `${cell.warn} warn (${percent(cell.warnShare)})`,
    `${cell.pass} pass (${percent(cell.passShare)})`,
    `${cell.unknown} unknown (${percent(cell.unknownShare)})`,
  ];
  if (cell.notApplicable > 0)
    lines.push(`${cell.notApplicable} not applicable`);
  return lines;
}

/** Kind and dimension as people read them: "Admission webhook, Certificates". */
export function cellPlace(cell: Pick<HeatmapCell, 'kind' | 'dimension'>) {
  return `${EXTENSION_KIND_INFO[cell.kind]?.title ?? cell.kind}, ${
    DIMENSION_TITLES[cell.dimension] ?? cell.dimension
  }`;
}

/**
 * What a screen reader hears: the visible text first (so the name contains it),
 * then where the cell is and its full breakdown.
 */
export function cellLabel(
  cell: HeatmapCell | undefined,
  place: Pick<HeatmapCell, 'kind' | 'dimension'>,
): string {
  if (!cell || cell.total === 0) return `no result: ${cellPlace(place)}`;
  if (cellStatus(cell) === 'none') {
    return `n/a: ${cellPlace(place)}, ${cell.total} component${
      cell.total === 1 ? '' : 's'
    }: not applicable`;
  }
  return `${cellText(cell)}: ${cellPlace(place)}, ${cell.total} component${
    cell.total === 1 ? '' : 's'
  }: ${cellBreakdown(cell).join(', ')}`;
}
