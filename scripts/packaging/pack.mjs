#!/usr/bin/env node
/**
 * Builds the four publishable packages and packs them with `npm pack` (which runs
 * `backstage-cli package prepack`/`postpack`, so each tarball carries the package.json
 * as published: `main`/`types` pointing at dist/). Used by the packaging test and by
 * `npm run build:packages` (tarballs in ./packages-dist for installing elsewhere).
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The publishable packages, in dependency order. */
export const PACKAGES = [
  'plugins/extension-scorecard-common',
  'plugins/extension-scorecard-node',
  'plugins/extension-scorecard-backend',
  'plugins/extension-scorecard',
];

/** Runs a command; the error carries its output. */
export async function sh(cmd, argv, options = {}) {
  try {
    return await run(cmd, argv, { maxBuffer: 256 * 1024 * 1024, ...options });
  } catch (error) {
    throw new Error(
      `${cmd} ${argv.join(' ')} failed (exit ${error.code}):\n${
        error.stdout ?? ''
      }${error.stderr ?? ''}`,
    );
  }
}

/** Builds and packs every package into `destination`; returns what npm pack reported. */
export async function buildAndPack(destination) {
  mkdirSync(destination, { recursive: true });
  // the declarations the package builds bundle (dist-types, as `tsc` writes them)
  await sh(
    'npx',
    ['tsc', '--noEmit', 'false', '--declaration', '--emitDeclarationOnly'],
    { cwd: repo },
  );
  const packed = [];
  for (const dir of PACKAGES) {
    const cwd = join(repo, dir);
    await sh('npx', ['backstage-cli', 'package', 'build'], { cwd });
    const { stdout } = await sh(
      'npm',
      ['pack', '--json', '--pack-destination', destination],
      { cwd },
    );
    const [info] = JSON.parse(stdout);
    packed.push({ ...info, path: join(destination, info.filename) });
  }
  return packed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const destination = resolve(process.argv[2] ?? join(repo, 'packages-dist'));
  const packed = await buildAndPack(destination);
  for (const p of packed) {
    console.log(
      `${p.path} (${p.entryCount} files, ${Math.round(p.size / 1024)} KiB)`,
    );
  }
}
