/**
 * Scheduled collection through the scheduler service, with global scope so one
 * replica runs each task: one task per cluster (replicas share hundreds of
 * clusters) and one task that assembles the snapshot from their latest data.
 */
import {
  LoggerService,
  readSchedulerServiceTaskScheduleDefinitionFromConfig,
  SchedulerService,
  SchedulerServiceTaskScheduleDefinition,
} from '@backstage/backend-plugin-api';
import { Config } from '@backstage/config';
import type { ClusterSource } from '../collect/types';
import type { ClusterCollectionStore } from '../store';
import { collectCluster } from './collectCluster';
import type { RefreshCoordinator } from './RefreshCoordinator';

/** When clusters are collected and snapshots assembled. */
export interface CollectionSchedules {
  collect: SchedulerServiceTaskScheduleDefinition;
  assemble: SchedulerServiceTaskScheduleDefinition;
}

/** Defaults: hourly; the first collection 10 s and the first snapshot 30 s after start. */
export const DEFAULT_SCHEDULES: CollectionSchedules = {
  collect: {
    frequency: { hours: 1 },
    timeout: { minutes: 10 },
    initialDelay: { seconds: 10 },
  },
  assemble: {
    frequency: { hours: 1 },
    timeout: { minutes: 15 },
    initialDelay: { seconds: 30 },
  },
};

/** Reads `extensionScorecard.schedule.collect` and `.assemble` (each optional). */
export function readCollectionSchedules(config: Config): CollectionSchedules {
  const read = (key: keyof CollectionSchedules) => {
    const section = config.getOptionalConfig(
      `extensionScorecard.schedule.${key}`,
    );
    return section
      ? readSchedulerServiceTaskScheduleDefinitionFromConfig(section)
      : DEFAULT_SCHEDULES[key];
  };
  return { collect: read('collect'), assemble: read('assemble') };
}

/** Task id of a cluster's collection. */
export function collectTaskId(cluster: string): string {
  return `extension-scorecard:collect:${cluster}`;
}

/** When campaign reminders due between snapshots are looked for (see ScorecardNotifier.remindCampaigns). */
export const DEFAULT_REMINDER_SCHEDULE: SchedulerServiceTaskScheduleDefinition =
  {
    frequency: { minutes: 15 },
    timeout: { minutes: 5 },
    initialDelay: { minutes: 2 },
  };

/** Reads `extensionScorecard.schedule.reminders` (optional). */
export function readReminderSchedule(
  config: Config,
): SchedulerServiceTaskScheduleDefinition {
  const section = config.getOptionalConfig(
    'extensionScorecard.schedule.reminders',
  );
  return section
    ? readSchedulerServiceTaskScheduleDefinitionFromConfig(section)
    : DEFAULT_REMINDER_SCHEDULE;
}

/** Task id of the campaign reminders. */
export const REMINDERS_TASK_ID = 'extension-scorecard:campaign-reminders';

/** Registers the campaign reminders (one replica runs them). */
export async function scheduleCampaignReminders(deps: {
  scheduler: SchedulerService;
  schedule: SchedulerServiceTaskScheduleDefinition;
  remind: () => Promise<number>;
}): Promise<void> {
  await deps.scheduler.scheduleTask({
    id: REMINDERS_TASK_ID,
    ...deps.schedule,
    // a schedule read from config says `scope: undefined` unless it names one
    scope: deps.schedule.scope ?? 'global',
    fn: async () => {
      await deps.remind();
    },
  });
}

/** Task id of the assemble step. */
export const ASSEMBLE_TASK_ID = 'extension-scorecard:assemble';

/** Task id of the dynamic cluster locators (catalog, gke), run on every replica. */
export const LOCATE_TASK_ID = 'extension-scorecard:locate';

/** The clusters to schedule, as located now. */
export interface ScheduledClusters {
  sources(): readonly ClusterSource[];
  source(name: string): ClusterSource | undefined;
  /** Present when clusters are located at run time (catalog, gke locators). */
  refresh?(): Promise<{ added: string[]; removed: string[] }>;
}

/** Registers the collection and assemble tasks. */
export async function scheduleCollection(deps: {
  scheduler: SchedulerService;
  schedules: CollectionSchedules;
  located: ScheduledClusters;
  clusters: ClusterCollectionStore;
  coordinator: RefreshCoordinator;
  logger: LoggerService;
}): Promise<void> {
  const { scheduler, schedules, logger, located } = deps;
  const scheduled = new Set<string>();
  // one task per cluster; it looks its cluster up when it runs, so a cluster that is
  // no longer located is skipped (the scheduler has no way to remove a task)
  const scheduleCluster = async (name: string) => {
    if (scheduled.has(name)) return;
    scheduled.add(name);
    await scheduler.scheduleTask({
      id: collectTaskId(name),
      scope: 'global',
      ...schedules.collect,
      fn: async () => {
        const source = located.source(name);
        if (!source) {
          logger.debug?.(
            `extension-scorecard: cluster '${name}' is no longer located; not collected`,
          );
          return;
        }
        await collectCluster(source, {
          clusters: deps.clusters,
          logger,
          now: () => new Date(),
        });
      },
    });
  };
  for (const source of located.sources()) await scheduleCluster(source.name);
  if (located.refresh) {
    const refresh = located.refresh.bind(located);
    await scheduler.scheduleTask({
      id: LOCATE_TASK_ID,
      scope: 'local',
      frequency: schedules.collect.frequency,
      timeout: { minutes: 2 },
      initialDelay: { seconds: 5 },
      fn: async () => {
        const { added } = await refresh();
        for (const name of added) await scheduleCluster(name);
      },
    });
  }
  let first = true;
  await scheduler.scheduleTask({
    id: ASSEMBLE_TASK_ID,
    scope: 'global',
    ...schedules.assemble,
    fn: async () => {
      const trigger = first ? 'startup' : 'schedule';
      first = false;
      await deps.coordinator.assembleScheduled(trigger);
    },
  });
}
