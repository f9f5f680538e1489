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
