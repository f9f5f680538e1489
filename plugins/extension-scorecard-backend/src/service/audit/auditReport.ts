/**
 * The quarterly audit report, built from the quarter's snapshot (and the previous
 * quarter's) without I/O: per team and per kind the level distribution, critical
 * fails, orphans, waivers used and expired, retirements due, evidence freshness
 * and the change since the previous quarter.
 */
import type {
  AuditCampaign,
  AuditGroup,
  AuditReport,
  CheckResult,
  ComponentRef,
  ComponentScorecard,
  ComponentSummary,
  EvidenceFreshness,
  EvidenceState,
  LevelChange,
  RetirementDue,
  SnapshotRef,
  WaiverRecord,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { STATUS_RANK } from '../../store/diff';
import {
  addToTally,
  averageScore,
  emptyTally,
  type Tally,
} from '../../store/aggregates';

/** Everything the report is built from. */
export interface AuditInputs {
  quarter: string;
  complete: boolean;
  now: string;
  snapshot: SnapshotRef;
  previousQuarter: string;
  previousSnapshot: SnapshotRef | null;
  components: ComponentSummary[];
  previousComponents: ComponentSummary[];
  scorecards: ReadonlyMap<string, ComponentScorecard>;
  waivers: { used: WaiverRecord[]; expired: WaiverRecord[] };
  /** Newest experiment start per component. */
  newestEvidence: ReadonlyMap<string, string>;
  /** Components of the snapshot the reader may not see (left out of `components`). */
  hiddenByVisibility: number;
  /** The campaigns in force during the quarter, as they stood in its snapshot. */
  campaigns: AuditCampaign[];
}

const EXPERIMENTS_CHECK = 'experiments.required';
const RETIREMENT_CHECKS = [
  'retirement.migration-plan',
  'retirement.support-window',
];

function ref(c: ComponentSummary): ComponentRef {
  return {
    componentId: c.componentId,
    name: c.name,
    kind: c.kind,
    owner: c.owner,
  };
}

function worst(results: readonly CheckResult[]): CheckResult | undefined {
  return [...results].sort(
    (a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status],
  )[0];
}

/** The state of a component's required experiments, from `experiments.required`. */
export function evidenceState(card: ComponentScorecard | undefined): {
  state: EvidenceState;
  message: string;
} {
  const results = (card?.results ?? []).filter(
    r => r.checkId === EXPERIMENTS_CHECK && r.status !== 'not-applicable',
  );
  const result = worst(results);
  if (!result)
    return { state: 'not-required', message: 'no required experiment' };
  const state: EvidenceState = {
    pass: 'fresh',
    warn: 'stale',
    fail: 'missing',
    unknown: 'missing',
    'not-applicable': 'not-required',
  }[result.status] as EvidenceState;
  return { state, message: result.message };
}

function retirementResults(
  card: ComponentScorecard | undefined,
): CheckResult[] {
  return (card?.results ?? []).filter(
    r =>
      RETIREMENT_CHECKS.includes(r.checkId) &&
      (r.status === 'warn' || r.status === 'fail'),
  );
}

/**
 * The date a retirement result is about: the migration's target date
 * (`retirement.migration-plan`, observed `migration.targetDate`) or the end of
 * support (`retirement.support-window`, observed `supportEnds`).
 */
export function retirementDate(result: CheckResult): string | null {
  const observed = (result.observed ?? {}) as Record<string, any>;
  const candidates = [
    observed.targetDate,
    observed.migration?.targetDate,
    observed.supportEnds,
  ];
  const date = candidates.find(c => typeof c === 'string');
  return date ?? null;
}

interface GroupAccumulator {
  key: string | null;
  tally: Tally;
  previous: Tally | null;
  criticalFails: number;
  orphans: number;
  waiversUsed: number;
  waiversExpired: number;
  retirementsDue: number;
  evidence: AuditGroup['evidence'];
  improved: number;
  regressed: number;
}

function accumulator(key: string | null): GroupAccumulator {
  return {
    key,
    tally: emptyTally(),
    previous: null,
    criticalFails: 0,
    orphans: 0,
    waiversUsed: 0,
    waiversExpired: 0,
    retirementsDue: 0,
    evidence: { fresh: 0, stale: 0, missing: 0, notRequired: 0 },
    improved: 0,
    regressed: 0,
  };
}

function toGroup(acc: GroupAccumulator): AuditGroup {
  return {
    key: acc.key,
    components: acc.tally.components,
    levels: acc.tally.levels,
    averageScore: averageScore(acc.tally),
    criticalFails: acc.criticalFails,
    orphans: acc.orphans,
    waiversUsed: acc.waiversUsed,
    waiversExpired: acc.waiversExpired,
    retirementsDue: acc.retirementsDue,
    evidence: acc.evidence,
    previous: acc.previous
      ? {
          components: acc.previous.components,
          levels: acc.previous.levels,
          averageScore: averageScore(acc.previous),
        }
      : null,
    improved: acc.improved,
    regressed: acc.regressed,
  };
}

const EVIDENCE_KEYS: Record<EvidenceState, keyof AuditGroup['evidence']> = {
  fresh: 'fresh',
  stale: 'stale',
  missing: 'missing',
  'not-required': 'notRequired',
};

/** Builds the report. */
export function buildAuditReport(inputs: AuditInputs): AuditReport {
  const totals = accumulator(null);
  const teams = new Map<string, GroupAccumulator>();
  const kinds = new Map<string, GroupAccumulator>();
  const groupsOf = (owner: string | null, kind: string) => {
    const teamKey = owner ?? '';
    if (!teams.has(teamKey)) teams.set(teamKey, accumulator(owner));
    if (!kinds.has(kind)) kinds.set(kind, accumulator(kind));
    return [totals, teams.get(teamKey)!, kinds.get(kind)!];
  };

  const previousById = new Map(
    inputs.previousComponents.map(c => [c.componentId, c]),
  );
  const currentIds = new Set(inputs.components.map(c => c.componentId));
  const report: Omit<AuditReport, 'totals' | 'byTeam' | 'byKind'> = {
    quarter: inputs.quarter,
    complete: inputs.complete,
    generatedAt: inputs.now,
    snapshot: inputs.snapshot,
    previousQuarter: inputs.previousQuarter,
    previousSnapshot: inputs.previousSnapshot,
    hiddenByVisibility: inputs.hiddenByVisibility,
    campaigns: inputs.campaigns,
    criticalFails: [],
    orphans: [],
    waiversUsed: inputs.waivers.used,
    waiversExpired: inputs.waivers.expired,
    retirementsDue: [],
    evidenceFreshness: [],
    changes: { added: [], removed: [], improved: [], regressed: [] },
  };

  for (const component of inputs.components) {
    const card = inputs.scorecards.get(component.componentId);
    const groups = groupsOf(component.owner, component.kind);
    const evidence = evidenceState(card);
    const retirements = retirementResults(card);
    const hardGates = card?.hardGates ?? [];
    for (const group of groups) {
      addToTally(
        group.tally,
        component.level,
        component.score,
        component.counts,
      );
      group.criticalFails += hardGates.length;
      if (component.orphan) group.orphans += 1;
      if (retirements.length) group.retirementsDue += 1;
      group.evidence[EVIDENCE_KEYS[evidence.state]] += 1;
    }
    for (const gate of hardGates) {
      report.criticalFails.push({
        ...ref(component),
        checkId: gate.checkId,
        cluster: gate.cluster,
        message: gate.message,
      });
    }
    if (component.orphan) report.orphans.push(ref(component));
    for (const result of retirements) {
      const due: RetirementDue = {
        ...ref(component),
        lifecycle: component.lifecycle,
        checkId: result.checkId,
        status: result.status,
        message: result.message,
        targetDate: retirementDate(result),
      };
      report.retirementsDue.push(due);
    }
    if (evidence.state !== 'not-required') {
      const newest = inputs.newestEvidence.get(component.componentId) ?? null;
      const freshness: EvidenceFreshness = {
        ...ref(component),
        state: evidence.state,
        newestRunAt: newest,
        ageDays: newest
          ? Math.floor(
              (Date.parse(inputs.now) - Date.parse(newest)) / 86_400_000,
            )
          : null,
        message: evidence.message,
      };
      report.evidenceFreshness.push(freshness);
    }
    const before = previousById.get(component.componentId);
    if (!before) {
      if (inputs.previousSnapshot) report.changes.added.push(ref(component));
    } else if (before.level !== component.level) {
      const change: LevelChange = {
        ...ref(component),
        from: before.level,
        to: component.level,
        scoreFrom: before.score,
        scoreTo: component.score,
      };
      const up = component.level > before.level;
      (up ? report.changes.improved : report.changes.regressed).push(change);
      for (const group of groups) {
        if (up) group.improved += 1;
        else group.regressed += 1;
      }
    }
  }

  for (const component of inputs.previousComponents) {
    for (const group of groupsOf(component.owner, component.kind)) {
      group.previous ??= emptyTally();
      addToTally(
        group.previous,
        component.level,
        component.score,
        component.counts,
      );
    }
    if (!currentIds.has(component.componentId)) {
      report.changes.removed.push(ref(component));
    }
  }

  const byComponent = new Map(
    [...inputs.components, ...inputs.previousComponents].map(c => [
      c.componentId,
      c,
    ]),
  );
  const countWaivers = (
    waivers: WaiverRecord[],
    field: 'waiversUsed' | 'waiversExpired',
  ) => {
    for (const waiver of waivers) {
      const component = byComponent.get(waiver.component);
      // a waiver of a component gone from both snapshots still counts in the totals
      const groups = component
        ? groupsOf(component.owner, component.kind)
        : [totals];
      for (const group of groups) group[field] += 1;
    }
  };
  countWaivers(inputs.waivers.used, 'waiversUsed');
  countWaivers(inputs.waivers.expired, 'waiversExpired');

  const sortGroups = (groups: Iterable<GroupAccumulator>) =>
    [...groups]
      .filter(g => g.tally.components > 0 || g.waiversUsed > 0)
      .map(toGroup)
      .sort((a, b) => (a.key ?? '\uffff').localeCompare(b.key ?? '\uffff'));
  return {
    ...report,
    totals: toGroup(totals),
    byTeam: sortGroups(teams.values()),
    byKind: sortGroups(kinds.values()),
  };
}
