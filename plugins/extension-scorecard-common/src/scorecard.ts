/**
 * What evaluation produces for one component: results, level, score and the derived
 * facts the UI shows (certificates, RBAC findings, blast radius).
 */
import { waiverStateValues, type components } from './api/openapi.generated';

/** @public */
export type WaiverState = components['schemas']['WaiverState'];

/** @public */
export const WAIVER_STATES: readonly WaiverState[] = waiverStateValues;

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
export type CertificateFinding = components['schemas']['CertificateFinding'];

/** A dangerous RBAC grant, with the binding and rule that grant it. @public */
export type RbacFinding = components['schemas']['RbacFinding'];

/** What a sync-path extension intercepts in one cluster. @public */
export type BlastRadius = components['schemas']['BlastRadius'];

/** A team's answers to the six questions, from the entity's `spec.extension`. @public */
export type DesignRecord = components['schemas']['DesignRecord'];

/** The evaluation of one component. @public */
export type ComponentScorecard = components['schemas']['ComponentScorecard'];
