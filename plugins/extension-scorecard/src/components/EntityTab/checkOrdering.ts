import {
  CheckResult,
  CheckStatus,
  DIMENSIONS,
  Dimension,
} from '@extension-scorecard/plugin-extension-scorecard-common';

/** Worst first: what needs attention leads. */
export const STATUS_RANK: Record<CheckStatus, number> = {
  fail: 0,
  unknown: 1,
  warn: 2,
  pass: 3,
  'not-applicable': 4,
};

export function byAttention(a: CheckResult, b: CheckResult): number {
  return (
    STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
    a.checkId.localeCompare(b.checkId) ||
    (a.cluster ?? '').localeCompare(b.cluster ?? '')
  );
}

export interface DimensionGroup {
  dimension: Dimension;
  worst: CheckStatus;
  results: CheckResult[];
  counts: Partial<Record<CheckStatus, number>>;
  waived: number;
}

/** Results grouped by dimension (catalogue order), each group worst first. */
export function groupByDimension(results: CheckResult[]): DimensionGroup[] {
  return DIMENSIONS.flatMap(dimension => {
    const inDimension = results
      .filter(r => r.dimension === dimension)
      .sort(byAttention);
    if (inDimension.length === 0) return [];
    const counts: Partial<Record<CheckStatus, number>> = {};
    for (const r of inDimension) counts[r.status] = (counts[r.status] ?? 0) + 1;
    return [
      {
        dimension,
        worst: inDimension[0].status,
        results: inDimension,
        counts,
        waived: inDimension.filter(r => r.waiver).length,
      },
    ];
  });
}
