/**
 * How check results changed between two evaluations of a component, and the order
 * of statuses from worst to best (the diff, the audit and its CSV use them).
 */
import type {
  CheckChange,
  CheckResult,
  CheckStatus,
  ComponentRef,
} from '@extension-scorecard/plugin-extension-scorecard-common';

/** Rank of a status from worst (0) to best; better means a higher rank. */
export const STATUS_RANK: Record<CheckStatus, number> = {
  fail: 0,
  unknown: 1,
  warn: 2,
  'not-applicable': 3,
  pass: 4,
};

const resultKey = (r: CheckResult) => `${r.checkId}|${r.cluster ?? ''}`;

/** Compares the results of one component in two evaluations. */
export function compareResults(
  component: ComponentRef,
  before: readonly CheckResult[],
  after: readonly CheckResult[],
): { better: CheckChange[]; worse: CheckChange[] } {
  const better: CheckChange[] = [];
  const worse: CheckChange[] = [];
  const old = new Map(before.map(r => [resultKey(r), r]));
  const change = (
    result: CheckResult,
    from: CheckStatus | null,
    to: CheckStatus | null,
  ): CheckChange => ({
    componentId: component.componentId,
    name: component.name,
    owner: component.owner,
    checkId: result.checkId,
    dimension: result.dimension,
    cluster: result.cluster,
    from,
    to,
    message: result.message,
  });
  for (const result of after) {
    const previous = old.get(resultKey(result));
    old.delete(resultKey(result));
    if (!previous) {
      if (STATUS_RANK[result.status] <= STATUS_RANK.warn) {
        worse.push(change(result, null, result.status));
      }
      continue;
    }
    const delta = STATUS_RANK[result.status] - STATUS_RANK[previous.status];
    if (delta > 0) better.push(change(result, previous.status, result.status));
    if (delta < 0) worse.push(change(result, previous.status, result.status));
  }
  for (const gone of old.values()) {
    if (STATUS_RANK[gone.status] <= STATUS_RANK.warn) {
      better.push(change(gone, gone.status, null));
    }
  }
  return { better, worse };
}
