import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResultRow } from './report/resultTable';

jest.setTimeout(15 * 60_000);

/** Every row the table must have, by key. */
const EXPECTED_ROWS = [
  'collection-time',
  'collection-requests',
  'collection-rss',
  'inventory-checks',
  'upgrade-readiness',
  'persist-sqlite',
  'rerun-unchanged',
  'rerun-one-cluster',
  'rerun-busy-hour',
  'storage',
  'persist-postgres',
  'side-by-side-tech-insights',
  'side-by-side-plain',
  'api-list-sqlite',
  'api-summaries-sqlite',
  'api-list-postgres',
  'api-summaries-postgres',
  'ui',
];

describe('the benchmark command (--quick)', () => {
  it('prints one table with every row measured', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-smoke-'));
    const json = path.join(dir, 'rows.json');
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [
          '--require',
          require.resolve('@backstage/cli/config/nodeTransform.cjs'),
          path.join(__dirname, 'cli.ts'),
          '--quick',
          '--json',
          json,
        ],
        {
          maxBuffer: 16 * 1024 * 1024,
          env: { ...process.env, FORCE_COLOR: '0' },
        },
        (error, out, err) =>
          error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
      );
    });
    const rows: ResultRow[] = JSON.parse(fs.readFileSync(json, 'utf8'));
    expect(rows.map(r => r.key)).toEqual(expect.arrayContaining(EXPECTED_ROWS));
    for (const row of rows) {
      expect({ key: row.key, verdict: row.verdict }).toEqual({
        key: row.key,
        verdict: expect.stringMatching(/^(met|missed|info)$/),
      });
      expect(row.figure).toMatch(/\d/);
      // the printed table carries the same figure
      expect(stdout).toContain(row.figure);
    }
    expect(stdout.trim().split('\n')).toHaveLength(rows.length + 2);
  });
});
