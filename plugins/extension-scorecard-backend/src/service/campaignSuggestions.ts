/**
 * Campaigns worth starting, prefilled from the latest snapshot: one per Kubernetes
 * minor the next-minor report finds blockers for (the checks that found them, on the
 * components and clusters concerned), and one per check failing (unwaived) on
 * components of at least two teams. Checks an open campaign or an upgrade suggestion
 * drives already are left out. The dates are a proposal: start today, enforce in 30 days, due in 60.
 */
import type {
  CampaignSuggestion,
  CheckDefinition,
  ClusterUpgradeReadiness,
  ComponentScorecard,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { parseEntityRef } from '@backstage/catalog-model';
import type { StoredCampaign } from '../store';

const DAY_MS = 86_400_000;
/** Failing-check suggestions offered at most. */
const MAX_FAILING = 8;
/** Teams a failing check must span to be suggested. */
const MIN_TEAMS = 2;

function dates(now: Date) {
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  const inDays = (n: number) =>
    new Date(today.getTime() + n * DAY_MS).toISOString();
  return {
    startsAt: today.toISOString(),
    enforceFrom: inDays(30),
    deadline: inDays(60),
  };
}

/** `group:default/team-security` → `team-security`. */
function teamName(ref: string): string {
  try {
    return parseEntityRef(ref).name;
  } catch {
    return ref;
  }
}

function list(names: readonly string[], max = 5): string {
  const shown = names.slice(0, max).join(', ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}

function upgradeSuggestions(
  clusters: readonly ClusterUpgradeReadiness[],
  known: ReadonlySet<string>,
  driven: ReadonlySet<string>,
  now: Date,
): CampaignSuggestion[] {
  const byTarget = new Map<
    string,
    {
      clusters: Set<string>;
      checks: Set<string>;
      components: Set<string>;
      teams: Set<string>;
      blockers: number;
    }
  >();
  for (const cluster of clusters) {
    if (!cluster.targetVersion) continue;
    for (const finding of cluster.findings) {
      if (finding.severity !== 'blocker' || !finding.componentId) continue;
      if (!finding.checkId || !known.has(finding.checkId)) continue;
      let entry = byTarget.get(cluster.targetVersion);
      if (!entry) {
        entry = {
          clusters: new Set(),
          checks: new Set(),
          components: new Set(),
          teams: new Set(),
          blockers: 0,
        };
        byTarget.set(cluster.targetVersion, entry);
      }
      entry.clusters.add(cluster.cluster);
      entry.checks.add(finding.checkId);
      entry.components.add(finding.componentId);
      if (finding.owner) entry.teams.add(finding.owner);
      entry.blockers += 1;
    }
  }
  return [...byTarget]
    .filter(([, e]) => [...e.checks].some(c => !driven.has(c)))
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([target, e]) => {
      const clusterNames = [...e.clusters].sort();
      const checks = [...e.checks].sort();
      return {
        source: 'upgrade' as const,
        reason: `The next-minor report finds ${e.blockers} blocker${
          e.blockers === 1 ? '' : 's'
        } for Kubernetes ${target} in ${e.components.size} component${
          e.components.size === 1 ? '' : 's'
        } of ${e.teams.size} team${e.teams.size === 1 ? '' : 's'} (${list(
          clusterNames,
        )}).`,
        teams: e.teams.size,
        components: e.components.size,
        draft: {
          title: `Ready for Kubernetes ${target}`,
          why: `Before ${list(clusterNames)} ${
            clusterNames.length === 1 ? 'moves' : 'move'
          } to Kubernetes ${target}, every extension stops using what ${target} removes: the next-minor report lists each blocker with the object, the API version and who applies it.`,
          goal: { checks },
          scope: {
            components: [...e.components].sort(),
            clusters: clusterNames,
          },
          ...dates(now),
        },
      };
    });
}

function failingSuggestions(
  scorecards: Iterable<ComponentScorecard>,
  definitions: readonly CheckDefinition[],
  driven: ReadonlySet<string>,
  now: Date,
): CampaignSuggestion[] {
  const failing = new Map<
    string,
    { teams: Set<string>; components: Set<string> }
  >();
  for (const card of scorecards) {
    if (!card.owner) continue;
    for (const result of card.results) {
      if (result.status !== 'fail' || result.waiver) continue;
      if (driven.has(result.checkId)) continue;
      let entry = failing.get(result.checkId);
      if (!entry) {
        entry = { teams: new Set(), components: new Set() };
        failing.set(result.checkId, entry);
      }
      entry.teams.add(card.owner);
      entry.components.add(card.componentId);
    }
  }
  const byId = new Map(definitions.map(d => [d.id, d]));
  return [...failing]
    .filter(([id, e]) => e.teams.size >= MIN_TEAMS && byId.has(id))
    .sort(
      ([a, x], [b, y]) =>
        y.teams.size - x.teams.size ||
        y.components.size - x.components.size ||
        a.localeCompare(b),
    )
    .slice(0, MAX_FAILING)
    .map(([id, e]) => {
      const definition = byId.get(id)!;
      return {
        source: 'failing-check' as const,
        reason: `${id} fails on ${e.components.size} components of ${
          e.teams.size
        } teams (${list([...e.teams].sort().map(teamName))}).`,
        teams: e.teams.size,
        components: e.components.size,
        draft: {
          title: definition.title,
          why: `${definition.title}: ${id} fails on ${
            e.components.size
          } extensions across ${e.teams.size} teams.${
            definition.remediation ? `\n\n${definition.remediation}` : ''
          }`,
          goal: { checks: [id] },
          scope: definition.kinds?.length
            ? { kinds: [...definition.kinds] }
            : {},
          ...dates(now),
        },
      };
    });
}

/** The suggestions of one snapshot (pure, for tests). */
export function campaignSuggestions(inputs: {
  upgrade: readonly ClusterUpgradeReadiness[];
  scorecards: Iterable<ComponentScorecard>;
  definitions: readonly CheckDefinition[];
  open: readonly StoredCampaign[];
  now: Date;
}): CampaignSuggestion[] {
  const driven = new Set(inputs.open.flatMap(c => c.goal.checks ?? []));
  const known = new Set(inputs.definitions.map(d => d.id));
  const upgrade = upgradeSuggestions(inputs.upgrade, known, driven, inputs.now);
  // a check an upgrade suggestion drives already is not suggested again on its own
  const suggested = new Set([
    ...driven,
    ...upgrade.flatMap(u => u.draft.goal.checks ?? []),
  ]);
  return [
    ...upgrade,
    ...failingSuggestions(
      inputs.scorecards,
      inputs.definitions,
      suggested,
      inputs.now,
    ),
  ];
}
