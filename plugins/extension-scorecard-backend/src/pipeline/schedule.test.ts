import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import type { ClusterSource } from '../collect/types';
import type { ClusterCollectionStore } from '../store';
import type { RefreshCoordinator } from './RefreshCoordinator';
import {
  ASSEMBLE_TASK_ID,
  DEFAULT_SCHEDULES,
  readCollectionSchedules,
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
