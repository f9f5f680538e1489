import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import type { RawDatabase } from '../store/__testUtils__/rawDatabase';
import { createScorecardStores, type ScorecardStores } from '../store';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from '../store/__testUtils__/databases';
import { result, scorecard } from '../store/__testUtils__/scorecards';
import type { WrittenSnapshot } from './assembleSnapshot';
import {
  readNotificationSettings,
  ScorecardNotifier,
  snapshotNotices,
} from './notifications';

const NOW = new Date('2025-05-01T00:00:00.000Z');
const settings = readNotificationSettings(new ConfigReader({}), 30);

function written(overrides: Partial<WrittenSnapshot> = {}): WrittenSnapshot {
  const card = scorecard('component:default/alpha', {
    results: [
      result('retirement.migration-plan', 'warn', {
        observed: {
          reason: 'lifecycle deprecated',
          migration: {
            replacement: 'gamma',
            owner: 'group:default/team-b',
            targetDate: '2025-05-20',
          },
        },
      }),
    ],
  });
  card.certificates = [
    {
      cluster: 'prod',
      source:
        'ValidatingWebhookConfiguration/alpha/webhooks[0].clientConfig.caBundle',
      subject: 'CN=alpha-webhook',
      notAfter: '2025-05-21T00:00:00.000Z',
      daysLeft: 20,
    },
    {
      cluster: 'prod',
      source: 'Certificate/alpha-serving',
      notAfter: '2026-01-01',
      daysLeft: 245,
    },
  ];
  const orphan = scorecard('orphan:prod/x', { results: [] });
  orphan.certificates = [
    { cluster: 'prod', source: 'x', daysLeft: 1, notAfter: '2025-05-02' },
  ];
  return {
    snapshotId: 7,
    takenAt: NOW.toISOString(),
    added: [],
    removed: [],
    changed: 1,
    unchanged: 0,
    levelChanges: [
      {
        componentId: 'component:default/alpha',
        owner: 'group:default/team-a',
        name: 'alpha',
        from: 2,
        to: 1,
      },
      {
        componentId: 'component:default/beta',
        owner: 'group:default/team-b',
        name: 'beta',
        from: 1,
        to: 2,
      },
    ],
    scorecards: [card, orphan],
    ...overrides,
  };
}

const waiver = {
  id: 'w1',
  component: 'component:default/alpha',
  checkId: 'webhook.timeout',
  cluster: null,
  reason: 'vendor fix pending',
  expiresAt: '2025-05-10T00:00:00.000Z',
  state: 'approved' as const,
  requestedBy: 'user:default/ana',
  requestedAt: '2025-04-01T00:00:00.000Z',
  decidedBy: 'user:default/carla',
  decidedAt: '2025-04-02T00:00:00.000Z',
  owner: 'group:default/team-a',
};

describe('snapshotNotices', () => {
  it('announces expiring certificates, waivers, migration deadlines and level drops to owners', () => {
    const notices = snapshotNotices(written(), [waiver], settings, NOW);
    expect(notices.map(n => [n.key.split(':')[0], n.owner])).toEqual([
      ['certificate', 'group:default/team-a'],
      ['migration', 'group:default/team-a'],
      ['waiver', 'group:default/team-a'],
      ['level-drop', 'group:default/team-a'],
    ]);
    expect(notices[0].title).toBe(
      'alpha: certificate CN=alpha-webhook expires in 20 days (2025-05-21)',
    );
    expect(notices[1].title).toBe('alpha: migration deadline in 19 days');
    expect(notices[3].title).toMatch(/dropped from L2 safe boundary to L1/);
  });

  it('sends one notice per component and certificate, listing where it is used', () => {
    const ca = {
      subject: 'CN=kyverno-ca',
      issuer: 'CN=kyverno-ca',
      notAfter: '2025-04-28T00:00:00.000Z',
      daysLeft: -3,
      fingerprint: 'AA:BB:CC',
    };
    const card = scorecard('component:default/kyverno', { results: [] });
    card.certificates = [
      ...[0, 1, 2].map(i => ({
        cluster: 'prod',
        source: `ValidatingWebhookConfiguration/kyverno/webhooks[${i}].clientConfig.caBundle`,
        ...ca,
      })),
      {
        cluster: 'staging',
        source:
          'ValidatingWebhookConfiguration/kyverno/webhooks[0].clientConfig.caBundle',
        ...ca,
      },
      {
        // another certificate with the same subject is another notice
        cluster: 'prod',
        source: 'APIService/v1.reports.kyverno.io/spec.caBundle',
        ...ca,
        notAfter: '2025-05-04T00:00:00.000Z',
        daysLeft: 3,
        fingerprint: 'DD:EE:FF',
      },
    ];
    const notices = snapshotNotices(
      written({ scorecards: [card], levelChanges: [] }),
      [],
      settings,
      NOW,
    );
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatchObject({
      key: 'certificate:component:default/kyverno:AA:BB:CC:2025-04-28T00:00:00.000Z',
      severity: 'critical',
      title:
        'kyverno: certificate CN=kyverno-ca expired 3 days ago (2025-04-28)',
    });
    expect(notices[0].description).toBe(
      'CN=kyverno-ca is valid until 2025-04-28T00:00:00.000Z. It is used in 4 places: ' +
        'ValidatingWebhookConfiguration/kyverno/webhooks[0].clientConfig.caBundle in prod; ' +
        'ValidatingWebhookConfiguration/kyverno/webhooks[1].clientConfig.caBundle in prod; ' +
        'ValidatingWebhookConfiguration/kyverno/webhooks[2].clientConfig.caBundle in prod; ' +
        'ValidatingWebhookConfiguration/kyverno/webhooks[0].clientConfig.caBundle in staging.',
    );
    expect(notices[1]).toMatchObject({
      title:
        'kyverno: certificate CN=kyverno-ca expires in 3 days (2025-05-04)',
      description: expect.stringMatching(
        /It is used in APIService\/v1.reports.kyverno.io\/spec.caBundle in prod\.$/,
      ),
    });
  });

  it('tells certificates without a fingerprint apart by subject and expiry', () => {
    const card = scorecard('component:default/alpha', { results: [] });
    card.certificates = [
      {
        cluster: 'prod',
        source: 'Certificate/alpha/serving/status.notAfter',
        subject: 'alpha.svc',
        issuer: 'Issuer/selfsigned',
        notAfter: '2025-05-03T00:00:00.000Z',
        daysLeft: 2,
      },
      {
        cluster: 'staging',
        source: 'Certificate/alpha/serving/status.notAfter',
        subject: 'alpha.svc',
        issuer: 'Issuer/selfsigned',
        notAfter: '2025-05-09T00:00:00.000Z',
        daysLeft: 8,
      },
    ];
    const notices = snapshotNotices(
      written({ scorecards: [card], levelChanges: [] }),
      [],
      settings,
      NOW,
    );
    expect(notices.map(n => n.description)).toEqual([
      'alpha.svc, issued by Issuer/selfsigned, is valid until 2025-05-03T00:00:00.000Z. It is used in Certificate/alpha/serving/status.notAfter in prod.',
      'alpha.svc, issued by Issuer/selfsigned, is valid until 2025-05-09T00:00:00.000Z. It is used in Certificate/alpha/serving/status.notAfter in staging.',
    ]);
  });

  it('honours the switches and thresholds', () => {
    const off = readNotificationSettings(
      new ConfigReader({
        extensionScorecard: {
          notifications: {
            certificates: { warnDays: 10 },
            migrations: { enabled: false },
            levelDrops: { enabled: false },
          },
        },
      }),
      30,
    );
    expect(
      snapshotNotices(written(), [waiver], off, NOW).map(
        n => n.key.split(':')[0],
      ),
    ).toEqual(['waiver']);
    const disabled = readNotificationSettings(
      new ConfigReader({
        extensionScorecard: { notifications: { enabled: false } },
      }),
      30,
    );
    expect(snapshotNotices(written(), [waiver], disabled, NOW)).toEqual([]);
    expect(() =>
      readNotificationSettings(
        new ConfigReader({
          extensionScorecard: {
            notifications: { waivers: { withinDays: -1 } },
          },
        }),
        30,
      ),
    ).toThrow(/notifications.waivers.withinDays/);
  });
});

const databases = scorecardTestDatabases();

describe.each(databases.ids)('ScorecardNotifier on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);
  let knex: RawDatabase;
  let stores: ScorecardStores;

  beforeEach(() => {
    knex = database.get();
    stores = createScorecardStores(knex);
  });

  it('sends each notice once, to the owning group', async () => {
    const notifications = { send: jest.fn().mockResolvedValue(undefined) };
    const notifier = new ScorecardNotifier({
      notifications,
      stores,
      settings,
      logger: mockServices.logger.mock(),
      now: () => NOW,
    });
    expect(await notifier.notify(written())).toBe(3);
    expect(notifications.send).toHaveBeenCalledWith({
      recipients: { type: 'entity', entityRef: 'group:default/team-a' },
      payload: expect.objectContaining({
        title:
          'alpha: certificate CN=alpha-webhook expires in 20 days (2025-05-21)',
        topic: 'extension-scorecard',
        link: '/catalog/default/component/alpha/extension-scorecard',
      }),
    });
    expect(await notifier.notify(written())).toBe(0);
    expect(await notifier.notify(written({ snapshotId: 8 }))).toBe(1);
  });

  it('sends a CA found in several caBundles once', async () => {
    const notifications = { send: jest.fn().mockResolvedValue(undefined) };
    const notifier = new ScorecardNotifier({
      notifications,
      stores,
      settings,
      logger: mockServices.logger.mock(),
      now: () => NOW,
    });
    const snapshot = written({ levelChanges: [] });
    const [card] = snapshot.scorecards;
    card.results = [];
    card.certificates = [0, 1, 2].map(i => ({
      cluster: 'prod',
      source: `MutatingWebhookConfiguration/alpha/webhooks[${i}].clientConfig.caBundle`,
      subject: 'CN=alpha-ca',
      notAfter: '2025-04-30T00:00:00.000Z',
      daysLeft: -1,
      fingerprint: '01:02:03',
    }));
    expect(await notifier.notify(snapshot)).toBe(1);
    expect(notifications.send).toHaveBeenCalledTimes(1);
    expect(notifications.send.mock.calls[0][0].payload).toMatchObject({
      title: 'alpha: certificate CN=alpha-ca expired 1 day ago (2025-04-30)',
      severity: 'critical',
      description: expect.stringContaining('It is used in 3 places'),
    });
  });

  it('retries a notice whose sending failed', async () => {
    const notifications = {
      send: jest
        .fn()
        .mockRejectedValueOnce(new Error('notifications down'))
        .mockResolvedValue(undefined),
    };
    const notifier = new ScorecardNotifier({
      notifications,
      stores,
      settings,
      logger: mockServices.logger.mock(),
      now: () => NOW,
    });
    expect(await notifier.notify(written())).toBe(2);
    expect(await notifier.notify(written())).toBe(1);
  });
});
