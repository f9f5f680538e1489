/**
 * The shapes of the data tables in data/*.yaml: what the checks judge against and
 * the score weights. Shared by checks and scoring, which sit above this module.
 */
import type {
  CheckStatus,
  ReferenceTableName,
  ReferenceTableProvenance,
  Severity,
} from '@extension-scorecard/plugin-extension-scorecard-common';

export {
  REFERENCE_TABLE_NAMES,
  type ReferenceTableName,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type {
  CheckSettings,
  ExperimentScenario,
} from '@extension-scorecard/plugin-extension-scorecard-node';

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
  /** URL of the upstream page the row was checked against. */
  source?: string;
}

export interface DraVersion {
  version: string;
  stability: 'alpha' | 'beta' | 'ga';
  introducedIn: string;
  lastServedIn?: string;
  note?: string;
  /** URL of the upstream page the row was checked against. */
  source?: string;
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
  /** URL of the sidecar's upstream docs page. */
  source?: string;
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
  /** URL of the upstream policy. */
  source?: string;
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

/** Where a table's rows came from (the `GET /reference-data` schema). */
export type TableProvenance = ReferenceTableProvenance;

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
  /** Per table, where its rows came from. */
  provenance: Record<ReferenceTableName, TableProvenance>;
  /** Version of the shipped data: the backend package's version. */
  dataVersion: string;
  /** Full path of the override directory, null when none is configured. */
  overrideDirectory: string | null;
}
