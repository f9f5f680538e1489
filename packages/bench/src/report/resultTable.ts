/**
 * The one table the benchmark prints: every figure measured in the run, its goal from
 * the issue, and whether the goal was met. Rendered as a Markdown table so it pastes
 * into docs/benchmarks.md as is.
 */

export type Verdict = 'met' | 'missed' | 'info' | 'not run';

export interface ResultRow {
  /** Stable key (tests and JSON output). */
  key: string;
  section: string;
  measure: string;
  /** The figure as printed, e.g. `12.3 s (2.4× floor 5.1 s)`. */
  figure: string;
  goal: string;
  verdict: Verdict;
  /** Set when the section failed (the command then exits non-zero). */
  error?: boolean;
}

/** A row whose figure could not be measured in this run, with the reason. */
export function notRun(
  key: string,
  section: string,
  measure: string,
  goal: string,
  reason: string,
): ResultRow {
  return {
    key,
    section,
    measure,
    figure: `not run: ${reason}`,
    goal,
    verdict: 'not run',
  };
}

/** met/missed from a comparison, `info` when the issue sets no goal. */
export function verdict(met: boolean | undefined): Verdict {
  if (met === undefined) return 'info';
  return met ? 'met' : 'missed';
}

export function renderTable(rows: readonly ResultRow[]): string {
  const header = ['Section', 'Measure', 'Figure', 'Goal', 'Result'];
  const cells = rows.map(r => [
    r.section,
    r.measure,
    r.figure,
    r.goal,
    r.verdict,
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...cells.map(c => c[i].length)),
  );
  const line = (values: string[]) =>
    `| ${values.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map(w => '-'.repeat(w + 2)).join('|')}|`,
    ...cells.map(line),
  ].join('\n');
}

/** Seconds with sensible precision. */
export function seconds(ms: number): string {
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(0)} ms`;
  if (ms >= 0.1) return `${ms.toFixed(2)} ms`;
  return `${(ms * 1000).toFixed(2)} µs`;
}

export function bytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(2)} GiB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} B`;
}

export function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function ratio(n: number): string {
  if (n >= 100) return `${n.toFixed(0)}×`;
  // a fraction keeps two significant digits (0.062×, not 0.1×)
  return n < 1 ? `${n.toPrecision(2)}×` : `${n.toFixed(1)}×`;
}
