/**
 * Loading the data tables the checks judge against (data/*.yaml): deprecated APIs,
 * DRA versions, the CSI sidecar matrix, version-skew rules, default thresholds,
 * experiment scenarios, failure signals, RBAC risk probes and score weights.
 * Loaded once at start-up and validated; a malformed file stops the start with
 * an error naming the file and the key.
 */
import { resolvePackagePath } from '@backstage/backend-plugin-api';
import {
  CHECK_STATUSES,
  SEVERITIES,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type {
  CheckSettings,
  ExperimentScenario,
} from '@extension-scorecard/plugin-extension-scorecard-node';
import { describe, readYaml, TableReader } from './tableReader';
import type {
  CsiSidecar,
  DeprecatedApi,
  DraVersion,
  ExperimentScenarios,
  RbacProbe,
  RbacRisks,
  ReferenceTables,
  ScoringWeights,
  VersionSkewRules,
} from './tables';

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
