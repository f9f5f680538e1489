/** Timing helpers: wall time of a run, best of several runs, percentiles. */

/** Milliseconds one call of `fn` takes. */
export async function timeMs(
  fn: () => unknown | Promise<unknown>,
): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** The fastest of `runs` calls (after the caller's own warm-up), in milliseconds. */
export async function bestOfMs(
  runs: number,
  fn: () => unknown | Promise<unknown>,
): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < runs; i++) best = Math.min(best, await timeMs(fn));
  return best;
}

/** The p-th percentile (0–100) of samples, nearest-rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}
