/**
 * Child process of the crash tests: writes through the real stores to a SQLite file or
 * a PostgreSQL database, and can SIGKILL itself at a chosen point of the write.
 *
 * Environment:
 * - CRASH_DATABASE: knex config (JSON) of the database
 * - CRASH_ACTION: `snapshot` (a large snapshot, CRASH_COMPONENTS components of
 *   generation CRASH_GENERATION, CRASH_REPEAT times with increasing generations) or
 *   `evidence` (one submission with CRASH_IDEMPOTENCY_KEY)
 * - CRASH_KILL_AT_QUERY: SIGKILL this process just before the n-th statement inside a
 *   transaction is sent (1 = BEGIN's first statement); unset: never
 * - CRASH_KILL_AFTER_COMMIT: SIGKILL right after the write returned, before it is
 *   reported (the caller never learns that it succeeded)
 *
 * Prints `ready`, then `writing <n>` before and `wrote <id>` after each write, and
 * `transaction-statements <n>` (statements the last write sent inside its transaction).
 */
import {
  connectRawDatabase,
  type RawDatabase,
  type RawDatabaseConfig,
} from '../../store/__testUtils__/rawDatabase';
import { createScorecardStores } from '../../store';
import { migrateScorecardDatabase } from '../../store/database';
import { largeSnapshot } from './largeSnapshot';

/** The evidence every crash test submits (same content on every retry). */
export const CRASH_EVIDENCE = {
  component: 'component:default/extension-0',
  cluster: 'prod-eu',
  scenario: 'webhook-backend-down',
  tool: 'manual',
  startedAt: '2025-04-30T10:00:00.000Z',
  recoveredAt: '2025-04-30T10:04:00.000Z',
  verdict: 'pass' as const,
  observations: { matchScope: 'pods', failurePolicy: 'Ignore' },
  links: ['https://runbooks.example/extension-0'],
  submittedBy: 'user:default/ana',
  submittedAt: '2025-04-30T10:05:00.000Z',
  source: 'api' as const,
};

function env(name: string): string | undefined {
  return process.env[name] || undefined;
}

function armKill(knex: RawDatabase): () => number {
  const killAt = Number(env('CRASH_KILL_AT_QUERY') ?? 0);
  let inTransaction = 0;
  knex.on('query', (query: { __knexTxId?: string }) => {
    if (!query.__knexTxId) return;
    inTransaction += 1;
    if (killAt && inTransaction === killAt)
      process.kill(process.pid, 'SIGKILL');
  });
  return () => {
    const n = inTransaction;
    inTransaction = 0;
    return n;
  };
}

async function main() {
  const config = JSON.parse(env('CRASH_DATABASE')!) as RawDatabaseConfig;
  const knex = connectRawDatabase(config);
  await migrateScorecardDatabase(knex);
  const stores = createScorecardStores(knex);
  const statements = armKill(knex);
  const killAfterCommit = Boolean(env('CRASH_KILL_AFTER_COMMIT'));
  process.stdout.write('ready\n');

  if (env('CRASH_ACTION') === 'evidence') {
    process.stdout.write('writing evidence\n');
    statements();
    const result = await stores.evidence.create({
      ...CRASH_EVIDENCE,
      idempotencyKey: env('CRASH_IDEMPOTENCY_KEY')!,
    });
    if (killAfterCommit) process.kill(process.pid, 'SIGKILL');
    process.stdout.write(`transaction-statements ${statements()}\n`);
    process.stdout.write(
      `wrote ${result.evidence.id} replayed=${result.replayed}\n`,
    );
  } else {
    const components = Number(env('CRASH_COMPONENTS') ?? 2000);
    const first = Number(env('CRASH_GENERATION') ?? 1);
    const repeat = Number(env('CRASH_REPEAT') ?? 1);
    for (let generation = first; generation < first + repeat; generation++) {
      const input = largeSnapshot(components, generation);
      process.stdout.write(`writing ${generation}\n`);
      statements();
      const written = await stores.snapshotWriter.writeSnapshot(input);
      if (killAfterCommit) process.kill(process.pid, 'SIGKILL');
      process.stdout.write(`transaction-statements ${statements()}\n`);
      process.stdout.write(`wrote ${written.snapshotId}\n`);
    }
  }
  await knex.destroy();
}

main().catch(error => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
