/**
 * `extension-scorecard` command line:
 *
 *   extension-scorecard audit
 *       [--cluster <name>=<dump-dir> ...]            cluster dumps
 *       [--kubeconfig [file]] [--context <name> ...]  live clusters, one per context
 *       [--dump <dir>] [--timeout <seconds>]
 *       [--catalog <entities.yaml> ...] [--format json|table] [--no-fail-on-critical]
 *
 * At least one cluster: a dump, or a live cluster. `--kubeconfig` without a file, or
 * `--context` alone, reads the default kubeconfig (`KUBECONFIG`, which may list several
 * files, else `~/.kube/config`); without `--context` the current context is audited.
 * Each context is one cluster named after it, reached as kubectl reaches it (token,
 * client certificate, exec plugins such as `aws eks get-token`). Credentials are never
 * printed. `--dump <dir>` writes what was read from each live cluster as a dump
 * directory `<dir>/<cluster>/` that `--cluster <cluster>=<dir>/<cluster>` audits again.
 *
 * Exit codes: 0 done (a cluster that could not be read is reported, not fatal); 1 a
 * component has a failing check of critical severity (unless --no-fail-on-critical);
 * 2 bad input (message on stderr).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { InputError } from '@backstage/errors';
import { Command, CommanderError } from 'commander';
import { dumpDirectoryProblem, writeClusterDump } from '../collect/dumpWriter';
import {
  KubeconfigCluster,
  kubeconfigClusters,
  loadKubeconfig,
} from '../collect/kubeconfig';
import { collectLiveCluster } from '../collect/live';
import type { ClusterCollection } from '../collect/types';
import {
  AuditEvaluator,
  AuditLiveCluster,
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
  /** The environment: `KUBECONFIG`, `HOME` (default `process.env`). */
  env?: Record<string, string | undefined>;
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

/** The directory name of a cluster's dump: its name, with what a path cannot hold replaced. */
function dumpDirName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_');
  return safe === '.' || safe === '..' ? '_' : safe;
}

interface AuditCliOptions {
  cluster: string[];
  kubeconfig?: string | boolean;
  context: string[];
  dump?: string;
  timeout?: string;
  catalog: string[];
  format: string;
  failOnCritical: boolean;
}

/** The live clusters the options name: none without --kubeconfig and --context. */
function kubeconfigClustersOf(
  opts: AuditCliOptions,
  cwd: string,
  io: CliIo,
): KubeconfigCluster[] {
  if (opts.kubeconfig === undefined && opts.context.length === 0) return [];
  let timeoutSeconds: number | undefined;
  if (opts.timeout !== undefined) {
    timeoutSeconds = Number(opts.timeout);
    if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
      throw new InputError(
        `--timeout expects a number of seconds, got '${opts.timeout}'`,
      );
    }
  }
  const loaded = loadKubeconfig({
    file:
      typeof opts.kubeconfig === 'string'
        ? path.resolve(cwd, opts.kubeconfig)
        : undefined,
    env: io.env,
  });
  return kubeconfigClusters(
    loaded,
    opts.context,
    timeoutSeconds ? { timeoutSeconds } : {},
  );
}

/**
 * The live clusters of the audit: collected through their kubeconfig context, each
 * written as a dump under `dumpRoot` when given (checked before anything is read).
 */
async function liveAuditClusters(
  clusters: KubeconfigCluster[],
  dumpRoot: string | undefined,
  io: CliIo,
): Promise<AuditLiveCluster[]> {
  const dirs = new Map<string, string>();
  if (dumpRoot) {
    try {
      await fs.mkdir(dumpRoot, { recursive: true });
    } catch (e) {
      throw new InputError(
        `Cannot create the dump directory ${dumpRoot}: ${(e as Error).message}`,
      );
    }
    const owners = new Map<string, string>();
    for (const { cluster } of clusters) {
      const dir = path.join(dumpRoot, dumpDirName(cluster.name));
      const other = owners.get(dir);
      if (other !== undefined) {
        throw new InputError(
          `Clusters '${other}' and '${cluster.name}' would be dumped to the same directory ${dir}`,
        );
      }
      owners.set(dir, cluster.name);
      const problem = await dumpDirectoryProblem(dir);
      if (problem) throw new InputError(`Cannot dump to ${dir}: ${problem}`);
      dirs.set(cluster.name, dir);
    }
  }
  return clusters.map(({ cluster, connect }) => ({
    name: cluster.name,
    collect: async ({ now }): Promise<ClusterCollection> => {
      const collection = await collectLiveCluster(cluster, {
        connect,
        now: () => now,
      });
      const dir = dirs.get(cluster.name);
      if (!dir) return collection;
      if (collection.error) {
        io.stderr(
          `extension-scorecard: no dump of cluster '${cluster.name}': it could not be read (see the report)\n`,
        );
        return collection;
      }
      try {
        await writeClusterDump(collection, dir);
      } catch (e) {
        throw new InputError(
          `Cannot write the dump of cluster '${cluster.name}' to ${dir}: ${
            (e as Error).message
          }`,
        );
      }
      io.stderr(
        `extension-scorecard: wrote the dump of cluster '${cluster.name}' to ${dir}\n`,
      );
      return collection;
    },
  }));
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
      'Build the inventory of extension components from cluster dumps, live clusters and catalog files',
    )
    .option(
      '--cluster <name=dir>',
      'a cluster dump directory (repeatable)',
      collect,
      [] as string[],
    )
    .option(
      '--kubeconfig [file]',
      'audit live clusters of this kubeconfig (without a file: KUBECONFIG, else ~/.kube/config)',
    )
    .option(
      '--context <name>',
      'a kubeconfig context to audit as a cluster named after it (repeatable; default: the current context)',
      collect,
      [] as string[],
    )
    .option(
      '--dump <dir>',
      'write what was read from each live cluster as a dump directory <dir>/<cluster>/',
    )
    .option(
      '--timeout <seconds>',
      'time budget of each live cluster read (default 60)',
    )
    .option(
      '--catalog <file>',
      'catalog entities YAML (repeatable)',
      collect,
      [] as string[],
    )
    .option('--format <format>', 'json or table', 'table')
    .option('--no-fail-on-critical', 'exit 0 even when a critical check fails')
    .action(async (opts: AuditCliOptions) => {
      if (opts.format !== 'json' && opts.format !== 'table') {
        throw new InputError(
          `--format must be json or table, got '${opts.format}'`,
        );
      }
      const dumps = opts.cluster.map(c => parseCluster(c, cwd));
      const kubeconfig = kubeconfigClustersOf(opts, cwd, io);
      if (opts.dump !== undefined && kubeconfig.length === 0) {
        throw new InputError(
          '--dump writes what was read from live clusters: give --kubeconfig [file] or --context <name> too',
        );
      }
      const live = await liveAuditClusters(
        kubeconfig,
        opts.dump !== undefined ? path.resolve(cwd, opts.dump) : undefined,
        io,
      );
      const report = await runAudit({
        clusters: dumps,
        live,
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
    });

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
