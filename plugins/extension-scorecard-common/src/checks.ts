/**
 * Check vocabulary shared by backend, frontend and API clients.
 * Check ids are a public contract (see CHECKS.md): retire, never rename.
 */

/** @public */
export const DIMENSIONS = [
  'ownership',
  'failure-boundary',
  'availability',
  'certificates',
  'rbac',
  'upgrade',
  'observability',
  'experiments',
  'retirement',
] as const;

/** @public */
export type Dimension = (typeof DIMENSIONS)[number];

/** @public */
export const CHECK_STATUSES = [
  'pass',
  'warn',
  'fail',
  'not-applicable',
  'unknown',
] as const;

/** @public */
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** @public */
export const SEVERITIES = [
  'critical',
  'high',
  'medium',
  'low',
  'info',
] as const;

/** @public */
export type Severity = (typeof SEVERITIES)[number];

/** Every check id of the catalogue (CHECKS.md). @public */
export const CHECK_IDS = [
  'ownership.owner-exists',
  'ownership.contacts',
  'ownership.design-record',
  'ownership.responsibilities',
  'webhook.timeout',
  'webhook.failure-policy',
  'webhook.scope',
  'webhook.match-conditions',
  'webhook.match-policy',
  'webhook.side-effects',
  'webhook.review-versions',
  'webhook.reinvocation',
  'policy.binding',
  'aggregated.available',
  'aggregated.justified',
  'aggregated.stuck-namespaces',
  'crd.established',
  'crd.conversion',
  'scheduler.profile-declared',
  'scheduler.pending-pods',
  'runtime.handler-nodes',
  'node.canary-rollout',
  'availability.replicas',
  'availability.pdb',
  'availability.probes',
  'availability.priority',
  'availability.spread',
  'availability.daemonset-coverage',
  'cert.ca-bundle',
  'cert.expiry',
  'cert.managed',
  'rbac.cluster-admin',
  'rbac.wildcards',
  'rbac.secrets',
  'rbac.escalation',
  'rbac.webhook-write',
  'rbac.pod-exec',
  'rbac.default-sa',
  'upgrade.deprecated-api',
  'upgrade.rollout-complete',
  'upgrade.image-pinned',
  'upgrade.version-skew',
  'csi.sidecar-matrix',
  'csi.node-registrar',
  'dra.api-stability',
  'device-plugin.health',
  'observability.metrics',
  'observability.alerts',
  'observability.status',
  'experiments.required',
  'experiments.evidence-complete',
  'retirement.lifecycle',
  'retirement.migration-plan',
  'retirement.support-window',
] as const;

/** A check id of the built-in catalogue; modules may add their own ids. @public */
export type BuiltinCheckId = (typeof CHECK_IDS)[number];

/**
 * The outcome of one check on one component, in one cluster (or component-wide when
 * `cluster` is null).
 * @public
 */
export interface CheckResult {
  checkId: string;
  dimension: Dimension;
  severity: Severity;
  status: CheckStatus;
  /** Cluster this result is about; null for component-wide checks (ownership, retirement…). */
  cluster: string | null;
  /** One line naming the observed values. */
  message: string;
  remediation: string;
  /** Observed values, for display (e.g. `{ timeoutSeconds: 30 }`). Never secrets. */
  observed?: Record<string, unknown>;
  docsUrl?: string;
  /** Set when an active waiver covers this result. A waived result is never shown as pass. */
  waiver?: WaiverRef;
}

/** @public */
export interface WaiverRef {
  id: string;
  reason: string;
  expiresAt: string;
  approvedBy: string | null;
}

/** Readiness ladder. @public */
export const LEVELS = [0, 1, 2, 3] as const;

/** @public */
export type ReadinessLevel = (typeof LEVELS)[number];

/** @public */
export const LEVEL_TITLES: Record<ReadinessLevel, string> = {
  0: 'L0 unowned',
  1: 'L1 owned and declared',
  2: 'L2 safe boundary',
  3: 'L3 proven',
};
