/**
 * Campaigns as scoring sees them: which components a campaign's scope takes, how an
 * announced campaign counts its goal checks' fails as warn until its enforcement
 * date, and whether a component has reached a campaign's goal.
 *
 * - Scope: each field given narrows it (one value of every field must match); none
 *   given, every component. Teams arrive expanded to the groups below them.
 * - Announcement: before `enforceFrom`, a fail of a goal check on a component in scope
 *   is a warn carrying `announced` (so it blocks no level and is no hard gate); from
 *   that instant on it is a fail again. When several open campaigns announce the same
 *   check, the earliest enforcement date counts, and one already reached ends the
 *   grace. The flip is reported to the refresh's time bound.
 * - Goal: `checks`: every result of those checks passes or does not apply (a
 *   component with no applicable result is not concerned); `level`: the readiness
 *   level is reached. `waived` when the goal holds only thanks to active waivers.
 */
import type {
  CampaignGoal,
  CampaignItemStatus,
  CheckResult,
  ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';
import { changesAt } from '../checks/timeBound';
import { normalizeComponentRef } from './componentRefs';
import { resultsBlocking } from './levels';

/** A campaign's scope with its teams expanded and every ref normalized. */
export interface ResolvedCampaignScope {
  kinds?: readonly string[];
  /** Owning groups: the teams named and every group below them. */
  owners?: readonly string[];
  clusters?: readonly string[];
  lifecycles?: readonly string[];
  components?: readonly string[];
}

/** What scope matching reads of a component. */
export interface CampaignSubject {
  componentId: string;
  kind: string;
  owner: string | null;
  clusters: readonly string[];
  lifecycle: string | null;
}

/** An open campaign with an enforcement date, as the evaluation applies it. */
export interface CampaignAnnouncementRule {
  id: string;
  title: string;
  checks: readonly string[];
  enforceFrom: string;
  scope: ResolvedCampaignScope;
}

/** `team-a` → `group:default/team-a`, lower-cased (unparsable refs only lower-cased). */
export function normalizeOwnerRef(ref: string): string {
  try {
    return stringifyEntityRef(
      parseEntityRef(ref, {
        defaultKind: 'group',
        defaultNamespace: 'default',
      }),
    ).toLowerCase();
  } catch {
    return ref.toLowerCase();
  }
}

/**
 * Resolves a scope: teams expanded by `descendants` (a group with every group below
 * it), refs normalized.
 */
export async function resolveCampaignScope(
  scope: {
    kinds?: readonly string[];
    teams?: readonly string[];
    clusters?: readonly string[];
    lifecycles?: readonly string[];
    components?: readonly string[];
  },
  descendants: (team: string) => Promise<Iterable<string>>,
): Promise<ResolvedCampaignScope> {
  const resolved: {
    -readonly [K in keyof ResolvedCampaignScope]: ResolvedCampaignScope[K];
  } = {};
  if (scope.kinds?.length) resolved.kinds = [...scope.kinds];
  if (scope.clusters?.length) resolved.clusters = [...scope.clusters];
  if (scope.lifecycles?.length) resolved.lifecycles = [...scope.lifecycles];
  if (scope.components?.length) {
    resolved.components = scope.components.map(normalizeComponentRef);
  }
  if (scope.teams?.length) {
    const owners = new Set<string>();
    for (const team of scope.teams) {
      owners.add(normalizeOwnerRef(team));
      for (const group of await descendants(team)) {
        owners.add(normalizeOwnerRef(group));
      }
    }
    resolved.owners = [...owners].sort();
  }
  return resolved;
}

/** Whether a component is in a resolved scope. */
export function inCampaignScope(
  scope: ResolvedCampaignScope,
  subject: CampaignSubject,
): boolean {
  if (scope.kinds && !scope.kinds.includes(subject.kind)) return false;
  if (
    scope.lifecycles &&
    !(
      subject.lifecycle !== null && scope.lifecycles.includes(subject.lifecycle)
    )
  ) {
    return false;
  }
  if (
    scope.owners &&
    !(
      subject.owner !== null &&
      scope.owners.includes(normalizeOwnerRef(subject.owner))
    )
  ) {
    return false;
  }
  if (
    scope.clusters &&
    !subject.clusters.some(cluster => scope.clusters!.includes(cluster))
  ) {
    return false;
  }
  if (
    scope.components &&
    !scope.components.includes(normalizeComponentRef(subject.componentId))
  ) {
    return false;
  }
  return true;
}

/**
 * A component's results with the fails of announced goal checks counted as warn.
 * `rules` are the open campaigns with an enforcement date whose scope takes it.
 */
export function announceCampaigns(
  results: readonly CheckResult[],
  rules: readonly CampaignAnnouncementRule[],
  now: Date,
): CheckResult[] {
  if (!rules.length) return results as CheckResult[];
  const time = now.getTime();
  return results.map(result => {
    if (result.status !== 'fail') return result;
    let earliest: CampaignAnnouncementRule | undefined;
    for (const rule of rules) {
      if (!rule.checks.includes(result.checkId)) continue;
      const from = Date.parse(rule.enforceFrom);
      if (!(from > time)) return result; // enforced by this one already
      if (!earliest || from < Date.parse(earliest.enforceFrom)) earliest = rule;
    }
    if (!earliest) return result;
    changesAt(Date.parse(earliest.enforceFrom));
    return {
      ...result,
      status: 'warn',
      announced: {
        campaignId: earliest.id,
        title: earliest.title,
        enforceFrom: earliest.enforceFrom,
      },
    };
  });
}

/** Where a component stands against a campaign's goal, and what is in the way. */
export interface CampaignStanding {
  status: CampaignItemStatus;
  /** Results in the way of the goal (waived ones included, marked by `waiver`). */
  todo: CheckResult[];
}

const WORST: CampaignItemStatus[] = ['open', 'waived', 'done'];

function statusOf(inWay: readonly CheckResult[]): CampaignItemStatus {
  if (inWay.some(r => !r.waiver)) return 'open';
  return inWay.length ? 'waived' : 'done';
}

/**
 * The component's standing against the goal, or undefined when the goal does not
 * concern it (a checks-only goal none of whose checks applies to it).
 */
export function campaignStanding(
  card: { results: readonly CheckResult[]; level: ReadinessLevel },
  goal: CampaignGoal,
): CampaignStanding | undefined {
  const parts: CampaignStanding[] = [];
  if (goal.checks?.length) {
    const relevant = card.results.filter(
      r => goal.checks!.includes(r.checkId) && r.status !== 'not-applicable',
    );
    if (relevant.length) {
      const inWay = relevant.filter(r => r.status !== 'pass');
      parts.push({ status: statusOf(inWay), todo: inWay });
    }
  }
  if (goal.level !== undefined) {
    const blockers = resultsBlocking(card.results, goal.level);
    parts.push({
      status: card.level >= goal.level ? statusOf(blockers) : 'open',
      todo: blockers,
    });
  }
  if (!parts.length) return undefined;
  const status = WORST.find(s => parts.some(p => p.status === s))!;
  const seen = new Set<CheckResult>();
  const todo = parts
    .flatMap(p => p.todo)
    .filter(r => {
      if (seen.has(r)) return false;
      seen.add(r);
      return true;
    });
  return { status, todo };
}
