/**
 * Starts and stops the demo portal for the browser tests, apart from a developer's own:
 * a free port, its own SQLite directory and cluster dumps, a config overlay in a temp dir.
 *
 * The app is built once (and again only when its sources change) and served by the
 * backend's app plugin; the backend runs from source like `backstage-cli package start`
 * does, but without the file watcher, so edits made while the tests run do not restart
 * it. Every process is started in its own process group and stopped by its id.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { stringify } from 'yaml';

/** A port nothing listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));

/** Polls `check` until it returns a truthy value or the time runs out. */
export async function waitFor(
  what,
  check,
  { timeoutMs, intervalMs = 1000, onTick } = {},
) {
  const started = Date.now();
  let lastError;
  while (Date.now() - started < timeoutMs) {
    try {
      const value = await check();
      if (value) return value;
    } catch (e) {
      lastError = e;
    }
    onTick?.();
    await sleep(intervalMs);
  }
  throw new Error(
    `timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}${
      lastError ? `: ${lastError.message}` : ''
    }`,
  );
}

/** Runs a command to completion; rejects with its output on a non-zero exit. */
export function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...options,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', d => (output += d));
    child.stderr.on('data', d => (output += d));
    child.on('error', reject);
    child.on('exit', code =>
      code === 0
        ? resolve(output)
        : reject(
            new Error(`${command} ${args.join(' ')} exited ${code}\n${output}`),
          ),
    );
  });
}

/** What the built app depends on: a change here means the bundle is out of date. */
const APP_SOURCES = [
  'packages/app/src',
  'packages/app/public',
  'packages/app/package.json',
  'plugins/extension-scorecard/src',
  'plugins/extension-scorecard/package.json',
  'plugins/extension-scorecard-common/src',
  'package-lock.json',
];

function hashTree(root, paths) {
  const hash = createHash('sha256');
  const visit = path => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else {
      hash.update(path).update(readFileSync(path));
    }
  };
  for (const path of paths) visit(join(root, path));
  return hash.digest('hex');
}

export class Portal {
  constructor({ repoRoot, workDir, logDir }) {
    this.repoRoot = repoRoot;
    this.workDir = workDir;
    this.logDir = logDir;
    this.children = [];
  }

  /**
   * Uses a portal that is already running at `url` (one an earlier run left with
   * `--keep`) instead of starting one: nothing is built, started or stopped.
   */
  attach(url) {
    this.backendUrl = url.replace(/\/$/, '');
    this.appUrl = this.backendUrl;
    this.logPath = join(this.logDir, 'portal.log');
    this.attached = true;
  }

  /** Writes the config overlay: port, URLs, the e2e database and cluster dumps. */
  async configure() {
    this.port = await freePort();
    // The backend serves the built app: one origin for both.
    this.backendUrl = `http://localhost:${this.port}`;
    this.appUrl = this.backendUrl;
    this.sqliteDir = join(this.repoRoot, '.demo', 'e2e-sqlite');
    this.clustersDir = join(this.repoRoot, '.demo', 'e2e-clusters');
    // A fresh database every run: results do not depend on a previous run.
    rmSync(this.sqliteDir, { recursive: true, force: true });
    mkdirSync(this.sqliteDir, { recursive: true });
    const overlay = {
      app: { baseUrl: this.appUrl },
      backend: {
        baseUrl: this.backendUrl,
        listen: { port: this.port },
        cors: { origin: this.appUrl },
        database: {
          client: 'better-sqlite3',
          connection: { directory: this.sqliteDir },
        },
      },
      extensionScorecard: {
        dumps: ['prod-eu', 'staging-us'].map(name => ({
          name,
          directory: join(this.clustersDir, name),
        })),
        campaigns: {
          initialFiles: [join(this.clustersDir, 'campaigns.yaml')],
        },
        history: {
          importFiles: [join(this.clustersDir, 'history.yaml')],
        },
      },
    };
    this.configPath = join(this.workDir, 'app-config.e2e.yaml');
    writeFileSync(this.configPath, stringify(overlay));
  }

  /**
   * Builds packages/app unless the last build is of the same sources. Returns whether
   * it built.
   */
  async buildApp() {
    const stamp = join(
      this.repoRoot,
      'packages',
      'app',
      'dist',
      '.e2e-sources',
    );
    const sources = hashTree(this.repoRoot, APP_SOURCES);
    if (existsSync(stamp) && readFileSync(stamp, 'utf8') === sources)
      return false;
    await run(
      join(this.repoRoot, 'node_modules', '.bin', 'backstage-cli'),
      ['package', 'build'],
      {
        cwd: join(this.repoRoot, 'packages', 'app'),
        env: { ...process.env, FORCE_COLOR: '0', NODE_ENV: 'production' },
      },
    );
    writeFileSync(stamp, sources);
    return true;
  }

  /** The demo cluster dumps with certificates relative to today, in the e2e's own folder. */
  async prepareDemo() {
    await run(
      process.execPath,
      ['examples/scripts/prepare-demo.mjs', this.clustersDir],
      {
        cwd: this.repoRoot,
      },
    );
  }

  /** The backend from source (as `backstage-cli package start` runs it, minus the watcher). */
  start() {
    mkdirSync(this.logDir, { recursive: true });
    this.logPath = join(this.logDir, 'portal.log');
    // The log file itself is the child's stdout and stderr (not a pipe through this
    // process), so a portal left running by --keep keeps writing after the runner exits.
    const log = openSync(this.logPath, 'w');
    const backendDir = join(this.repoRoot, 'packages', 'backend');
    const transform = createRequire(join(backendDir, 'package.json')).resolve(
      '@backstage/cli-node/config/nodeTransform.cjs',
    );
    const child = spawn(
      process.execPath,
      [
        '--enable-source-maps',
        '--require',
        transform,
        'src/index.ts',
        '--config',
        join(this.repoRoot, 'app-config.yaml'),
        '--config',
        this.configPath,
      ],
      {
        cwd: backendDir,
        detached: true, // its own process group, so stop() ends the whole tree
        stdio: ['ignore', log, log],
        env: {
          ...process.env,
          NODE_ENV: 'development',
          FORCE_COLOR: '0',
          ESBK_TSCONFIG_PATH: join(this.repoRoot, 'tsconfig.json'),
        },
      },
    );
    closeSync(log); // the child holds its own copy
    child.on('exit', code => {
      this.exitCode = code;
    });
    this.children.push(child);
    return child;
  }

  /** Fails fast when the portal process died. */
  assertAlive() {
    if (this.exitCode !== undefined) {
      throw new Error(
        `the portal exited with ${this.exitCode}; log tail:\n${this.logTail()}`,
      );
    }
  }

  logTail(lines = 40) {
    try {
      return readFileSync(this.logPath, 'utf8')
        .split('\n')
        .slice(-lines)
        .join('\n');
    } catch {
      return '(no log)';
    }
  }

  /** A token of a proxy sign-in provider (`guest` or `lead`), as the app's sign-in gets one. */
  async providerToken(provider) {
    const response = await fetch(
      `${this.backendUrl}/api/auth/${provider}/refresh`,
      { headers: { 'X-Requested-With': 'XMLHttpRequest' } },
    );
    if (!response.ok) {
      throw new Error(
        `${provider} refresh answered ${
          response.status
        }: ${await response.text()}`,
      );
    }
    const body = await response.json();
    return body.backstageIdentity.token;
  }

  /** A guest token (user:default/bilal.haddad, team-api-platform). */
  guestToken() {
    return this.providerToken('guest');
  }

  /** A platform lead token (user:default/hana.sato, approver and admin). */
  leadToken() {
    return this.providerToken('lead');
  }

  /**
   * Forgets the tokens asked so far (one issued before the catalog held the users
   * carries no group memberships).
   */
  forgetTokens() {
    this.tokens = {};
  }

  /**
   * Calls the backend as the guest, or as the lead with `{ as: 'lead' }` (what needs
   * admin rights: refresh, the audit export).
   */
  async api(path, { as = 'guest', ...init } = {}) {
    this.tokens ??= {};
    this.tokens[as] ??= await this.providerToken(as);
    const response = await fetch(`${this.backendUrl}${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${this.tokens[as]}`,
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
    });
    return response;
  }

  async apiJson(path, init) {
    const response = await this.api(path, init);
    if (!response.ok) {
      throw new Error(
        `${init?.method ?? 'GET'} ${path} answered ${
          response.status
        }: ${await response.text()}`,
      );
    }
    return response.json();
  }

  /** Stops every process this portal started: SIGTERM to the group, SIGKILL if it lingers. */
  async stop() {
    if (this.attached) return;
    await Promise.all(
      this.children.map(async child => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise(resolve => child.once('exit', resolve));
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          return;
        }
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }, 8000);
        await exited;
        clearTimeout(timer);
      }),
    );
  }

  /** Synchronous last resort when the runner itself is being killed. */
  killNow() {
    for (const child of this.children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}
