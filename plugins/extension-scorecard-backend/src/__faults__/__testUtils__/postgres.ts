/**
 * PostgreSQL for the fault tests that need a real server shared by several processes
 * (crash mid-write, replicas). They run when
 * BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING is set (scripts/test starts a
 * throwaway server), skip otherwise, and fail when EXTENSION_SCORECARD_REQUIRE_POSTGRES
 * is set without a server (CI must never skip them silently).
 */
import { randomBytes } from 'node:crypto';
import {
  connectRawDatabase,
  type RawDatabase,
} from '../../store/__testUtils__/rawDatabase';

/** The admin connection string of the test server, when one is configured. */
export const POSTGRES_URL =
  process.env.BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING;

/**
 * `describe` for PostgreSQL-only suites: runs with a server and skips without one.
 * When EXTENSION_SCORECARD_REQUIRE_POSTGRES is set (CI) and no server is configured,
 * importing this module fails the test file instead of skipping.
 */
export const describeOnPostgres: jest.Describe = POSTGRES_URL
  ? describe
  : skipUnlessRequired();

function skipUnlessRequired(): jest.Describe {
  if (process.env.EXTENSION_SCORECARD_REQUIRE_POSTGRES) {
    throw new Error(
      'EXTENSION_SCORECARD_REQUIRE_POSTGRES is set but BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING is not: PostgreSQL fault tests cannot run',
    );
  }
  return describe.skip;
}

/** The connection string of one database on the test server. */
export function postgresDatabaseUrl(database: string): string {
  const url = new URL(POSTGRES_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A fresh, empty database on the test server; `drop()` removes it. */
export async function createScratchDatabase(prefix: string): Promise<{
  name: string;
  url: string;
  drop(): Promise<void>;
}> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = connectRawDatabase({ client: 'pg', connection: POSTGRES_URL! });
  try {
    await admin.raw(`CREATE DATABASE ??`, [name]);
  } finally {
    await admin.destroy();
  }
  return {
    name,
    url: postgresDatabaseUrl(name),
    async drop() {
      const cleanup = connectRawDatabase({
        client: 'pg',
        connection: POSTGRES_URL!,
      });
      try {
        await cleanup.raw(`DROP DATABASE IF EXISTS ?? WITH (FORCE)`, [name]);
      } finally {
        await cleanup.destroy();
      }
    },
  };
}

/** A knex connection to one scratch database. */
export function connectPostgres(url: string): RawDatabase {
  return connectRawDatabase({
    client: 'pg',
    connection: url,
    pool: { min: 0, max: 4 },
  });
}
