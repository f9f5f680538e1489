import type {
  CheckResult,
  Waiver,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { defaultReferenceTables } from '../reference';
import { caBundle } from '../checks/__testUtils__/certificates';
import {
  evaluateComponent,
  NOW,
  resultOf,
} from '../checks/__testUtils__/components';
import {
  admissionWebhookFixture,
  CLUSTER,
  cniFixture,
  type Fixture,
} from '../checks/__testUtils__/fixtures';
import { assessLevel, hardGates, worstByDimension } from './levels';
import { computeScore } from './score';
import { applyWaivers, isWaiverActive } from './waivers';

function result(
  checkId: string,
  status: CheckResult['status'],
  extra: Partial<CheckResult> = {},
): CheckResult {
  const prefixes: Array<[string, CheckResult['dimension']]> = [
    ['ownership', 'ownership'],
    ['experiments', 'experiments'],
    ['observability', 'observability'],
    ['retirement', 'retirement'],
    ['cert', 'certificates'],
    ['rbac', 'rbac'],
  ];
  const dimension =
    prefixes.find(([prefix]) => checkId.startsWith(prefix))?.[1] ??
    'failure-boundary';
  return {
    checkId,
    dimension,
    severity: 'high',
    status,
    cluster: null,
    message: `${checkId} says ${status}`,
    remediation: '',
    ...extra,
  };
}

function waiver(overrides: Partial<Waiver> = {}): Waiver {
  return {
    id: 'w-1',
    component: 'component:default/kyverno',
    checkId: 'webhook.timeout',
    cluster: null,
    reason: 'vendor default until 1.14',
    expiresAt: '2026-03-01T00:00:00Z',
    state: 'approved',
    requestedBy: 'user:default/alice',
    requestedAt: '2026-01-01T00:00:00Z',
    decidedBy: 'user:default/bob',
    decidedAt: '2026-01-02T00:00:00Z',
    ...overrides,
  };
}

describe('waivers', () => {
  it('count only when approved and not expired', () => {
    expect(isWaiverActive(waiver(), NOW)).toBe(true);
    expect(
      isWaiverActive(waiver({ expiresAt: '2026-01-15T11:59:59Z' }), NOW),
    ).toBe(false);
    expect(isWaiverActive(waiver({ state: 'requested' }), NOW)).toBe(false);
    expect(isWaiverActive(waiver({ state: 'revoked' }), NOW)).toBe(false);
    expect(isWaiverActive(waiver({ expiresAt: 'never' }), NOW)).toBe(false);
  });

  it('mark non-passing results, which keep their status', () => {
    const results = [
      result('webhook.timeout', 'fail', { cluster: 'prod-eu' }),
      result('webhook.timeout', 'warn', { cluster: 'staging-us' }),
      result('webhook.scope', 'fail'),
    ];
    const waived = applyWaivers(results, [waiver()], NOW);
    expect(waived[0]).toMatchObject({
      status: 'fail',
      waiver: {
        id: 'w-1',
        reason: 'vendor default until 1.14',
        expiresAt: '2026-03-01T00:00:00Z',
        approvedBy: 'user:default/bob',
      },
    });
    expect(waived[1].waiver?.id).toBe('w-1');
    expect(waived[2].waiver).toBeUndefined();
  });

  it('may cover one cluster only, and prefer the cluster-specific waiver', () => {
    const results = [
      result('webhook.timeout', 'fail', { cluster: 'prod-eu' }),
      result('webhook.timeout', 'fail', { cluster: 'staging-us' }),
    ];
    const waived = applyWaivers(
      results,
      [waiver({ id: 'all' }), waiver({ id: 'prod', cluster: 'prod-eu' })],
      NOW,
    );
    expect(waived.map(r => r.waiver?.id)).toEqual(['prod', 'all']);
    const onlyProd = applyWaivers(
      results,
      [waiver({ cluster: 'prod-eu' })],
      NOW,
    );
    expect(onlyProd.map(r => !!r.waiver)).toEqual([true, false]);
  });

  it('never turn a pass into a waived result', () => {
    expect(
      applyWaivers([result('webhook.timeout', 'pass')], [waiver()], NOW)[0]
        .waiver,
    ).toBeUndefined();
  });

  it('stop counting by themselves once expired', async () => {
    const f = admissionWebhookFixture(
      await caBundle(NOW, { subject: 'CN=ca', daysFromNow: 300 }),
    );
    (
      f.objects.validatingWebhookConfigurations[0] as any
    ).webhooks[0].timeoutSeconds = 30;
    const waivers = [waiver()];
    const before = evaluateComponent(f.component, [f.cluster], {
      evidence: f.evidence,
      waivers,
    });
    expect(resultOf(before, 'webhook.timeout', CLUSTER)).toMatchObject({
      status: 'fail',
      waiver: { id: 'w-1' },
    });
    expect(before.level).toBe(3);
    const later = new Date('2026-03-02T00:00:00Z');
    const after = evaluateComponent(f.component, [f.cluster], {
      evidence: f.evidence,
      waivers,
      now: later,
    });
    expect(resultOf(after, 'webhook.timeout', CLUSTER).waiver).toBeUndefined();
    expect(after.level).toBe(1);
  });
});

describe('readiness levels', () => {
  const ladder = (results: CheckResult[]) => assessLevel(results);
  const owned = [
    result('ownership.owner-exists', 'pass'),
    result('ownership.design-record', 'warn'),
    result('ownership.responsibilities', 'warn'),
  ];
  const proven = [
    result('experiments.required', 'pass'),
    result('experiments.evidence-complete', 'pass'),
    result('observability.metrics', 'pass'),
    result('retirement.migration-plan', 'pass'),
  ];

  it('L0 while unowned, and says why', () => {
    expect(
      ladder([
        result('ownership.owner-exists', 'fail', {
          message:
            'orphan: MutatingWebhookConfiguration/vault-agent-injector-cfg in prod-eu claimed by no catalog entity',
        }),
      ]),
    ).toEqual({
      level: 0,
      nextLevelBlockers: [
        'ownership.owner-exists fails: orphan: MutatingWebhookConfiguration/vault-agent-injector-cfg in prod-eu claimed by no catalog entity',
      ],
    });
    expect(
      ladder([...owned.slice(0, 1), result('ownership.design-record', 'fail')])
        .level,
    ).toBe(0);
  });

  it('L1 when owned and declared; a fail or unknown in the boundary dimensions keeps it there', () => {
    expect(
      ladder([
        ...owned,
        result('webhook.scope', 'fail', { cluster: 'prod-eu', message: 'x' }),
      ]),
    ).toEqual({
      level: 1,
      nextLevelBlockers: ['webhook.scope fails in prod-eu: x'],
    });
    expect(
      ladder([
        ...owned,
        result('rbac.pod-exec', 'unknown', {
          cluster: 'prod-eu',
          message: 'y',
        }),
      ]).nextLevelBlockers,
    ).toEqual(['rbac.pod-exec cannot be verified in prod-eu: y']);
  });

  it('lists what keeps it from the next level worst first: fails by severity, then unknowns', () => {
    expect(
      ladder([
        ...owned,
        result('availability.replicas', 'fail', { message: 'replicas' }),
        result('rbac.secrets', 'unknown', {
          severity: 'critical',
          message: 'unread',
        }),
        result('availability.pdb', 'fail', {
          severity: 'medium',
          message: 'pdb',
        }),
        result('cert.expiry', 'fail', {
          severity: 'critical',
          cluster: 'prod-eu',
          message: 'expired',
        }),
      ]).nextLevelBlockers,
    ).toEqual([
      'cert.expiry fails in prod-eu: expired',
      'availability.replicas fails: replicas',
      'availability.pdb fails: pdb',
      'rbac.secrets cannot be verified: unread',
    ]);
  });

  it('L2 with only warnings at the boundary; L3 needs fresh passed experiments, observability and retirement in place', () => {
    expect(
      ladder([
        ...owned,
        result('webhook.timeout', 'warn'),
        result('experiments.required', 'warn'),
      ]).level,
    ).toBe(2);
    expect(
      ladder([...owned, result('webhook.timeout', 'warn'), ...proven]).level,
    ).toBe(3);
    expect(
      ladder([
        ...owned,
        ...proven.slice(1),
        result('experiments.required', 'fail'),
      ]).level,
    ).toBe(2);
    expect(
      ladder([
        ...owned,
        ...proven,
        result('experiments.evidence-complete', 'warn'),
      ]).level,
    ).toBe(2);
    expect(
      ladder([...owned, ...proven, result('observability.alerts', 'warn')])
        .level,
    ).toBe(2);
    expect(
      ladder([...owned, ...proven, result('retirement.support-window', 'fail')])
        .level,
    ).toBe(2);
    expect(
      ladder([...owned, ...proven, result('retirement.support-window', 'warn')])
        .level,
    ).toBe(3);
  });

  it('lets a waived result through but keeps it visible', () => {
    const waived = result('webhook.scope', 'fail', {
      waiver: {
        id: 'w',
        reason: 'r',
        expiresAt: '2026-03-01',
        approvedBy: 'b',
      },
      severity: 'critical',
    });
    expect(ladder([...owned, waived, ...proven]).level).toBe(3);
    expect(hardGates([waived])).toEqual([]);
    expect(worstByDimension([waived])).toEqual({ 'failure-boundary': 'fail' });
  });

  it('reports critical fails as hard gates apart from the level', () => {
    const critical = result('rbac.cluster-admin', 'fail', {
      severity: 'critical',
    });
    expect(hardGates([critical, result('rbac.wildcards', 'fail')])).toEqual([
      critical,
    ]);
  });

  it('takes the worst status per dimension', () => {
    expect(
      worstByDimension([
        result('rbac.a', 'pass'),
        result('rbac.b', 'unknown'),
        result('rbac.c', 'warn'),
        result('cert.a', 'not-applicable'),
        result('cert.b', 'pass'),
      ]),
    ).toEqual({ rbac: 'unknown', certificates: 'pass' });
  });
});

describe('score', () => {
  const scoring = defaultReferenceTables().scoring;
  it('is the severity-weighted mean of points, without not-applicable results', () => {
    // critical pass 10×1, high warn 5×0.5, medium fail 3×0, info ignored, n/a ignored → 12.5 / 18
    const results = [
      result('a', 'pass', { severity: 'critical' }),
      result('b', 'warn', { severity: 'high' }),
      result('c', 'fail', { severity: 'medium' }),
      result('d', 'fail', { severity: 'info' }),
      result('e', 'not-applicable', { severity: 'critical' }),
    ];
    expect(computeScore(results, scoring)).toBe(69);
  });
  it('counts unknown as nothing and a waived fail as half', () => {
    expect(
      computeScore([result('a', 'unknown'), result('b', 'pass')], scoring),
    ).toBe(50);
    expect(
      computeScore(
        [
          result('a', 'fail', {
            waiver: { id: 'w', reason: '', expiresAt: '', approvedBy: null },
          }),
        ],
        scoring,
      ),
    ).toBe(50);
  });
  it('is 0 with nothing to count', () => {
    expect(computeScore([], scoring)).toBe(0);
  });
});

describe('scorecards', () => {
  let fx: Fixture;
  beforeAll(() => {
    fx = cniFixture();
  });
  it('carry identity, clusters, owner and lifecycle', () => {
    const scorecard = evaluateComponent(fx.component, [fx.cluster], {
      evidence: fx.evidence,
    });
    expect(scorecard).toMatchObject({
      componentId: 'component:default/calico',
      name: 'calico',
      kind: 'cni',
      owner: 'group:default/team-platform',
      lifecycle: 'production',
      orphan: false,
      clusters: [CLUSTER],
      level: 3,
      score: 100,
      hardGates: [],
      nextLevelBlockers: [],
    });
    expect(scorecard.dimensions).toMatchObject({
      ownership: 'pass',
      'failure-boundary': 'pass',
      certificates: 'not-applicable',
    });
  });
});
