import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { spec } from './openapi.generated';

describe('openapi.generated.ts', () => {
  it('is generated from the current openapi.yaml (run node scripts/generate-openapi.mjs)', () => {
    const yaml = parse(
      readFileSync(resolve(__dirname, 'openapi.yaml'), 'utf8'),
    );
    expect(spec).toEqual(yaml);
  });

  it('has both generated files up to date (node scripts/generate-openapi.mjs --check)', () => {
    // checks both generated files: this one and
    // plugins/extension-scorecard-common/src/api/openapi.generated.ts
    const script = resolve(__dirname, '../../scripts/generate-openapi.mjs');
    expect(() =>
      execFileSync(process.execPath, [script, '--check'], {
        encoding: 'utf8',
        stdio: 'pipe',
      }),
    ).not.toThrow();
  }, 60_000);

  it('gives every operation an id and every path an error response', () => {
    const methods = ['get', 'post', 'put', 'delete', 'patch'] as const;
    const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
      methods.filter(m => m in item).map(m => ({ path, op: (item as any)[m] })),
    );
    expect(operations.length).toBeGreaterThan(20);
    for (const { op } of operations) {
      expect(op.operationId).toEqual(expect.any(String));
    }
    const guarded = operations.filter(({ path }) => path !== '/health');
    for (const { op } of guarded) {
      expect(Object.keys(op.responses)).toContain('401');
    }
  });
});
