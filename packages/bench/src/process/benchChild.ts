/**
 * Benchmark parts that must not share a process with the harness (the collector, whose
 * peak RSS is measured; the stand-in API servers; the JSON.parse floor) run as child
 * processes of TypeScript modules, talking request/reply over IPC.
 */
import { execFileSync, fork, ChildProcess } from 'node:child_process';
import os from 'node:os';
import { resolvePackagePath } from '@backstage/backend-plugin-api';

/** Path of a module of this package's src/ (benchmark children run from source). */
export function benchModule(relativePath: string): string {
  return resolvePackagePath('@extension-scorecard/bench', 'src', relativePath);
}

interface Reply {
  replyTo: number;
  result?: unknown;
  error?: string;
}

/** A running child module. */
export class BenchChild {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (v: any) => void; reject: (e: Error) => void }
  >();
  private readonly exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcess,
    readonly name: string,
  ) {
    child.on('message', (message: any) => {
      if (!message || typeof message.replyTo !== 'number') return; // e.g. the transform's 'watch' notes
      const waiting = this.pending.get(message.replyTo);
      if (!waiting) return;
      this.pending.delete(message.replyTo);
      const reply = message as Reply;
      // database errors carry the whole statement: keep the message readable
      if (reply.error !== undefined)
        waiting.reject(new Error(`${name}: ${reply.error.slice(0, 2000)}`));
      else waiting.resolve(reply.result);
    });
    this.exited = new Promise(resolve => {
      child.on('exit', code => {
        for (const { reject } of this.pending.values())
          reject(new Error(`${name} exited with code ${code}`));
        this.pending.clear();
        resolve(code);
      });
    });
  }

  /**
   * Starts `modulePath` (a .ts file) in a fresh Node process with the Backstage transform.
   * With BENCH_CPU_PROF_DIR set, the child writes a CPU profile there (`node --cpu-prof`).
   */
  static start(
    modulePath: string,
    options: {
      name: string;
      maxOldSpaceMb?: number;
      /** The CPUs the child runs on (a `taskset` list), when `cpuPinning()` is possible. */
      cpus?: string;
    },
  ): BenchChild {
    const profileDir = process.env.BENCH_CPU_PROF_DIR;
    const pinned = options.cpus && cpuPinning();
    const child = fork(modulePath, [], {
      // `taskset -c <cpus> node …`: every thread of the child, from its first, on those CPUs
      ...(pinned ? { execPath: 'taskset' } : {}),
      execArgv: [
        ...(pinned ? ['-c', options.cpus!, process.execPath] : []),
        '--require',
        require.resolve('@backstage/cli/config/nodeTransform.cjs'),
        `--max-old-space-size=${options.maxOldSpaceMb ?? 8192}`,
        '--expose-gc',
        ...(profileDir
          ? [
              '--cpu-prof',
              `--cpu-prof-dir=${profileDir}`,
              `--cpu-prof-name=${options.name.replace(
                /\W+/g,
                '-',
              )}-\${pid}.cpuprofile`,
            ]
          : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    return new BenchChild(child, options.name);
  }

  /** Sends a request and waits for its reply. */
  request<T>(type: string, payload: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, type, ...payload });
    });
  }

  /** Ends the child (it exits when the IPC channel closes; SIGTERM after 30 s) and waits until it is gone. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const timer = setTimeout(() => this.child.kill('SIGTERM'), 30_000);
    if (this.child.connected) this.child.disconnect();
    else this.child.kill('SIGTERM');
    await this.exited;
    clearTimeout(timer);
  }
}

/** Child side: answers requests with the handler of their type. */
export function serveBenchRequests(
  handlers: Record<string, (request: any) => Promise<unknown> | unknown>,
): void {
  if (!process.send)
    throw new Error('this module runs as a benchmark child process');
  process.on('message', async (message: any) => {
    if (!message || typeof message.id !== 'number') return;
    const handler = handlers[message.type];
    try {
      if (!handler) throw new Error(`unknown request ${message.type}`);
      const result = await handler(message);
      process.send!({ replyTo: message.id, result });
    } catch (e) {
      process.send!({
        replyTo: message.id,
        error: e instanceof Error ? e.stack ?? e.message : String(e),
      });
    }
  });
  // the parent going away ends the child too
  process.on('disconnect', () => process.exit(0));
}

let pinning: boolean | undefined;

/**
 * True when children can be kept on CPUs apart: at least two, and util-linux's
 * `taskset` to start them there.
 */
export function cpuPinning(): boolean {
  if (pinning === undefined) {
    try {
      execFileSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
      pinning = os.availableParallelism() >= 2;
    } catch {
      pinning = false;
    }
  }
  return pinning;
}
