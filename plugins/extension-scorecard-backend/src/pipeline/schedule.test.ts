import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import type { ClusterSource } from '../collect/types';
import type { ClusterCollectionStore } from '../store';
import type { RefreshCoordinator } from './RefreshCoordinator';
import {
  ASSEMBLE_TASK_ID,
  DEFAULT_REMINDER_SCHEDULE,
  DEFAULT_SCHEDULES,
  LOCATE_TASK_ID,
  readCollectionSchedules,
  readReminderSchedule,
  REMINDERS_TASK_ID,
  scheduleCampaignReminders,
  scheduleCollection,
} from './schedule';

describe('scheduleCollection', () => {
  it('registers one global task per cluster and one assemble task', async () => {
    const scheduler = mockServices.scheduler.mock();
    const collection = {
      cluster: 'a',
      source: 'dump',
      collectedAt: '',
      version: null,
      versionStatus: { state: 'ok' },
      reads: {},
      objects: {},
    };
    const sources: ClusterSource[] = ['prod', 'staging'].map(name => ({
      name,
      type: 'dump',
      collect: jest.fn().mockResolvedValue({ ...collection, cluster: name }),
    }));
    const clusters = { save: jest.fn() } as unknown as ClusterCollectionStore;
    const coordinator = {
      assembleScheduled: jest.fn(),
    } as unknown as RefreshCoordinator;
    await scheduleCollection({
      scheduler,
      schedules: DEFAULT_SCHEDULES,
      located: {
        sources: () => sources,
        source: name => sources.find(s => s.name === name),
      },
      clusters,
      coordinator,
      logger: mockServices.logger.mock(),
    });
    const tasks = scheduler.scheduleTask.mock.calls.map(([task]) => task);
    expect(tasks.map(t => [t.id, t.scope])).toEqual([
      ['extension-scorecard:collect:prod', 'global'],
      ['extension-scorecard:collect:staging', 'global'],
      [ASSEMBLE_TASK_ID, 'global'],
    ]);
    expect(tasks[0]).toMatchObject({
      frequency: { hours: 1 },
      initialDelay: { seconds: 10 },
    });

    await tasks[1].fn(new AbortController().signal);
    expect(sources[1].collect).toHaveBeenCalled();
    expect(clusters.save).toHaveBeenCalledWith(
      expect.objectContaining({ cluster: 'staging' }),
      expect.any(String),
    );
    await tasks[2].fn(new AbortController().signal);
    await tasks[2].fn(new AbortController().signal);
    expect((coordinator.assembleScheduled as jest.Mock).mock.calls).toEqual([
      ['startup'],
      ['schedule'],
    ]);
  });

  it('locates catalog clusters on every replica and schedules the new ones; a removed cluster is skipped', async () => {
    const scheduler = mockServices.scheduler.mock();
    const source = (name: string): ClusterSource => ({
      name,
      type: 'live',
      collect: jest.fn().mockResolvedValue({
        cluster: name,
        source: 'live',
        collectedAt: '',
        version: null,
        versionStatus: { state: 'ok' },
        reads: {},
        objects: {},
      }),
    });
    let located = [source('static')];
    const found = source('from-catalog');
    const clusters = { save: jest.fn() } as unknown as ClusterCollectionStore;
    await scheduleCollection({
      scheduler,
      schedules: DEFAULT_SCHEDULES,
      located: {
        sources: () => located,
        source: name => located.find(s => s.name === name),
        refresh: async () => {
          const added = located.includes(found) ? [] : ['from-catalog'];
          located = [...located.filter(s => s !== found), found];
          return { added, removed: [] };
        },
      },
      clusters,
      coordinator: {
        assembleScheduled: jest.fn(),
      } as unknown as RefreshCoordinator,
      logger: mockServices.logger.mock(),
    });
    const ids = () =>
      scheduler.scheduleTask.mock.calls.map(([task]) => [task.id, task.scope]);
    expect(ids()).toEqual([
      ['extension-scorecard:collect:static', 'global'],
      [LOCATE_TASK_ID, 'local'],
      [ASSEMBLE_TASK_ID, 'global'],
    ]);
    const locate = scheduler.scheduleTask.mock.calls[1][0];
    await locate.fn(new AbortController().signal);
    await locate.fn(new AbortController().signal); // scheduled once only
    expect(ids().slice(3)).toEqual([
      ['extension-scorecard:collect:from-catalog', 'global'],
    ]);
    const collectFound = scheduler.scheduleTask.mock.calls[3][0];
    await collectFound.fn(new AbortController().signal);
    expect(found.collect).toHaveBeenCalledTimes(1);
    // the Resource is removed from the catalog: its task stays but collects nothing
    located = [located[0]];
    await collectFound.fn(new AbortController().signal);
    expect(found.collect).toHaveBeenCalledTimes(1);
  });

  it('reads cron schedules from config', () => {
    const schedules = readCollectionSchedules(
      new ConfigReader({
        extensionScorecard: {
          schedule: {
            collect: {
              frequency: { cron: '0 * * * *' },
              timeout: { minutes: 5 },
            },
          },
        },
      }),
    );
    expect(schedules.collect).toMatchObject({
      frequency: { cron: '0 * * * *' },
      timeout: { minutes: 5 },
    });
    expect(schedules.assemble).toEqual(DEFAULT_SCHEDULES.assemble);
  });
});

describe('scheduleCampaignReminders', () => {
  it('registers one global task that looks for reminders, every 15 minutes unless configured', async () => {
    expect(readReminderSchedule(new ConfigReader({}))).toEqual(
      DEFAULT_REMINDER_SCHEDULE,
    );
    const schedule = readReminderSchedule(
      new ConfigReader({
        extensionScorecard: {
          schedule: {
            reminders: { frequency: { minutes: 5 }, timeout: { minutes: 1 } },
          },
        },
      }),
    );
    expect(schedule).toMatchObject({
      frequency: { minutes: 5 },
      timeout: { minutes: 1 },
    });
    expect(() =>
      readReminderSchedule(
        new ConfigReader({
          extensionScorecard: { schedule: { reminders: { frequency: 5 } } },
        }),
      ),
    ).toThrow();
    const scheduler = mockServices.scheduler.mock();
    const remind = jest.fn().mockResolvedValue(2);
    await scheduleCampaignReminders({ scheduler, schedule, remind });
    expect(scheduler.scheduleTask).toHaveBeenCalledTimes(1);
    const [task] = scheduler.scheduleTask.mock.calls[0];
    expect(task).toMatchObject({
      id: REMINDERS_TASK_ID,
      scope: 'global',
      frequency: { minutes: 5 },
    });
    await task.fn(new AbortController().signal);
    expect(remind).toHaveBeenCalledTimes(1);
  });
});
