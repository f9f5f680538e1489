/**
 * `npm run bench -w @extension-scorecard/bench [-- --quick]`: runs every benchmark and
 * prints one table (progress goes to stderr, the table to stdout).
 */
import fs from 'node:fs';
import { Command, Option } from 'commander';
import { renderTable } from './report/resultTable';
import { FULL_RUN, QUICK_RUN, runBenchmarks, Section, SECTIONS } from './runBenchmarks';

async function main(argv: string[]) {
  const program = new Command('bench')
    .description('Extension Scorecard at fleet scale, side by side with Tech Insights')
    .option('--quick', 'a small fleet, for a smoke run', false)
    .option('--clusters <n>', 'clusters in the fleet', Number)
    .option('--components <m>', 'extension components per cluster', Number)
    .option('--seed <n>', 'fleet seed', Number, 20260301)
    .option('--http', 'serve the stand-in API servers over plain HTTP instead of HTTPS', false)
    .addOption(new Option('--only <sections...>', 'run only these sections').choices(SECTIONS))
    .option('--json <file>', 'also write the rows as JSON');
  program.parse(argv);
  const opts = program.opts();
  const base = opts.quick ? QUICK_RUN : FULL_RUN;
  const started = Date.now();
  const rows = await runBenchmarks({
    ...base,
    seed: opts.seed,
    clusters: opts.clusters ?? base.clusters,
    componentsPerCluster: opts.components ?? base.componentsPerCluster,
    tls: !opts.http,
    sections: new Set<Section>(opts.only ?? SECTIONS),
    now: new Date(),
    log: message => process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`),
  });
  process.stdout.write(`${renderTable(rows)}\n`);
  if (opts.json) fs.writeFileSync(opts.json, JSON.stringify(rows, null, 2));
  process.stderr.write(`[bench] done in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

main(process.argv).catch(error => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
