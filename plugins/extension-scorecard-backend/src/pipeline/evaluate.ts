/**
 * The evaluate step: every readiness check of the catalogue run over an inventory,
 * then scored (waivers, levels, score) into one ComponentScorecard per component.
 */
import { ConfigReader } from '@backstage/config';
import type {
  CheckResult,
  ComponentScorecard,
  ExperimentEvidence,
  Waiver,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  ClusterIndex,
  planChecks,
  readChecksConfig,
  resolveChecks,
  resolveKinds,
  runComponent,
  type ChecksConfig,
  type RunEnvironment,
  type ScorecardCheck,
  type ScorecardKind,
} from '../checks';
import { renderRelative } from '../checks/relativeDays';
import type { ExtensionComponent, Inventory } from '../inventory/model';
import {
  announceCampaigns,
  applyWaivers,
  buildScorecard,
  byComponent,
  inCampaignScope,
  normalizeComponentRef,
  type CampaignAnnouncementRule,
  type CampaignSubject,
} from '../scoring';

export interface EvaluateOptions {
  /** The evaluation time (expiry, freshness, waivers). */
  now: Date;
  /** Experiment evidence of every component (matched by component ref). */
  evidence?: readonly ExperimentEvidence[];
  /** Waivers of every component; only approved, unexpired ones count. */
  waivers?: readonly Waiver[];
  /**
   * Open campaigns with an enforcement date: before it, their goal checks' fails
   * count as warn on the components in their scope.
   */
  campaigns?: readonly CampaignAnnouncementRule[];
  /** The previous snapshot's results per component id. */
  previous?: ReadonlyMap<string, readonly CheckResult[]>;
  /** From readChecksConfig at start-up; defaults apply when omitted. */
  config?: ChecksConfig;
  /** Checks added by modules through the extension point. */
  extraChecks?: readonly ScorecardCheck[];
  /** Kinds added by modules through the extension point. */
  extraKinds?: readonly ScorecardKind[];
}

let defaultConfig: ChecksConfig | undefined;

/** The checks config of the options, or the defaults. */
export function checksConfigOf(options: EvaluateOptions): ChecksConfig {
  return (
    options.config ?? (defaultConfig ??= readChecksConfig(new ConfigReader({})))
  );
}

/** What the runner needs to evaluate an inventory: planned checks, kinds, cluster indexes, tables. */
export function runEnvironment(
  inventory: Inventory,
  options: EvaluateOptions,
): RunEnvironment {
  const config = checksConfigOf(options);
  return {
    now: options.now,
    checks: planChecks(resolveChecks(config, options.extraChecks)),
    kinds: resolveKinds(config, options.extraKinds),
    indexes: new Map(
      inventory.clusters.map(c => [c.cluster, new ClusterIndex(c)]),
    ),
    tables: config.tables,
    freshnessDays: config.freshnessDays,
  };
}

/**
 * Scorecards as the store keeps them: countdowns (days left, ages) are tokens that
 * `renderRelative` counts for the time they are read at (see checks/relativeDays), so
 * an evaluation that only moved on by a day is the same value.
 */
export type StableScorecard = ComponentScorecard & {
  readonly stable: unique symbol;
};

/** Runs every enabled check on every component and scores the results, counted at `options.now`. */
export function evaluateInventory(
  inventory: Inventory,
  options: EvaluateOptions,
): ComponentScorecard[] {
  return renderScorecards(evaluateStable(inventory, options), options.now);
}

/** Stable scorecards counted at `now`: what the API and notifications hand out. */
export function renderScorecards(
  scorecards: readonly StableScorecard[],
  now: Date,
): ComponentScorecard[] {
  return scorecards.map(card => renderScorecard(card, now));
}

/**
 * One scorecard counted at `now`. Only what checks write can hold a countdown (results,
 * hard gates, blockers, certificate findings); the other facts (blast radius, RBAC
 * findings) come from cluster objects and are shared as they are.
 */
export function renderScorecard(
  card: StableScorecard,
  now: Date,
): ComponentScorecard {
  const results = renderRelative(card.results, now);
  const hardGates = renderRelative(card.hardGates, now);
  const nextLevelBlockers = renderRelative(card.nextLevelBlockers, now);
  const certificates = renderRelative(card.certificates, now);
  return results === card.results &&
    hardGates === card.hardGates &&
    nextLevelBlockers === card.nextLevelBlockers &&
    certificates === card.certificates
    ? card
    : { ...card, results, hardGates, nextLevelBlockers, certificates };
}

/** Like {@link evaluateInventory}, but the scorecards keep their countdowns as tokens (for the store). */
export function evaluateStable(
  inventory: Inventory,
  options: EvaluateOptions,
): StableScorecard[] {
  const evaluator = componentEvaluator(inventory, options);
  return inventory.components.map(component => evaluator.evaluate(component));
}

/** Evaluates the components of one inventory one at a time, the set-up done once. */
export interface ComponentEvaluator {
  /** Every check on the component, scored; countdowns stay tokens. */
  evaluate(component: ExtensionComponent): StableScorecard;
  /**
   * What a component's evaluation reads besides the inventory (by component id): its
   * evidence, waivers and the announcing campaigns whose scope takes it.
   */
  inputsOf(subject: CampaignSubject): ComponentInputs;
}

/** What a component's evaluation reads besides its objects. */
export interface ComponentInputs {
  evidence: readonly ExperimentEvidence[];
  waivers: readonly Waiver[];
  campaigns: readonly CampaignAnnouncementRule[];
}

/** What campaign scopes read of a component (its scorecard carries the same). */
export function subjectOf(component: ExtensionComponent): CampaignSubject {
  return {
    componentId: component.id,
    name: component.name,
    title: component.catalog?.title ?? null,
    kind: component.kind,
    owner: component.catalog?.owner?.ref ?? null,
    orphan: component.catalog === null,
    clusters: component.instances.map(i => i.cluster),
    lifecycle: component.catalog?.lifecycle ?? null,
  };
}

/** A {@link ComponentEvaluator} over `inventory` with `options`. */
export function componentEvaluator(
  inventory: Inventory,
  options: EvaluateOptions,
): ComponentEvaluator {
  const config = checksConfigOf(options);
  const env = runEnvironment(inventory, options);
  const evidence = byComponent(options.evidence ?? [], e => e.component);
  const waivers = byComponent(options.waivers ?? [], w => w.component);
  const campaigns = options.campaigns ?? [];
  const previous = new Map<string, readonly CheckResult[]>();
  for (const [id, results] of options.previous ?? [])
    previous.set(normalizeComponentRef(id), results);

  return {
    evaluate(component) {
      const ref = normalizeComponentRef(component.id);
      const run = runComponent(
        component,
        env,
        evidence.get(ref) ?? [],
        previous.get(ref) ?? [],
      );
      const announced = announceCampaigns(
        run.results,
        campaigns.filter(rule =>
          inCampaignScope(rule.scope, subjectOf(component)),
        ),
        options.now,
      );
      const results = applyWaivers(
        announced,
        waivers.get(ref) ?? [],
        options.now,
      );
      return buildScorecard(
        component,
        results,
        run.facts,
        config.tables.scoring,
      ) as StableScorecard;
    },
    inputsOf(subject) {
      const ref = normalizeComponentRef(subject.componentId);
      return {
        evidence: evidence.get(ref) ?? [],
        waivers: waivers.get(ref) ?? [],
        campaigns: campaigns.filter(rule =>
          inCampaignScope(rule.scope, subject),
        ),
      };
    },
  };
}
