/**
 * Campaigns as scoring sees them: which components a campaign's scope takes, how an
 * announced campaign counts its goal checks' fails as warn until its enforcement
 * date, and whether a component has reached a campaign's goal.
 *
 * - Scope: each field given narrows it (one value of every field must match); none
 *   given, every component. Teams arrive expanded to the groups below them. A saved
 *   filter narrows it to what that filter shows in the component table (owners as
 *   named, orphans, the text search); its filters on results are not applied (a
 *   campaign may not name such a filter), and one that no longer exists takes none.
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
  SavedFilterFields,
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
  /** A saved filter's fields on what a component is; `null`: the filter is gone. */
  filter?: ResolvedSavedFilter | null;
}

/** The fields of a saved filter a scope applies, as the component table does. */
export interface ResolvedSavedFilter {
  /** Owners as named (normalized), not the groups below them. */
  owners?: readonly string[];
  kinds?: readonly string[];
  clusters?: readonly string[];
  lifecycles?: readonly string[];
  orphan?: boolean;
  /** Lower-cased, matched in {@link componentSearchText}. */
  search?: string;
}

/** What scope matching reads of a component. */
export interface CampaignSubject {
  componentId: string;
  name: string;
  /** The catalog title (the text search reads it); absent: not known. */
  title?: string | null;
  kind: string;
  owner: string | null;
  orphan: boolean;
  clusters: readonly string[];
  lifecycle: string | null;
}

/** The fields of a saved filter on results: a campaign's scope cannot apply them. */
export const RESULT_FILTER_FIELDS = [
  'level',
  'failingDimension',
  'warningDimension',
  'checkId',
  'status',
] as const satisfies ReadonlyArray<keyof SavedFilterFields>;

/** The result filters a saved filter holds (empty: a campaign's scope may name it). */
export function resultFiltersOf(filters: SavedFilterFields): string[] {
  return RESULT_FILTER_FIELDS.filter(field => {
    const value = filters[field];
    return Array.isArray(value) ? value.length > 0 : value !== undefined;
  });
}

/**
 * What the component table's text search looks in: id, name, owner and title,
 * lower-cased and joined by spaces (the store keeps it per component).
 */
export function componentSearchText(component: {
  componentId: string;
  name: string;
  owner: string | null;
  title?: string | null;
}): string {
  return [
    component.componentId,
    component.name,
    component.owner ?? '',
    component.title ?? '',
  ]
    .join(' ')
    .toLowerCase();
}

/** A saved filter's fields on what a component is, normalized. */
function resolveSavedFilter(filters: SavedFilterFields): ResolvedSavedFilter {
  const resolved: {
    -readonly [K in keyof ResolvedSavedFilter]: ResolvedSavedFilter[K];
  } = {};
  if (filters.owner?.length) {
    resolved.owners = filters.owner.map(normalizeOwnerRef);
  }
  if (filters.kind?.length) resolved.kinds = [...filters.kind];
  if (filters.cluster?.length) resolved.clusters = [...filters.cluster];
  if (filters.lifecycle?.length) resolved.lifecycles = [...filters.lifecycle];
  if (filters.orphan !== undefined) resolved.orphan = filters.orphan;
  if (filters.search) resolved.search = filters.search.toLowerCase();
  return resolved;
}

/** Whether a component matches one value of each of these fields given. */
function matchesFields(
  fields: {
    kinds?: readonly string[];
    owners?: readonly string[];
    clusters?: readonly string[];
    lifecycles?: readonly string[];
  },
  subject: CampaignSubject,
): boolean {
  const { kinds, owners, clusters, lifecycles } = fields;
  if (kinds && !kinds.includes(subject.kind)) return false;
  if (
    owners &&
    !(
      subject.owner !== null &&
      owners.includes(normalizeOwnerRef(subject.owner))
    )
  ) {
    return false;
  }
  if (clusters && !subject.clusters.some(c => clusters.includes(c))) {
    return false;
  }
  return (
    !lifecycles ||
    (subject.lifecycle !== null && lifecycles.includes(subject.lifecycle))
  );
}

/** Whether a component is among those a saved filter shows. */
function matchesSavedFilter(
  filter: ResolvedSavedFilter,
  subject: CampaignSubject,
): boolean {
  if (!matchesFields(filter, subject)) return false;
  if (filter.orphan !== undefined && subject.orphan !== filter.orphan) {
    return false;
  }
  return (
    filter.search === undefined ||
    componentSearchText(subject).includes(filter.search)
  );
}

/** Finds a saved filter's fields by id (undefined: no such filter). */
export type SavedFilterLookup = (
  id: string,
) => Promise<SavedFilterFields | undefined>;

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
 * it), refs normalized, a saved filter's fields found by `savedFilter`.
 */
export async function resolveCampaignScope(
  scope: {
    kinds?: readonly string[];
    teams?: readonly string[];
    clusters?: readonly string[];
    lifecycles?: readonly string[];
    components?: readonly string[];
    savedFilter?: string;
  },
  descendants: (team: string) => Promise<Iterable<string>>,
  savedFilter?: SavedFilterLookup,
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
  if (scope.savedFilter) {
    const fields = savedFilter
      ? await savedFilter(scope.savedFilter)
      : undefined;
    resolved.filter = fields ? resolveSavedFilter(fields) : null;
  }
  return resolved;
}

/** Whether a component is in a resolved scope. */
export function inCampaignScope(
  scope: ResolvedCampaignScope,
  subject: CampaignSubject,
): boolean {
  if (!matchesFields(scope, subject)) return false;
  if (
    scope.components &&
    !scope.components.includes(normalizeComponentRef(subject.componentId))
  ) {
    return false;
  }
  if (scope.filter === null) return false;
  return !scope.filter || matchesSavedFilter(scope.filter, subject);
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
