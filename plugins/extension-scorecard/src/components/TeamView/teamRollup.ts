/*
 * A parent group's figures rolled up from its own and its child teams' (pure
 * functions, so the view and the card add them up the same way).
 */
import {
  HistoryPoint,
  LEVELS,
  LevelCounts,
  StatusCounts,
  TeamSummary,
} from '@extension-scorecard/plugin-extension-scorecard-common';

const zeroLevels = (): LevelCounts => ({ 0: 0, 1: 0, 2: 0, 3: 0 });
const zeroCounts = (): StatusCounts => ({
  pass: 0,
  warn: 0,
  fail: 0,
  notApplicable: 0,
  unknown: 0,
  waived: 0,
});

function addLevels(into: LevelCounts, from: LevelCounts) {
  for (const level of LEVELS) into[level] += from[level];
}

function addCounts(into: StatusCounts, from: StatusCounts) {
  for (const key of Object.keys(into) as Array<keyof StatusCounts>) {
    into[key] += from[key];
  }
}

/**
 * One summary for several owners (the group and its child teams), under `owner`:
 * counts added, the average score weighted by components; null when none owns any.
 */
export function mergeTeamSummaries(
  owner: string,
  summaries: TeamSummary[],
): TeamSummary | null {
  const owned = summaries.filter(s => s.components > 0);
  if (owned.length === 0) return null;
  if (owned.length === 1) return { ...owned[0], owner };
  const levels = zeroLevels();
  const counts = zeroCounts();
  const kinds = new Map<string, number>();
  let components = 0;
  let scoreSum = 0;
  let hardGates = 0;
  let failing = 0;
  for (const s of owned) {
    components += s.components;
    scoreSum += s.averageScore * s.components;
    hardGates += s.hardGates;
    failing += s.failing;
    addLevels(levels, s.levels);
    addCounts(counts, s.counts);
    for (const k of s.byKind) {
      kinds.set(k.kind, (kinds.get(k.kind) ?? 0) + k.components);
    }
  }
  return {
    owner,
    components,
    levels,
    averageScore: scoreSum / components,
    hardGates,
    failing,
    counts,
    byKind: [...kinds.entries()]
      .map(([kind, n]) => ({
        kind: kind as TeamSummary['byKind'][number]['kind'],
        components: n,
      }))
      .sort((a, b) => a.kind.localeCompare(b.kind)),
  };
}

/**
 * Several owners' history series as one, per snapshot (oldest first): components and
 * levels added, the average score weighted by components.
 */
export function mergeHistories(series: HistoryPoint[][]): HistoryPoint[] {
  if (series.length === 1) return series[0];
  const bySnapshot = new Map<number, HistoryPoint & { scoreSum: number }>();
  for (const points of series) {
    for (const point of points) {
      let merged = bySnapshot.get(point.snapshotId);
      if (!merged) {
        merged = {
          snapshotId: point.snapshotId,
          takenAt: point.takenAt,
          components: 0,
          levels: zeroLevels(),
          averageScore: 0,
          counts: zeroCounts(),
          scoreSum: 0,
        };
        bySnapshot.set(point.snapshotId, merged);
      }
      merged.components += point.components;
      merged.scoreSum += point.averageScore * point.components;
      addLevels(merged.levels, point.levels);
      addCounts(merged.counts, point.counts);
    }
  }
  return [...bySnapshot.values()]
    .sort((a, b) => a.snapshotId - b.snapshotId)
    .map(({ scoreSum, ...point }) => ({
      ...point,
      averageScore: point.components ? scoreSum / point.components : 0,
    }));
}
