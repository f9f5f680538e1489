/**
 * The hand-written shapes of -common that the HTTP API also carries must match the
 * spec's schemas (./openapi.generated.ts). These checks run in the type check
 * (tsc); the test only makes them part of the suite.
 */
import {
  AUDIT_CSV_COLUMNS,
  COMPONENT_SORT_FIELDS,
  HISTORY_SCOPES,
  type AuditEvent,
  type ComponentPage,
  type ComponentSummary,
  type Page,
  type Snapshot,
  type WaiverRecord,
} from './types';
import type { components } from './openapi.generated';
import {
  CHECK_IDS,
  CHECK_STATUSES,
  DIMENSIONS,
  EXPERIMENT_VERDICTS,
  EXTENSION_KINDS,
  EXTENSION_KIND_INFO,
  LEVELS,
  LEVEL_TITLES,
  RBAC_FINDING_CHECKS,
  SEVERITIES,
  WAIVER_STATES,
  type BlastRadius,
  type CertificateFinding,
  type CheckResult,
  type ComponentScorecard,
  type ExperimentEvidence,
  type RbacFinding,
  type Waiver,
  type WaiverRef,
} from '..';

type Schemas = components['schemas'];

/** True when each type is assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

type Conformance = [
  // the generic page is the shape of every page of the spec
  Assert<Same<Page<Snapshot>, Schemas['SnapshotPage']>>,
  Assert<Same<Page<WaiverRecord>, Schemas['WaiverPage']>>,
  Assert<Same<Page<ExperimentEvidence>, Schemas['EvidencePage']>>,
  Assert<Same<Page<AuditEvent>, Schemas['AuditEventPage']>>,
  Assert<
    Same<
      ComponentPage,
      Page<ComponentSummary> & { snapshot: Schemas['SnapshotRef'] }
    >
  >,
  // the evaluation types of -common are the spec's schemas
  Assert<Same<CheckResult, Schemas['CheckResult']>>,
  Assert<Same<WaiverRef, Schemas['WaiverRef']>>,
  Assert<Same<CertificateFinding, Schemas['CertificateFinding']>>,
  Assert<Same<RbacFinding, Schemas['RbacFinding']>>,
  Assert<Same<BlastRadius, Schemas['BlastRadius']>>,
  Assert<Same<ComponentScorecard, Schemas['ComponentScorecard']>>,
  Assert<Same<ExperimentEvidence, Schemas['ExperimentEvidence']>>,
  // the API's waiver is the -common Waiver plus decision details
  Assert<WaiverRecord extends Waiver ? true : false>,
];

describe('API types', () => {
  it('match the spec (checked by tsc)', () => {
    const checked: Conformance | undefined = undefined;
    expect(checked).toBeUndefined();
  });

  it('take the enum values from the spec', () => {
    expect(EXTENSION_KINDS).toHaveLength(10);
    expect(Object.keys(EXTENSION_KIND_INFO).sort()).toEqual(
      [...EXTENSION_KINDS].sort(),
    );
    expect(DIMENSIONS).toContain('failure-boundary');
    expect(CHECK_STATUSES).toEqual([
      'pass',
      'warn',
      'fail',
      'not-applicable',
      'unknown',
    ]);
    expect(SEVERITIES[0]).toBe('critical');
    expect(LEVELS).toEqual([0, 1, 2, 3]);
    expect(Object.keys(LEVEL_TITLES).map(Number)).toEqual([...LEVELS]);
    expect(WAIVER_STATES).toContain('requested');
    expect(EXPERIMENT_VERDICTS).toEqual(['pass', 'fail']);
    expect(COMPONENT_SORT_FIELDS[0]).toBe('name');
    expect(HISTORY_SCOPES[0]).toBe('fleet');
    expect(AUDIT_CSV_COLUMNS[0]).toBe('quarter');
  });

  it('names only catalogue checks as RBAC finding checks', () => {
    expect(RBAC_FINDING_CHECKS.length).toBeGreaterThan(0);
    for (const id of RBAC_FINDING_CHECKS) {
      expect(CHECK_IDS).toContain(id);
    }
  });
});
