import { dayOf, quarterOf } from './calendar';

/** How long snapshots are kept (`extensionScorecard.retention`). */
export interface RetentionPolicy {
  /** Every snapshot younger than this many hours is kept (default 48). */
  keepAllHours: number;
  /** The newest snapshot of each UTC day is kept for this many days (default 90). */
  dailyDays: number;
}

/** Defaults of {@link RetentionPolicy}. */
export const DEFAULT_RETENTION: RetentionPolicy = {
  keepAllHours: 48,
  dailyDays: 90,
};

/**
 * Which snapshots survive retention: every snapshot of the last `keepAllHours`, the
 * newest of each UTC day for `dailyDays` days, the newest of every calendar quarter
 * (the quarter-end snapshot, kept forever), and the newest overall.
 */
export function selectSnapshotsToKeep(
  snapshots: ReadonlyArray<{ id: number; takenAt: string }>,
  policy: RetentionPolicy,
  now: Date,
): Set<number> {
  const keep = new Set<number>();
  const newestOfDay = new Map<string, { id: number; takenAt: string }>();
  const newestOfQuarter = new Map<string, { id: number; takenAt: string }>();
  let newest: { id: number; takenAt: string } | undefined;
  const keepAllSince = now.getTime() - policy.keepAllHours * 3_600_000;
  const dailySince = dayOf(
    new Date(now.getTime() - policy.dailyDays * 86_400_000).toISOString(),
  );

  const isNewer = (
    a: { id: number; takenAt: string },
    b?: { id: number; takenAt: string },
  ) => !b || a.takenAt > b.takenAt || (a.takenAt === b.takenAt && a.id > b.id);

  for (const snapshot of snapshots) {
    if (Date.parse(snapshot.takenAt) >= keepAllSince) keep.add(snapshot.id);
    const day = dayOf(snapshot.takenAt);
    if (day >= dailySince && isNewer(snapshot, newestOfDay.get(day))) {
      newestOfDay.set(day, snapshot);
    }
    const quarter = quarterOf(snapshot.takenAt);
    if (isNewer(snapshot, newestOfQuarter.get(quarter))) {
      newestOfQuarter.set(quarter, snapshot);
    }
    if (isNewer(snapshot, newest)) newest = snapshot;
  }
  for (const snapshot of newestOfDay.values()) keep.add(snapshot.id);
  for (const snapshot of newestOfQuarter.values()) keep.add(snapshot.id);
  if (newest) keep.add(newest.id);
  return keep;
}

/** Reads `extensionScorecard.retention` (whole numbers; defaults above). */
export function readRetentionPolicy(config: {
  getOptionalNumber(key: string): number | undefined;
}): RetentionPolicy {
  const read = (key: keyof RetentionPolicy, max: number) => {
    const value =
      config.getOptionalNumber(`extensionScorecard.retention.${key}`) ??
      DEFAULT_RETENTION[key];
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new Error(
        `Invalid config at extensionScorecard.retention.${key}: expected a whole number between 0 and ${max}, got ${value}`,
      );
    }
    return value;
  };
  return {
    keepAllHours: read('keepAllHours', 24 * 365),
    dailyDays: read('dailyDays', 3650),
  };
}
