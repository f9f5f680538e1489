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

/**
 * The longest time the event loop went without a turn while `fn` ran: a timer every
 * 5 ms notes the gaps between its callbacks (a gap is a stretch of synchronous work
 * that kept every request, timer and I/O callback of the process waiting).
 */
export async function withLongestStall<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; longestStallMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const at = performance.now();
    longest = Math.max(longest, at - last);
    last = at;
  }, 5);
  try {
    const value = await fn();
    longest = Math.max(longest, performance.now() - last);
    return { value, longestStallMs: longest };
  } finally {
    clearInterval(timer);
  }
}
