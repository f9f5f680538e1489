#!/usr/bin/env node
/**
 * The packaging test: the four packages as an adopter gets them.
 *
 * Builds each package (`backstage-cli package build`), packs it with `npm pack` (which
 * runs `backstage-cli package prepack`/`postpack`, so the tarball has the published
 * package.json), installs the four tarballs into an empty folder outside the
 * repository with only what they declare, then:
 *
 * - requires or imports every public entry point of every package (every key of the
 *   published `exports`, so the backend's `./testUtils` too), and drives the backend's
 *   `/testUtils` seams once: a stand-in API server over HTTPS read by the live
 *   collector, then inventory and evaluation;
 * - runs `npx extension-scorecard audit` over the demo dumps there and compares its
 *   JSON with the same audit run from the monorepo's sources;
 * - starts a minimal Backstage backend (`createBackend()` with the plugin only) from
 *   the installed packages and asks `GET /api/extension-scorecard/health`.
 *
 * A file missing from `files` or a runtime dependency missing from `dependencies`
 * fails one of these. Usage: node scripts/packaging/run.mjs [--report file.json]
 * [--keep] (keeps the folder). The backend case needs PostgreSQL
 * (BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING, as scripts/test sets it).
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runnerOptions } from '../../e2e/lib/report.mjs';
import { buildAndPack, PACKAGES, repo, sh } from './pack.mjs';

const { report, keep } = runnerOptions();

const BACKEND = '@extension-scorecard/plugin-extension-scorecard-backend';
const npm = 'npm';

async function step(name, fn) {
  const start = Date.now();
  try {
    const details = await fn();
    report.pass(name, Date.now() - start, details);
    return true;
  } catch (error) {
    report.fail(name, Date.now() - start, error);
    return false;
  }
}

/**
 * The audit as JSON, without the time of the run: `generatedAt`, and the same instant
 * where a message says since when something was observed (the first collection).
 */
function auditJson(stdout) {
  const { generatedAt } = JSON.parse(stdout);
  const audit = JSON.parse(
    stdout.split(generatedAt).join('<the time of the run>'),
  );
  delete audit.generatedAt;
  return audit;
}

const auditArgs = [
  'audit',
  '--cluster',
  `prod-eu=${join(repo, 'examples/clusters/prod-eu')}`,
  '--cluster',
  `staging-us=${join(repo, 'examples/clusters/staging-us')}`,
  '--catalog',
  join(repo, 'examples/org.yaml'),
  '--catalog',
  join(repo, 'examples/entities.yaml'),
  '--format',
  'json',
  '--no-fail-on-critical',
];

/** Every file below a folder. */
function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(entry => entry.isFile())
    .map(entry => join(entry.parentPath ?? entry.path, entry.name));
}

/** Every entry point a package.json exports (the published one, as packed). */
function entryPoints(manifest) {
  if (!manifest.exports) return ['.'];
  return Object.keys(manifest.exports).filter(e => e !== './package.json');
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'extension-scorecard-packaging-'));
  console.log(`[packaging] installing into ${folder}`);
  const tarballs = [];
  const manifests = {};

  const built = await step(
    'build and pack the four packages (backstage-cli package build, npm pack)',
    async () => {
      const sizes = {};
      for (const packed of await buildAndPack(folder)) {
        tarballs.push(packed.path);
        sizes[packed.name] = `${packed.entryCount} files, ${Math.round(
          packed.size / 1024,
        )} KiB`;
      }
      return sizes;
    },
  );
  if (!built) return folder;

  const installed = await step(
    'install the tarballs into an empty folder with only what they declare',
    async () => {
      writeFileSync(
        join(folder, 'package.json'),
        JSON.stringify({ name: 'adopter', private: true }, null, 2),
      );
      // what an adopter's backend brings: the backend defaults and a database driver
      const backendDefaults = JSON.parse(
        readFileSync(
          join(repo, 'node_modules/@backstage/backend-defaults/package.json'),
          'utf8',
        ),
      ).version;
      await sh(
        npm,
        [
          'install',
          '--no-audit',
          '--no-fund',
          '--prefer-offline',
          '--omit=dev',
          ...tarballs,
          `@backstage/backend-defaults@${backendDefaults}`,
          'pg@^8',
        ],
        { cwd: folder },
      );
      for (const dir of PACKAGES) {
        const manifest = JSON.parse(
          readFileSync(join(repo, dir, 'package.json'), 'utf8'),
        );
        manifests[manifest.name] = JSON.parse(
          readFileSync(
            join(folder, 'node_modules', manifest.name, 'package.json'),
            'utf8',
          ),
        );
      }
      return Object.keys(manifests);
    },
  );
  if (!installed) return folder;

  await step('require or import every public entry point', async () => {
    const requireFrom = createRequire(join(folder, 'index.js'));
    const loaded = [];
    for (const [name, manifest] of Object.entries(manifests)) {
      for (const entry of entryPoints(manifest)) {
        const specifier = entry === '.' ? name : `${name}/${entry.slice(2)}`;
        const file = requireFrom.resolve(specifier);
        if (!file.includes(`${join('node_modules', name)}`)) {
          throw new Error(
            `${specifier} resolved outside the installed package: ${file}`,
          );
        }
        if (file.endsWith('.ts') || file.endsWith('.tsx')) {
          throw new Error(`${specifier} points at TypeScript sources: ${file}`);
        }
        if (manifest.backstage?.role === 'frontend-plugin') {
          // browser code: resolved and present (its imports are checked below)
          readFileSync(file, 'utf8');
        } else {
          const module = await import(pathToFileURL(file).href);
          if (!Object.keys(module).length) {
            throw new Error(`${specifier} exports nothing`);
          }
        }
        loaded.push(specifier);
      }
    }
    return loaded;
  });

  await step(
    'the backend’s /testUtils entry point: a stand-in API server over HTTPS, read by the live collector, inventoried and evaluated',
    async () => {
      const requireFrom = createRequire(join(folder, 'index.js'));
      const testUtils = requireFrom(`${BACKEND}/testUtils`);
      const cluster = await testUtils.standInClusterFromDump(
        join(repo, 'examples/clusters/prod-eu'),
      );
      const token = 'packaging-test-token';
      const server = await testUtils.startStandInApiServer({
        cluster,
        tls: true,
        token,
      });
      try {
        const collection = await testUtils.collectLiveCluster({
          ...testUtils.LIVE_CLUSTER_DEFAULTS,
          name: 'prod-eu',
          url: server.url,
          caData: server.caData,
          serviceAccountToken: token,
        });
        if (collection.error) throw new Error(collection.error);
        const notOk = Object.entries(collection.reads).filter(
          ([, read]) => read.state !== 'ok' && read.state !== 'not-served',
        );
        if (notOk.length) {
          throw new Error(`reads not ok: ${JSON.stringify(notOk)}`);
        }
        const inventory = testUtils.buildInventory({
          clusters: [collection],
          entities: [],
        });
        const scorecards = testUtils.evaluateInventory(inventory, {
          now: new Date(),
        });
        if (!inventory.components.length)
          throw new Error('the inventory found no component');
        const objects = Object.values(collection.objects).reduce(
          (n, list) => n + list.length,
          0,
        );
        return `${server.requests.length} requests, ${objects} objects, ${inventory.components.length} components, ${scorecards.length} scorecards`;
      } finally {
        await server.close();
      }
    },
  );

  await step(
    'each package carries its README, CHANGELOG and the files its README names',
    () => {
      const wanted = {
        [BACKEND]: [
          'deploy/collector-rbac.yaml',
          'config.schema.json',
          'data/thresholds.yaml',
          'migrations',
        ],
      };
      const missing = [];
      for (const name of Object.keys(manifests)) {
        for (const file of [
          'README.md',
          'CHANGELOG.md',
          ...(wanted[name] ?? []),
        ]) {
          if (!existsSync(join(folder, 'node_modules', name, file))) {
            missing.push(`${name}/${file}`);
          }
        }
      }
      if (missing.length)
        throw new Error(`missing from the packages: ${missing.join(', ')}`);
      return `${Object.keys(manifests).length} packages`;
    },
  );

  await step(
    'the built code imports only declared dependencies, and uses each one',
    async () => {
      const problems = [];
      for (const [name, manifest] of Object.entries(manifests)) {
        const root = join(folder, 'node_modules', name);
        const declared = new Set([
          ...Object.keys(manifest.dependencies ?? {}),
          ...Object.keys(manifest.peerDependencies ?? {}),
        ]);
        const used = new Set();
        for (const file of listFiles(join(root, 'dist'))) {
          if (!/\.(c?js|mjs|d\.ts)$/.test(file)) continue;
          const source = readFileSync(file, 'utf8');
          const specifiers = [
            ...source.matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g),
            ...source.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g),
            ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
          ].map(m => m[1]);
          for (const spec of specifiers) {
            if (spec.startsWith('.') || spec.startsWith('node:')) continue;
            if (builtinModules.includes(spec.split('/')[0])) continue;
            const pkg = spec.startsWith('@')
              ? spec.split('/').slice(0, 2).join('/')
              : spec.split('/')[0];
            used.add(pkg);
            if (!declared.has(pkg)) {
              problems.push(
                `${name}: ${file.slice(
                  root.length + 1,
                )} imports ${spec}, not declared`,
              );
            }
          }
        }
        for (const dep of Object.keys(manifest.dependencies ?? {})) {
          if (!used.has(dep))
            problems.push(`${name}: declares ${dep}, never imported`);
        }
      }
      if (problems.length) throw new Error([...new Set(problems)].join('\n'));
      return `${Object.keys(manifests).length} packages`;
    },
  );

  await step(
    'npx extension-scorecard audit from the installed package gives the monorepo’s JSON',
    async () => {
      const fromPackage = await sh(
        'npx',
        ['--no-install', 'extension-scorecard', ...auditArgs],
        {
          cwd: folder,
        },
      );
      const fromSources = await sh(
        process.execPath,
        [
          join(
            repo,
            'plugins/extension-scorecard-backend/bin/extension-scorecard',
          ),
          ...auditArgs,
        ],
        { cwd: repo },
      );
      const packaged = auditJson(fromPackage.stdout);
      const monorepo = auditJson(fromSources.stdout);
      if (JSON.stringify(packaged) !== JSON.stringify(monorepo)) {
        throw new Error(
          'the packaged CLI and the monorepo disagree on the audit',
        );
      }
      if (!packaged.components?.length)
        throw new Error('the audit found no component');
      return `${packaged.components.length} components, identical JSON`;
    },
  );

  const postgres =
    process.env.BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING;
  if (!postgres) {
    report.skip(
      'a minimal backend from the tarballs answers GET /health',
      'no PostgreSQL (BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING)',
    );
  } else {
    await step('a minimal backend from the tarballs answers GET /health', () =>
      minimalBackend(folder, postgres),
    );
  }
  return folder;
}

/** createBackend() with the plugin only, on a free port, over PostgreSQL. */
async function minimalBackend(folder, postgres) {
  const url = new URL(postgres);
  const port = 20000 + Math.floor(Math.random() * 20000);
  writeFileSync(
    join(folder, 'app-config.yaml'),
    [
      'backend:',
      `  baseUrl: http://localhost:${port}`,
      `  listen: { port: ${port} }`,
      '  database:',
      '    client: pg',
      `    prefix: packaging_${process.pid}_`,
      '    connection:',
      `      host: ${url.hostname}`,
      `      port: ${url.port || 5432}`,
      `      user: ${decodeURIComponent(url.username) || 'postgres'}`,
      ...(url.password
        ? [`      password: ${decodeURIComponent(url.password)}`]
        : []),
      'extensionScorecard:',
      '  dumps: []',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(folder, 'backend.js'),
    [
      "const { createBackend } = require('@backstage/backend-defaults');",
      'const backend = createBackend();',
      `backend.add(require('${BACKEND}'));`,
      'backend.start();',
      '',
    ].join('\n'),
  );
  const child = spawn(
    process.execPath,
    ['backend.js', '--config', 'app-config.yaml'],
    {
      cwd: folder,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout.on('data', d => (log += d));
  child.stderr.on('data', d => (log += d));
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(
          `the backend exited with ${child.exitCode}:\n${log.slice(-4000)}`,
        );
      }
      try {
        const response = await fetch(
          `http://localhost:${port}/api/extension-scorecard/health`,
        );
        if (response.status === 200) return `200 ${await response.text()}`;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        throw new Error(`no 200 from /health in 90 s:\n${log.slice(-4000)}`);
      }
      await new Promise(r => setTimeout(r, 500));
    }
  } finally {
    child.kill('SIGTERM');
  }
}

const started = Date.now();
const folder = await main().catch(error => {
  report.fail('packaging test', Date.now() - started, error);
  return undefined;
});
if (folder && !keep && existsSync(folder))
  rmSync(folder, { recursive: true, force: true });
const { passed, failed, skipped } = report.write();
console.log(
  `[packaging] ${passed} passed, ${failed} failed, ${skipped} skipped`,
);
process.exitCode = failed ? 1 : 0;
