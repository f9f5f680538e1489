/**
 * Property-based tests of the dump reader (fast-check): a dump directory with
 * malformed, wrong-typed, unicode, injection-style, oversized and hostile YAML/JSON
 * files (alias bombs, deep nesting, binary garbage) next to one good file.
 *
 * Must hold: the reader never throws and never hangs; it keeps the good file's
 * objects; every object it keeps is well formed (apiVersion, kind and metadata.name
 * are text); a file it cannot parse is a failed read naming the file; no Secret is
 * ever kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import {
  hostileString,
  nonString,
} from '../__faults__/__testUtils__/hostileInput';
import { readClusterDump } from './dumps';
import { RESOURCE_KEYS } from './resources';

jest.setTimeout(120_000);

const GOOD = {
  apiVersion: 'apps/v1',
  kind: 'DeploymentList',
  items: [
    {
      metadata: { name: 'cert-manager-webhook', namespace: 'cert-manager' },
      spec: { replicas: 2 },
    },
  ],
};

/** An alias bomb: each level doubles the previous one ("billion laughs"). */
const ALIAS_BOMB = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...Array.from(
    { length: 8 },
    (_, i) =>
      `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(
        9,
      )
        .fill(`*${String.fromCharCode(97 + i)}`)
        .join(',')}]`,
  ),
].join('\n');

/** One hostile file: its name and content. */
function hostileFile(): fc.Arbitrary<{ name: string; content: string }> {
  const names = fc.oneof(
    fc.constantFrom(
      'deployments.yaml',
      'webhookconfigurations.yaml',
      'rbac.yaml',
      'version.json',
      'reads.yaml',
      'crds.json',
      'nested/dir/objects.yml',
    ),
    hostileString(20)
      .map(s => s.split('\u0000').join('_').replace(/[\\/]/g, '_').slice(0, 40))
      .filter(s => s.trim() !== '' && s !== '.' && s !== '..')
      .map(s => `${s}.yaml`),
  );
  const object = fc.record(
    {
      apiVersion: fc.oneof(
        fc.constantFrom('v1', 'apps/v1', 'admissionregistration.k8s.io/v1'),
        hostileString(30),
        nonString(),
      ),
      kind: fc.oneof(
        fc.constantFrom(
          'Secret',
          'Deployment',
          'ValidatingWebhookConfiguration',
          'List',
          'ClusterRole',
        ),
        hostileString(30),
        nonString(),
      ),
      metadata: fc.oneof(
        fc.record(
          {
            name: fc.oneof(hostileString(60), nonString()),
            namespace: fc.oneof(hostileString(30), nonString()),
            labels: fc.oneof(
              fc.dictionary(hostileString(20), hostileString(20), {
                maxKeys: 3,
              }),
              nonString(),
            ),
          },
          { requiredKeys: [] },
        ),
        nonString(),
      ),
      items: fc.oneof(fc.array(fc.jsonValue(), { maxLength: 4 }), nonString()),
      data: fc.dictionary(hostileString(10), hostileString(40), {
        maxKeys: 2,
      }),
    },
    { requiredKeys: [] },
  );
  const content = fc.oneof(
    object.map(o => stringify(o)),
    object.map(o => JSON.stringify(o)),
    fc
      .array(object, { minLength: 1, maxLength: 4 })
      .map(list => list.map(o => stringify(o)).join('---\n')),
    hostileString(400),
    fc.constant(ALIAS_BOMB),
    fc.constant(`${'['.repeat(5000)}${']'.repeat(5000)}`),
    fc.constant('{"kind":"List","apiVersion":"v1","items":[{"metadata":'),
    fc.constant('kind: List\nitems: *undefined_alias\n'),
    fc.constant(
      '!!binary |\n  R0lGODlhDAAMAIQAAP//9/X17unp5WZmZgAAAOfn515eXvPz7Y6OjuDg4J+fn5',
    ),
    fc.constant(`\uFEFF${stringify(GOOD)}`),
    fc
      .uint8Array({ minLength: 1, maxLength: 300 })
      .map(bytes => Buffer.from(bytes).toString('latin1')),
  );
  return fc.record({ name: names, content });
}

describe('readClusterDump under hostile files', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'scorecard-dump-fuzz-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  let run = 0;

  it('never throws, keeps the good file and only well-formed objects, names what it could not parse', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostileFile(), { minLength: 1, maxLength: 5 }),
        async files => {
          run += 1;
          const dir = path.join(root, `dump-${run}`);
          fs.mkdirSync(dir, { recursive: true });
          fs.writeFileSync(
            path.join(dir, 'good-deployments.yaml'),
            stringify(GOOD),
          );
          for (const file of files) {
            const target = path.join(dir, file.name);
            fs.mkdirSync(path.dirname(target), { recursive: true });
            fs.writeFileSync(target, file.content);
          }

          const dump = await readClusterDump({ name: 'fuzz', directory: dir });

          expect(dump.error).toBeUndefined();
          const all = RESOURCE_KEYS.flatMap(key => dump.objects[key] ?? []);
          for (const object of all) {
            expect({
              apiVersion: typeof object.apiVersion,
              kind: typeof object.kind,
              name: typeof object.metadata?.name,
            }).toEqual({
              apiVersion: 'string',
              kind: 'string',
              name: 'string',
            });
            expect(object.kind).not.toBe('Secret');
          }
          const names = (dump.objects.deployments ?? []).map(
            d => d.metadata.name,
          );
          expect(names).toContain('cert-manager-webhook');
          for (const status of Object.values(dump.reads)) {
            expect(['ok', 'forbidden', 'not-served', 'failed']).toContain(
              status!.state,
            );
          }
          // a deployments file that could not be parsed is a failed read naming it
          // (the last file written under a name is the one on disk)
          const written = new Map(files.map(f => [f.name, f.content]));
          const brokenDeployments =
            written.get('deployments.yaml') ===
            '{"kind":"List","apiVersion":"v1","items":[{"metadata":';
          const read = dump.reads.deployments;
          const named =
            read?.state === 'failed' &&
            read.reason.includes('deployments.yaml');
          expect({
            brokenDeployments,
            named: !brokenDeployments || named,
          }).toEqual({ brokenDeployments, named: true });
        },
      ),
      {
        numRuns: 150,
        examples: [
          [[{ name: 'deployments.yaml', content: ALIAS_BOMB }]],
          [[{ name: 'reads.yaml', content: ALIAS_BOMB }]],
          [[{ name: 'version.json', content: '[[[[' }]],
          [
            [
              {
                name: 'deployments.yaml',
                content:
                  '{"kind":"List","apiVersion":"v1","items":[{"metadata":',
              },
            ],
          ],
        ],
      },
    );
  });
});
