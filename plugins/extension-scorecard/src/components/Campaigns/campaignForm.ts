import type {
  CampaignInput,
  CampaignScope,
} from '@extension-scorecard/plugin-extension-scorecard-common';

/** The campaign form's fields as typed (lists comma-separated, days `YYYY-MM-DD`). */
export interface CampaignFormValues {
  title: string;
  why: string;
  checks: string;
  /** '' for none, else '1' | '2' | '3'. */
  level: string;
  kinds: string;
  teams: string;
  clusters: string;
  lifecycles: string;
  components: string;
  /** A saved filter's id, '' for none. */
  savedFilter: string;
  startsOn: string;
  enforceOn: string;
  deadlineOn: string;
}

export type CampaignFormErrors = Partial<
  Record<keyof CampaignFormValues, string>
>;

const SCOPE_FIELDS = [
  'kinds',
  'teams',
  'clusters',
  'lifecycles',
  'components',
] as const;

/** "a, b,,c " → ['a', 'b', 'c'] (duplicates dropped). */
export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\n]/)
        .map(part => part.trim())
        .filter(Boolean),
    ),
  ];
}

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The form's values for a campaign (or a suggested draft). */
export function toFormValues(
  input: Partial<CampaignInput>,
): CampaignFormValues {
  const scope: CampaignScope = input.scope ?? {};
  return {
    title: input.title ?? '',
    why: input.why ?? '',
    checks: (input.goal?.checks ?? []).join(', '),
    level: input.goal?.level ? String(input.goal.level) : '',
    kinds: (scope.kinds ?? []).join(', '),
    teams: (scope.teams ?? []).join(', '),
    clusters: (scope.clusters ?? []).join(', '),
    lifecycles: (scope.lifecycles ?? []).join(', '),
    components: (scope.components ?? []).join(', '),
    savedFilter: scope.savedFilter ?? '',
    startsOn: day(input.startsAt),
    enforceOn: day(input.enforceFrom),
    deadlineOn: day(input.deadline),
  };
}

/** Problems the form can see itself; the backend checks the rest (teams, kinds). */
export function validateCampaignForm(
  values: CampaignFormValues,
  knownChecks: readonly string[],
): CampaignFormErrors {
  const errors: CampaignFormErrors = {};
  if (values.title.trim().length < 3) {
    errors.title = 'A title of at least 3 characters';
  }
  const checks = splitList(values.checks);
  if (!checks.length && !values.level) {
    errors.checks = 'Name checks that must pass, a level to reach, or both';
  }
  const unknown = knownChecks.length
    ? checks.filter(c => !knownChecks.includes(c))
    : [];
  if (unknown.length) errors.checks = `Unknown checks: ${unknown.join(', ')}`;
  for (const field of ['startsOn', 'deadlineOn'] as const) {
    if (!DAY.test(values[field])) errors[field] = 'Pick a day';
  }
  if (
    !errors.startsOn &&
    !errors.deadlineOn &&
    values.deadlineOn <= values.startsOn
  ) {
    errors.deadlineOn = 'The deadline comes after the start';
  }
  if (values.enforceOn) {
    if (!DAY.test(values.enforceOn)) errors.enforceOn = 'Pick a day';
    else if (
      values.enforceOn < values.startsOn ||
      values.enforceOn > values.deadlineOn
    ) {
      errors.enforceOn = 'Between the start and the deadline';
    } else if (!checks.length) {
      errors.enforceOn = 'Enforcement needs goal checks';
    }
  }
  return errors;
}

/** The request body (days at midnight UTC). */
export function toCampaignInput(values: CampaignFormValues): CampaignInput {
  const scope: CampaignScope = {};
  for (const field of SCOPE_FIELDS) {
    const list = splitList(values[field]);
    if (list.length) scope[field] = list;
  }
  if (values.savedFilter) scope.savedFilter = values.savedFilter;
  const checks = splitList(values.checks);
  return {
    title: values.title.trim(),
    why: values.why.trim(),
    goal: {
      ...(checks.length ? { checks } : {}),
      ...(values.level ? { level: Number(values.level) as 1 | 2 | 3 } : {}),
    },
    scope,
    startsAt: `${values.startsOn}T00:00:00Z`,
    deadline: `${values.deadlineOn}T00:00:00Z`,
    enforceFrom: values.enforceOn ? `${values.enforceOn}T00:00:00Z` : null,
  };
}
