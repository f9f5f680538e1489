/**
 * Crash mid-write: a separate Node.js process writes a large snapshot (and evidence)
 * through the real stores, on a SQLite file and on PostgreSQL, and is SIGKILLed in the
 * middle of the transaction: before its first statement, halfway, just before COMMIT,
 * right after COMMIT, and from outside at a random moment while a reader polls.
 *
 * Must hold: no partial snapshot is ever visible; the next run converges to what an
 * uninterrupted run writes; evidence retried with its idempotency key after a kill is
 * stored exactly once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  connectRawDatabase,
  type RawDatabase,
  type RawDatabaseConfig,
} from '../store/__testUtils__/rawDatabase';
import { createScorecardStores, FULL_VISIBILITY } from '../store';
import {
  digestLatestSnapshot,
  verifyCompleteSnapshots,
} from './__testUtils__/storeInvariants';
import { runChild, startChild } from './__testUtils__/childProcess';
import {
  connectPostgres,
  createScratchDatabase,
  describeOnPostgres,
} from './__testUtils__/postgres';

jest.setTimeout(180_000);

const WRITER = '__faults__/__testUtils__/storeWriter.ts';
/** Components of each snapshot written (about 25 check results each). */
const COMPONENTS = 400;

interface Engine {
  /** knex config the child gets (JSON). */
  config: RawDatabaseConfig;
  connect(): RawDatabase;
  drop(): Promise<void>;
}

async function sqliteEngine(): Promise<Engine> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scorecard-crash-'));
  const config: RawDatabaseConfig = {
    client: 'better-sqlite3',
    connection: { filename: path.join(dir, 'scorecard.sqlite') },
    useNullAsDefault: true,
  };
  return {
    config,
    connect: () => connectRawDatabase(config),
    async drop() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresEngine(): Promise<Engine> {
  const database = await createScratchDatabase('scorecard_crash');
  return {
    config: { client: 'pg', connection: database.url },
    connect: () => connectPostgres(database.url),
    drop: () => database.drop(),
  };
}

function writerEnv(engine: Engine, extra: Record<string, string | number>) {
  return {
    CRASH_DATABASE: JSON.stringify(engine.config),
    CRASH_COMPONENTS: String(COMPONENTS),
    ...Object.fromEntries(
      Object.entries(extra).map(([k, v]) => [k, String(v)]),
    ),
  };
}

/** Statements the writes sent inside their transactions, from the child's output. */
function statementCounts(lines: string[]): number[] {
  return lines
    .filter(l => l.startsWith('transaction-statements '))
    .map(l => Number(l.split(' ')[1]));
}

/** Runs the writer with a kill point; it must die by SIGKILL. */
async function killedWrite(
  engine: Engine,
  extra: Record<string, string | number>,
) {
  const child = startChild(WRITER, writerEnv(engine, extra));
  const { signal, code } = await child.exited;
  if (signal !== 'SIGKILL') {
    throw new Error(
      `writer was not killed (code ${code}): ${child.lines.join(
        '\n',
      )}\n${child.stderr()}`,
    );
  }
  return child.lines;
}

/** Checks the invariants on a fresh connection (as a restarted backend would see it). */
async function inspect(engine: Engine) {
  const knex = engine.connect();
  try {
    const ids = await verifyCompleteSnapshots(knex);
    const digest = await digestLatestSnapshot(knex);
    return { ids, digest };
  } finally {
    await knex.destroy();
  }
}

function crashSuite(name: string, createEngine: () => Promise<Engine>) {
  describe(`crash mid-write on ${name}`, () => {
    const engines: Engine[] = [];
    const engine = async () => {
      const created = await createEngine();
      engines.push(created);
      return created;
    };
    afterAll(async () => {
      await Promise.all(engines.map(e => e.drop()));
    });

    it('a snapshot write killed anywhere leaves the previous snapshot whole, a reader never sees a partial one, and the next run converges', async () => {
      // what an uninterrupted history writes, and how many statements the 2nd write sends
      // (and the target's first snapshot, at the same time)
      const reference = await engine();
      const target = await engine();
      const [referenceLines] = await Promise.all([
        runChild(
          WRITER,
          writerEnv(reference, { CRASH_GENERATION: 1, CRASH_REPEAT: 2 }),
        ),
        runChild(WRITER, writerEnv(target, { CRASH_GENERATION: 1 })),
      ]);
      const [, total] = statementCounts(referenceLines);
      expect(total).toBeGreaterThanOrEqual(5);
      const expected = await inspect(reference);
      expect(expected.ids).toHaveLength(2);
      expect(expected.digest!.componentCount).toBe(COMPONENTS);

      const before = await inspect(target);
      expect(before.ids).toEqual([expected.ids[0]]);

      // SIGKILL after BEGIN, halfway, and just before COMMIT is sent
      for (const killAt of [2, Math.ceil(total / 2), total]) {
        await killedWrite(target, {
          CRASH_GENERATION: 2,
          CRASH_KILL_AT_QUERY: killAt,
        });
        const after = await inspect(target);
        expect({ killAt, ids: after.ids }).toEqual({ killAt, ids: before.ids });
        expect(after.digest).toEqual(before.digest);
      }

      // the next run writes the snapshot an uninterrupted run writes
      await runChild(WRITER, writerEnv(target, { CRASH_GENERATION: 2 }));
      const converged = await inspect(target);
      expect(converged.ids).toHaveLength(2);
      expect(converged.digest).toEqual(expected.digest);

      // killed right after COMMIT: the snapshot is kept whole
      await killedWrite(target, {
        CRASH_GENERATION: 3,
        CRASH_KILL_AFTER_COMMIT: 1,
      });
      const committed = await inspect(target);
      expect(committed.ids).toHaveLength(3);
      expect(committed.digest!.componentCount).toBe(COMPONENTS);

      // killed from outside at a random moment while a reader polls
      const child = startChild(
        WRITER,
        writerEnv(target, { CRASH_GENERATION: 4, CRASH_REPEAT: 3 }),
      );
      const reader = target.connect();
      const stores = createScorecardStores(reader);
      let polling = true;
      const seen = new Set<number>();
      const poll = (async () => {
        while (polling) {
          const latest = await stores.snapshots.latestSnapshot();
          const page = await stores.components.listComponents(
            latest!,
            {},
            { sort: 'name', order: 'asc', offset: 0, limit: 1 },
            FULL_VISIBILITY,
          );
          // a visible snapshot is complete: all its components are there
          expect({ id: latest!.id, total: page.total }).toEqual({
            id: latest!.id,
            total: latest!.componentCount,
          });
          seen.add(latest!.id);
          await new Promise(r => setTimeout(r, 20));
        }
      })();
      try {
        await child.waitForLine(/^writing 5$/);
        await new Promise(r => setTimeout(r, Math.floor(Math.random() * 600)));
        await child.kill();
      } finally {
        polling = false;
        await poll;
        await reader.destroy();
      }
      const written = child.lines.filter(l => l.startsWith('wrote ')).length;
      const after = await inspect(target);
      // the write in flight either committed whole or left nothing
      expect(after.ids.length - 3 - written).toBeGreaterThanOrEqual(0);
      expect(after.ids.length - 3 - written).toBeLessThanOrEqual(1);
      expect(after.digest!.componentCount).toBe(COMPONENTS);
      expect(seen.size).toBeGreaterThan(0);
    });

    it('evidence whose submission was killed is stored exactly once when retried with its idempotency key', async () => {
      const reference = await engine();
      const [total] = statementCounts(
        await runChild(
          WRITER,
          writerEnv(reference, {
            CRASH_ACTION: 'evidence',
            CRASH_IDEMPOTENCY_KEY: 'reference',
          }),
        ),
      );
      expect(total).toBeGreaterThanOrEqual(3);

      const target = await engine();
      const rows = async () => {
        const knex = target.connect();
        try {
          const [{ n }] = await knex('evidence').count({ n: '*' });
          const [{ a }] = await knex('audit_events')
            .where('subject_type', 'evidence')
            .count({ a: '*' });
          return { evidence: Number(n), audit: Number(a) };
        } finally {
          await knex.destroy();
        }
      };
      const storedEvidenceId = async () => {
        const knex = target.connect();
        try {
          return (await knex('evidence').first('id')).id;
        } finally {
          await knex.destroy();
        }
      };
      const key = { CRASH_ACTION: 'evidence', CRASH_IDEMPOTENCY_KEY: 'run-42' };

      // killed after BEGIN and just before COMMIT: nothing is stored
      for (const killAt of [2, total]) {
        await killedWrite(target, { ...key, CRASH_KILL_AT_QUERY: killAt });
        expect({ killAt, ...(await rows()) }).toEqual({
          killAt,
          evidence: 0,
          audit: 0,
        });
      }
      // killed after COMMIT: the client never heard back, so it retries
      await killedWrite(target, { ...key, CRASH_KILL_AFTER_COMMIT: 1 });
      expect(await rows()).toEqual({ evidence: 1, audit: 1 });
      const retry = await runChild(WRITER, writerEnv(target, key));
      expect(retry).toContainEqual(
        `wrote ${await storedEvidenceId()} replayed=true`,
      );
      expect(await rows()).toEqual({ evidence: 1, audit: 1 });
    });
  });
}

crashSuite('a SQLite file', sqliteEngine);

describeOnPostgres('PostgreSQL', () => {
  crashSuite('PostgreSQL', postgresEngine);
});
