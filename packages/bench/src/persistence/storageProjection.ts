/**
 * A year of daily snapshots under the plugin's retention policy: which snapshots the
 * policy keeps (the plugin's own selectSnapshotsToKeep over 365 daily snapshots), and
 * the bytes that takes from the measured size of a first snapshot and of a day's.
 */
import {
  DEFAULT_RETENTION,
  RetentionPolicy,
  selectSnapshotsToKeep,
} from '@extension-scorecard/plugin-extension-scorecard-backend/testUtils';

export interface StorageProjection {
  /** Snapshots kept after a year of one snapshot a day. */
  keptAfterYear: number;
  /** First snapshot + (kept − 1) daily increments. */
  yearBytes: number;
  /** The same with nothing ever deleted (365 snapshots). */
  yearBytesWithoutRetention: number;
}

export function projectYear(
  firstSnapshotBytes: number,
  dailyIncrementBytes: number,
  start: Date,
  policy: RetentionPolicy = DEFAULT_RETENTION,
): StorageProjection {
  const snapshots = Array.from({ length: 365 }, (_, day) => ({
    id: day + 1,
    takenAt: new Date(start.getTime() + day * 86_400_000).toISOString(),
  }));
  const end = new Date(start.getTime() + 364 * 86_400_000);
  const keptAfterYear = selectSnapshotsToKeep(snapshots, policy, end).size;
  return {
    keptAfterYear,
    yearBytes: firstSnapshotBytes + (keptAfterYear - 1) * dailyIncrementBytes,
    yearBytesWithoutRetention: firstSnapshotBytes + 364 * dailyIncrementBytes,
  };
}
