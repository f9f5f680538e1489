/**
 * Campaigns declared in the configuration, created at start-up when the database does
 * not hold one of that id (`extensionScorecard.campaigns.initial`, and the YAML lists
 * in the files of `extensionScorecard.campaigns.initialFiles`, resolved from the
 * working directory like the dump directories). Afterwards they are the API's to change and close.
 */
import type { Config } from '@backstage/config';
import type {
  CampaignGoal,
  CampaignScope,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { readYamlListFiles } from '../collect/yamlListFiles';
import { definitionObject, isObject } from './configDefinitions';

/** A campaign of the configuration. */
export interface InitialCampaign {
  id: string;
  title: string;
  why: string;
  goal: CampaignGoal;
  scope: CampaignScope;
  startsAt: string;
  deadline: string;
  enforceFrom?: string | null;
}

const SCOPE_FIELDS = [
  'kinds',
  'teams',
  'clusters',
  'lifecycles',
  'components',
] as const;

/** A date-time as YAML may have parsed it (a Date) or written it (a string). */
function dateText(value: unknown): string | undefined {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : undefined;
}

/** One campaign definition, or an Error naming what is wrong at `where`. */
export function parseInitialCampaign(
  value: unknown,
  where: string,
): InitialCampaign {
  const refuse = (why: string) =>
    new Error(`Invalid campaign at ${where}: ${why}`);
  const { id, title, why, goal, scope, startsAt, deadline, enforceFrom } =
    definitionObject(
      value,
      [
        'id',
        'title',
        'why',
        'goal',
        'scope',
        'startsAt',
        'deadline',
        'enforceFrom',
      ],
      refuse,
    );
  if (typeof title !== 'string') throw refuse('title must be text');
  if (why !== undefined && typeof why !== 'string') {
    throw refuse('why must be text (markdown)');
  }
  if (!isObject(goal)) throw refuse('goal must be an object');
  const parsedGoal: CampaignGoal = {};
  if (goal.checks !== undefined) {
    if (
      !Array.isArray(goal.checks) ||
      !goal.checks.every(c => typeof c === 'string')
    ) {
      throw refuse('goal.checks must be a list of check ids');
    }
    parsedGoal.checks = goal.checks as string[];
  }
  if (goal.level !== undefined) {
    if (goal.level !== 1 && goal.level !== 2 && goal.level !== 3) {
      throw refuse('goal.level must be 1, 2 or 3');
    }
    parsedGoal.level = goal.level;
  }
  const parsedScope: CampaignScope = {};
  if (scope !== undefined) {
    if (!isObject(scope)) throw refuse('scope must be an object');
    const extraScope = Object.keys(scope).filter(
      key =>
        !(SCOPE_FIELDS as readonly string[]).includes(key) &&
        key !== 'savedFilter',
    );
    if (extraScope.length) {
      throw refuse(`unknown scope fields ${extraScope.join(', ')}`);
    }
    for (const field of SCOPE_FIELDS) {
      const values = scope[field];
      if (values === undefined) continue;
      if (
        !Array.isArray(values) ||
        !values.every(v => typeof v === 'string' && v.length > 0)
      ) {
        throw refuse(`scope.${field} must be a list of names`);
      }
      parsedScope[field] = values as string[];
    }
    if (scope.savedFilter !== undefined) {
      if (typeof scope.savedFilter !== 'string' || !scope.savedFilter) {
        throw refuse('scope.savedFilter must be the id of a saved filter');
      }
      parsedScope.savedFilter = scope.savedFilter;
    }
  }
  const starts = dateText(startsAt);
  const due = dateText(deadline);
  if (!starts) throw refuse('startsAt must be a date-time');
  if (!due) throw refuse('deadline must be a date-time');
  let enforce: string | null = null;
  if (enforceFrom !== undefined && enforceFrom !== null) {
    const text = dateText(enforceFrom);
    if (!text) throw refuse('enforceFrom must be a date-time');
    enforce = text;
  }
  return {
    id,
    title,
    why: why ?? '',
    goal: parsedGoal,
    scope: parsedScope,
    startsAt: starts,
    deadline: due,
    enforceFrom: enforce,
  };
}

/** Reads the configured campaigns (inline, then the file's). */
export async function readInitialCampaigns(
  config: Config,
): Promise<InitialCampaign[]> {
  const key = 'extensionScorecard.campaigns';
  const campaigns: InitialCampaign[] = [];
  const inline = config.getOptional<unknown[]>(`${key}.initial`);
  if (inline !== undefined) {
    if (!Array.isArray(inline)) {
      throw new Error(`Invalid config at ${key}.initial: expected a list`);
    }
    inline.forEach((value, i) =>
      campaigns.push(parseInitialCampaign(value, `${key}.initial[${i}]`)),
    );
  }
  for (const file of await readYamlListFiles(
    config,
    `${key}.initialFiles`,
    'campaigns',
  )) {
    file.items.forEach((value, i) =>
      campaigns.push(parseInitialCampaign(value, `${file.path}[${i}]`)),
    );
  }
  const ids = new Set<string>();
  for (const campaign of campaigns) {
    if (ids.has(campaign.id)) {
      throw new Error(`Campaign id '${campaign.id}' is configured twice`);
    }
    ids.add(campaign.id);
  }
  return campaigns;
}
