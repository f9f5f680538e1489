import { scopeText } from './campaignText';

describe("a campaign's scope in words", () => {
  it('names its fields, or says it takes every component', () => {
    expect(
      scopeText({
        kinds: ['admission-webhook'],
        teams: ['group:default/platform'],
        lifecycles: ['production'],
      }),
    ).toBe('admission-webhook · platform (and groups below) · production');
    expect(scopeText({})).toBe('every component');
  });

  it('names its saved filter first, by name when known, else by id', () => {
    const names = new Map([['security-webhooks', 'Security webhooks']]);
    expect(
      scopeText(
        { savedFilter: 'security-webhooks', clusters: ['prod-eu'] },
        names,
      ),
    ).toBe('saved filter Security webhooks · in prod-eu');
    expect(scopeText({ savedFilter: 'security-webhooks' })).toBe(
      'saved filter security-webhooks',
    );
  });
});
