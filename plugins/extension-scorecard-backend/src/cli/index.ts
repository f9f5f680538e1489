/**
 * `extension-scorecard` command line:
 *
 *   extension-scorecard audit --cluster <name>=<dump-dir> [--cluster ...]
 *       [--catalog <entities.yaml> ...] [--format json|table] [--no-fail-on-critical]
 *
 * Exit codes: 0 done; 1 a component has a failing check of critical severity (unless
 * --no-fail-on-critical); 2 bad input (message on stderr).
 */
import path from 'node:path';
import { InputError } from '@backstage/errors';
import { Command, CommanderError } from 'commander';
import {
  AuditEvaluator,
  formatTable,
  hasCriticalFailure,
  runAudit,
} from './audit';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd?: string;
  now?: Date;
  /** Replaces the audit's evaluator (tests). */
  evaluate?: AuditEvaluator;
}

const collect = (value: string, previous: string[]) => [...previous, value];

function parseCluster(value: string, cwd: string) {
  const eq = value.indexOf('=');
  if (eq <= 0 || eq === value.length - 1) {
    throw new InputError(`--cluster expects <name>=<dump-dir>, got '${value}'`);
  }
  return {
    name: value.slice(0, eq),
    directory: path.resolve(cwd, value.slice(eq + 1)),
  };
}

/** Runs the CLI with the given arguments (without `node` and the script); returns the exit code. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  let exitCode = 0;
  const program = new Command('extension-scorecard')
    .description(
      'Readiness scorecards for Kubernetes extensions, without a running Backstage',
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });

  program
    .command('audit')
    .description(
      'Build the inventory of extension components from cluster dumps and catalog files',
    )
    .requiredOption(
      '--cluster <name=dir>',
      'a cluster dump directory (repeatable)',
      collect,
      [] as string[],
    )
    .option(
      '--catalog <file>',
      'catalog entities YAML (repeatable)',
      collect,
      [] as string[],
    )
    .option('--format <format>', 'json or table', 'table')
    .option('--no-fail-on-critical', 'exit 0 even when a critical check fails')
    .action(
      async (opts: {
        cluster: string[];
        catalog: string[];
        format: string;
        failOnCritical: boolean;
      }) => {
        if (opts.format !== 'json' && opts.format !== 'table') {
          throw new InputError(
            `--format must be json or table, got '${opts.format}'`,
          );
        }
        const report = await runAudit({
          clusters: opts.cluster.map(c => parseCluster(c, cwd)),
          catalogFiles: opts.catalog.map(f => path.resolve(cwd, f)),
          now: io.now,
          evaluate: io.evaluate,
        });
        io.stdout(
          opts.format === 'json'
            ? `${JSON.stringify(report, null, 2)}\n`
            : formatTable(report),
        );
        exitCode = opts.failOnCritical && hasCriticalFailure(report) ? 1 : 0;
      },
    );

  try {
    await program.parseAsync(args, { from: 'user' });
    return exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      // help and version exit 0; usage errors were already printed by commander
      return e.exitCode === 0 ? 0 : 2;
    }
    const error = e as Error;
    io.stderr(`extension-scorecard: ${error.message}\n`);
    return error.name === 'InputError' ? 2 : 3;
  }
}
