/**
 * Validating the rows of the data tables. Each parser takes the reader that names
 * the file (the shipped one, or an override file) in its errors, so a shipped table
 * and an override are checked by the same code.
 */
import {
  CHECK_STATUSES,
  SEVERITIES,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type {
  CheckSettings,
  ExperimentScenario,
} from '@extension-scorecard/plugin-extension-scorecard-node';
import { describe, type TableReader } from './tableReader';
import type {
  ConditionalScenario,
  CsiSidecar,
  DeprecatedApi,
  DraVersion,
  RbacProbe,
  RbacRisks,
  ReferenceTables,
  ScoringWeights,
  VersionSkewRules,
} from './tables';

/** One row of deprecated-apis.yaml. */
export function parseDeprecatedApi(
  r: TableReader,
  entry: unknown,
  at: string,
): DeprecatedApi {
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
    source: r.optionalString(row.source, `${at}.source`),
  };
}

/** One row of dra-versions.yaml. */
export function parseDraVersion(
  r: TableReader,
  entry: unknown,
  at: string,
): DraVersion {
  const row = r.object(entry, at);
  const stability = r.string(row.stability, `${at}.stability`);
  if (stability !== 'alpha' && stability !== 'beta' && stability !== 'ga') {
    r.fail(`${at}.stability`, `expected alpha, beta or ga, got '${stability}'`);
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
    source: r.optionalString(row.source, `${at}.source`),
  };
}

/** The `featureGate` of dra-versions.yaml. */
export function parseDraFeatureGate(
  r: TableReader,
  value: unknown,
): ReferenceTables['draFeatureGate'] {
  const gate = r.object(value, 'featureGate');
  return {
    name: r.string(gate.name, 'featureGate.name'),
    offByDefaultIn: r
      .array(gate.offByDefaultIn, 'featureGate.offByDefaultIn')
      .map((v, i) => r.release(v, `featureGate.offByDefaultIn[${i}]`)),
    onByDefaultFrom: r.release(
      gate.onByDefaultFrom,
      'featureGate.onByDefaultFrom',
    ),
  };
}

/** One sidecar of csi-sidecars.yaml. */
export function parseCsiSidecar(
  r: TableReader,
  entry: unknown,
  at: string,
): CsiSidecar {
  const row = r.object(entry, at);
  return {
    name: r.string(row.name, `${at}.name`),
    source: r.optionalString(row.source, `${at}.source`),
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
}

/** The whole of version-skew.yaml. */
export function parseVersionSkew(
  r: TableReader,
  doc: unknown,
): VersionSkewRules {
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
    source: r.optionalString(root.source, 'source'),
  };
}

/** The whole of thresholds.yaml (an empty file is no thresholds). */
export function parseThresholds(
  r: TableReader,
  doc: unknown,
): Record<string, CheckSettings> {
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

/** The scenarios of one kind: `kinds.<kind>` of experiment-scenarios.yaml. */
export function parseScenarioList(
  r: TableReader,
  value: unknown,
  at: string,
): ExperimentScenario[] {
  return r.array(value, at).map((s, i) => parseScenario(r, s, `${at}[${i}]`));
}

/** `conditional` of experiment-scenarios.yaml. */
export function parseConditionalScenarios(
  r: TableReader,
  value: unknown,
): ConditionalScenario[] {
  return r.array(value, 'conditional').map((entry, i) => {
    const at = `conditional[${i}]`;
    const row = r.object(entry, at);
    return {
      when: r.string(row.when, `${at}.when`),
      kinds: r.strings(row.kinds, `${at}.kinds`),
      scenario: parseScenario(r, row.scenario, `${at}.scenario`),
    };
  });
}

/** `freshnessDays` of experiment-scenarios.yaml. */
export function parseFreshnessDays(r: TableReader, value: unknown): number {
  const freshnessDays = r.number(value, 'freshnessDays');
  if (freshnessDays <= 0) r.fail('freshnessDays', 'must be positive');
  return freshnessDays;
}

/** The signals of one kind: `kinds.<kind>` of failure-signals.yaml. */
export function parseSignals(
  r: TableReader,
  value: unknown,
  at: string,
): string[] {
  return r.strings(value, at);
}

/** The whole of rbac-risks.yaml. */
export function parseRbacRisks(r: TableReader, doc: unknown): RbacRisks {
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

/** The whole of scoring.yaml. */
export function parseScoring(r: TableReader, doc: unknown): ScoringWeights {
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
