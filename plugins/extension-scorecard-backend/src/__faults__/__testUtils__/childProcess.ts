/**
 * Runs a TypeScript module of this package as a separate Node.js process, through the
 * Backstage CLI's Node transform (as bin/extension-scorecard does), so fault tests can
 * SIGKILL real processes. Lines the child prints on stdout are collected; a test can
 * wait for one.
 */
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** A running child process and what it printed so far. */
export interface RunningChild {
  process: ChildProcess;
  /** stdout lines, in order. */
  lines: string[];
  /** stderr text. */
  stderr(): string;
  /** Resolves with the first stdout line matching, or rejects when the child exits first. */
  waitForLine(match: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves when the child has exited and its output is read, with its code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `module` (a path relative to this package's src/) with the given environment and arguments. */
export function startChild(
  module: string,
  env: Record<string, string>,
  args: string[] = [],
): RunningChild {
  const src = path.resolve(__dirname, '../..');
  const child = spawn(
    process.execPath,
    [
      '--require',
      require.resolve('@backstage/cli/config/nodeTransform.cjs'),
      path.join(src, module),
      ...args,
    ],
    {
      cwd: path.resolve(src, '..'),
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  let stderr = '';
  let partial = '';
  const waiters: Array<{
    match: RegExp;
    resolve: (line: string) => void;
  }> = [];
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    partial += chunk;
    const parts = partial.split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.match.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
  }>(resolve =>
    // 'close', not 'exit': 'exit' can come before the last stdout chunks are read, and
    // a test reading `lines` then misses what the child printed last (seen on a
    // loaded machine: the crash test's reference writer lacked its second statement
    // count). 'close' comes once the process has exited and its stdio has ended.
    child.on('close', (code, signal) => resolve({ code, signal })),
  );

  return {
    process: child,
    lines,
    stderr: () => stderr,
    exited,
    waitForLine(match, timeoutMs = 60_000) {
      const seen = lines.find(l => match.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no line matching ${match} within ${timeoutMs} ms; stdout:\n${lines.join(
                  '\n',
                )}\nstderr:\n${stderr}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: line => {
            clearTimeout(timer);
            resolve(line);
          },
        });
        exited.then(({ code, signal }) => {
          clearTimeout(timer);
          reject(
            new Error(
              `child exited (code ${code}, signal ${signal}) before printing ${match}; stdout:\n${lines.join(
                '\n',
              )}\nstderr:\n${stderr}`,
            ),
          );
        });
      });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
      }
      return exited;
    },
  };
}

/** Runs a child to its end; rejects when it does not exit with code 0. */
export async function runChild(
  module: string,
  env: Record<string, string>,
): Promise<string[]> {
  const child = startChild(module, env);
  const { code, signal } = await child.exited;
  if (code !== 0) {
    throw new Error(
      `${module} exited with code ${code}, signal ${signal}:\n${child.stderr()}`,
    );
  }
  return child.lines;
}
