import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { createScorecardStores, type ScorecardStores } from '../store';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from '../store/__testUtils__/databases';
import {
  component,
  result,
  scorecard,
  snapshotOf,
} from '../store/__testUtils__/scorecards';
import type { StoredCampaign } from '../store';
import { storedCampaign } from '../store/__testUtils__/campaigns';
import type { WrittenSnapshot } from './assembleSnapshot';
import { campaignNotices, remindersDueSince } from './campaignNotices';
import { readNotificationSettings, ScorecardNotifier } from './notifications';

const CAMPAIGN: StoredCampaign = storedCampaign('timeouts', {
  title: 'Webhook timeouts under 10 s',
});

const WAIVER = {
  id: 'w1',
  reason: 'raised while the backend moves',
  expiresAt: '2025-07-01T00:00:00.000Z',
  approvedBy: 'user:default/carla',
};

/** alpha (team-a) and delta (team-b) are open; gamma is waived, beta done, the orphan has no owner. */
const CARDS = [
  scorecard('component:default/alpha', {
    results: [result('webhook.timeout', 'fail')],
  }),
  scorecard('component:default/beta', {
    results: [result('webhook.timeout', 'pass')],
  }),
  scorecard('component:default/gamma', {
    owner: 'group:default/team-b',
    results: [{ ...result('webhook.timeout', 'warn'), waiver: WAIVER }],
  }),
  scorecard('component:default/delta', {
    owner: 'group:default/team-b',
    results: [result('webhook.timeout', 'fail')],
  }),
  scorecard('orphan:prod/x', {
    results: [result('webhook.timeout', 'fail')],
  }),
];

/** CARDS as written in snapshot `snapshotId` at `takenAt`. */
const writtenAt = (snapshotId: number, takenAt: Date): WrittenSnapshot => ({
  snapshotId,
  takenAt: takenAt.toISOString(),
  added: [],
  removed: [],
  changed: 0,
  unchanged: CARDS.length,
  levelChanges: [],
  scorecards: CARDS,
});

const at = (date: string, campaign = CAMPAIGN) =>
  campaignNotices(CARDS, [{ campaign, scope: {} }], new Date(date)).map(
    n => `${n.owner} ${n.key.split(':').slice(2, 3)} | ${n.title}`,
  );

describe('campaign reminders', () => {
  it('go to the teams with open items, each event in its window', () => {
    expect(at('2025-03-31T23:59:59.999Z')).toEqual([]);
    expect(at('2025-05-01T00:00:00.000Z')).toEqual([
      'group:default/team-a started | Campaign started: Webhook timeouts under 10 s',
      'group:default/team-b started | Campaign started: Webhook timeouts under 10 s',
    ]);
    expect(at('2025-05-12T00:00:00.000Z')).toEqual([
      'group:default/team-a started | Campaign started: Webhook timeouts under 10 s',
      'group:default/team-a enforced | Campaign enforced: Webhook timeouts under 10 s',
      'group:default/team-b started | Campaign started: Webhook timeouts under 10 s',
      'group:default/team-b enforced | Campaign enforced: Webhook timeouts under 10 s',
    ]);
    expect(at('2025-05-20T00:00:00.000Z').filter(n => /due/.test(n))).toEqual([
      'group:default/team-a due-14d | Campaign due in 11 days: Webhook timeouts under 10 s',
      'group:default/team-b due-14d | Campaign due in 11 days: Webhook timeouts under 10 s',
    ]);
    expect(at('2025-05-29T00:00:00.000Z').filter(n => /due/.test(n))).toEqual([
      'group:default/team-a due-2d | Campaign due in 2 days: Webhook timeouts under 10 s',
      'group:default/team-b due-2d | Campaign due in 2 days: Webhook timeouts under 10 s',
    ]);
    expect(at('2025-05-31T00:00:00.000Z')).toEqual([
      'group:default/team-a missed | Campaign deadline missed: Webhook timeouts under 10 s',
      'group:default/team-b missed | Campaign deadline missed: Webhook timeouts under 10 s',
    ]);
    expect(
      at('2025-05-12T00:00:00.000Z', { ...CAMPAIGN, state: 'closed' }),
    ).toEqual([]);
  });

  it('say what is open and point at the campaign', () => {
    const [notice] = campaignNotices(
      CARDS,
      [{ campaign: CAMPAIGN, scope: { owners: ['group:default/team-b'] } }],
      new Date('2025-05-12T00:00:00.000Z'),
    );
    expect(notice).toEqual({
      key: 'campaign:timeouts:started:2025-04-01T00:00:00.000Z:group:default/team-b',
      owner: 'group:default/team-b',
      componentId: '',
      link: '/extension-scorecard/campaigns/timeouts',
      severity: 'normal',
      title: 'Campaign started: Webhook timeouts under 10 s',
      description:
        "1 of your team's extensions has to pass webhook.timeout by 2025-05-31. Open: delta.",
    });
  });
});

describe('reminders due since a snapshot', () => {
  const due = (since: string, now: string, campaign = CAMPAIGN) =>
    remindersDueSince([campaign], Date.parse(since), Date.parse(now)).map(
      d => d.due,
    );

  it('are the events whose window opened after it', () => {
    // the snapshot at 02:00 on the 28th, the two-day window opens at 00:00 on the 29th
    expect(due('2025-05-28T02:00:00.000Z', '2025-05-29T09:00:00.000Z')).toEqual(
      [
        'timeouts|2025-04-01T00:00:00.000Z|started:2025-04-01T00:00:00.000Z,enforced:2025-05-10T00:00:00.000Z,due-2d:2025-05-31T00:00:00.000Z',
      ],
    );
    // the snapshot after it sent them
    expect(due('2025-05-29T02:00:00.000Z', '2025-05-29T09:00:00.000Z')).toEqual(
      [],
    );
    // enforcement from 00:00 on the 10th, the snapshot at 23:00 on the 9th
    expect(
      due('2025-05-09T23:00:00.000Z', '2025-05-10T00:15:00.000Z'),
    ).toHaveLength(1);
    // the deadline passed since the snapshot
    expect(
      due('2025-05-30T23:00:00.000Z', '2025-05-31T00:15:00.000Z')[0],
    ).toMatch(/\|missed:2025-05-31T00:00:00.000Z$/);
    // before it starts there is nothing to remind of
    expect(due('2025-03-01T00:00:00.000Z', '2025-03-31T00:00:00.000Z')).toEqual(
      [],
    );
  });

  it('include a campaign created or changed after it, but not a closed one', () => {
    const changed = { ...CAMPAIGN, updatedAt: '2025-05-20T08:00:00.000Z' };
    expect(
      due('2025-05-20T02:00:00.000Z', '2025-05-20T09:00:00.000Z', changed),
    ).toEqual([
      'timeouts|2025-05-20T08:00:00.000Z|started:2025-04-01T00:00:00.000Z,enforced:2025-05-10T00:00:00.000Z,due-14d:2025-05-31T00:00:00.000Z',
    ]);
    expect(
      due('2025-05-20T02:00:00.000Z', '2025-05-20T09:00:00.000Z', {
        ...changed,
        state: 'closed',
      }),
    ).toEqual([]);
  });
});

const databases = scorecardTestDatabases();

describe.each(databases.ids)('campaign reminders sent on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);
  /** A notifier with the default settings, at the time `clock` says. */
  const notifierOf = (
    stores: ScorecardStores,
    notifications: { send: jest.Mock },
    clock: () => Date,
  ) =>
    new ScorecardNotifier({
      notifications,
      stores,
      settings: readNotificationSettings(new ConfigReader({}), 30),
      logger: mockServices.logger.mock(),
      teamsBelow: async team => [team],
      now: clock,
    });
  /** The stores with CAMPAIGN created by carla. */
  const withCampaign = async () => {
    const stores = createScorecardStores(database.get());
    const { id: _id, state: _s, ...rest } = CAMPAIGN;
    await stores.campaigns.create({
      ...rest,
      id: 'timeouts',
      actor: 'user:default/carla',
      now: CAMPAIGN.createdAt,
    });
    return stores;
  };

  it('never twice for the same event, again when the deadline moves', async () => {
    const stores = await withCampaign();
    const notifications = { send: jest.fn().mockResolvedValue(undefined) };
    let now = new Date('2025-05-12T00:00:00.000Z');
    const notifier = notifierOf(stores, notifications, () => now);
    const written = writtenAt(7, now);
    // started and enforced, to both teams
    expect(await notifier.notify(written)).toBe(4);
    expect(await notifier.notify(written)).toBe(0);
    now = new Date('2025-05-29T00:00:00.000Z');
    expect(await notifier.notify(written)).toBe(2);
    expect(notifications.send.mock.calls.at(-1)[0]).toMatchObject({
      recipients: { type: 'entity', entityRef: 'group:default/team-b' },
      payload: {
        title: 'Campaign due in 2 days: Webhook timeouts under 10 s',
        link: '/extension-scorecard/campaigns/timeouts',
        severity: 'high',
        topic: 'extension-scorecard',
      },
    });
    expect(await notifier.notify(written)).toBe(0);
    // a moved deadline reminds again; started and enforced are not about it
    await stores.campaigns.update(
      'timeouts',
      { deadline: '2025-05-30T12:00:00.000Z' },
      { actor: 'user:default/carla', now: now.toISOString() },
    );
    expect(await notifier.notify(written)).toBe(2);
    // turned off: nothing
    const quiet = new ScorecardNotifier({
      notifications,
      stores,
      settings: readNotificationSettings(
        new ConfigReader({
          extensionScorecard: {
            notifications: { campaigns: { enabled: false } },
          },
        }),
        30,
      ),
      logger: mockServices.logger.mock(),
      now: () => new Date('2025-05-31T00:00:00.000Z'),
    });
    expect(await quiet.notify(written)).toBe(0);
  });

  it('between snapshots, from the latest one, each once and reading it only when one is due', async () => {
    const stores = await withCampaign();
    // the daily snapshot at 02:00 on the 28th: alpha (team-a) and delta (team-b) open
    await stores.snapshotWriter.writeSnapshot(
      snapshotOf(
        '2025-05-28T02:00:00.000Z',
        CARDS.map(card => component(card)),
      ),
    );
    const notifications = { send: jest.fn().mockResolvedValue(undefined) };
    let now = new Date('2025-05-28T02:00:00.000Z');
    const notifier = () => notifierOf(stores, notifications, () => now);
    const first = notifier();
    // the snapshot's own run: started, enforced and due in 14 days, to both teams
    expect(await first.notify(writtenAt(1, now))).toBe(6);
    notifications.send.mockClear();
    const loads = jest.spyOn(stores.components, 'loadScorecards');
    // later that morning nothing opened since the snapshot
    now = new Date('2025-05-28T09:00:00.000Z');
    expect(await first.remindCampaigns()).toBe(0);
    expect(loads).not.toHaveBeenCalled();
    // two days before the deadline, the next snapshot still a day away
    now = new Date('2025-05-29T09:00:00.000Z');
    expect(await first.remindCampaigns()).toBe(2);
    expect(loads).toHaveBeenCalledTimes(1);
    expect(
      notifications.send.mock.calls.map(([n]) => [
        n.recipients.entityRef,
        n.payload.title,
        n.payload.scope,
      ]),
    ).toEqual([
      [
        'group:default/team-a',
        'Campaign due in 2 days: Webhook timeouts under 10 s',
        'campaign:timeouts:due-2d:2025-05-31T00:00:00.000Z:group:default/team-a',
      ],
      [
        'group:default/team-b',
        'Campaign due in 2 days: Webhook timeouts under 10 s',
        'campaign:timeouts:due-2d:2025-05-31T00:00:00.000Z:group:default/team-b',
      ],
    ]);
    // 15 minutes later: already looked at, the snapshot not read again
    now = new Date('2025-05-29T09:15:00.000Z');
    expect(await first.remindCampaigns()).toBe(0);
    expect(loads).toHaveBeenCalledTimes(1);
    // another replica, or a restart: reads it, sends nothing twice
    expect(await notifier().remindCampaigns()).toBe(0);
    expect(loads).toHaveBeenCalledTimes(2);
    expect(notifications.send).toHaveBeenCalledTimes(2);
  });
});
