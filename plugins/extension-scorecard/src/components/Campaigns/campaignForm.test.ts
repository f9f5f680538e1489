import {
  splitList,
  toCampaignInput,
  toFormValues,
  validateCampaignForm,
} from './campaignForm';

const DRAFT = {
  title: 'Ready for Kubernetes 1.32',
  why: 'Before prod-eu moves.',
  goal: { checks: ['upgrade.deprecated-api'] },
  scope: { components: ['component:default/a', 'component:default/b'] },
  startsAt: '2026-12-05T00:00:00.000Z',
  enforceFrom: '2027-01-04T00:00:00.000Z',
  deadline: '2027-02-03T00:00:00.000Z',
};

describe('the campaign form', () => {
  it('takes a suggested draft and gives it back as it was', () => {
    const values = toFormValues(DRAFT);
    expect(values).toMatchObject({
      checks: 'upgrade.deprecated-api',
      components: 'component:default/a, component:default/b',
      startsOn: '2026-12-05',
      enforceOn: '2027-01-04',
      deadlineOn: '2027-02-03',
    });
    expect(validateCampaignForm(values, ['upgrade.deprecated-api'])).toEqual(
      {},
    );
    expect(toCampaignInput(values)).toEqual({
      ...DRAFT,
      startsAt: '2026-12-05T00:00:00Z',
      enforceFrom: '2027-01-04T00:00:00Z',
      deadline: '2027-02-03T00:00:00Z',
    });
  });

  it('says what is wrong, field by field', () => {
    const values = {
      ...toFormValues(DRAFT),
      title: ' a ',
      checks: 'upgrade.deprecated-api, webhook.nope',
      deadlineOn: '2026-12-01',
      enforceOn: '2027-03-01',
    };
    expect(validateCampaignForm(values, ['upgrade.deprecated-api'])).toEqual({
      title: 'A title of at least 3 characters',
      checks: 'Unknown checks: webhook.nope',
      deadlineOn: 'The deadline comes after the start',
      enforceOn: 'Between the start and the deadline',
    });
    expect(
      validateCampaignForm(
        { ...toFormValues(DRAFT), checks: '', level: '' },
        [],
      ).checks,
    ).toBe('Name checks that must pass, a level to reach, or both');
    expect(
      validateCampaignForm(
        { ...toFormValues(DRAFT), checks: '', level: '2' },
        [],
      ).enforceOn,
    ).toBe('Enforcement needs goal checks');
  });

  it('reads lists separated by commas or lines', () => {
    expect(splitList(' a, b\nc,, a ')).toEqual(['a', 'b', 'c']);
  });

  it('keeps the saved filter of the scope, and drops it when none is chosen', () => {
    const values = toFormValues({
      ...DRAFT,
      scope: { savedFilter: 'security-webhooks', lifecycles: ['production'] },
    });
    expect(values.savedFilter).toBe('security-webhooks');
    expect(toCampaignInput(values).scope).toEqual({
      savedFilter: 'security-webhooks',
      lifecycles: ['production'],
    });
    expect(toCampaignInput({ ...values, savedFilter: '' }).scope).toEqual({
      lifecycles: ['production'],
    });
  });
});
