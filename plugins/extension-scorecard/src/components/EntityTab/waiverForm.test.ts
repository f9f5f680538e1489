import { toWaiverInput, validateWaiverForm } from './waiverForm';

const now = new Date('2026-04-20T12:00:00.000Z');
const valid = {
  checkId: 'webhook.timeout',
  cluster: '',
  reason: 'The fix ships next sprint',
  expiresOn: '2026-05-20',
};

describe('validateWaiverForm', () => {
  it('accepts a complete request', () => {
    expect(validateWaiverForm(valid, now)).toEqual({});
  });

  it('names every missing or bad field', () => {
    expect(
      validateWaiverForm(
        { checkId: '', cluster: '', reason: ' short  ', expiresOn: '' },
        now,
      ),
    ).toEqual({
      checkId: 'Choose the check to waive',
      reason: 'Explain why in at least 10 characters',
      expiresOn: 'Choose the day the waiver ends',
    });
    expect(
      validateWaiverForm({ ...valid, reason: 'x'.repeat(2001) }, now).reason,
    ).toBe('At most 2000 characters');
    expect(
      validateWaiverForm({ ...valid, expiresOn: '2026-04-19' }, now).expiresOn,
    ).toBe('The end date must be in the future');
    for (const bad of ['2026-13-40', '2026-02-31', 'tomorrow']) {
      expect(
        validateWaiverForm({ ...valid, expiresOn: bad }, now).expiresOn,
      ).toBe('Choose the day the waiver ends');
    }
  });

  it('accepts today: the waiver runs to the end of the day', () => {
    expect(
      validateWaiverForm({ ...valid, expiresOn: '2026-04-20' }, now),
    ).toEqual({});
  });
});

describe('toWaiverInput', () => {
  it('ends the waiver at the end of the chosen day, every cluster when none is chosen', () => {
    expect(toWaiverInput('component:default/kyverno', valid)).toEqual({
      component: 'component:default/kyverno',
      checkId: 'webhook.timeout',
      cluster: null,
      reason: 'The fix ships next sprint',
      expiresAt: '2026-05-20T23:59:59.000Z',
    });
    expect(
      toWaiverInput('component:default/kyverno', {
        ...valid,
        cluster: 'prod-eu',
      }).cluster,
    ).toBe('prod-eu');
  });
});
