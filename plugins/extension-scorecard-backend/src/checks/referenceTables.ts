/**
 * The data tables the checks judge against (data/*.yaml): deprecated APIs, DRA
 * versions, the CSI sidecar matrix, version-skew rules, default thresholds,
 * experiment scenarios, failure signals, RBAC risk probes and score weights.
 * Loaded once at start-up and validated; a malformed file stops the start with
 * an error naming the file and the key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { resolvePackagePath } from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import semver from 'semver';
import { parse as parseYaml } from 'yaml';
import {
  CHECK_STATUSES,
  SEVERITIES,
  type CheckStatus,
  type Severity,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { CheckSettings, ExperimentScenario } from './types';

/** One row of the deprecated-API table. */
export interface DeprecatedApi {
  group: string;
  version: string;
  /** Empty: every kind of the group/version. */
  kinds: string[];
  product: string;
  deprecatedIn: string;
  removedIn?: string;
  replacement: string;
  note?: string;
}

export interface DraVersion {
  version: string;
  stability: 'alpha' | 'beta' | 'ga';
  introducedIn: string;
  lastServedIn?: string;
  note?: string;
}

export interface CsiSidecarRelease {
  versions: string;
  minKubernetes?: string;
  recommendedKubernetes?: string;
  maxKubernetes?: string;
  note?: string;
}

export interface CsiSidecar {
  name: string;
  images: string[];
  releases: CsiSidecarRelease[];
}

export interface VersionSkewRules {
  kubelet: {
    maxMinorsOlder: number;
    olderKubelets?: { below: string; maxMinorsOlder: number };
    newerAllowed: boolean;
  };
  controlPlane: { maxMinorsOlder: number; newerAllowed: boolean };
  schedulerImages: string[];
}

/** A request the RBAC checks ask effective rules about. `verbs: ['*']` means any verb. */
export interface RbacProbe {
  apiGroup: string;
  resources: string[];
  verbs: string[];
  why?: string;
}

export interface RbacRisks {
  adminVerbs: string[];
  adminRoles: string[];
  secrets: RbacProbe[];
  escalation: RbacProbe[];
  podExec: RbacProbe[];
  webhookWrite: RbacProbe[];
}

export interface ConditionalScenario {
  when: string;
  kinds: string[];
  scenario: ExperimentScenario;
}

export interface ExperimentScenarios {
  freshnessDays: number;
  kinds: Record<string, ExperimentScenario[]>;
  conditional: ConditionalScenario[];
}

export interface ScoringWeights {
  weights: Record<Severity, number>;
  points: Record<Exclude<CheckStatus, 'not-applicable'>, number>;
  waived: number;
}

/** Every data table, validated. */
export interface ReferenceTables {
  deprecatedApis: DeprecatedApi[];
  draVersions: DraVersion[];
  draFeatureGate: {
    name: string;
    offByDefaultIn: string[];
    onByDefaultFrom: string;
  };
  csiSidecars: CsiSidecar[];
  versionSkew: VersionSkewRules;
  /** Default settings per check id. */
  thresholds: Record<string, CheckSettings>;
  experiments: ExperimentScenarios;
  failureSignals: Record<string, string[]>;
  rbacRisks: RbacRisks;
  scoring: ScoringWeights;
}

/** Reads one YAML file and reports problems with the file and key path. */
class TableReader {
  constructor(private readonly file: string) {}

  fail(at: string, problem: string): never {
    throw new InputError(
      `Invalid reference data in ${this.file} at ${
        at || '(top level)'
      }: ${problem}`,
    );
  }

  object(value: unknown, at: string): Record<string, unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.fail(at, `expected a mapping, got ${describe(value)}`);
    }
    return value as Record<string, unknown>;
  }

  array(value: unknown, at: string): unknown[] {
    if (!Array.isArray(value)) {
      this.fail(at, `expected a list, got ${describe(value)}`);
    }
    return value;
  }

  string(value: unknown, at: string): string {
    if (typeof value !== 'string') {
      this.fail(at, `expected a string, got ${describe(value)}`);
    }
    return value;
  }

  optionalString(value: unknown, at: string): string | undefined {
    return value === undefined ? undefined : this.string(value, at);
  }

  number(value: unknown, at: string): number {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.fail(at, `expected a number, got ${describe(value)}`);
    }
    return value;
  }

  boolean(value: unknown, at: string): boolean {
    if (typeof value !== 'boolean') {
      this.fail(at, `expected true or false, got ${describe(value)}`);
    }
    return value;
  }

  strings(value: unknown, at: string): string[] {
    return this.array(value, at).map((v, i) => this.string(v, `${at}[${i}]`));
  }

  /** A Kubernetes minor release such as `1.22`. */
  release(value: unknown, at: string): string {
    const text = this.string(value, at);
    if (!/^\d+\.\d+$/.test(text)) {
      this.fail(at, `expected a release like '1.22', got '${text}'`);
    }
    return text;
  }

  range(value: unknown, at: string): string {
    const text = this.string(value, at);
    if (semver.validRange(text) === null) {
      this.fail(at, `'${text}' is not a semver range`);
    }
    return text;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? `'${value}'` : typeof value;
}

function readYaml(directory: string, file: string): unknown {
  const full = path.join(directory, file);
  let text: string;
  try {
    text = fs.readFileSync(full, 'utf8');
  } catch (error) {
    throw new InputError(
      `Cannot read reference data ${full}: ${(error as Error).message}`,
    );
  }
  try {
    return parseYaml(text);
  } catch (error) {
    throw new InputError(
      `Reference data ${full} is not valid YAML: ${(error as Error).message}`,
    );
  }
}

function parseDeprecatedApis(doc: unknown): DeprecatedApi[] {
  const r = new TableReader('deprecated-apis.yaml');
  const root = r.object(doc, '');
  return r.array(root.apis, 'apis').map((entry, i) => {
    const at = `apis[${i}]`;
    const row = r.object(entry, at);
    const product = r.string(row.product, `${at}.product`);
    const release =
      product === 'kubernetes' ? r.release.bind(r) : r.string.bind(r);
    return {
      group: r.string(row.group, `${at}.group`),
      version: r.string(row.version, `${at}.version`),
      kinds: row.kinds === undefined ? [] : r.strings(row.kinds, `${at}.kinds`),
      product,
      deprecatedIn: release(row.deprecatedIn, `${at}.deprecatedIn`),
      removedIn:
        row.removedIn === undefined
          ? undefined
          : release(row.removedIn, `${at}.removedIn`),
      replacement: r.string(row.replacement, `${at}.replacement`),
      note: r.optionalString(row.note, `${at}.note`),
    };
  });
}

function parseDra(
  doc: unknown,
): Pick<ReferenceTables, 'draVersions' | 'draFeatureGate'> {
  const r = new TableReader('dra-versions.yaml');
  const root = r.object(doc, '');
  const draVersions = r.array(root.versions, 'versions').map((entry, i) => {
    const at = `versions[${i}]`;
    const row = r.object(entry, at);
    const stability = r.string(row.stability, `${at}.stability`);
    if (stability !== 'alpha' && stability !== 'beta' && stability !== 'ga') {
      r.fail(
        `${at}.stability`,
        `expected alpha, beta or ga, got '${stability}'`,
      );
    }
    return {
      version: r.string(row.version, `${at}.version`),
      stability,
      introducedIn: r.release(row.introducedIn, `${at}.introducedIn`),
      lastServedIn:
        row.lastServedIn === undefined
          ? undefined
          : r.release(row.lastServedIn, `${at}.lastServedIn`),
      note: r.optionalString(row.note, `${at}.note`),
    } as DraVersion;
  });
  const gate = r.object(root.featureGate, 'featureGate');
  return {
    draVersions,
    draFeatureGate: {
      name: r.string(gate.name, 'featureGate.name'),
      offByDefaultIn: r
        .array(gate.offByDefaultIn, 'featureGate.offByDefaultIn')
        .map((v, i) => r.release(v, `featureGate.offByDefaultIn[${i}]`)),
      onByDefaultFrom: r.release(
        gate.onByDefaultFrom,
        'featureGate.onByDefaultFrom',
      ),
    },
  };
}

function parseCsiSidecars(doc: unknown): CsiSidecar[] {
  const r = new TableReader('csi-sidecars.yaml');
  const root = r.object(doc, '');
  return r.array(root.sidecars, 'sidecars').map((entry, i) => {
    const at = `sidecars[${i}]`;
    const row = r.object(entry, at);
    return {
      name: r.string(row.name, `${at}.name`),
      images: r.strings(row.images, `${at}.images`),
      releases: r.array(row.releases, `${at}.releases`).map((rel, j) => {
        const rat = `${at}.releases[${j}]`;
        const release = r.object(rel, rat);
        const optionalRelease = (key: string) =>
          release[key] === undefined
            ? undefined
            : r.release(release[key], `${rat}.${key}`);
        return {
          versions: r.range(release.versions, `${rat}.versions`),
          minKubernetes: optionalRelease('minKubernetes'),
          recommendedKubernetes: optionalRelease('recommendedKubernetes'),
          maxKubernetes: optionalRelease('maxKubernetes'),
          note: r.optionalString(release.note, `${rat}.note`),
        };
      }),
    };
  });
}

function parseVersionSkew(doc: unknown): VersionSkewRules {
  const r = new TableReader('version-skew.yaml');
  const root = r.object(doc, '');
  const kubelet = r.object(root.kubelet, 'kubelet');
  const older =
    kubelet.olderKubelets === undefined
      ? undefined
      : r.object(kubelet.olderKubelets, 'kubelet.olderKubelets');
  const controlPlane = r.object(root.controlPlane, 'controlPlane');
  return {
    kubelet: {
      maxMinorsOlder: r.number(
        kubelet.maxMinorsOlder,
        'kubelet.maxMinorsOlder',
      ),
      olderKubelets: older && {
        below: r.release(older.below, 'kubelet.olderKubelets.below'),
        maxMinorsOlder: r.number(
          older.maxMinorsOlder,
          'kubelet.olderKubelets.maxMinorsOlder',
        ),
      },
      newerAllowed: r.boolean(kubelet.newerAllowed, 'kubelet.newerAllowed'),
    },
    controlPlane: {
      maxMinorsOlder: r.number(
        controlPlane.maxMinorsOlder,
        'controlPlane.maxMinorsOlder',
      ),
      newerAllowed: r.boolean(
        controlPlane.newerAllowed,
        'controlPlane.newerAllowed',
      ),
    },
    schedulerImages: r.strings(root.schedulerImages, 'schedulerImages'),
  };
}

function parseThresholds(doc: unknown): Record<string, CheckSettings> {
  const r = new TableReader('thresholds.yaml');
  const root = r.object(doc ?? {}, '');
  const out: Record<string, CheckSettings> = {};
  for (const [checkId, value] of Object.entries(root)) {
    const settings = r.object(value, checkId);
    const parsed: Record<string, number | string | boolean | string[]> = {};
    for (const [key, setting] of Object.entries(settings)) {
      const at = `${checkId}.${key}`;
      if (Array.isArray(setting)) parsed[key] = r.strings(setting, at);
      else if (['number', 'string', 'boolean'].includes(typeof setting)) {
        parsed[key] = setting as number | string | boolean;
      } else
        r.fail(
          at,
          `expected a number, string, boolean or list of strings, got ${describe(
            setting,
          )}`,
        );
    }
    out[checkId] = parsed;
  }
  return out;
}

function parseScenario(
  r: TableReader,
  value: unknown,
  at: string,
): ExperimentScenario {
  const row = r.object(value, at);
  return {
    id: r.string(row.id, `${at}.id`),
    title: r.string(row.title, `${at}.title`),
    fault: r.string(row.fault, `${at}.fault`),
    observations: r.strings(row.observations, `${at}.observations`),
  };
}

function parseExperiments(doc: unknown): ExperimentScenarios {
  const r = new TableReader('experiment-scenarios.yaml');
  const root = r.object(doc, '');
  const kinds: Record<string, ExperimentScenario[]> = {};
  for (const [kind, list] of Object.entries(r.object(root.kinds, 'kinds'))) {
    kinds[kind] = r
      .array(list, `kinds.${kind}`)
      .map((s, i) => parseScenario(r, s, `kinds.${kind}[${i}]`));
  }
  const conditional = (
    root.conditional === undefined
      ? []
      : r.array(root.conditional, 'conditional')
  ).map((entry, i) => {
    const at = `conditional[${i}]`;
    const row = r.object(entry, at);
    return {
      when: r.string(row.when, `${at}.when`),
      kinds: r.strings(row.kinds, `${at}.kinds`),
      scenario: parseScenario(r, row.scenario, `${at}.scenario`),
    };
  });
  const freshnessDays = r.number(root.freshnessDays, 'freshnessDays');
  if (freshnessDays <= 0) r.fail('freshnessDays', 'must be positive');
  return { freshnessDays, kinds, conditional };
}

function parseFailureSignals(doc: unknown): Record<string, string[]> {
  const r = new TableReader('failure-signals.yaml');
  const root = r.object(doc, '');
  const out: Record<string, string[]> = {};
  for (const [kind, list] of Object.entries(r.object(root.kinds, 'kinds'))) {
    out[kind] = r.strings(list, `kinds.${kind}`);
  }
  return out;
}

function parseRbacRisks(doc: unknown): RbacRisks {
  const r = new TableReader('rbac-risks.yaml');
  const root = r.object(doc, '');
  const probes = (key: string): RbacProbe[] =>
    r.array(root[key], key).map((entry, i) => {
      const at = `${key}[${i}]`;
      const row = r.object(entry, at);
      return {
        apiGroup: r.string(row.apiGroup, `${at}.apiGroup`),
        resources: r.strings(row.resources, `${at}.resources`),
        verbs: r.strings(row.verbs, `${at}.verbs`),
        why: r.optionalString(row.why, `${at}.why`),
      };
    });
  return {
    adminVerbs: r.strings(root.adminVerbs, 'adminVerbs'),
    adminRoles: r.strings(root.adminRoles, 'adminRoles'),
    secrets: probes('secrets'),
    escalation: probes('escalation'),
    podExec: probes('podExec'),
    webhookWrite: probes('webhookWrite'),
  };
}

function parseScoring(doc: unknown): ScoringWeights {
  const r = new TableReader('scoring.yaml');
  const root = r.object(doc, '');
  const weightsDoc = r.object(root.weights, 'weights');
  const pointsDoc = r.object(root.points, 'points');
  const weights = Object.fromEntries(
    SEVERITIES.map(s => [s, r.number(weightsDoc[s], `weights.${s}`)]),
  ) as ScoringWeights['weights'];
  const points = Object.fromEntries(
    CHECK_STATUSES.filter(s => s !== 'not-applicable').map(s => [
      s,
      r.number(pointsDoc[s], `points.${s}`),
    ]),
  ) as ScoringWeights['points'];
  return { weights, points, waived: r.number(root.waived, 'waived') };
}

/** Where the data files of this package live. */
export function defaultDataDirectory(): string {
  return resolvePackagePath(
    '@extension-scorecard/plugin-extension-scorecard-backend',
    'data',
  );
}

/** Loads and validates every data table from `directory` (default: the package's data/). */
export function loadReferenceTables(
  directory = defaultDataDirectory(),
): ReferenceTables {
  const read = (file: string) => readYaml(directory, file);
  return {
    deprecatedApis: parseDeprecatedApis(read('deprecated-apis.yaml')),
    ...parseDra(read('dra-versions.yaml')),
    csiSidecars: parseCsiSidecars(read('csi-sidecars.yaml')),
    versionSkew: parseVersionSkew(read('version-skew.yaml')),
    thresholds: parseThresholds(read('thresholds.yaml')),
    experiments: parseExperiments(read('experiment-scenarios.yaml')),
    failureSignals: parseFailureSignals(read('failure-signals.yaml')),
    rbacRisks: parseRbacRisks(read('rbac-risks.yaml')),
    scoring: parseScoring(read('scoring.yaml')),
  };
}

let cached: ReferenceTables | undefined;

/** The package's own tables, loaded once per process. */
export function defaultReferenceTables(): ReferenceTables {
  if (!cached) cached = loadReferenceTables();
  return cached;
}
