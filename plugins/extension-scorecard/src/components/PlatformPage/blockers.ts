/**
 * The "next level needs" sentences of a component summary, grouped by check. The
 * backend writes one sentence per blocking result, starting with the check id
 * ("webhook.scope fails in prod-eu: 3 webhooks match every namespace"); the table
 * shows the check titles and keeps the sentences for on-demand reading.
 */

/** A check id as the catalogue spells them: dotted lower-case segments. */
const CHECK_ID = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;

export interface BlockerGroup {
  /** The check id, or undefined when the sentence names none. */
  checkId?: string;
  /** What to show: the check's title, its id, or the start of the sentence. */
  title: string;
  /** Every full sentence of this check (one per cluster, say). */
  details: string[];
}

const MAX_UNNAMED_TITLE = 40;

/** Groups blocker sentences by the check they start with, in their order. */
export function groupBlockers(
  blockers: readonly string[],
  titles: ReadonlyMap<string, string> = new Map(),
): BlockerGroup[] {
  const groups: BlockerGroup[] = [];
  const byCheck = new Map<string, BlockerGroup>();
  for (const sentence of blockers) {
    const first = sentence.trim().split(/\s/, 1)[0] ?? '';
    const checkId = CHECK_ID.test(first) ? first : undefined;
    const known = checkId ? byCheck.get(checkId) : undefined;
    if (known) {
      known.details.push(sentence);
      continue;
    }
    let title = checkId ? titles.get(checkId) ?? checkId : sentence.trim();
    if (!checkId && title.length > MAX_UNNAMED_TITLE) {
      title = `${title.slice(0, MAX_UNNAMED_TITLE - 1).trimEnd()}…`;
    }
    const group: BlockerGroup = { checkId, title, details: [sentence] };
    groups.push(group);
    if (checkId) byCheck.set(checkId, group);
  }
  return groups;
}
