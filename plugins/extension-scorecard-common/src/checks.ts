/**
 * Check vocabulary shared by backend, frontend and API clients.
 * Check ids are a public contract (see CHECKS.md): retire, never rename.
 */

import {
  checkStatusValues,
  dimensionValues,
  rbacFindingCheckValues,
  readinessLevelValues,
  severityValues,
  type components,
} from './api/openapi.generated';

// The enums below are schemas of the HTTP API's spec (openapi.yaml); their values
// come from the generated module, so they are defined once.

/** @public */
export type Dimension = components['schemas']['Dimension'];

/** Every dimension, in the spec's (display) order. @public */
export const DIMENSIONS: readonly Dimension[] = dimensionValues;

/** Display titles of the dimensions (the headings of CHECKS.md). @public */
export const DIMENSION_TITLES: Record<Dimension, string> = {
  ownership: 'Ownership',
  'failure-boundary': 'Failure boundary',
  availability: 'Availability',
  certificates: 'Certificates',
  rbac: 'RBAC',
  upgrade: 'Upgrade',
  observability: 'Observability',
  experiments: 'Experiments',
  retirement: 'Retirement',
};

/** @public */
export type CheckStatus = components['schemas']['CheckStatus'];

/** @public */
export const CHECK_STATUSES: readonly CheckStatus[] = checkStatusValues;

/** @public */
export type Severity = components['schemas']['Severity'];

/** Severities, most severe first. @public */
export const SEVERITIES: readonly Severity[] = severityValues;

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
  'upgrade.crd-versions',
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

/** The RBAC checks that report findings (RbacFinding.checkId). @public */
export type RbacFindingCheck = components['schemas']['RbacFindingCheck'];

/** Every {@link RbacFindingCheck}, in the spec's order. @public */
export const RBAC_FINDING_CHECKS: readonly RbacFindingCheck[] =
  rbacFindingCheckValues;

/**
 * The outcome of one check on one component, in one cluster (or component-wide when
 * `cluster` is null).
 * @public
 */
export type CheckResult = components['schemas']['CheckResult'];

/** @public */
export type WaiverRef = components['schemas']['WaiverRef'];

/** @public */
export type ReadinessLevel = components['schemas']['ReadinessLevel'];

/** Readiness ladder, lowest first. @public */
export const LEVELS: readonly ReadinessLevel[] = readinessLevelValues;

/** @public */
export const LEVEL_TITLES: Record<ReadinessLevel, string> = {
  0: 'L0 unowned',
  1: 'L1 owned and declared',
  2: 'L2 safe boundary',
  3: 'L3 proven',
};
