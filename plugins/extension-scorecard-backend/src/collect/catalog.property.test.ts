/**
 * Property-based test of the catalog file reader (fast-check) with malformed,
 * wrong-typed, unicode, injection-style and hostile YAML (alias bombs, deep nesting,
 * self-referencing Locations, Locations leading out of the directory). The contract: it
 * returns well-formed entities, or fails with an InputError whose message names the
 * file it failed in; nothing else, never a hang.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '@backstage/errors';
import fc from 'fast-check';
import { stringify } from 'yaml';
import {
  hostileString,
  nonString,
} from '../__faults__/__testUtils__/hostileInput';
import { readCatalogFiles } from './catalog';

jest.setTimeout(60_000);

const ALIAS_BOMB = [
  'apiVersion: backstage.io/v1alpha1',
  'kind: Component',
  'metadata: { name: bomb }',
  'spec:',
  '  a: &a [x, x, x, x, x, x, x, x, x]',
  ...Array.from(
    { length: 8 },
    (_, i) =>
      `  ${String.fromCharCode(98 + i)}: &${String.fromCharCode(
        98 + i,
      )} [${Array(9)
        .fill(`*${String.fromCharCode(97 + i)}`)
        .join(', ')}]`,
  ),
].join('\n');

function hostileEntity(): fc.Arbitrary<unknown> {
  return fc.record(
    {
      apiVersion: fc.oneof(
        fc.constant('backstage.io/v1alpha1'),
        hostileString(30),
        nonString(),
      ),
      kind: fc.oneof(
        fc.constantFrom('Component', 'Group', 'User', 'Location'),
        hostileString(20),
        nonString(),
      ),
      metadata: fc.oneof(
        fc.record(
          {
            name: fc.oneof(hostileString(60), nonString()),
            annotations: fc.dictionary(hostileString(30), hostileString(60), {
              maxKeys: 3,
            }),
          },
          { requiredKeys: [] },
        ),
        nonString(),
      ),
      spec: fc.oneof(
        fc.record(
          {
            type: fc.oneof(
              fc.constant('kubernetes-extension'),
              hostileString(20),
            ),
            owner: fc.oneof(hostileString(40), nonString()),
            target: fc.oneof(
              fc.constantFrom(
                './self.yaml',
                '../../../../etc/hostname',
                '/dev/null',
              ),
              hostileString(40),
            ),
            extension: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        nonString(),
      ),
    },
    { requiredKeys: [] },
  );
}

function hostileContent(): fc.Arbitrary<string> {
  return fc.oneof(
    hostileEntity().map(e => stringify(e)),
    fc
      .array(hostileEntity(), { minLength: 1, maxLength: 3 })
      .map(list => list.map(e => stringify(e)).join('---\n')),
    hostileString(300),
    fc.constant(ALIAS_BOMB),
    fc.constant(`${'- '.repeat(3000)}x`),
    fc.constant('apiVersion: [unclosed\nkind: Component'),
    fc
      .uint8Array({ minLength: 1, maxLength: 200 })
      .map(bytes => Buffer.from(bytes).toString('latin1')),
  );
}

describe('readCatalogFiles under hostile files', () => {
  const root = fs.mkdtempSync(
    path.join(os.tmpdir(), 'scorecard-catalog-fuzz-'),
  );
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  let run = 0;

  it('returns well-formed entities or an InputError naming the file', async () => {
    await fc.assert(
      fc.asyncProperty(hostileContent(), async content => {
        run += 1;
        const file = path.join(root, `catalog-${run}.yaml`);
        fs.writeFileSync(file, content);
        // a Location pointing at itself must not loop
        fs.writeFileSync(path.join(root, 'self.yaml'), content);

        let outcome: string;
        try {
          const entities = await readCatalogFiles([file]);
          const wellFormed = entities.every(
            e =>
              typeof e.apiVersion === 'string' &&
              typeof e.kind === 'string' &&
              typeof e.metadata?.name === 'string' &&
              e.metadata.name !== '',
          );
          outcome = wellFormed ? 'entities' : 'malformed entity returned';
        } catch (error) {
          // the file it failed in: this one, or one a Location led to
          const named =
            error instanceof InputError && /(^|\s)\/\S+/.test(error.message);

          outcome = named
            ? 'InputError naming the file'
            : `${(error as Error)?.name}: ${(error as Error)?.message}`;
        }
        expect(outcome).toMatch(/^(entities|InputError naming the file)$/);
      }),
      { numRuns: 200, examples: [[ALIAS_BOMB], ['\u0000'], ['kind: *nope']] },
    );
  });
});
