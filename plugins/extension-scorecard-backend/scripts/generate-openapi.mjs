#!/usr/bin/env node
/*
 * Generates src/schema/openapi.generated.ts (the spec as a TypeScript `as const`
 * object, which createValidatedOpenApiRouter types the router from) out of
 * src/schema/openapi.yaml, the source of truth.
 *
 *   node scripts/generate-openapi.mjs          write the module
 *   node scripts/generate-openapi.mjs --check  exit 1 when the module is out of date
 *
 * src/schema/openapi.test.ts fails the same way, so CI catches drift either way.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import prettier from 'prettier';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const yamlPath = resolve(root, 'src/schema/openapi.yaml');
const outPath = resolve(root, 'src/schema/openapi.generated.ts');

const spec = parse(await readFile(yamlPath, 'utf8'));
const source = `// This file is generated from openapi.yaml by scripts/generate-openapi.mjs. Do not edit it.
// Run \`node scripts/generate-openapi.mjs\` in plugins/extension-scorecard-backend after changing the YAML.

/** The OpenAPI document of the plugin, as a literal type. @public */
export const spec = ${JSON.stringify(spec, null, 2)} as const;
`;
const config = (await prettier.resolveConfig(outPath)) ?? {};
const formatted = await prettier.format(source, {
  ...config,
  parser: 'typescript',
});

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = await readFile(outPath, 'utf8');
  } catch {
    // missing counts as out of date
  }
  if (current !== formatted) {
    console.error(
      `${outPath} is out of date; run node scripts/generate-openapi.mjs`,
    );
    process.exit(1);
  }
  console.log('openapi.generated.ts is up to date');
} else {
  await writeFile(outPath, formatted);
  console.log(`wrote ${outPath}`);
}
