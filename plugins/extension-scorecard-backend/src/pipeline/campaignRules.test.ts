import { storedCampaign } from '../store/__testUtils__/campaigns';
import { inCampaignScope } from '../scoring';
import { announcementRules } from './campaignRules';

const campaign = storedCampaign;

const SUBJECT = {
  componentId: 'component:default/kyverno',
  name: 'kyverno',
  title: null,
  kind: 'admission-webhook',
  owner: 'group:default/team-security',
  orphan: false,
  clusters: ['prod'],
  lifecycle: 'production',
};

describe('announcementRules', () => {
  it('keeps open campaigns with goal checks and an enforcement date, their scope resolved', async () => {
    const rules = await announcementRules(
      [
        campaign('by-filter', { scope: { savedFilter: 'security' } }),
        campaign('by-team', { scope: { teams: ['platform'] } }),
        campaign('closed', { state: 'closed' }),
        campaign('no-date', { enforceFrom: null }),
        campaign('level', { goal: { level: 2 } }),
      ],
      async team =>
        team === 'platform'
          ? ['group:default/platform', 'group:default/team-security']
          : [team],
      async id =>
        id === 'security'
          ? { owner: ['group:default/team-security'] }
          : undefined,
    );
    expect(rules.map(r => r.id)).toEqual(['by-filter', 'by-team']);
    const [byFilter, byTeam] = rules;
    expect(byFilter.scope.filter).toEqual({
      owners: ['group:default/team-security'],
    });
    expect(inCampaignScope(byFilter.scope, SUBJECT)).toBe(true);
    expect(
      inCampaignScope(byFilter.scope, {
        ...SUBJECT,
        owner: 'group:default/platform',
      }),
    ).toBe(false);
    expect(inCampaignScope(byTeam.scope, SUBJECT)).toBe(true);
  });
});
