/**
 * The PostgreSQL server of the benchmark: the one the environment names
 * (BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING), else the project's throwaway
 * test server started by scripts/lib/postgres.sh (`ensure_test_postgres`).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { resolvePackagePath } from '@backstage/backend-plugin-api';

const ENV = 'BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING';

export async function resolvePostgres(): Promise<{
  connection?: string;
  reason?: string;
}> {
  if (process.env[ENV]) return { connection: process.env[ENV] };
  const repoRoot = path.resolve(
    resolvePackagePath('@extension-scorecard/bench'),
    '../..',
  );
  const script = [
    `source "${repoRoot}/scripts/lib/env.sh"`,
    `source "${repoRoot}/scripts/lib/postgres.sh"`,
    'ensure_test_postgres >&2',
    `printf '%s' "\${${ENV}:-}"`,
  ].join('; ');
  return new Promise(resolve => {
    execFile('bash', ['-c', script], (error, stdout, stderr) => {
      if (error || !stdout) {
        resolve({
          reason: `no PostgreSQL (${(
            stderr ||
            error?.message ||
            'no server binaries'
          )
            .trim()
            .split('\n')
            .pop()})`,
        });
      } else {
        resolve({ connection: stdout.trim() });
      }
    });
  });
}
