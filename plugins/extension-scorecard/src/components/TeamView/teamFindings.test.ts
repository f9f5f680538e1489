import {
  checkResult,
  componentDetail,
  componentSummary,
  scorecard,
  waiver,
} from '../../__testUtils__/fixtures';
import {
  claimableOrphans,
  comingDeadlines,
  missingResponsibilities,
} from './teamFindings';

const now = new Date('2026-04-20T12:00:00.000Z');

describe('team findings', () => {
  it('lists the responsibilities nobody is named for', () => {
    expect(missingResponsibilities([componentDetail()])).toEqual([
      {
        componentId: 'component:default/kyverno',
        name: 'kyverno',
        missing: ['capacity', 'retirement'],
        message: 'no owner named for capacity, retirement',
      },
    ]);
  });

  it('orders expiries and deadlines soonest first, overdue included, far ones left out', () => {
    const detail = componentDetail({
      scorecard: scorecard({
        certificates: [
          {
            cluster: 'prod-eu',
            source: 'caBundle',
            subject: 'CN=soon',
            notAfter: '2026-04-25T00:00:00.000Z',
          },
          {
            cluster: 'prod-eu',
            source: 'caBundle',
            subject: 'CN=far',
            notAfter: '2027-04-25T00:00:00.000Z',
          },
        ],
        results: [
          checkResult({
            checkId: 'retirement.migration-plan',
            dimension: 'retirement',
            status: 'fail',
            observed: {
              reason: 'deprecated',
              migration: {
                targetDate: '2026-04-01',
                replacement: 'kyverno-next',
              },
            },
          }),
          checkResult({
            checkId: 'retirement.support-window',
            dimension: 'retirement',
            status: 'warn',
            observed: { supportEnds: '2026-06-30', daysLeft: 71 },
          }),
        ],
      }),
    });
    const deadlines = comingDeadlines(
      [detail],
      [
        waiver({
          expiresAt: '2026-05-01T00:00:00.000Z',
          state: 'approved',
          active: true,
        }),
      ],
      now,
    );
    expect(deadlines.map(d => [d.type, d.daysLeft, d.what])).toEqual([
      ['migration', -20, 'migration to kyverno-next'],
      ['certificate', 4, 'CN=soon (prod-eu, caBundle)'],
      ['waiver', 10, 'waiver for webhook.timeout'],
      [
        'support-end',
        70,
        'the declared support window (spec.extension.supportEnds) ends',
      ],
    ]);
    expect(deadlines.find(d => d.type === 'waiver')?.name).toBe('kyverno');
  });

  it('suggests orphans by shared name words, then by kinds the team runs', () => {
    const vault = componentSummary({
      componentId: 'orphan:admission-webhook:vault-agent-injector',
      name: 'vault-agent-injector',
      orphan: true,
      owner: null,
    });
    const kyvernoCleanup = componentSummary({
      componentId: 'orphan:crd-controller:kyverno-cleanup',
      name: 'kyverno-cleanup',
      kind: 'crd-controller',
      orphan: true,
      owner: null,
    });
    const gpu = componentSummary({
      componentId: 'orphan:device-plugin:gpu',
      name: 'gpu',
      kind: 'device-plugin',
      orphan: true,
      owner: null,
    });
    const claimable = claimableOrphans([vault, kyvernoCleanup, gpu], {
      kinds: ['admission-webhook'],
      names: ['kyverno', 'gatekeeper'],
    });
    expect(claimable.map(c => [c.orphan.name, c.reason])).toEqual([
      [
        'vault-agent-injector',
        'Admission webhook: a kind the team already runs',
      ],
      [
        'kyverno-cleanup',
        'name shares “kyverno” with an extension the team owns',
      ],
    ]);
  });
});

describe('certificate deadlines', () => {
  it('lists a CA found in several caBundles once per cluster', () => {
    const notAfter = '2026-04-24T00:00:00.000Z';
    const detail = componentDetail({
      scorecard: scorecard({
        results: [],
        certificates: [
          'webhooks[0]',
          'webhooks[1]',
          'mutating webhooks[0]',
        ].map(source => ({
          cluster: 'prod-eu',
          source,
          subject: 'CN=gatekeeper-ca',
          notAfter,
        })),
      }),
    });
    expect(comingDeadlines([detail], [], now).map(d => d.what)).toEqual([
      'CN=gatekeeper-ca (prod-eu, 3 places)',
    ]);
  });
});
