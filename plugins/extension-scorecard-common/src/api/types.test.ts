/**
 * The few hand-written shapes of -common that the HTTP API also carries (the generic
 * page, the waiver the API extends) must match the spec's schemas
 * (./openapi.generated.ts): `Conformance` fails the type check (tsc) when they drift.
 * The tests check the enum values that come from the spec.
 */
import {
  AUDIT_CSV_COLUMNS,
  COMPONENT_SORT_FIELDS,
  HISTORY_SCOPES,
  type AuditEvent,
  type Campaign,
  type CampaignItem,
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
  type ExperimentEvidence,
  type Waiver,
} from '..';

type Schemas = components['schemas'];

/** True when each type is assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

type Conformance = [
  // the generic page is the shape of every page of the spec
  Assert<Same<Page<Snapshot>, Schemas['SnapshotPage']>>,
  Assert<Same<Page<WaiverRecord>, Schemas['WaiverPage']>>,
  Assert<Same<Page<Campaign>, Schemas['CampaignPage']>>,
  Assert<Same<Page<CampaignItem>, Schemas['CampaignItemPage']>>,
  Assert<Same<Page<ExperimentEvidence>, Schemas['EvidencePage']>>,
  Assert<Same<Page<AuditEvent>, Schemas['AuditEventPage']>>,
  Assert<
    Same<
      ComponentPage,
      Page<ComponentSummary> & {
        snapshot: Schemas['SnapshotRef'];
        hiddenByVisibility: number;
      }
    >
  >,
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
