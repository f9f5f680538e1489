/**
 * The production build of packages/app that the backend's app-backend serves. Built
 * (`backstage-cli package build`, about a minute) when missing or older than the app
 * and scorecard plugin sources; otherwise reused.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'packages/app/src',
  'plugins/extension-scorecard/src',
  'plugins/extension-scorecard-common/src',
];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs,
    );
  }
  return newest;
}

export async function ensureAppBuild(
  repoRoot: string,
  log: (m: string) => void,
): Promise<{ built: boolean; ms: number }> {
  const index = path.join(repoRoot, 'packages/app/dist/index.html');
  const sources = Math.max(
    ...SOURCES.map(s => newestMtime(path.join(repoRoot, s))),
  );
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs > sources)
    return { built: false, ms: 0 };
  log('ui: building the app (production bundle, about a minute)');
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    execFile(
      path.join(repoRoot, 'node_modules/.bin/backstage-cli'),
      ['package', 'build'],
      {
        cwd: path.join(repoRoot, 'packages/app'),
        maxBuffer: 64 * 1024 * 1024,
        // a production bundle whatever the caller runs under: under jest NODE_ENV
        // is 'test', which has no browserslist entry and fails the build
        env: { ...process.env, NODE_ENV: 'production' },
      },
      (error, _stdout, stderr) =>
        error
          ? reject(
              new Error(
                `the app build failed: ${stderr
                  .replace(/^Loaded config from .*\n/gm, '')
                  .trim()
                  .slice(-2000)}`,
              ),
            )
          : resolve(),
    );
  });
  return { built: true, ms: performance.now() - started };
}
