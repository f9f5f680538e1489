import { groupBlockers } from './blockers';

describe('groupBlockers', () => {
  const titles = new Map([
    ['webhook.scope', 'Webhook scope'],
    ['cert.expiry', 'Certificate expiry'],
  ]);

  it('names each blocking check once, by its title, keeping every sentence', () => {
    const groups = groupBlockers(
      [
        'webhook.scope fails in prod-eu: 3 webhooks match every namespace',
        'cert.expiry fails in prod-eu: expired 2026-04-01',
        'webhook.scope fails in staging-us: 3 webhooks match every namespace',
        'custom.module-check cannot be verified: no access',
      ],
      titles,
    );
    expect(groups.map(g => g.title)).toEqual([
      'Webhook scope',
      'Certificate expiry',
      'custom.module-check',
    ]);
    expect(groups[0]).toEqual({
      checkId: 'webhook.scope',
      title: 'Webhook scope',
      details: [
        'webhook.scope fails in prod-eu: 3 webhooks match every namespace',
        'webhook.scope fails in staging-us: 3 webhooks match every namespace',
      ],
    });
  });

  it('shortens a sentence that names no check', () => {
    const sentence =
      'The scorecard could not read the design record of this component at all';
    const [group] = groupBlockers([sentence]);
    expect(group.checkId).toBeUndefined();
    expect(group.title).toHaveLength(40);
    expect(group.title.endsWith('…')).toBe(true);
    expect(group.details).toEqual([sentence]);
  });
});
