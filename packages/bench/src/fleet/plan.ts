/**
 * The plan of a synthetic fleet: which extension components exist, of which kind, owned
 * by which team, deployed to which clusters, and with which traits (replicas, PDB,
 * timeouts, RBAC breadth…). Everything about component `i` comes from its own random
 * stream, so it is the same whatever the fleet size.
 */
import type { ExtensionKind } from '@extension-scorecard/plugin-extension-scorecard-common';
import { SeededRandom } from './random';

/** How the fleet is shaped. */
export interface FleetOptions {
  seed: number;
  clusters: number;
  /** Extension components running in each cluster. */
  componentsPerCluster: number;
  /** Clusters each component runs in (1: every component is in exactly one cluster). */
  spread?: number;
  /** Nodes per cluster. */
  nodesPerCluster?: number;
  /** Ordinary application Deployments (with Service and ServiceAccount) per cluster. */
  appWorkloadsPerCluster?: number;
  /** Share of components with no catalog entity (orphans). */
  orphanShare?: number;
  /** Components per owning team. */
  componentsPerTeam?: number;
  /** The clock certificates, support dates and timestamps are relative to. */
  now: Date;
}

/** Kind mix of the fleet (weights). */
export const KIND_WEIGHTS: ReadonlyArray<readonly [ExtensionKind, number]> = [
  ['admission-webhook', 24],
  ['crd-controller', 24],
  ['admission-policy', 10],
  ['aggregated-api', 5],
  ['scheduler-plugin', 5],
  ['cri-runtime', 3],
  ['cni', 4],
  ['csi', 9],
  ['device-plugin', 9],
  ['dra-driver', 7],
];

const WORDS = [
  'atlas',
  'beacon',
  'cobalt',
  'delta',
  'ember',
  'fjord',
  'garnet',
  'harbor',
  'indigo',
  'juniper',
  'kestrel',
  'lumen',
  'meridian',
  'nimbus',
  'onyx',
  'prism',
  'quartz',
  'raven',
  'sierra',
  'tundra',
  'umber',
  'vertex',
  'willow',
  'xenon',
  'yarrow',
  'zephyr',
];

const KIND_SUFFIX: Record<ExtensionKind, string> = {
  'crd-controller': 'operator',
  'admission-webhook': 'webhook',
  'admission-policy': 'policy',
  'aggregated-api': 'apiserver',
  'scheduler-plugin': 'scheduler',
  'cri-runtime': 'runtime',
  cni: 'cni',
  csi: 'csi',
  'device-plugin': 'device-plugin',
  'dra-driver': 'dra',
};

/** Per-component choices that decide what the checks find. */
export interface ComponentTraits {
  replicas: number;
  /** Some replicas (or DaemonSet pods) are not ready. */
  degraded: boolean;
  pdb: boolean;
  probes: boolean;
  priorityClass: boolean;
  spread: boolean;
  serviceMonitor: boolean;
  prometheusRule: boolean;
  /** A cert-manager Certificate serves it and cainjector fills the caBundle. */
  certManager: boolean;
  certificateReady: boolean;
  /** Index into the certificate pool. */
  certificate: number;
  /** How wide its service account's ClusterRole is. */
  rbac: 'least' | 'wildcard' | 'secrets' | 'escalate' | 'cluster-admin';
  imageVersion: string;
  webhook: {
    configurations: number;
    webhooksPer: number;
    mutating: boolean;
    timeoutSeconds: number;
    failurePolicy: 'Fail' | 'Ignore';
    sideEffects: 'None' | 'NoneOnDryRun' | 'Some' | 'Unknown';
    matchPolicy: 'Equivalent' | 'Exact';
    broadRules: boolean;
    excludesSystemNamespaces: boolean;
    matchConditions: boolean;
    reviewVersions: string[];
  };
  apiAvailable: boolean;
  crds: number;
  crdVersions: number;
  conversionWebhook: boolean;
  policyBound: boolean;
  nodeRollout: 'one-node' | 'quarter' | 'on-delete';
  nodeShare: number;
  unhealthyDevices: number;
  runtimeOverhead: boolean;
  runtimeNodesLabelled: boolean;
  pendingPods: number;
  /** Catalog side. */
  lifecycle: 'production' | 'experimental' | 'deprecated';
  designComplete: boolean;
  responsibilities: 'all' | 'some' | 'none';
  ownerIsUser: boolean;
  alerts: boolean;
  migrationPlan: boolean;
}

/** One extension component of the fleet. */
export interface ComponentPlan {
  index: number;
  /** Unique one-word token (`atlas42`): names, API groups and resource domains build on it. */
  slug: string;
  /** Catalog Component name and `backstage.io/kubernetes-id`. */
  name: string;
  kind: ExtensionKind;
  namespace: string;
  clusters: string[];
  /** False for orphans: no catalog entity, no kubernetes-id label. */
  linked: boolean;
  /** `group:default/team-…` */
  owner: string;
  team: string;
  traits: ComponentTraits;
}

export interface ClusterPlan {
  name: string;
  /** Minor Kubernetes version (1.<minor>). */
  minor: number;
  patch: number;
  /** Components in this cluster, in index order. */
  components: ComponentPlan[];
}

export interface FleetPlan {
  options: Required<FleetOptions>;
  clusters: ClusterPlan[];
  components: ComponentPlan[];
  teams: string[];
}

export function resolveFleetOptions(
  options: FleetOptions,
): Required<FleetOptions> {
  return {
    spread: 1,
    nodesPerCluster: 40,
    appWorkloadsPerCluster: options.componentsPerCluster,
    orphanShare: 0.03,
    componentsPerTeam: 25,
    ...options,
  };
}

export function planFleet(input: FleetOptions): FleetPlan {
  const options = resolveFleetOptions(input);
  const root = new SeededRandom(options.seed);
  const spread = Math.max(1, Math.min(options.spread, options.clusters));
  const total = Math.round(
    (options.clusters * options.componentsPerCluster) / spread,
  );
  const teamCount = Math.max(3, Math.ceil(total / options.componentsPerTeam));
  const teams = Array.from(
    { length: teamCount },
    (_, i) =>
      `team-${WORDS[i % WORDS.length]}-${Math.floor(i / WORDS.length) + 1}`,
  );

  const clusterRng = root.fork('clusters');
  const clusters: ClusterPlan[] = Array.from(
    { length: options.clusters },
    (_, i) => ({
      name: `${['prod', 'staging', 'edge', 'batch'][i % 4]}-${String(
        i + 1,
      ).padStart(2, '0')}`,
      minor: clusterRng.pick([31, 32, 33, 33, 34, 34]),
      patch: clusterRng.int(1, 9),
      components: [],
    }),
  );

  const components: ComponentPlan[] = [];
  for (let i = 0; i < total; i++) {
    const rng = root.fork(`component-${i}`);
    const kind = rng.weighted(KIND_WEIGHTS);
    const slug = `${WORDS[i % WORDS.length]}${
      Math.floor(i / WORDS.length) + 1
    }`;
    const name = `${slug}-${KIND_SUFFIX[kind]}`;
    const team = teams[rng.int(0, teams.length - 1)];
    const placed = Array.from(
      { length: spread },
      (_, k) => clusters[(i + k) % clusters.length],
    );
    const plan: ComponentPlan = {
      index: i,
      slug,
      name,
      kind,
      namespace: `${slug}-system`,
      clusters: placed.map(c => c.name),
      linked: !rng.chance(options.orphanShare),
      owner: `group:default/${team}`,
      team,
      traits: chooseTraits(rng, kind),
    };
    components.push(plan);
    for (const c of placed) c.components.push(plan);
  }
  return { options, clusters, components, teams };
}

function chooseTraits(rng: SeededRandom, kind: ExtensionKind): ComponentTraits {
  const syncPath =
    kind === 'admission-webhook' ||
    kind === 'aggregated-api' ||
    kind === 'scheduler-plugin';
  const lifecycle = rng.weighted([
    ['production', 85],
    ['experimental', 10],
    ['deprecated', 5],
  ] as const);
  return {
    replicas: rng.weighted([
      [1, syncPath ? 15 : 40],
      [2, 45],
      [3, 40],
    ] as const),
    degraded: rng.chance(0.06),
    pdb: rng.chance(0.7),
    probes: rng.chance(0.85),
    priorityClass: rng.chance(0.6),
    spread: rng.chance(0.55),
    serviceMonitor: rng.chance(0.6),
    prometheusRule: rng.chance(0.35),
    certManager: rng.chance(0.45),
    certificateReady: rng.chance(0.93),
    certificate: rng.weighted([
      [0, 2],
      [1, 3],
      [2, 4],
      [3, 6],
      [4, 10],
      [5, 12],
      [6, 14],
      [7, 14],
      [8, 12],
      [9, 10],
      [10, 8],
      [11, 5],
    ] as const),
    rbac: rng.weighted([
      ['least', 80],
      ['wildcard', 9],
      ['secrets', 6],
      ['escalate', 3],
      ['cluster-admin', 2],
    ] as const),
    imageVersion: `v${rng.int(0, 3)}.${rng.int(0, 30)}.${rng.int(0, 9)}`,
    webhook: {
      configurations: rng.weighted([
        [1, 80],
        [2, 20],
      ] as const),
      webhooksPer: rng.int(1, 3),
      mutating: rng.chance(0.4),
      timeoutSeconds: rng.weighted([
        [1, 5],
        [3, 20],
        [5, 25],
        [10, 35],
        [15, 8],
        [30, 7],
      ] as const),
      failurePolicy: rng.chance(0.65) ? 'Fail' : 'Ignore',
      sideEffects: rng.weighted([
        ['None', 88],
        ['NoneOnDryRun', 8],
        ['Some', 2],
        ['Unknown', 2],
      ] as const),
      matchPolicy: rng.chance(0.9) ? 'Equivalent' : 'Exact',
      broadRules: rng.chance(0.2),
      excludesSystemNamespaces: rng.chance(0.8),
      matchConditions: rng.chance(0.3),
      reviewVersions: rng.chance(0.95) ? ['v1'] : ['v1beta1'],
    },
    apiAvailable: rng.chance(0.9),
    crds: rng.int(1, 4),
    crdVersions: rng.weighted([
      [1, 75],
      [2, 25],
    ] as const),
    conversionWebhook: rng.chance(0.15),
    policyBound: rng.chance(0.9),
    nodeRollout: rng.weighted([
      ['one-node', 50],
      ['quarter', 35],
      ['on-delete', 15],
    ] as const),
    nodeShare: rng.pick([0.25, 0.5, 1]),
    unhealthyDevices: rng.weighted([
      [0, 85],
      [1, 15],
    ] as const),
    runtimeOverhead: rng.chance(0.6),
    runtimeNodesLabelled: rng.chance(0.9),
    pendingPods: rng.weighted([
      [0, 60],
      [2, 30],
      [8, 10],
    ] as const),
    lifecycle,
    designComplete: rng.chance(0.8),
    responsibilities: rng.weighted([
      ['all', 70],
      ['some', 22],
      ['none', 8],
    ] as const),
    ownerIsUser: rng.chance(0.02),
    alerts: rng.chance(0.7),
    migrationPlan: lifecycle === 'deprecated' && rng.chance(0.5),
  };
}
