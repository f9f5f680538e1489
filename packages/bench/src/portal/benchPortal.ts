/**
 * The project's real backend (packages/backend: catalog, auth with guest sign-in,
 * permissions, app-backend serving the built app, the scorecard plugin) started from
 * source on a free port, over the database the persistence section filled. No cluster
 * sources and no scheduled snapshot: the benchmark's snapshot is what it serves.
 * Started in its own process group and stopped by its id.
 */
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { BENCH_PG_PREFIX } from '../persistence/scorecardDatabase';

export interface PortalDatabase {
  engine: 'sqlite' | 'postgres';
  /** SQLite: the directory holding `extension-scorecard.sqlite`; PostgreSQL: a connection string. */
  location: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

export class BenchPortal {
  private child?: ChildProcess;
  private exitCode?: number | null;
  private token?: string;
  readonly url: string;

  private constructor(
    port: number,
    /** The backend's output. */
    readonly logPath: string,
  ) {
    this.url = `http://localhost:${port}`;
  }

  /** Starts the backend and waits until the scorecard API answers (at most `timeoutMs`). */
  static async start(options: {
    repoRoot: string;
    workDir: string;
    database: PortalDatabase;
    timeoutMs?: number;
  }): Promise<BenchPortal> {
    const port = await freePort();
    const logPath = path.join(
      options.workDir,
      `backend-${options.database.engine}.log`,
    );
    const portal = new BenchPortal(port, logPath);
    const url = `http://localhost:${port}`;
    const database =
      options.database.engine === 'sqlite'
        ? {
            client: 'better-sqlite3',
            connection: { directory: options.database.location },
          }
        : {
            client: 'pg',
            connection: options.database.location,
            prefix: BENCH_PG_PREFIX,
          };
    const never = {
      frequency: { hours: 24 },
      timeout: { minutes: 10 },
      initialDelay: { hours: 24 },
    };
    const overlay = {
      app: { baseUrl: url },
      backend: {
        baseUrl: url,
        listen: { port },
        cors: { origin: url },
        database,
      },
      catalog: { locations: [] },
      extensionScorecard: {
        dumps: [],
        schedule: { collect: never, assemble: never },
        // not the demo's campaigns (app-config.yaml names them): the fleet has its own teams
        campaigns: { initialFiles: [] },
        // nor its saved filters
        savedFilters: { initial: [] },
        // nor the demo's history
        history: { importFiles: [] },
      },
    };
    // JSON is YAML: the config loader reads it as an app-config file
    const configPath = path.join(
      options.workDir,
      `app-config.bench-${options.database.engine}.yaml`,
    );
    fs.writeFileSync(configPath, JSON.stringify(overlay, null, 2));
    const log = fs.createWriteStream(logPath);
    const child = spawn(
      process.execPath,
      [
        '--max-old-space-size=4096',
        ...(process.env.BENCH_CPU_PROF_DIR
          ? [
              '--cpu-prof',
              `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`,
              `--cpu-prof-name=backend-${options.database.engine}-\${pid}.cpuprofile`,
            ]
          : []),
        '--require',
        require.resolve('@backstage/cli/config/nodeTransform.cjs'),
        path.join(options.repoRoot, 'packages/backend/src/index.ts'),
        '--config',
        path.join(options.repoRoot, 'app-config.yaml'),
        '--config',
        configPath,
      ],
      {
        cwd: path.join(options.repoRoot, 'packages/backend'),
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          FORCE_COLOR: '0',
        },
      },
    );
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    child.on('exit', code => {
      portal.exitCode = code;
    });
    portal.child = child;

    const deadline = Date.now() + (options.timeoutMs ?? 120_000);
    for (;;) {
      if (portal.exitCode !== undefined)
        throw new Error(
          `the backend exited with ${portal.exitCode}; see ${logPath}`,
        );
      try {
        const health = await fetch(`${url}/api/extension-scorecard/health`);
        if (health.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await portal.stop();
        throw new Error(
          `the backend did not answer within ${
            options.timeoutMs ?? 120_000
          } ms; see ${logPath}`,
        );
      }
      await sleep(500);
    }
    return portal;
  }

  /**
   * A guest user's token, as the guest sign-in gets one. Plugins start in parallel: the
   * auth routes may answer 404/503 for a moment after the scorecard's health check does.
   */
  async guestToken(): Promise<string> {
    if (!this.token) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const response = await fetch(`${this.url}/api/auth/guest/refresh`, {
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        });
        if (response.ok) {
          this.token = (await response.json()).backstageIdentity
            .token as string;
          break;
        }
        if (![404, 503].includes(response.status) || Date.now() > deadline) {
          throw new Error(`guest sign-in answered ${response.status}`);
        }
        await sleep(500);
      }
    }
    return this.token!;
  }

  /** GET an API path as the guest user; throws on a non-2xx answer. */
  async get(apiPath: string): Promise<unknown> {
    const response = await fetch(`${this.url}${apiPath}`, {
      headers: { authorization: `Bearer ${await this.guestToken()}` },
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(
        `GET ${apiPath} answered ${response.status}: ${text.slice(0, 300)}`,
      );
    return JSON.parse(text);
  }

  /** SIGTERM to the process group, SIGKILL after 10 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise(resolve => child.once('exit', resolve));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  }
}
