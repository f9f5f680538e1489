/**
 * A campaign's fields as the API and the configuration give them, checked beyond the
 * OpenAPI schema (texts trimmed, dates valid and in order, goal checks and kinds
 * known, teams in the catalog, a saved filter that exists and filters on no results)
 * and normalized (refs in their full, lower-case form);
 * its id; where its enforcement stands.
 */
import { InputError } from '@backstage/errors';
import type {
  CampaignEnforcement,
  CampaignGoal,
  CampaignScope,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  normalizeComponentRef,
  normalizeOwnerRef,
  resultFiltersOf,
} from '../scoring';
import { spec } from '../schema/openapi.generated';
import type {
  CampaignFields,
  StoredCampaign,
  StoredSavedFilter,
} from '../store';
import { parseDateTime, slugId, trimmedText } from './inputRules';

export type { CampaignFields };

const TITLE_MIN_LENGTH =
  spec.components.schemas.CampaignInput.properties.title.minLength;

/** What the fields are checked against. */
export interface CampaignFieldRules {
  checks: readonly string[];
  kinds: readonly string[];
  /** The refs among the given ones that name no Group (none: teams are not checked). */
  missingGroups?: (refs: readonly string[]) => Promise<string[]>;
  /** Finds a saved filter (none: a scope naming one is refused). */
  savedFilter?: (id: string) => Promise<StoredSavedFilter | undefined>;
}

/** Refuses a saved filter that is missing or filters on results. */
async function checkSavedFilter(
  id: string,
  find: CampaignFieldRules['savedFilter'],
): Promise<void> {
  const filter = find ? await find(id) : undefined;
  if (!filter) {
    throw new InputError(`scope.savedFilter names no saved filter: ${id}`);
  }
  const onResults = resultFiltersOf(filter.filters);
  if (onResults.length) {
    throw new InputError(
      `scope.savedFilter "${filter.name}" filters on results (${onResults.join(
        ', ',
      )}): a campaign's scope cannot take it, since fixing a component would move it out of the scope`,
    );
  }
}

/** The scope's list fields. */
type ScopeListField = Exclude<keyof CampaignScope, 'savedFilter'>;

/** How a scope field's values are kept: refs in their full, lower-case form. */
const NORMALIZE: Record<ScopeListField, (value: string) => string> = {
  kinds: value => value,
  teams: normalizeOwnerRef,
  clusters: value => value,
  lifecycles: value => value,
  components: normalizeComponentRef,
};

/** `Scope webhooks out of kube-system` → `scope-webhooks-out-of-kube-system-3f9a1c`. */
export function campaignId(title: string): string {
  return slugId(title, 'campaign');
}

/** Whether the enforcement date is absent, ahead or reached at `now`. */
export function enforcementAt(
  campaign: Pick<StoredCampaign, 'enforceFrom'>,
  now: Date,
): CampaignEnforcement {
  if (!campaign.enforceFrom) return 'none';
  return Date.parse(campaign.enforceFrom) > now.getTime()
    ? 'announced'
    : 'enforced';
}

/** The fields checked and normalized; an InputError naming the field otherwise. */
export async function validateCampaignFields(
  fields: CampaignFields,
  rules: CampaignFieldRules,
): Promise<CampaignFields> {
  const title = trimmedText('title', fields.title, TITLE_MIN_LENGTH);
  const startsAt = parseDateTime('startsAt', fields.startsAt);
  const deadline = parseDateTime('deadline', fields.deadline);
  if (deadline.getTime() <= startsAt.getTime()) {
    throw new InputError('deadline must lie after startsAt');
  }
  let enforceFrom: Date | null = null;
  if (fields.enforceFrom !== null) {
    enforceFrom = parseDateTime('enforceFrom', fields.enforceFrom);
    if (
      enforceFrom.getTime() < startsAt.getTime() ||
      enforceFrom.getTime() > deadline.getTime()
    ) {
      throw new InputError(
        'enforceFrom must lie between startsAt and deadline',
      );
    }
    if (!fields.goal.checks?.length) {
      throw new InputError(
        'enforceFrom needs goal checks: it decides when their fails count in full',
      );
    }
  }
  if (!fields.goal.checks?.length && fields.goal.level === undefined) {
    throw new InputError('goal needs checks, a level, or both');
  }
  const known = new Set(rules.checks);
  const unknownChecks = (fields.goal.checks ?? []).filter(c => !known.has(c));
  if (unknownChecks.length) {
    throw new InputError(
      `goal.checks names unknown checks: ${unknownChecks.join(', ')}`,
    );
  }
  const kinds = new Set(rules.kinds);
  const unknownKinds = (fields.scope.kinds ?? []).filter(k => !kinds.has(k));
  if (unknownKinds.length) {
    throw new InputError(
      `scope.kinds names unknown kinds: ${unknownKinds.join(', ')}`,
    );
  }
  const missing = rules.missingGroups
    ? await rules.missingGroups(fields.scope.teams ?? [])
    : [];
  if (missing.length) {
    throw new InputError(
      `scope.teams names groups the catalog does not have: ${missing.join(
        ', ',
      )}`,
    );
  }
  if (fields.scope.savedFilter !== undefined) {
    await checkSavedFilter(fields.scope.savedFilter, rules.savedFilter);
  }
  const scope: CampaignScope = {};
  for (const key of Object.keys(NORMALIZE) as ScopeListField[]) {
    const values = fields.scope[key];
    if (values?.length) {
      scope[key] = [...new Set(values.map(value => NORMALIZE[key](value)))];
    }
  }
  if (fields.scope.savedFilter !== undefined) {
    scope.savedFilter = fields.scope.savedFilter;
  }
  const goal: CampaignGoal = {};
  if (fields.goal.checks?.length) goal.checks = [...fields.goal.checks];
  if (fields.goal.level !== undefined) goal.level = fields.goal.level;
  return {
    title,
    why: fields.why.trim(),
    goal,
    scope,
    startsAt: startsAt.toISOString(),
    deadline: deadline.toISOString(),
    enforceFrom: enforceFrom ? enforceFrom.toISOString() : null,
  };
}
