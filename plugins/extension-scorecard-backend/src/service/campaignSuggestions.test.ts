import type {
  CheckDefinition,
  ClusterUpgradeReadiness,
  UpgradeFinding,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { result, scorecard } from '../store/__testUtils__/scorecards';
import type { StoredCampaign } from '../store';
import { campaignSuggestions } from './campaignSuggestions';

const NOW = new Date('2026-12-05T14:30:00.000Z');

const DEFINITIONS: CheckDefinition[] = [
  {
    id: 'availability.replicas',
    dimension: 'availability',
    severity: 'high',
    title: 'At least two replicas',
    remediation: 'Run two replicas with anti-affinity.',
  },
  {
    id: 'webhook.scope',
    dimension: 'failure-boundary',
    severity: 'critical',
    title: 'Webhooks exclude kube-system',
    kinds: ['admission-webhook'],
  },
  {
    id: 'upgrade.deprecated-api',
    dimension: 'upgrade',
    severity: 'high',
    title: 'No removed APIs in use',
  },
];

const fail = (checkId: string) => result(checkId, 'fail');
const CARDS = [
  scorecard('component:default/a1', {
    owner: 'group:default/team-a',
    results: [fail('availability.replicas'), fail('webhook.scope')],
  }),
  scorecard('component:default/b1', {
    owner: 'group:default/team-b',
    results: [fail('availability.replicas'), fail('webhook.scope')],
  }),
  scorecard('component:default/c1', {
    owner: 'group:default/team-c',
    results: [
      fail('availability.replicas'),
      // waived: not counted
      {
        ...fail('webhook.scope'),
        waiver: {
          id: 'w',
          reason: 'moving',
          expiresAt: '2027-01-01T00:00:00.000Z',
          approvedBy: 'user:default/x',
        },
      },
    ],
  }),
  // one team only: not suggested
  scorecard('component:default/c2', {
    owner: 'group:default/team-c',
    results: [fail('ownership.design-record')],
  }),
  scorecard('orphan:prod/x', { results: [fail('ownership.design-record')] }),
];

function finding(overrides: Partial<UpgradeFinding>): UpgradeFinding {
  return {
    severity: 'blocker',
    category: 'removed-api',
    checkId: 'upgrade.deprecated-api',
    componentId: 'component:default/a1',
    componentName: 'a1',
    owner: 'group:default/team-a',
    object: 'FlowSchema a1',
    apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta3',
    source: 'managed-fields',
    sourceDetail: 'a1-controller',
    removedIn: '1.32',
    replacement: 'flowcontrol.apiserver.k8s.io/v1',
    message: 'applied as v1beta3',
    ...overrides,
  };
}

function cluster(
  name: string,
  target: string,
  findings: UpgradeFinding[],
): ClusterUpgradeReadiness {
  return {
    cluster: name,
    currentVersion: '1.31',
    targetVersion: target,
    state: findings.some(f => f.severity === 'blocker') ? 'blocked' : 'ready',
    reason: null,
    blockers: findings.filter(f => f.severity === 'blocker').length,
    warnings: 0,
    unknowns: 0,
    sources: [],
    findings,
  } as ClusterUpgradeReadiness;
}

const UPGRADE = [
  cluster('prod-eu', '1.32', [
    finding({}),
    finding({
      componentId: 'component:default/b1',
      owner: 'group:default/team-b',
    }),
    // warnings and findings without a component are not campaign material
    finding({ severity: 'warning', componentId: 'component:default/c1' }),
    finding({ componentId: null, owner: null }),
  ]),
  cluster('staging-us', '1.32', [finding({})]),
  cluster('edge', '1.33', []),
];

describe('suggested campaigns', () => {
  it('offer the next minor’s blockers and checks failing across teams, most teams first', () => {
    const items = campaignSuggestions({
      upgrade: UPGRADE,
      scorecards: CARDS,
      definitions: DEFINITIONS,
      open: [],
      now: NOW,
    });
    expect(
      items.map(i => [i.source, i.draft.title, i.teams, i.components]),
    ).toEqual([
      ['upgrade', 'Ready for Kubernetes 1.32', 2, 2],
      ['failing-check', 'At least two replicas', 3, 3],
      ['failing-check', 'Webhooks exclude kube-system', 2, 2],
    ]);
    expect(items[0]).toMatchObject({
      reason:
        'The next-minor report finds 3 blockers for Kubernetes 1.32 in 2 components of 2 teams (prod-eu, staging-us).',
      draft: {
        goal: { checks: ['upgrade.deprecated-api'] },
        scope: {
          components: ['component:default/a1', 'component:default/b1'],
          clusters: ['prod-eu', 'staging-us'],
        },
        startsAt: '2026-12-05T00:00:00.000Z',
        enforceFrom: '2027-01-04T00:00:00.000Z',
        deadline: '2027-02-03T00:00:00.000Z',
      },
    });
    // a check that applies to some kinds keeps its campaign to them
    expect(items[2].draft.scope).toEqual({ kinds: ['admission-webhook'] });
    expect(items[1].draft.why).toContain(
      'Run two replicas with anti-affinity.',
    );
  });

  it('leave out what an open campaign or an upgrade suggestion drives already', () => {
    const withSkew = campaignSuggestions({
      upgrade: UPGRADE,
      scorecards: [
        ...CARDS,
        ...['team-a', 'team-b'].map(team =>
          scorecard(`component:default/${team}-x`, {
            owner: `group:default/${team}`,
            results: [fail('upgrade.deprecated-api')],
          }),
        ),
      ],
      definitions: DEFINITIONS,
      open: [],
      now: NOW,
    });
    expect(withSkew.map(i => i.draft.title)).toEqual([
      'Ready for Kubernetes 1.32',
      'At least two replicas',
      'Webhooks exclude kube-system',
    ]);
    expect(withSkew[1].reason).toBe(
      'availability.replicas fails on 3 components of 3 teams (team-a, team-b, team-c).',
    );
    const open = [
      { goal: { checks: ['availability.replicas', 'upgrade.deprecated-api'] } },
    ] as StoredCampaign[];
    const items = campaignSuggestions({
      upgrade: UPGRADE,
      scorecards: CARDS,
      definitions: DEFINITIONS,
      open,
      now: NOW,
    });
    expect(items.map(i => i.draft.title)).toEqual([
      'Webhooks exclude kube-system',
    ]);
  });
});
