/*
 * Property-based tests (fast-check) run from a fixed seed, so the suite gives the
 * same verdict on every run and a red CI is a real regression, not a new random
 * input. To hunt for new counterexamples, run them from random seeds:
 *
 *   FAST_CHECK_SEED=random npx backstage-cli package test property
 *
 * and any other number replays that seed (fast-check prints it on failure).
 */
import fc from 'fast-check';

const seed = process.env.FAST_CHECK_SEED ?? '20261202';
if (seed !== 'random') {
  const parsed = Number(seed);
  if (!Number.isSafeInteger(parsed)) {
    throw new Error(
      `FAST_CHECK_SEED must be an integer or 'random', got '${seed}'`,
    );
  }
  fc.configureGlobal({ seed: parsed });
}
