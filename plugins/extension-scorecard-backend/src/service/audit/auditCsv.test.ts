import { result, scorecard } from '../../store/__testUtils__/scorecards';
import { auditCsv, componentRows, spreadsheetSafe } from './auditCsv';

const report = {
  quarter: '2025-Q2',
  snapshot: { id: 9, takenAt: '2025-06-30T23:00:00.000Z' },
};

describe('auditCsv', () => {
  it('writes one row per component and check, worst status first', () => {
    const card = scorecard('component:default/alpha', {
      level: 2,
      results: [
        result('cert.expiry', 'pass', { cluster: 'staging' }),
        result('cert.expiry', 'fail', {
          cluster: 'prod',
          message: 'expired 2 days ago, renew it',
          waiver: {
            id: 'w1',
            reason: 'r',
            expiresAt: '2025-07-01T00:00:00Z',
            approvedBy: 'user:default/carla',
          },
        }),
        result('ownership.owner-exists', 'pass'),
      ],
    });
    const rows = componentRows(report, card, 1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      quarter: '2025-Q2',
      snapshot_id: 9,
      component_id: 'component:default/alpha',
      level: 2,
      previous_level: 1,
      check_id: 'cert.expiry',
      status: 'fail',
      cluster_statuses: 'prod=fail; staging=pass',
      waived: 'yes',
      waiver_id: 'w1',
    });
    expect(rows[1]).toMatchObject({
      check_id: 'ownership.owner-exists',
      cluster_statuses: '*=pass',
      waived: 'no',
    });

    const lines = auditCsv(
      report,
      [card],
      new Map([['component:default/alpha', 1]]),
    )
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0].split(',')).toHaveLength(21);
    // a message with a comma is quoted (RFC 4180)
    expect(lines[1]).toContain('"expired 2 days ago, renew it"');
  });

  it('keeps spreadsheet formulas from running', () => {
    expect(spreadsheetSafe('=HYPERLINK("http://x")')).toBe(
      '\'=HYPERLINK("http://x")',
    );
    expect(spreadsheetSafe('-1 day')).toBe("'-1 day");
    expect(spreadsheetSafe('plain text')).toBe('plain text');
    const card = scorecard('component:default/beta', {
      name: '@evil',
      results: [result('webhook.timeout', 'warn', { message: '+cmd|calc' })],
    });
    expect(componentRows(report, card, undefined)[0]).toMatchObject({
      component_name: "'@evil",
      message: "'+cmd|calc",
      previous_level: '',
    });
  });
});
