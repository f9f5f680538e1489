#!/usr/bin/env node
/*
 * Generates the two TypeScript views of src/schema/openapi.yaml, the source of
 * truth of the HTTP API:
 *
 *   src/schema/openapi.generated.ts
 *     the spec as an `as const` object, which createValidatedOpenApiRouter types
 *     the router from (it needs the literal);
 *   ../extension-scorecard-common/src/api/openapi.generated.ts
 *     the request and response types (`paths`, `components`, `operations`) and the
 *     value arrays of the enums, written by openapi-typescript; the API client and
 *     the types of -common (src/api/types.ts) are derived from it.
 *
 *   node scripts/generate-openapi.mjs          write both files
 *   node scripts/generate-openapi.mjs --check  exit 1 when either is out of date
 *
 * src/schema/openapi.test.ts fails the same way, so CI catches drift either way.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import prettier from 'prettier';
import openapiTS, { astToString } from 'openapi-typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(root, '../..');
const yamlPath = resolve(root, 'src/schema/openapi.yaml');
const specModulePath = resolve(root, 'src/schema/openapi.generated.ts');
const typesModulePath = resolve(
  root,
  '../extension-scorecard-common/src/api/openapi.generated.ts',
);

const yamlText = await readFile(yamlPath, 'utf8');

async function format(source, path) {
  const config = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(source, { ...config, parser: 'typescript' });
}

/** The spec as a literal, for the typed router of the backend. */
function specModule() {
  const spec = parse(yamlText);
  return `// This file is generated from openapi.yaml by scripts/generate-openapi.mjs. Do not edit it.
// Run \`node scripts/generate-openapi.mjs\` in plugins/extension-scorecard-backend after changing the YAML.

/** The OpenAPI document of the plugin, as a literal type. @public */
export const spec = ${JSON.stringify(spec, null, 2)} as const;
`;
}

/** The request and response types and enum values, for the client and -common. */
async function typesModule() {
  // a fresh parse: openapi-typescript annotates the document it is given
  const ast = await openapiTS(parse(yamlText), {
    // `default` is applied by the backend, not sent back: such fields stay optional
    defaultNonNullable: false,
    // `export const extensionKindValues = [...]` for every enum
    enumValues: true,
    alphabetize: false,
  });
  const specPath = relative(repoRoot, yamlPath);
  const scriptPath = relative(repoRoot, fileURLToPath(import.meta.url));
  return `// This file is generated, do not edit it.
// Source: ${specPath}
// Generator: ${scriptPath} (openapi-typescript)
// Run \`node scripts/generate-openapi.mjs\` in plugins/extension-scorecard-backend after changing the YAML.
/* eslint-disable */

${astToString(ast)}`;
}

const outputs = [
  { path: specModulePath, source: specModule() },
  { path: typesModulePath, source: await typesModule() },
];

let stale = 0;
for (const { path, source } of outputs) {
  const formatted = await format(source, path);
  const name = relative(repoRoot, path);
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = await readFile(path, 'utf8');
    } catch {
      // missing counts as out of date
    }
    if (current !== formatted) {
      console.error(
        `${name} is out of date; run node scripts/generate-openapi.mjs in plugins/extension-scorecard-backend`,
      );
      stale += 1;
    } else {
      console.log(`${name} is up to date`);
    }
  } else {
    await writeFile(path, formatted);
    console.log(`wrote ${name}`);
  }
}
if (stale) process.exit(1);
