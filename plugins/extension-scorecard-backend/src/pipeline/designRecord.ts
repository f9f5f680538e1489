/**
 * The design record a snapshot keeps for the entity tab: the team's answers to the
 * six questions, its named owners, supported versions and migration plan, copied
 * from the catalog's `spec.extension` as the inventory parsed it.
 */
import type { DesignRecord } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ExtensionComponent } from '../inventory/model';

const DESIGN_ANSWERS = [
  'whyNotBuiltIn',
  'whyNotCrd',
  'path',
  'failureImpact',
  'observability',
  'rollout',
] as const;

/** Null for orphans and entities without a usable `spec.extension` block. */
export function designRecordOf(
  component: ExtensionComponent | undefined,
): DesignRecord | null {
  const descriptor = component?.catalog?.descriptor;
  if (!descriptor) return null;
  const record: DesignRecord = { responsibilities: {} };
  for (const key of DESIGN_ANSWERS) {
    const answer = descriptor.design?.[key];
    if (answer) (record as Record<string, unknown>)[key] = answer;
  }
  for (const [role, owner] of Object.entries(
    descriptor.responsibilities ?? {},
  )) {
    if (owner) record.responsibilities[role as Responsibility] = owner;
  }
  if (descriptor.kubernetesVersions)
    record.kubernetesVersions = descriptor.kubernetesVersions;
  if (descriptor.supportEnds) record.supportEnds = descriptor.supportEnds;
  const migration = descriptor.migration;
  if (migration && Object.values(migration).some(Boolean)) {
    record.migration = {
      ...(migration.replacement ? { replacement: migration.replacement } : {}),
      ...(migration.owner ? { owner: migration.owner } : {}),
      ...(migration.targetDate ? { targetDate: migration.targetDate } : {}),
    };
  }
  return record;
}

type Responsibility = keyof DesignRecord['responsibilities'];
