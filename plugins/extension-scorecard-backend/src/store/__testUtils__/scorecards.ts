/**
 * Builders of evaluated components for store, service and pipeline tests.
 */
import type {
  CheckResult,
  CheckStatus,
  ComponentScorecard,
  Dimension,
  ExtensionKind,
  ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type {
  NewSnapshot,
  SnapshotClusterInput,
  SnapshotComponentInput,
} from '../types';

const WORST: CheckStatus[] = [
  'fail',
  'unknown',
  'warn',
  'not-applicable',
  'pass',
];

/** A check result with sensible defaults. */
export function result(
  checkId: string,
  status: CheckStatus,
  overrides: Partial<CheckResult> = {},
): CheckResult {
  const dimension = (overrides.dimension ??
    {
      ownership: 'ownership',
      webhook: 'failure-boundary',
      cert: 'certificates',
      rbac: 'rbac',
      availability: 'availability',
      upgrade: 'upgrade',
      observability: 'observability',
      experiments: 'experiments',
      retirement: 'retirement',
    }[checkId.split('.')[0]] ??
    'failure-boundary') as Dimension;
  return {
    checkId,
    dimension,
    severity: 'high',
    status,
    cluster: null,
    message: `${checkId} is ${status}`,
    remediation: `fix ${checkId}`,
    ...overrides,
  };
}

/** A scorecard whose dimensions and hard gates follow from its results. */
export function scorecard(
  componentId: string,
  options: {
    kind?: ExtensionKind;
    owner?: string | null;
    lifecycle?: string | null;
    level?: ReadinessLevel;
    score?: number;
    clusters?: string[];
    results?: CheckResult[];
    name?: string;
  } = {},
): ComponentScorecard {
  const results = options.results ?? [
    result('ownership.owner-exists', 'pass'),
    result('webhook.timeout', 'pass', { cluster: 'prod' }),
  ];
  const dimensions: ComponentScorecard['dimensions'] = {};
  for (const r of results) {
    const current = dimensions[r.dimension];
    if (!current || WORST.indexOf(r.status) < WORST.indexOf(current)) {
      dimensions[r.dimension] = r.status;
    }
  }
  const orphan = componentId.startsWith('orphan:');
  let owner: string | null = orphan ? null : 'group:default/team-a';
  if (options.owner !== undefined) owner = options.owner;
  return {
    componentId,
    name: options.name ?? componentId.replace(/^.*[/:]/, ''),
    kind: options.kind ?? 'admission-webhook',
    owner,
    lifecycle:
      options.lifecycle === undefined ? 'production' : options.lifecycle,
    orphan,
    clusters: options.clusters ?? ['prod'],
    level: options.level ?? 1,
    score: options.score ?? 50,
    hardGates: results.filter(
      r => r.severity === 'critical' && r.status === 'fail',
    ),
    nextLevelBlockers: [],
    results,
    dimensions,
    certificates: [],
    rbacFindings: [],
    blastRadius: [],
  };
}

/** A component input for a snapshot. */
export function component(
  card: ComponentScorecard,
  title: string | null = null,
): SnapshotComponentInput {
  return {
    scorecard: card,
    title,
    instances: card.clusters.map(cluster => ({
      cluster,
      objects: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          namespace: 'system',
          name: card.name,
        },
      ],
      advertisedResources: [],
      schedulerNames: [],
    })),
  };
}

/** A snapshot input over the given components. */
export function snapshotOf(
  takenAt: string,
  components: SnapshotComponentInput[],
  clusters: SnapshotClusterInput[] = [
    {
      name: 'prod',
      source: 'dump',
      collectedAt: takenAt,
      stale: null,
      version: 'v1.31.0',
    },
  ],
): NewSnapshot {
  return {
    takenAt,
    trigger: 'schedule',
    refreshId: null,
    clusters,
    components,
  };
}
