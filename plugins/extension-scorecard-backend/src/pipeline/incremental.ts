/**
 * Refreshes that evaluate only what changed.
 *
 * A component's evaluation is a function of its clusters' data, the catalog, its
 * evidence and waivers, the checks' configuration and the clock. The memo keeps, per
 * component of the last snapshot this process wrote, the fingerprint of those inputs
 * (pipeline/fingerprints), the instant before which the clock does not change the
 * result (checks/timeBound) and the stored evaluation's hash. The next refresh
 * evaluates a component again only when its fingerprint differs or that instant has
 * come; any other component keeps its evaluation, and the store takes it by hash
 * without serializing it again.
 *
 * The memo belongs to one snapshot: when the latest snapshot is not the one it
 * remembers (another replica wrote one, the process restarted, a write failed) every
 * component is evaluated. Checks added by modules may read the clock in ways the
 * plugin cannot see, so with any of them nothing is reused.
 */
import type {
  CheckResult,
  ExperimentEvidence,
  UpgradeFinding,
  Waiver,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { createHash } from 'node:crypto';
import { withTimeBound } from '../checks/timeBound';
import type { ExtensionComponent, Inventory } from '../inventory/model';
import { canonicalJson } from '../store/encoding';
import {
  checksConfigOf,
  componentEvaluator,
  type EvaluateOptions,
  type StableScorecard,
} from './evaluate';
import { clusterFingerprint } from './fingerprints';
import type { ComponentFindingsCache } from './upgradeReadiness';

interface Remembered {
  fingerprint: string;
  /** Epoch ms from which the clock may change the evaluation. */
  validBefore: number;
  scorecard: StableScorecard;
  /** The stored evaluation's hash, once written. */
  evaluationHash?: string;
  /** Its findings in the next-minor upgrade report, and until when they hold. */
  upgrade?: {
    findings: ReadonlyMap<string, readonly UpgradeFinding[]>;
    validBefore: number;
  };
}

/** One refresh's evaluation: every scorecard, and which were kept from the last snapshot. */
export interface IncrementalEvaluation {
  scorecards: StableScorecard[];
  /** Component id → the stored evaluation's hash, for the components kept as they were. */
  reused: ReadonlyMap<string, string>;
  /** Components evaluated again (changed, new, or their time came). */
  evaluated: number;
  /** What to remember once the snapshot is written. */
  readonly pending: ReadonlyMap<string, Remembered>;
  /** Whether the memo held the latest snapshot (else nothing is kept). */
  readonly reusable: boolean;
  /** The evaluation time, epoch ms. */
  readonly now: number;
}

/** What a refresh reads besides the inventory, for the memo. */
export interface IncrementalOptions extends EvaluateOptions {
  /** The fingerprint of the catalog as read (see catalogFingerprint). */
  catalogFingerprint: string;
  /** The latest stored snapshot's id (null: none yet). */
  latestSnapshotId: number | null;
}

function componentFingerprint(
  component: ExtensionComponent,
  clusters: ReadonlyMap<string, string>,
  catalog: string,
  inputs: {
    evidence: readonly ExperimentEvidence[];
    waivers: readonly Waiver[];
  },
): string {
  const hash = createHash('sha256');
  hash.update(`${component.id}\n${catalog}\n`);
  for (const instance of component.instances) {
    hash.update(
      `${instance.cluster}=${clusters.get(instance.cluster) ?? 'unread'}\n`,
    );
  }
  if (inputs.evidence.length) hash.update(canonicalJson(inputs.evidence));
  hash.update('\n');
  if (inputs.waivers.length) hash.update(canonicalJson(inputs.waivers));
  return hash.digest('hex');
}

/** The memo of one refresh pipeline (one per backend instance). */
export class EvaluationMemo {
  private snapshotId: number | null = null;
  private entries = new Map<string, Remembered>();

  /**
   * The results of the snapshot it remembers, by component id (what the checks that
   * look back one run read), or undefined when it does not remember `latestSnapshotId`.
   */
  previousResults(
    latestSnapshotId: number | null,
  ): Map<string, readonly CheckResult[]> | undefined {
    if (latestSnapshotId === null || latestSnapshotId !== this.snapshotId)
      return undefined;
    return new Map(
      [...this.entries].map(([id, entry]) => [id, entry.scorecard.results]),
    );
  }

  /** Evaluates `inventory`, keeping every component whose inputs did not change. */
  evaluate(
    inventory: Inventory,
    options: IncrementalOptions,
  ): IncrementalEvaluation {
    const config = checksConfigOf(options);
    const reusable =
      options.latestSnapshotId !== null &&
      options.latestSnapshotId === this.snapshotId &&
      !config.extraChecks.length &&
      !options.extraChecks?.length;
    const clusters = new Map(
      inventory.clusters.map(c => [c.cluster, clusterFingerprint(c)]),
    );
    const evaluator = componentEvaluator(inventory, options);
    const now = options.now.getTime();
    const reused = new Map<string, string>();
    const pending = new Map<string, Remembered>();
    let evaluated = 0;
    const scorecards = inventory.components.map(component => {
      const fingerprint = componentFingerprint(
        component,
        clusters,
        options.catalogFingerprint,
        evaluator.inputsOf(component),
      );
      const known = reusable ? this.entries.get(component.id) : undefined;
      if (
        known?.evaluationHash &&
        known.fingerprint === fingerprint &&
        now < known.validBefore
      ) {
        reused.set(component.id, known.evaluationHash);
        pending.set(component.id, known);
        return known.scorecard;
      }
      evaluated += 1;
      const { value, validBefore } = withTimeBound(() =>
        evaluator.evaluate(component),
      );
      pending.set(component.id, { fingerprint, validBefore, scorecard: value });
      return value;
    });
    return { scorecards, reused, evaluated, pending, reusable, now };
  }

  /**
   * For upgradeReadiness after `evaluation`: a component's next-minor findings are kept
   * while its inputs read the same and the clock has not reached their own bound.
   */
  upgradeFindings(evaluation: IncrementalEvaluation): ComponentFindingsCache {
    return (component, compute) => {
      const entry = evaluation.pending.get(component.id);
      const known = evaluation.reusable
        ? this.entries.get(component.id)
        : undefined;
      if (
        entry &&
        known?.upgrade &&
        known.fingerprint === entry.fingerprint &&
        evaluation.now < known.upgrade.validBefore
      ) {
        entry.upgrade = known.upgrade;
        return known.upgrade.findings;
      }
      const { value, validBefore } = withTimeBound(compute);
      if (entry) entry.upgrade = { findings: value, validBefore };
      return value;
    };
  }

  /** Remembers an evaluation once its snapshot is written, with the stored hashes. */
  remember(
    evaluation: IncrementalEvaluation,
    snapshotId: number,
    evaluationHashes: ReadonlyMap<string, string>,
  ): void {
    const entries = new Map<string, Remembered>();
    for (const [id, entry] of evaluation.pending) {
      const evaluationHash = evaluationHashes.get(id);
      if (evaluationHash) entries.set(id, { ...entry, evaluationHash });
    }
    this.entries = entries;
    this.snapshotId = snapshotId;
  }

  /** Forgets everything: the next refresh evaluates every component. */
  forget(): void {
    this.entries = new Map();
    this.snapshotId = null;
  }
}
