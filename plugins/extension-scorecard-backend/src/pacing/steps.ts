/**
 * Long synchronous work in steps, so that a refresh of a large fleet does not hold the
 * backend's event loop for seconds: the inventory, the checks, the next-minor report and
 * the snapshot's serialization are generators that yield between units of work (a
 * cluster, a detector, a component). Run with {@link runSteps} they are plain
 * synchronous functions (tests, the CLI, the benchmarks' timings); run with
 * {@link runStepsPaced} they give the event loop a turn whenever a slice of work has
 * taken its time, so the backend keeps answering requests (its own API, the catalog,
 * health probes) while a refresh runs.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work that yields between its units; its return value is the result. */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step at once and returns the result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Milliseconds of synchronous work between two turns of the event loop. */
export const DEFAULT_SLICE_MS = 20;

/**
 * Gives the event loop a turn once `sliceMs` of work have passed since the last one.
 * One pacer is shared by the phases of a refresh.
 */
export class Pacer {
  private since = performance.now();

  constructor(private readonly sliceMs: number = DEFAULT_SLICE_MS) {}

  /** True when the current slice has taken its time. */
  due(): boolean {
    return performance.now() - this.since >= this.sliceMs;
  }

  /** Lets pending I/O and timers run when the slice has taken its time. */
  async turn(): Promise<void> {
    if (!this.due()) return;
    await nextTurn();
    this.since = performance.now();
  }
}

/**
 * A pacer that never gives a turn: the default where pacing is optional (a snapshot
 * written by a test, the CLI or a benchmark's timing runs straight through).
 */
export const UNPACED: Pacer = new Pacer(Number.POSITIVE_INFINITY);

/** Runs the steps, giving the event loop a turn between them when `pacer` says so. */
export async function runStepsPaced<T>(
  steps: Steps<T>,
  pacer: Pacer,
): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (pacer.due()) await pacer.turn();
  }
}
