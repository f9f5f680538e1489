import type {
  CheckResult,
  SavedFilterFields,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { caBundle } from '../checks/__testUtils__/certificates';
import {
  evaluateComponent,
  NOW,
  resultOf,
} from '../checks/__testUtils__/components';
import {
  admissionWebhookFixture,
  CLUSTER,
} from '../checks/__testUtils__/fixtures';
import { withTimeBound } from '../checks/timeBound';
import {
  announceCampaigns,
  campaignStanding,
  inCampaignScope,
  resolveCampaignScope,
  resultFiltersOf,
  type CampaignAnnouncementRule,
  type CampaignSubject,
} from './campaigns';
import { hardGates } from './levels';

function result(
  checkId: string,
  status: CheckResult['status'],
  extra: Partial<CheckResult> = {},
): CheckResult {
  return {
    checkId,
    dimension: checkId.startsWith('availability')
      ? 'availability'
      : 'failure-boundary',
    severity: 'critical',
    status,
    cluster: 'prod',
    message: `${checkId} ${status}`,
    remediation: `fix ${checkId}`,
    ...extra,
  };
}

const SUBJECT: CampaignSubject = {
  componentId: 'component:default/kyverno',
  name: 'kyverno',
  title: 'Kyverno policy engine',
  kind: 'admission-webhook',
  owner: 'group:default/team-security-oncall',
  orphan: false,
  clusters: ['prod-eu', 'staging-us'],
  lifecycle: 'production',
};

const TREE: Record<string, string[]> = {
  'group:default/platform': [
    'group:default/platform',
    'group:default/team-security',
    'group:default/team-security-oncall',
  ],
  'group:default/team-security': [
    'group:default/team-security',
    'group:default/team-security-oncall',
  ],
};
const below = async (team: string) => TREE[team] ?? [team];

describe('campaign scope', () => {
  it('takes every component when nothing narrows it', async () => {
    expect(
      inCampaignScope(await resolveCampaignScope({}, below), SUBJECT),
    ).toBe(true);
  });

  it('takes a team with the groups below it, refs written any way', async () => {
    const scope = await resolveCampaignScope({ teams: ['platform'] }, async t =>
      below(`group:default/${t}`),
    );
    expect(scope.owners).toEqual([
      'group:default/platform',
      'group:default/team-security',
      'group:default/team-security-oncall',
    ]);
    expect(inCampaignScope(scope, SUBJECT)).toBe(true);
    expect(
      inCampaignScope(scope, {
        ...SUBJECT,
        owner: 'Group:Default/Team-Security',
      }),
    ).toBe(true);
    expect(
      inCampaignScope(scope, { ...SUBJECT, owner: 'group:default/team-api' }),
    ).toBe(false);
    expect(inCampaignScope(scope, { ...SUBJECT, owner: null })).toBe(false);
  });

  it('needs one value of every field given', async () => {
    const scope = await resolveCampaignScope(
      {
        kinds: ['admission-webhook', 'admission-policy'],
        clusters: ['staging-us'],
        lifecycles: ['production'],
        components: ['kyverno', 'gatekeeper'],
      },
      below,
    );
    expect(inCampaignScope(scope, SUBJECT)).toBe(true);
    for (const other of [
      { kind: 'csi' },
      { clusters: ['prod-eu'] },
      { lifecycle: 'experimental' },
      { lifecycle: null },
      { componentId: 'component:default/cert-manager' },
    ]) {
      expect(inCampaignScope(scope, { ...SUBJECT, ...other })).toBe(false);
    }
  });
});

describe('a campaign scope naming a saved filter', () => {
  const FILTERS: Record<string, SavedFilterFields> = {
    'prod-policies': {
      owner: ['group:default/team-security-oncall'],
      kind: ['admission-webhook', 'admission-policy'],
      cluster: ['prod-eu'],
      lifecycle: ['production'],
      orphan: false,
      search: 'POLICY ENGINE',
    },
    'team-security': { owner: ['group:default/team-security'] },
    orphans: { orphan: true },
  };
  const lookup = async (id: string) => FILTERS[id];
  const scoped = (savedFilter: string, extra = {}) =>
    resolveCampaignScope({ savedFilter, ...extra }, below, lookup);

  it('takes what the filter shows: every field, the search in id, name, owner and title', async () => {
    const scope = await scoped('prod-policies');
    expect(scope.filter).toEqual({
      owners: ['group:default/team-security-oncall'],
      kinds: ['admission-webhook', 'admission-policy'],
      clusters: ['prod-eu'],
      lifecycles: ['production'],
      orphan: false,
      search: 'policy engine',
    });
    // "policy engine" is only in the catalog title
    expect(inCampaignScope(scope, SUBJECT)).toBe(true);
    for (const other of [
      { title: null },
      { kind: 'csi' },
      { clusters: ['staging-us'] },
      { lifecycle: 'experimental' },
      { owner: 'group:default/team-security' },
      { orphan: true },
    ]) {
      expect(inCampaignScope(scope, { ...SUBJECT, ...other })).toBe(false);
    }
  });

  it('takes owners as the table does: as named, not the groups below them', async () => {
    const scope = await scoped('team-security');
    expect(inCampaignScope(scope, SUBJECT)).toBe(false);
    expect(
      inCampaignScope(scope, {
        ...SUBJECT,
        owner: 'group:default/team-security',
      }),
    ).toBe(true);
  });

  it('narrows the other scope fields and is narrowed by them', async () => {
    const orphanWebhooks = await scoped('orphans', {
      kinds: ['admission-webhook'],
    });
    expect(inCampaignScope(orphanWebhooks, SUBJECT)).toBe(false);
    expect(
      inCampaignScope(orphanWebhooks, {
        ...SUBJECT,
        owner: null,
        orphan: true,
      }),
    ).toBe(true);
    expect(
      inCampaignScope(orphanWebhooks, {
        ...SUBJECT,
        kind: 'csi',
        owner: null,
        orphan: true,
      }),
    ).toBe(false);
  });

  it('takes nothing when the filter is gone or cannot be looked up', async () => {
    const gone = await scoped('deleted-filter');
    expect(gone.filter).toBeNull();
    expect(inCampaignScope(gone, SUBJECT)).toBe(false);
    const unresolvable = await resolveCampaignScope(
      { savedFilter: 'prod-policies' },
      below,
    );
    expect(inCampaignScope(unresolvable, SUBJECT)).toBe(false);
  });

  it('names the filters on results a campaign scope cannot take', () => {
    expect(resultFiltersOf(FILTERS['prod-policies'])).toEqual([]);
    expect(
      resultFiltersOf({
        kind: ['csi'],
        level: [],
        failingDimension: ['availability'],
        checkId: 'availability.replicas',
        status: 'fail',
      }),
    ).toEqual(['failingDimension', 'checkId', 'status']);
  });
});

describe('an announced campaign', () => {
  const ENFORCE = '2026-03-01T00:00:00.000Z';
  const rule = (
    overrides: Partial<CampaignAnnouncementRule> = {},
  ): CampaignAnnouncementRule => ({
    id: 'webhooks-scoped',
    title: 'Webhooks scoped',
    checks: ['webhook.scope'],
    enforceFrom: ENFORCE,
    scope: {},
    ...overrides,
  });
  const results = [
    result('webhook.scope', 'fail'),
    result('webhook.scope', 'pass', { cluster: 'staging' }),
    result('webhook.timeout', 'fail'),
  ];

  it('counts its checks’ fails as warn until the enforcement date, to the millisecond', () => {
    const before = new Date(Date.parse(ENFORCE) - 1);
    const { value, validBefore } = withTimeBound(() =>
      announceCampaigns(results, [rule()], before),
    );
    expect(value.map(r => [r.checkId, r.cluster, r.status])).toEqual([
      ['webhook.scope', 'prod', 'warn'],
      ['webhook.scope', 'staging', 'pass'],
      ['webhook.timeout', 'prod', 'fail'],
    ]);
    expect(value[0].announced).toEqual({
      campaignId: 'webhooks-scoped',
      title: 'Webhooks scoped',
      enforceFrom: ENFORCE,
    });
    expect(value[0].severity).toBe('critical');
    expect(hardGates(value).map(r => r.checkId)).toEqual(['webhook.timeout']);
    // the flip is reported to the refresh's time bound
    expect(validBefore).toBe(Date.parse(ENFORCE));

    const at = announceCampaigns(results, [rule()], new Date(ENFORCE));
    expect(at).toEqual(results);
    expect(hardGates(at).map(r => r.checkId)).toEqual([
      'webhook.scope',
      'webhook.timeout',
    ]);
  });

  it('counts the earliest enforcement date; one already reached ends the grace', () => {
    const now = new Date('2026-02-01T00:00:00.000Z');
    const later = rule({
      id: 'later',
      enforceFrom: '2026-04-01T00:00:00.000Z',
    });
    expect(
      announceCampaigns(results, [later, rule()], now)[0].announced?.campaignId,
    ).toBe('webhooks-scoped');
    const reached = rule({
      id: 'reached',
      enforceFrom: '2026-01-01T00:00:00.000Z',
    });
    expect(announceCampaigns(results, [later, reached], now)[0].status).toBe(
      'fail',
    );
  });

  it('moves a component’s level exactly at the date (webhook timeout of 30 s)', async () => {
    const f = admissionWebhookFixture(
      await caBundle(NOW, { subject: 'CN=ca', daysFromNow: 300 }),
    );
    (
      f.objects.validatingWebhookConfigurations[0] as any
    ).webhooks[0].timeoutSeconds = 30;
    const enforceFrom = new Date(NOW.getTime() + 86_400_000);
    const campaigns = [
      rule({
        checks: ['webhook.timeout'],
        enforceFrom: enforceFrom.toISOString(),
        scope: { kinds: ['admission-webhook'] },
      }),
    ];
    const evaluateAt = (now: Date) =>
      evaluateComponent(f.component, [f.cluster], {
        evidence: f.evidence,
        campaigns,
        now,
      });
    const before = evaluateAt(new Date(enforceFrom.getTime() - 1));
    expect(resultOf(before, 'webhook.timeout', CLUSTER)).toMatchObject({
      status: 'warn',
      announced: { campaignId: 'webhooks-scoped' },
    });
    expect(before.level).toBe(3);
    const after = evaluateAt(enforceFrom);
    expect(resultOf(after, 'webhook.timeout', CLUSTER).status).toBe('fail');
    expect(
      resultOf(after, 'webhook.timeout', CLUSTER).announced,
    ).toBeUndefined();
    expect(after.level).toBe(1);
    // out of scope: nothing announced
    const other = evaluateComponent(f.component, [f.cluster], {
      evidence: f.evidence,
      campaigns: [{ ...campaigns[0], scope: { kinds: ['csi'] } }],
      now: new Date(enforceFrom.getTime() - 1),
    });
    expect(resultOf(other, 'webhook.timeout', CLUSTER).status).toBe('fail');
  });
});

describe('standing against a goal', () => {
  const waiver = {
    id: 'w1',
    reason: 'moving to a new chart',
    expiresAt: '2026-06-01T00:00:00.000Z',
    approvedBy: 'user:default/hana',
  };

  it('is done when every result of the goal checks passes or does not apply', () => {
    const card = {
      level: 2 as const,
      results: [
        result('availability.pdb', 'pass'),
        result('availability.pdb', 'not-applicable', { cluster: 'staging' }),
        result('availability.replicas', 'fail'),
      ],
    };
    expect(campaignStanding(card, { checks: ['availability.pdb'] })).toEqual({
      status: 'done',
      todo: [],
    });
    expect(
      campaignStanding(card, {
        checks: ['availability.pdb', 'availability.replicas'],
      }),
    ).toEqual({ status: 'open', todo: [card.results[2]] });
  });

  it('does not concern a component none of whose goal checks applies', () => {
    expect(
      campaignStanding(
        { level: 3, results: [result('webhook.scope', 'not-applicable')] },
        { checks: ['webhook.scope', 'csi.node-registrar'] },
      ),
    ).toBeUndefined();
  });

  it('counts waived results apart, and announced ones as still to do', () => {
    const waived = result('webhook.scope', 'fail', { waiver });
    const announced = result('webhook.scope', 'warn', {
      cluster: 'staging',
      announced: {
        campaignId: 'c',
        title: 'c',
        enforceFrom: '2026-03-01T00:00:00.000Z',
      },
    });
    const goal = { checks: ['webhook.scope'] };
    expect(campaignStanding({ level: 2, results: [waived] }, goal)).toEqual({
      status: 'waived',
      todo: [waived],
    });
    expect(
      campaignStanding({ level: 2, results: [waived, announced] }, goal),
    ).toEqual({ status: 'open', todo: [waived, announced] });
  });

  it('judges a level goal by the level, waived when waivers carry it', () => {
    const blocker = result('availability.replicas', 'fail');
    expect(
      campaignStanding({ level: 1, results: [blocker] }, { level: 2 }),
    ).toEqual({ status: 'open', todo: [blocker] });
    const carried = { ...blocker, waiver };
    expect(
      campaignStanding({ level: 2, results: [carried] }, { level: 2 }),
    ).toEqual({ status: 'waived', todo: [carried] });
    expect(
      campaignStanding(
        { level: 3, results: [result('availability.replicas', 'pass')] },
        { level: 2 },
      ),
    ).toEqual({ status: 'done', todo: [] });
    // both: the worse of the two
    expect(
      campaignStanding(
        { level: 3, results: [result('webhook.scope', 'fail')] },
        { level: 2, checks: ['webhook.scope'] },
      )?.status,
    ).toBe('open');
  });
});
