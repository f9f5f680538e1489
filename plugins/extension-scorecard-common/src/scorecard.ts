/**
 * What evaluation produces for one component: results, level, score and the derived
 * facts the UI shows (certificates, RBAC findings, blast radius).
 */
import type { CheckResult, Dimension, ReadinessLevel } from './checks';
import type { ExtensionKind } from './kinds';

/** @public */
export const WAIVER_STATES = [
  'requested',
  'approved',
  'rejected',
  'revoked',
] as const;

/** @public */
export type WaiverState = (typeof WAIVER_STATES)[number];

/**
 * A time-boxed exception for one check on one component (optionally one cluster).
 * Only approved, unexpired waivers count; a waived result stays visible as waived.
 * @public
 */
export interface Waiver {
  id: string;
  /** Component id (entity ref, or orphan id). */
  component: string;
  checkId: string;
  /** Null: every cluster. */
  cluster: string | null;
  reason: string;
  /** ISO date-time after which the waiver stops counting by itself. */
  expiresAt: string;
  state: WaiverState;
  requestedBy: string;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
}

/** A certificate found in a caBundle or a cert-manager Certificate. @public */
export interface CertificateFinding {
  cluster: string;
  /** Where it was found, e.g. `ValidatingWebhookConfiguration/gatekeeper…/webhooks[0].clientConfig.caBundle`. */
  source: string;
  subject?: string;
  issuer?: string;
  notAfter?: string;
  /** Days until notAfter (negative once expired). */
  daysLeft?: number;
  /** Set when the bundle could not be parsed. */
  error?: string;
}

/** A dangerous RBAC grant, with the binding and rule that grant it. @public */
export interface RbacFinding {
  cluster: string;
  checkId: string;
  serviceAccount: string;
  /** e.g. `ClusterRoleBinding/tenant-operator-admin` */
  binding: string;
  /** e.g. `ClusterRole/cluster-admin` */
  role: string;
  rule: { apiGroups: string[]; resources: string[]; verbs: string[] };
  declared: boolean;
}

/** What a sync-path extension intercepts in one cluster. @public */
export interface BlastRadius {
  cluster: string;
  /** Webhook or policy name inside its configuration. */
  name: string;
  objectKind: string;
  operations: string[];
  /** `group/version/resource` strings, `*` kept as is. */
  resources: string[];
  /** Namespaces of the cluster its selectors match (evaluated against real labels). */
  matchedNamespaces: string[];
  totalNamespaces: number;
  /** Set when the cluster's Namespaces could not be read: `matchedNamespaces` is then empty, not "none". */
  namespacesUnreadable?: string;
  /** The namespaceSelector as kubectl prints it (`{}` = every namespace). */
  namespaceSelector?: string;
  /** The objectSelector as kubectl prints it; narrows matches to labelled objects. */
  objectSelector?: string;
  /** Whether cluster-scoped objects can be matched. */
  clusterScoped: boolean;
  failurePolicy: string;
  timeoutSeconds: number | null;
  /** Worst-case latency added to a matched request, in seconds. */
  worstCaseLatencySeconds: number | null;
}

/** The evaluation of one component. @public */
export interface ComponentScorecard {
  componentId: string;
  name: string;
  kind: ExtensionKind;
  owner: string | null;
  lifecycle: string | null;
  orphan: boolean;
  clusters: string[];
  level: ReadinessLevel;
  /** 0–100. */
  score: number;
  /** Critical fails, shown apart from the level. */
  hardGates: CheckResult[];
  /** What keeps the component from the next level, in words. */
  nextLevelBlockers: string[];
  results: CheckResult[];
  /** Worst status per dimension. */
  dimensions: Partial<Record<Dimension, CheckResult['status']>>;
  certificates: CertificateFinding[];
  rbacFindings: RbacFinding[];
  blastRadius: BlastRadius[];
}
