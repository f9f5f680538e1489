import { selectSnapshotsToKeep } from './retention';

function hourly(from: string, hours: number) {
  const start = Date.parse(from);
  return Array.from({ length: hours }, (_, i) => ({
    id: i + 1,
    takenAt: new Date(start + i * 3_600_000).toISOString(),
  }));
}

describe('selectSnapshotsToKeep', () => {
  const policy = { keepAllHours: 24, dailyDays: 10 };

  it('keeps every recent snapshot, one per day in the window, and quarter ends', () => {
    // hourly from 2025-03-01 to 2025-04-20 (51 days)
    const snapshots = hourly('2025-03-01T00:30:00.000Z', 51 * 24);
    const now = new Date('2025-04-21T00:30:00.000Z');
    const keep = selectSnapshotsToKeep(snapshots, policy, now);
    const kept = snapshots.filter(s => keep.has(s.id));

    // last 24 hours: all 24 snapshots of 2025-04-20
    expect(kept.filter(s => s.takenAt.startsWith('2025-04-20'))).toHaveLength(
      24,
    );
    // daily window (since 2025-04-11): one per day for the 9 days before 04-20
    for (const day of ['2025-04-11', '2025-04-15', '2025-04-19']) {
      const ofDay = kept.filter(s => s.takenAt.startsWith(day));
      expect(ofDay.map(s => s.takenAt)).toEqual([`${day}T23:30:00.000Z`]);
    }
    expect(kept.filter(s => s.takenAt.startsWith('2025-04-10'))).toEqual([]);
    // Q1's last snapshot survives; nothing else of March
    expect(
      kept.filter(s => s.takenAt < '2025-04-01').map(s => s.takenAt),
    ).toEqual(['2025-03-31T23:30:00.000Z']);
    expect(keep.size).toBe(24 + 9 + 1);
  });

  it('always keeps the newest snapshot, however old', () => {
    const keep = selectSnapshotsToKeep(
      [
        { id: 1, takenAt: '2020-01-01T00:00:00.000Z' },
        { id: 2, takenAt: '2020-01-01T00:00:00.000Z' },
      ],
      policy,
      new Date('2025-01-01T00:00:00Z'),
    );
    expect([...keep]).toEqual([2]);
  });

  it('keeps nothing from an empty list', () => {
    expect(selectSnapshotsToKeep([], policy, new Date()).size).toBe(0);
  });
});
