import {
  CheckResult,
  CheckStatus,
  SEVERITIES,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { STATUS_RANK } from './checkOrdering';

/** One result, on the page: its check and cluster. */
export function resultKey(result: Pick<CheckResult, 'checkId' | 'cluster'>) {
  return `${result.checkId}|${result.cluster ?? ''}`;
}

/** The id of a result's row in "Checks by dimension" (a valid, stable DOM id). */
export function resultAnchor(
  result: Pick<CheckResult, 'checkId' | 'cluster'>,
): string {
  return `check-row-${result.checkId}-${result.cluster ?? 'all'}`.replace(
    /[^A-Za-z0-9_-]/g,
    '_',
  );
}

const VERB: Record<CheckStatus, string> = {
  fail: 'fails',
  warn: 'warns',
  unknown: 'cannot be verified',
  pass: 'passes',
  'not-applicable': 'does not apply',
};

/** "webhook.scope fails in prod-eu": a result named compactly, without its message. */
export function compactName(result: CheckResult): string {
  return `${result.checkId} ${VERB[result.status]}${
    result.cluster ? ` in ${result.cluster}` : ''
  }`;
}

/** A next-level blocker: the result it names when found, else the server's sentence. */
export type Blocker =
  | { result: CheckResult; text?: undefined }
  | { result?: undefined; text: string };

/*
 * The backend writes each blocker as "<checkId> <verb>[ in <cluster>]: <message>" for a
 * result of the scorecard; finding that result lets the page name it compactly, order
 * by severity and link to its row, where the message is shown once.
 */
function blockerResult(
  blocker: string,
  results: readonly CheckResult[],
): CheckResult | undefined {
  return results.find(
    r =>
      blocker.startsWith(`${compactName(r)}:`) ||
      blocker === compactName(r) ||
      (blocker.startsWith(`${r.checkId} `) &&
        (r.cluster === null || blocker.includes(` in ${r.cluster}`)) &&
        blocker.endsWith(r.message)),
  );
}

const SEVERITY_RANK = new Map<string, number>(
  SEVERITIES.map((severity, index) => [severity, index]),
);

/**
 * What keeps the component from the next level, most severe first (critical before
 * high…), then fails before unknowns, then by check id and cluster. Blockers naming no
 * known result keep the server's order, after the others.
 */
export function orderedBlockers(
  blockers: readonly string[],
  results: readonly CheckResult[],
): Blocker[] {
  const found: CheckResult[] = [];
  const unmatched: string[] = [];
  for (const blocker of blockers) {
    const result = blockerResult(blocker, results);
    if (result && !found.includes(result)) found.push(result);
    else if (!result) unmatched.push(blocker);
  }
  found.sort(
    (a, b) =>
      (SEVERITY_RANK.get(a.severity) ?? SEVERITIES.length) -
        (SEVERITY_RANK.get(b.severity) ?? SEVERITIES.length) ||
      STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
      a.checkId.localeCompare(b.checkId) ||
      (a.cluster ?? '').localeCompare(b.cluster ?? ''),
  );
  return [
    ...found.map(result => ({ result })),
    ...unmatched.map(text => ({ text })),
  ];
}
