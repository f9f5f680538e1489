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
 * without serializing it again. The next-minor upgrade findings are kept per component
 * the same way.
 *
 * When every cluster and the catalog read exactly as in the last run, the inventory
 * would come out the same, so it is not built again ({@link EvaluationMemo.inventory}):
 * the memo keeps the objects of the components evaluated every run (those counting a
 * condition's age from each collection) and evaluates them against the new
 * collections; any other component that needs evaluating (new evidence, a verdict the
 * clock moved) makes the run build the inventory.
 *
 * The memo belongs to one snapshot: when the latest snapshot is not the one it
 * remembers (another replica wrote one, the process restarted, a write failed) every
 * component is evaluated. Checks added by modules may read the clock in ways the
 * plugin cannot see, so with any of them nothing is reused.
 */
import type { Entity } from '@backstage/catalog-model';
import type {
  CheckResult,
  ClusterUpgradeReadiness,
  UpgradeFinding,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { createHash, hash as digestOf, type Hash } from 'node:crypto';
import { withTimeBound } from '../checks/timeBound';
import type {
  ClusterCollection,
  CollectionFingerprint,
  KubeObject,
} from '../collect/types';
import { buildInventorySteps } from '../inventory/buildInventory';
import { runSteps, type Steps } from '../pacing/steps';
import {
  InventoryParts,
  objectResolver,
  rebaseInstance,
} from '../inventory/clusterParts';
import type {
  ComponentInstance,
  ExtensionComponent,
  Inventory,
} from '../inventory/model';
import { canonicalJson, sameJson } from '../store/encoding';
import {
  checksConfigOf,
  componentEvaluator,
  subjectOf,
  type ComponentEvaluator,
  type ComponentInputs,
  type EvaluateOptions,
  type StableScorecard,
} from './evaluate';
import type { CampaignSubject } from '../scoring';
import {
  catalogFingerprint,
  clusterFingerprint,
  fingerprintOfRead,
  fleetHeaderFingerprint,
  inventoryFingerprintOf,
  listPartFingerprint,
  type InventoryListParts,
  objectFingerprintPart,
} from './fingerprints';
import {
  parseClusterRead,
  withClusterReads,
  type ClusterRead,
} from '../checks/clusterReads';
import {
  upgradeReadinessSteps,
  type ComponentFindingsCache,
} from './upgradeReadiness';

interface Remembered {
  fingerprint: string;
  /** Epoch ms from which the clock may change the evaluation. */
  validBefore: number;
  scorecard: StableScorecard;
  /** The stored evaluation's hash, once written. */
  evaluationHash?: string;
  /** The stored state's hash, once written. */
  stateHash?: string;
  /**
   * Its findings in the next-minor upgrade report, until when they hold, and the cluster
   * lists computing them read with its objects as far as they read them (see
   * {@link inputsReadFingerprint}; no evidence, waivers or campaigns).
   */
  upgrade?: {
    findings: ReadonlyMap<string, readonly UpgradeFinding[]>;
    validBefore: number;
    read?: ReadRecord;
  };
  /** The catalog title stored with its state. */
  title: string | null;
  /** The clusters of its instances, in order (its fingerprint names them). */
  clusters: readonly string[];
  /** Kept for a component evaluated every run: what it is evaluated from while nothing was read differently. */
  component?: ExtensionComponent;
  /** Which objects its instances hold, by name (see {@link instancesKey}). */
  instancesKey?: string;
  /** The cluster lists its evaluation read, and its inputs as far as it read them (see {@link inputsReadFingerprint}). */
  read?: ReadRecord;
}

/** The cluster lists a computation read, and its inputs as far as it read them (see {@link inputsReadFingerprint}). */
interface ReadRecord {
  lists: ReadonlyMap<string, readonly ClusterRead[]>;
  fingerprint: string;
}

/** What a run read, as fingerprints. */
interface ReadFingerprints {
  clusters: ReadonlyMap<string, string>;
  /** Cluster → each list's fingerprint. */
  lists: ReadonlyMap<string, CollectionFingerprint['lists']>;
  /** Cluster → its collection (for the fingerprints of parts of lists). */
  collections: ReadonlyMap<string, ClusterCollection>;
  /** Every cluster's header and staleness (see fleetHeaderFingerprint). */
  fleetHeader: string;
  catalog: string;
  /** The module kinds the inventory was built with. */
  extraKinds: string;
}

/** A component kept as it was: its stored evaluation, state, and the title stored with it. */
export interface KeptEvaluation {
  evaluationHash: string;
  /** Its state's hash as last stored (nothing of the state changed since). */
  stateHash?: string;
  title: string | null;
}

/** One refresh's evaluation: every scorecard, and which were kept from the last snapshot. */
export interface IncrementalEvaluation {
  scorecards: StableScorecard[];
  /** Component id → its stored evaluation, for the components kept as they were. */
  reused: ReadonlyMap<string, KeptEvaluation>;
  /** Component id → its stored evaluation, for components evaluated again to exactly that evaluation. */
  restated: ReadonlyMap<string, KeptEvaluation>;
  /** Both: what the store takes by hash (snapshotInput's `reused`). */
  storedByHash: ReadonlyMap<string, KeptEvaluation>;
  /** Components evaluated again (changed, new, or their time came). */
  evaluated: number;
  /** What to remember once the snapshot is written. */
  readonly pending: ReadonlyMap<string, Remembered>;
  /** Whether the memo held the latest snapshot (else nothing is kept). */
  readonly reusable: boolean;
  /** The evaluation time, epoch ms. */
  readonly now: number;
  /** What was read. */
  readonly read: ReadFingerprints;
  /** Whether the inventory was kept from the last run (nothing read differently). */
  readonly inventoryKept: boolean;
}

/** What a refresh reads besides the inventory, for the memo. */
export interface IncrementalOptions extends EvaluateOptions {
  /**
   * The fingerprint of the catalog as read (see catalogFingerprint); not needed for an
   * inventory the memo gave.
   */
  catalogFingerprint?: string;
  /** The latest stored snapshot's id (null: none yet). */
  latestSnapshotId: number | null;
  /** The module kinds an inventory built elsewhere was built with (default none). */
  inventoryKinds?: readonly string[];
}

/** What a refresh read: every cluster's latest collection and the catalog. */
export interface FleetRead {
  collections: ClusterCollection[];
  entities: Entity[];
  /** Extension kinds registered by backend modules. */
  extraKinds?: readonly string[];
}

function componentFingerprint(
  id: string,
  instanceClusters: readonly string[],
  read: ReadFingerprints,
  inputs: ComponentInputs,
): string {
  const hash = createHash('sha256');
  hash.update(`${id}\n${read.catalog}\n`);
  for (const cluster of instanceClusters) {
    hash.update(`${cluster}=${read.clusters.get(cluster) ?? 'unread'}\n`);
  }
  return withInputs(hash, inputs);
}

/** Adds a component's evidence, waivers and campaigns to `hash`, and digests it. */
function withInputs(hash: Hash, inputs: ComponentInputs): string {
  return hash.update(inputsText(inputs)).digest('hex');
}

/** A component's evidence, waivers and campaigns, as its fingerprints name them. */
function inputsText(inputs: ComponentInputs): string {
  return `${inputs.evidence.length ? canonicalJson(inputs.evidence) : ''}\n${
    inputs.waivers.length ? canonicalJson(inputs.waivers) : ''
  }\n${inputs.campaigns.length ? canonicalJson(inputs.campaigns) : ''}`;
}

/**
 * Which objects a component's instances hold, by apiVersion, kind and name, with their
 * advertised resources and scheduler names: what its stored evaluation names besides
 * its scorecard and design record.
 */
function instancesKey(component: ExtensionComponent): string {
  const parts: string[] = [];
  for (const instance of component.instances) {
    parts.push(
      `@${instance.cluster}`,
      instance.advertisedResources.join(','),
      instance.schedulerNames.join(','),
    );
    for (const [list, objects] of Object.entries(instance.objects)) {
      parts.push(`#${list}`);
      for (const o of (objects ?? []) as KubeObject[])
        parts.push(
          `${o.apiVersion}|${o.kind}|${o.metadata.namespace ?? ''}|${
            o.metadata.name
          }`,
        );
    }
  }
  return parts.join('\n');
}

/** The clusters' part of what a run read. */
function clusterReads(
  collections: readonly ClusterCollection[],
): Pick<
  ReadFingerprints,
  'clusters' | 'lists' | 'collections' | 'fleetHeader'
> {
  return {
    collections: new Map(collections.map(c => [c.cluster, c])),
    clusters: new Map(collections.map(c => [c.cluster, clusterFingerprint(c)])),
    lists: new Map(
      collections.map(c => [c.cluster, fingerprintOfRead(c).lists]),
    ),
    fleetHeader: fleetHeaderFingerprint(collections),
  };
}

/** No evidence, waivers or campaigns: what the next-minor findings are computed without. */
const NO_INPUTS: ComponentInputs = { evidence: [], waivers: [], campaigns: [] };

/**
 * Each run's {@link ownReadPart} of each component, computed once. A plain map per run:
 * it lives as long as the run's fingerprints, kept with the run's inventory, which
 * holds the components anyway (no WeakMap entry per component: see derivedValue).
 */
const ownReadParts = new WeakMap<
  ReadFingerprints,
  Map<ExtensionComponent, string>
>();

/**
 * The part of {@link inputsReadFingerprint} that is the component's own, whatever lists
 * it read: its objects and what the inventory made of them, every cluster's header and
 * staleness, the catalog. Computed once per run for a component: its checks and its
 * next-minor findings are each compared with what they read.
 */
function ownReadPart(
  component: ExtensionComponent,
  read: ReadFingerprints,
): string {
  let parts = ownReadParts.get(read);
  if (!parts) {
    parts = new Map();
    ownReadParts.set(read, parts);
  }
  let part = parts.get(component);
  if (part !== undefined) return part;
  // one text hashed at once: an update per instance and list cost as much as the hashing
  const text: string[] = [
    `${component.id}\n${read.catalog}\n${read.fleetHeader}\n`,
    JSON.stringify({
      name: component.name,
      kind: component.kind,
      facets: component.facets,
      findings: component.descriptorFindings,
    }),
  ];
  for (const instance of component.instances) {
    text.push(
      `\n@${instance.cluster}|${instance.advertisedResources.join(
        ',',
      )}|${instance.schedulerNames.join(',')}`,
    );
    for (const [list, objects] of Object.entries(instance.objects)) {
      if (!(objects as KubeObject[]).length) continue;
      text.push(`\n#${list}`);
      for (const object of objects as KubeObject[])
        text.push(`\n${objectFingerprintPart(object)}`);
    }
  }
  part = digestOf('sha256', text.join(''), 'base64');
  parts.set(component, part);
  return part;
}

/** The fingerprint of a list, or of the part of one, a component's checks read. */
function listFingerprint(
  read: ReadFingerprints,
  cluster: string,
  clusterRead: ClusterRead,
): string {
  const { key, part } = parseClusterRead(clusterRead);
  if (part === undefined) return read.lists.get(cluster)?.[key] ?? 'unread';
  const collection = read.collections.get(cluster);
  return collection ? listPartFingerprint(collection, key, part) : 'unread';
}

/**
 * A component's inputs as far as its last evaluation read them: its own objects (by
 * uid and resourceVersion) and what the inventory made of them, the cluster lists its
 * checks read (`reads`, recorded by checks/clusterReads), every cluster's header and
 * staleness, the catalog, its evidence, waivers and campaigns. Equal: its evaluation
 * is the same, though other objects of its clusters changed.
 */
function inputsReadFingerprint(
  component: ExtensionComponent,
  reads: ReadonlyMap<string, readonly ClusterRead[]>,
  read: ReadFingerprints,
  inputs: ComponentInputs,
): string {
  const text: string[] = [ownReadPart(component, read)];
  for (const [cluster, keys] of reads) {
    text.push(`\n%${cluster}`);
    for (const clusterRead of keys)
      text.push(
        `\n${clusterRead}=${listFingerprint(read, cluster, clusterRead)}`,
      );
  }
  text.push('\n', inputsText(inputs));
  return digestOf('sha256', text.join(''), 'hex');
}

/** What a computation of `component` read (`lists`), fingerprinted as `read` has it. */
function recordOfReads(
  component: ExtensionComponent,
  lists: ReadonlyMap<string, readonly ClusterRead[]>,
  read: ReadFingerprints,
  inputs: ComponentInputs,
): ReadRecord {
  return {
    lists,
    fingerprint: inputsReadFingerprint(component, lists, read, inputs),
  };
}

/** True when nothing `record` names reads differently in `read`. */
function readsAsRecorded(
  component: ExtensionComponent,
  record: ReadRecord | undefined,
  read: ReadFingerprints,
  inputs: ComponentInputs,
): boolean {
  return (
    record !== undefined &&
    inputsReadFingerprint(component, record.lists, read, inputs) ===
      record.fingerprint
  );
}

function sameRead(a: ReadFingerprints, b: ReadFingerprints): boolean {
  if (a.catalog !== b.catalog || a.extraKinds !== b.extraKinds) return false;
  if (a.clusters.size !== b.clusters.size) return false;
  const second = [...b.clusters];
  return [...a.clusters].every(
    ([name, fingerprint], i) =>
      second[i][0] === name && second[i][1] === fingerprint,
  );
}

/**
 * Kept components with their objects taken from the new collections (checks compare
 * an instance's objects with the cluster's by identity), or undefined when one is not
 * there (it then cannot be kept). In steps: a cluster's objects are indexed as its
 * components need them.
 */
function* withObjectsOf(
  components: readonly ExtensionComponent[],
  collections: readonly ClusterCollection[],
): Steps<ExtensionComponent[] | undefined> {
  const resolvers = new Map<string, ReturnType<typeof objectResolver>>();
  const resolverOf = (cluster: string) => {
    let resolve = resolvers.get(cluster);
    if (!resolve) {
      resolve = objectResolver(collections.find(c => c.cluster === cluster));
      resolvers.set(cluster, resolve);
    }
    return resolve;
  };
  const out: ExtensionComponent[] = [];
  for (const component of components) {
    const instances: ComponentInstance[] = [];
    for (const instance of component.instances) {
      const rebased = rebaseInstance(instance, resolverOf(instance.cluster));
      if (!rebased) return undefined;
      instances.push(rebased);
    }
    out.push({ ...component, instances });
    yield;
  }
  return out;
}

/** The memo of one refresh pipeline (one per backend instance). */
export class EvaluationMemo {
  private snapshotId: number | null = null;
  private entries = new Map<string, Remembered>();
  /** What the last written run read, and its next-minor report. */
  private last?: {
    read: ReadFingerprints;
    upgrade: readonly ClusterUpgradeReadiness[];
  };
  /** Fingerprints of the inventories this memo gave. */
  private readonly reads = new WeakMap<Inventory, ReadFingerprints>();
  /** Inventories kept from the last run: only the components evaluated every run. */
  private readonly kept = new WeakSet<Inventory>();
  /** What each cluster gave the last inventory built (a build reads again only the clusters read differently). */
  private readonly parts = new InventoryParts();
  /**
   * Each cluster's inventory fingerprint and the read it was computed from: a cluster read
   * as last time is not hashed again.
   */
  private inventoryKeys = new Map<
    string,
    { read: string; key: string; lists: InventoryListParts }
  >();

  /**
   * The fingerprint of what the inventory reads of each collection: a cluster whose
   * objects only moved on in ways no grouping reads (statuses, EndpointSlices) keeps its
   * part of the last inventory.
   */
  private *inventoryKeysSteps(
    collections: readonly ClusterCollection[],
  ): Steps<Map<string, string>> {
    const known = this.inventoryKeys;
    this.inventoryKeys = new Map();
    for (const collection of collections) {
      const read = fingerprintOfRead(collection).whole;
      const last = known.get(collection.cluster);
      if (last?.read === read) {
        this.inventoryKeys.set(collection.cluster, last);
        continue;
      }
      const { key, lists } = inventoryFingerprintOf(collection, last?.lists);
      this.inventoryKeys.set(collection.cluster, { read, key, lists });
      yield; // up to tens of milliseconds for a cluster of 500 extensions
    }
    return new Map(
      [...this.inventoryKeys].map(([cluster, { key }]) => [cluster, key]),
    );
  }

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

  private reusable(options: IncrementalOptions): boolean {
    const config = checksConfigOf(options);
    return (
      options.latestSnapshotId !== null &&
      options.latestSnapshotId === this.snapshotId &&
      !config.extraChecks.length &&
      !options.extraChecks?.length
    );
  }

  /**
   * The inventory of `read`: the last run's, holding only the components evaluated every
   * run, when every cluster and the catalog read as then and no other component needs
   * evaluating (`build: true` forces building it); otherwise built.
   */
  inventory(
    read: FleetRead,
    options: IncrementalOptions & { build?: boolean },
  ): Inventory {
    return runSteps(this.inventorySteps(read, options));
  }

  /** {@link inventory} in steps (see pacing/steps). */
  *inventorySteps(
    read: FleetRead,
    options: IncrementalOptions & { build?: boolean },
  ): Steps<Inventory> {
    const fingerprints: ReadFingerprints = {
      ...clusterReads(read.collections),
      catalog: catalogFingerprint(read.entities),
      extraKinds: JSON.stringify(read.extraKinds ?? []),
    };
    const now = options.now.getTime();
    if (
      !options.build &&
      this.last &&
      this.reusable(options) &&
      sameRead(fingerprints, this.last.read) &&
      [...this.entries.values()].every(
        e => e.upgrade && now < e.upgrade.validBefore,
      )
    ) {
      const components = yield* withObjectsOf(
        [...this.entries.values()].flatMap(e =>
          e.component ? [e.component] : [],
        ),
        read.collections,
      );
      const inventory: Inventory = {
        generatedAt: options.now.toISOString(),
        clusters: read.collections,
        components: components ?? [],
      };
      const evaluator = componentEvaluator(inventory, options);
      let complete = components !== undefined;
      for (const entry of this.entries.values()) {
        if (!complete) break;
        complete =
          !!entry.component ||
          (now < entry.validBefore &&
            this.fingerprintOf(entry.scorecard, fingerprints, evaluator) ===
              entry.fingerprint);
        yield;
      }
      if (complete) {
        this.kept.add(inventory);
        this.reads.set(inventory, fingerprints);
        return inventory;
      }
    }
    const inventory = yield* buildInventorySteps(
      {
        clusters: read.collections,
        entities: read.entities,
        now: options.now,
        extraKinds: read.extraKinds,
      },
      {
        parts: this.parts,
        catalogKey: `${fingerprints.catalog} ${fingerprints.extraKinds}`,
        keys: new Map(
          [...(yield* this.inventoryKeysSteps(read.collections))].map(
            ([cluster, key]) => [
              cluster,
              `${key} ${fingerprints.catalog} ${fingerprints.extraKinds}`,
            ],
          ),
        ),
      },
    );
    this.reads.set(inventory, fingerprints);
    return inventory;
  }

  /** The clusters the last inventory built read again (the others' parts were taken as they were). */
  get clustersRebuilt(): readonly string[] {
    return this.parts.rebuilt;
  }

  /** True for an inventory kept from the last run (see {@link inventory}). */
  isKept(inventory: Inventory): boolean {
    return this.kept.has(inventory);
  }

  /** `subject`: the component, or its kept scorecard (which names the same fields). */
  private fingerprintOf(
    subject: CampaignSubject,
    read: ReadFingerprints,
    evaluator: ComponentEvaluator,
  ): string {
    return componentFingerprint(
      subject.componentId,
      subject.clusters,
      read,
      evaluator.inputsOf(subject),
    );
  }

  /** What `inventory` was built from: as the memo fingerprinted it, or from its clusters and the given catalog fingerprint. */
  private readOf(
    inventory: Inventory,
    options: IncrementalOptions,
  ): ReadFingerprints {
    const known = this.reads.get(inventory);
    if (known) return known;
    if (options.catalogFingerprint === undefined)
      throw new Error(
        'catalogFingerprint is needed for an inventory built elsewhere',
      );
    return {
      ...clusterReads(inventory.clusters),
      catalog: options.catalogFingerprint,
      extraKinds: JSON.stringify(options.inventoryKinds ?? []),
    };
  }

  /** Evaluates `inventory`, keeping every component whose inputs did not change. */
  evaluate(
    inventory: Inventory,
    options: IncrementalOptions,
  ): IncrementalEvaluation {
    return runSteps(this.evaluateSteps(inventory, options));
  }

  /** {@link evaluate} in steps: it yields between components (see pacing/steps). */
  *evaluateSteps(
    inventory: Inventory,
    options: IncrementalOptions,
  ): Steps<IncrementalEvaluation> {
    const read = this.readOf(inventory, options);
    const reusable = this.reusable(options);
    const inventoryKept = this.kept.has(inventory);
    const evaluator = componentEvaluator(inventory, options);
    const now = options.now.getTime();
    const reused = new Map<string, KeptEvaluation>();
    const restated = new Map<string, KeptEvaluation>();
    const pending = new Map<string, Remembered>();
    let evaluated = 0;
    // the design record a stored evaluation holds comes from the catalog
    const sameCatalog =
      this.last?.read.catalog === read.catalog &&
      this.last.read.extraKinds === read.extraKinds;
    const evaluate = (
      subject: CampaignSubject,
      component: ExtensionComponent | undefined,
    ): StableScorecard => {
      const { componentId: id, clusters } = subject;
      const fingerprint = this.fingerprintOf(subject, read, evaluator);
      const known = reusable ? this.entries.get(id) : undefined;
      const inputs = () => evaluator.inputsOf(subject);
      if (
        known?.evaluationHash &&
        now < known.validBefore &&
        (known.fingerprint === fingerprint ||
          // its clusters changed, but nothing it read of them
          (component && readsAsRecorded(component, known.read, read, inputs())))
      ) {
        reused.set(id, {
          evaluationHash: known.evaluationHash,
          ...(known.stateHash ? { stateHash: known.stateHash } : {}),
          title: known.title,
        });
        pending.set(
          id,
          known.fingerprint === fingerprint ? known : { ...known, fingerprint },
        );
        return known.scorecard;
      }
      if (!component)
        throw new Error(
          `component ${id} needs evaluating but the inventory was kept without it`,
        );
      evaluated += 1;
      const {
        value: { value, validBefore },
        reads,
      } = withClusterReads(() =>
        withTimeBound(() => evaluator.evaluate(component)),
      );
      const entry: Remembered = {
        fingerprint,
        validBefore,
        scorecard: value,
        title: component.catalog?.title ?? null,
        clusters,
        instancesKey: instancesKey(component),
        // evaluated every run: kept for a run that keeps the inventory, and never
        // reused, so what it read need not be fingerprinted
        ...(validBefore === Number.NEGATIVE_INFINITY
          ? { component }
          : {
              read: recordOfReads(component, reads, read, inputs()),
            }),
      };
      if (
        known?.evaluationHash &&
        sameCatalog &&
        known.instancesKey === entry.instancesKey &&
        known.title === entry.title &&
        sameJson(known.scorecard, value)
      ) {
        // evaluated again to the very evaluation stored: the store takes it by hash
        restated.set(id, {
          evaluationHash: known.evaluationHash,
          title: entry.title,
        });
        entry.evaluationHash = known.evaluationHash;
      }
      pending.set(id, entry);
      return value;
    };
    const scorecards: StableScorecard[] = [];
    if (inventoryKept) {
      const byId = new Map(inventory.components.map(c => [c.id, c]));
      for (const [id, entry] of [...this.entries]) {
        const component = byId.get(id);
        scorecards.push(
          evaluate(
            component ? subjectOf(component) : entry.scorecard,
            component,
          ),
        );
        yield;
      }
    } else {
      for (const component of inventory.components) {
        scorecards.push(evaluate(subjectOf(component), component));
        yield;
      }
    }
    return {
      scorecards,
      reused,
      restated,
      storedByHash: restated.size ? new Map([...reused, ...restated]) : reused,
      evaluated,
      pending,
      reusable,
      now,
      read,
      inventoryKept,
    };
  }

  /**
   * The next-minor upgrade report after `evaluation`: the last run's when the inventory
   * was kept (every component's findings still hold), else computed with each
   * component's findings kept while its inputs read the same and the clock has not
   * reached their own bound.
   */
  upgradeReport(
    inventory: Inventory,
    evaluation: IncrementalEvaluation,
    options: EvaluateOptions,
  ): ClusterUpgradeReadiness[] {
    return runSteps(this.upgradeReportSteps(inventory, evaluation, options));
  }

  /** {@link upgradeReport} in steps (see pacing/steps). */
  *upgradeReportSteps(
    inventory: Inventory,
    evaluation: IncrementalEvaluation,
    options: EvaluateOptions,
  ): Steps<ClusterUpgradeReadiness[]> {
    if (evaluation.inventoryKept && this.last) {
      // the last report as it was; each component evaluated again keeps its findings
      // in it (the inventory is kept only while they all hold), else the next refresh
      // finds components without findings and builds the inventory again
      for (const [id, entry] of evaluation.pending) {
        entry.upgrade ??= this.entries.get(id)?.upgrade;
      }
      return [...this.last.upgrade];
    }
    return yield* upgradeReadinessSteps(inventory, {
      ...options,
      componentFindings: this.upgradeFindings(evaluation),
    });
  }

  /**
   * For upgradeReadiness after `evaluation` (see {@link upgradeReport}): a component's
   * findings are kept while its clusters read the same, or, when they do not, while
   * nothing the findings were computed from changed (its objects, the lists they read,
   * every cluster's header, the catalog).
   */
  upgradeFindings(evaluation: IncrementalEvaluation): ComponentFindingsCache {
    return (component, compute) => {
      const entry = evaluation.pending.get(component.id);
      const last = evaluation.reusable
        ? this.entries.get(component.id)
        : undefined;
      const known = last?.upgrade;
      if (
        entry &&
        known &&
        evaluation.now < known.validBefore &&
        (last.fingerprint === entry.fingerprint ||
          readsAsRecorded(component, known.read, evaluation.read, NO_INPUTS))
      ) {
        entry.upgrade = known;
        return known.findings;
      }
      const {
        value: { value, validBefore },
        reads,
      } = withClusterReads(() => withTimeBound(compute));
      if (entry)
        entry.upgrade = {
          findings: value,
          validBefore,
          read: recordOfReads(component, reads, evaluation.read, NO_INPUTS),
        };
      return value;
    };
  }

  /**
   * Remembers an evaluation once its snapshot is written, with the stored evaluation
   * hashes, the upgrade report and (when the store gave them) the state hashes.
   */
  remember(
    evaluation: IncrementalEvaluation,
    snapshotId: number,
    evaluationHashes: ReadonlyMap<string, string>,
    upgrade: readonly ClusterUpgradeReadiness[],
    stateHashes?: ReadonlyMap<string, string>,
  ): void {
    const entries = new Map<string, Remembered>();
    for (const [id, entry] of evaluation.pending) {
      const evaluationHash = evaluationHashes.get(id);
      if (evaluationHash)
        entries.set(id, {
          ...entry,
          evaluationHash,
          stateHash: stateHashes?.get(id),
        });
    }
    this.entries = entries;
    this.snapshotId = snapshotId;
    this.last = { read: evaluation.read, upgrade };
  }

  /** Forgets everything: the next refresh evaluates every component. */
  forget(): void {
    this.parts.clear();
    this.inventoryKeys = new Map();
    this.entries = new Map();
    this.snapshotId = null;
    this.last = undefined;
  }
}
