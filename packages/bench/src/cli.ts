/**
 * `npm run bench -w @extension-scorecard/bench [-- --quick]`: runs every benchmark and
 * prints one table (progress goes to stderr, the table to stdout).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolvePackagePath } from '@backstage/backend-plugin-api';
import { Command, Option } from 'commander';
import { resolvePostgres } from './persistence/postgresServer';
import { renderTable } from './report/resultTable';
import {
  FULL_RUN,
  QUICK_RUN,
  runBenchmarks,
  Section,
  SECTIONS,
} from './runBenchmarks';

async function main(argv: string[]) {
  const program = new Command('bench')
    .description(
      'Extension Scorecard at fleet scale, side by side with Tech Insights',
    )
    .option('--quick', 'a small fleet, for a smoke run', false)
    .option('--clusters <n>', 'clusters in the fleet', Number)
    .option('--components <m>', 'extension components per cluster', Number)
    .option('--seed <n>', 'fleet seed', Number, 20260301)
    .option(
      '--http',
      'serve the stand-in API servers over plain HTTP instead of HTTPS',
      false,
    )
    .addOption(
      new Option('--only <sections...>', 'run only these sections').choices(
        SECTIONS,
      ),
    )
    .option('--json <file>', 'also write the rows as JSON')
    .option(
      '--work-dir <dir>',
      'where the benchmark databases go',
      path.resolve(
        resolvePackagePath('@extension-scorecard/bench'),
        '../../test-results/bench',
      ),
    )
    .option(
      '--postgres <url>',
      "PostgreSQL connection string (default: $BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING, else the project's throwaway test server)",
    );
  program.parse(argv);
  const opts = program.opts();
  const base = opts.quick ? QUICK_RUN : FULL_RUN;
  const started = Date.now();
  const machine = () =>
    `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), ${(
      os.totalmem() /
      1024 ** 3
    ).toFixed(1)} GiB, Node ${process.version}, load average ${os
      .loadavg()
      .map(l => l.toFixed(2))
      .join(' ')}`;
  process.stderr.write(`[bench] machine at start: ${machine()}\n`);
  fs.mkdirSync(opts.workDir, { recursive: true });
  const rows = await runBenchmarks({
    ...base,
    seed: opts.seed,
    clusters: opts.clusters ?? base.clusters,
    componentsPerCluster: opts.components ?? base.componentsPerCluster,
    tls: !opts.http,
    sections: new Set<Section>(opts.only ?? SECTIONS),
    workDir: opts.workDir,
    repoRoot: path.resolve(
      resolvePackagePath('@extension-scorecard/bench'),
      '../..',
    ),
    postgres: opts.postgres
      ? { connection: opts.postgres }
      : await resolvePostgres(),
    now: new Date(),
    log: message =>
      process.stderr.write(
        `[bench ${((Date.now() - started) / 1000)
          .toFixed(0)
          .padStart(4)} s] ${message}\n`,
      ),
  });
  process.stdout.write(`${renderTable(rows)}\n`);
  if (opts.json) fs.writeFileSync(opts.json, JSON.stringify(rows, null, 2));
  process.stderr.write(
    `[bench] done in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  if (rows.some(r => r.error)) {
    process.stderr.write(
      '[bench] some sections failed: see the rows marked "not run: failed"\n',
    );
    process.exitCode = 1;
  }
}

main(process.argv).catch(error => {
  process.stderr.write(
    `${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
