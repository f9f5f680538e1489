import fs from 'node:fs';
import path from 'node:path';
import { CHECK_IDS } from '@extension-scorecard/plugin-extension-scorecard-common';
import { BUILTIN_CHECKS } from './catalogue';
import { caBundle } from './__testUtils__/certificates';
import { evaluateComponent, NOW } from './__testUtils__/components';
import { FIXTURES } from './__testUtils__/fixtures';

describe('healthy baselines', () => {
  let bundle: string;
  beforeAll(async () => {
    bundle = await caBundle(NOW, {
      subject: 'CN=baseline-ca',
      daysFromNow: 300,
    });
  });

  it('implements every catalogue id exactly once', () => {
    expect(BUILTIN_CHECKS.map(c => c.id).sort()).toEqual([...CHECK_IDS].sort());
  });

  it("are documented in the README's check table with their dimension and severity", () => {
    const readme = fs.readFileSync(
      path.resolve(__dirname, '../../README.md'),
      'utf8',
    );
    const rows = new Map(
      [
        ...readme.matchAll(
          /^\| `([a-z-]+\.[a-z-]+)`\s*\| ([a-z-]+)\s*\|[^|]*\| ([a-z]+)\s*\|/gm,
        ),
      ].map(m => [m[1], [m[2], m[3]]]),
    );
    for (const check of BUILTIN_CHECKS) {
      expect({ id: check.id, row: rows.get(check.id) }).toEqual({
        id: check.id,
        row: [check.dimension, check.severity],
      });
    }
  });

  it.each(Object.keys(FIXTURES) as Array<keyof typeof FIXTURES>)(
    'a well-kept %s passes every check that applies and reaches L3',
    kind => {
      const fx = FIXTURES[kind](bundle);
      const scorecard = evaluateComponent(fx.component, [fx.cluster], {
        evidence: fx.evidence,
      });
      const notPassing = scorecard.results
        .filter(r => r.status !== 'pass' && r.status !== 'not-applicable')
        .map(r => `${r.checkId} ${r.status}: ${r.message}`);
      expect(notPassing).toEqual([]);
      expect(scorecard.level).toBe(3);
      expect(scorecard.score).toBe(100);
      expect(scorecard.hardGates).toEqual([]);
    },
  );
});
