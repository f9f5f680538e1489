/**
 * How long an evaluation stays true while nothing it read changes.
 *
 * A check's verdict can change with the clock alone: a certificate's days left cross
 * its threshold, a waiver expires, evidence grows stale, a support window ends. The
 * refresh reuses an unchanged component's evaluation (pipeline/incremental) only
 * until the first instant at which any of those readings of the clock would come out
 * differently. Every place a check compares a date with the evaluation time reports
 * that instant here while {@link withTimeBound} records; outside a recording the
 * reports cost nothing and change nothing.
 *
 * The bound is conservative: a day count reports the next instant it changes at all,
 * not the one at which a threshold flips, so a component with dates is evaluated again
 * at most a day later.
 */

/** The instant from which the evaluation being recorded may read differently (epoch ms). */
let recording: { before: number } | undefined;

/** Reports that what is being evaluated reads differently from `instant` on (epoch ms). */
export function changesAt(instant: number): void {
  if (recording && instant < recording.before) recording.before = instant;
}

/**
 * Reports that what is being evaluated changes with every evaluation (it counts time
 * from the cluster's collection, say): it is never reused.
 */
export function changesEveryRun(): void {
  changesAt(Number.NEGATIVE_INFINITY);
}

/**
 * Runs `evaluate` and returns its value with the instant before which the same inputs
 * evaluate to the same value (`Infinity`: the clock does not matter). Synchronous
 * only: the recording is the module's while `evaluate` runs.
 */
export function withTimeBound<T>(evaluate: () => T): {
  value: T;
  validBefore: number;
} {
  const outer = recording;
  const current = { before: Number.POSITIVE_INFINITY };
  recording = current;
  try {
    const value = evaluate();
    return { value, validBefore: current.before };
  } finally {
    recording = outer;
    // a nested recording's bound binds the outer one too
    if (outer && current.before < outer.before) outer.before = current.before;
  }
}
