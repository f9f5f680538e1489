/**
 * The shapes of the data tables in data/*.yaml: what the checks judge against and
 * the score weights. Shared by checks and scoring, which sit above this module.
 */
import type {
  CheckStatus,
  Severity,
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
