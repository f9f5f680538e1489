import { Pacer, runSteps, runStepsPaced, type Steps, UNPACED } from './steps';

/** Sums 1..n one number per step, noting after which step an immediate ran. */
function* sum(n: number, log: string[]): Steps<number> {
  let total = 0;
  for (let i = 1; i <= n; i++) {
    total += i;
    log.push(`step ${i}`);
    yield;
  }
  return total;
}

/** A pacer whose slice is always over: a turn after every step. */
class EveryStep extends Pacer {
  turns = 0;
  due(): boolean {
    return true;
  }
  async turn(): Promise<void> {
    this.turns += 1;
    await super.turn();
  }
}

describe('steps', () => {
  it('runs every step at once and returns the result', () => {
    const log: string[] = [];
    setImmediate(() => log.push('immediate'));
    expect(runSteps(sum(4, log))).toBe(10);
    expect(log).toEqual(['step 1', 'step 2', 'step 3', 'step 4']);
  });

  it('gives the event loop a turn between steps when the slice is over', async () => {
    const log: string[] = [];
    const pacer = new EveryStep();
    setImmediate(() => log.push('immediate'));
    await expect(runStepsPaced(sum(4, log), pacer)).resolves.toBe(10);
    // the immediate ran at the first turn, after the first step, not after the last
    expect(log).toEqual(['step 1', 'immediate', 'step 2', 'step 3', 'step 4']);
    expect(pacer.turns).toBe(4);
  });

  it('runs on without a turn while the slice lasts', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('immediate'));
    // a slice of an hour: no step takes it
    await expect(
      runStepsPaced(sum(4, log), new Pacer(3_600_000)),
    ).resolves.toBe(10);
    expect(log).toEqual(['step 1', 'step 2', 'step 3', 'step 4']);
  });

  it('never gives a turn when unpaced, however long the work takes', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('immediate'));
    function* slow(): Steps<number> {
      for (let i = 1; i <= 3; i++) {
        const until = performance.now() + 25; // longer than a default slice
        while (performance.now() < until) {
          // busy
        }
        log.push(`step ${i}`);
        yield;
      }
      return 3;
    }
    await expect(runStepsPaced(slow(), UNPACED)).resolves.toBe(3);
    await UNPACED.turn();
    expect(UNPACED.due()).toBe(false);
    expect(log).toEqual(['step 1', 'step 2', 'step 3']);
  });

  it('says a slice is over once its time has passed, and starts a new one at a turn', async () => {
    const pacer = new Pacer(5);
    expect(pacer.due()).toBe(false);
    const until = performance.now() + 10;
    while (performance.now() < until) {
      // busy: the slice runs out
    }
    expect(pacer.due()).toBe(true);
    await pacer.turn();
    expect(pacer.due()).toBe(false);
  });

  it('passes an error thrown by a step on, running no further step', async () => {
    const log: string[] = [];
    function* failing(): Steps<number> {
      log.push('one');
      yield;
      throw new Error('broken step');
    }
    await expect(runStepsPaced(failing(), new EveryStep())).rejects.toThrow(
      'broken step',
    );
    expect(() => runSteps(failing())).toThrow('broken step');
    expect(log).toEqual(['one', 'one']);
  });
});
