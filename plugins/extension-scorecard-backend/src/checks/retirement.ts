/** Retirement: if it is deprecated or past support, is there a migration with owner and date? */
import type { ExtensionComponent } from '../inventory/model';
import type { BuiltinComponentCheck } from './builtinContext';
import {
  countPastText,
  countUntilText,
  daysUntilBelow,
  daysUntilValue,
  timeOf,
} from './relativeDays';
import {
  fail,
  numberSetting,
  pass,
  unknown,
  warn,
  withRemediation,
} from './builtinContext';

/**
 * The whole days left until `date` at `now`, as comparisons (`below(0)`: past); null
 * when it is not a date. Compared, not counted: the verdict changes only when a
 * comparison does (checks/timeBound), and texts count at read time.
 */
function daysLeft(
  date: string,
  now: Date,
): { below(days: number): boolean } | null {
  const at = timeOf(date);
  return at === undefined
    ? null
    : { below: days => daysUntilBelow(at, now, days) };
}

/** `left <= days` for whole days left. */
function atMost(left: { below(days: number): boolean }, days: number) {
  return left.below(Math.floor(days) + 1);
}

function runningClusters(component: ExtensionComponent): string[] {
  return component.instances.map(i => i.cluster);
}

/** `prod-eu`, `prod-eu, prod-us and staging`, `a, b, c and 4 more clusters`. */
function clusterList(clusters: readonly string[]): string {
  if (clusters.length <= 1) return clusters.join('');
  if (clusters.length <= 3)
    return `${clusters.slice(0, -1).join(', ')} and ${clusters.at(-1)}`;
  return `${clusters.slice(0, 3).join(', ')} and ${
    clusters.length - 3
  } more clusters`;
}

/** `15 days` until `date` (a date, checked by the caller), counted when it is read. */
function daysTo(date: string): string {
  return countUntilText(timeOf(date)!);
}

/** `15 days` since `date` (a date that has passed), counted when it is read. */
function daysPast(date: string): string {
  return countPastText(timeOf(date)!);
}

const REGISTER =
  'Register the extension as a catalog Component (see ownership.owner-exists) and declare its spec.lifecycle and spec.extension.supportEnds.';

/** `a`, `a and b`, `a, b and c`. */
function and(items: readonly string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const lifecycle: BuiltinComponentCheck = {
  id: 'retirement.lifecycle',
  dimension: 'retirement',
  kinds: 'all',
  severity: 'info',
  scope: 'component',
  title: 'Lifecycle is declared',
  remediation:
    'Set spec.lifecycle (experimental, production or deprecated) on the catalog entity.',
  docsUrl:
    'https://backstage.io/docs/features/software-catalog/descriptor-format#speclifecycle-required',
  evaluate(component) {
    const value = component.catalog?.lifecycle;
    if (!component.catalog)
      return withRemediation(
        warn('orphan: no catalog entity, so no lifecycle'),
        REGISTER,
      );
    const ref = component.catalog.entityRef;
    if (!value) return warn(`${ref} declares no spec.lifecycle`);
    if (value === 'deprecated') {
      // the lifecycle is declared: what is left is retiring it
      const migration = component.catalog.descriptor?.migration ?? {};
      const plan = migration.replacement
        ? `: replaced by ${migration.replacement}${
            migration.targetDate ? ` by ${migration.targetDate}` : ''
          }`
        : ': no replacement named (see retirement.migration-plan)';
      return withRemediation(
        warn(`${ref} is deprecated${plan}`, {
          lifecycle: value,
          migration,
        }),
        migration.replacement && migration.owner && migration.targetDate
          ? `Finish the migration to ${migration.replacement} (owner ${migration.owner}) and remove the instances by ${migration.targetDate}; then retire the catalog entity.`
          : 'Name the replacement, the owner of the migration and its target date under spec.extension.migration, and remove the instances by that date.',
      );
    }
    return pass(`lifecycle ${value}`, { lifecycle: value });
  },
};

const migrationPlan: BuiltinComponentCheck = {
  id: 'retirement.migration-plan',
  dimension: 'retirement',
  kinds: 'all',
  severity: 'high',
  scope: 'component',
  title: 'Deprecated extensions have a dated migration',
  remediation:
    'Declare spec.extension.migration with the replacement, the owner of the migration and a target date, and remove the instances by that date.',
  evaluate(component, context) {
    const descriptor = component.catalog?.descriptor;
    const declaredLifecycle = component.catalog?.lifecycle;
    const supportEnds = descriptor?.supportEnds;
    const supportLeft = supportEnds ? daysLeft(supportEnds, context.now) : null;
    const deprecated = declaredLifecycle === 'deprecated';
    const pastSupport = supportLeft !== null && supportLeft.below(0);
    if (!deprecated && !pastSupport && !declaredLifecycle) {
      // without a lifecycle nobody has said it is not deprecated
      return component.catalog
        ? withRemediation(
            unknown(
              `${component.catalog.entityRef} declares no spec.lifecycle${
                supportEnds ? ` (supported until ${supportEnds})` : ''
              }: whether it is deprecated is unknown`,
              { lifecycle: null, orphan: false },
            ),
            `Set spec.lifecycle on ${component.catalog.entityRef}; if it is deprecated, declare spec.extension.migration (replacement, owner, target date) too.`,
          )
        : withRemediation(
            unknown(
              'orphan: no catalog entity, so no lifecycle and no support end: whether it is deprecated is unknown',
              { lifecycle: null, orphan: true },
            ),
            REGISTER,
          );
    }
    if (!deprecated && !pastSupport) {
      return pass(
        `not deprecated${
          supportEnds ? ` and supported until ${supportEnds}` : ''
        }: no migration needed yet`,
        { lifecycle: declaredLifecycle },
      );
    }
    const why = deprecated
      ? `${component.catalog!.entityRef} is deprecated`
      : `support of ${component.catalog!.entityRef} ended ${supportEnds}`;
    const migration = descriptor?.migration ?? {};
    const observed = {
      reason: deprecated
        ? 'lifecycle deprecated'
        : `support ended ${supportEnds}`,
      migration,
    };
    const missing = (['replacement', 'owner', 'targetDate'] as const).filter(
      k => !migration[k],
    );
    if (missing.length === 3)
      return fail(
        `${why} but it declares no spec.extension.migration`,
        observed,
      );
    if (missing.length) {
      const fields = and(missing);
      return withRemediation(
        fail(`${why} but spec.extension.migration has no ${fields}`, observed),
        `Add ${fields} to spec.extension.migration${
          migration.replacement
            ? ` (the migration to ${migration.replacement})`
            : ''
        }, and remove the instances by the target date.`,
      );
    }
    const left = daysLeft(migration.targetDate!, context.now);
    if (left === null)
      return withRemediation(
        fail(
          `${why}; migration targetDate '${migration.targetDate}' is not a date`,
          observed,
        ),
        'Write spec.extension.migration.targetDate as a date (YYYY-MM-DD).',
      );
    const running = runningClusters(component);
    const to = `migration to ${migration.replacement} (owner ${migration.owner})`;
    if (running.length && left.below(0))
      return withRemediation(
        fail(
          `${to} was due ${migration.targetDate}, ${daysPast(
            migration.targetDate!,
          )} ago; it still runs in ${clusterList(running)}`,
          observed,
        ),
        `Finish the migration to ${
          migration.replacement
        } and remove the instances left in ${clusterList(
          running,
        )}, or agree a new targetDate with ${
          migration.owner
        } and update spec.extension.migration.`,
      );
    const warnDays = numberSetting(context, 'warnDays');
    if (running.length && atMost(left, warnDays))
      return withRemediation(
        warn(
          `${to} due ${migration.targetDate}, in ${daysTo(
            migration.targetDate!,
          )} (threshold ${warnDays} days); it still runs in ${clusterList(
            running,
          )}`,
          observed,
        ),
        `Move the instances left in ${clusterList(running)} to ${
          migration.replacement
        } before ${
          migration.targetDate
        }, or set a target date the owner can keep.`,
      );
    return pass(
      `${why}; ${to} due ${migration.targetDate}${
        running.length ? '' : ', no instance left'
      }`,
      observed,
    );
  },
};

const supportWindow: BuiltinComponentCheck = {
  id: 'retirement.support-window',
  dimension: 'retirement',
  kinds: 'all',
  severity: 'high',
  scope: 'component',
  title: 'The version in use is still supported',
  remediation:
    'Declare spec.extension.supportEnds (the upstream end of life of the version you run) and upgrade or migrate before it.',
  evaluate(component, context) {
    const catalog = component.catalog;
    const supportEnds = catalog?.descriptor?.supportEnds;
    if (!catalog)
      return withRemediation(
        warn('orphan: no catalog entity, so no support end declared'),
        REGISTER,
      );
    if (!supportEnds)
      return warn(
        `${catalog.entityRef} declares no support end (spec.extension.supportEnds)`,
      );
    const left = daysLeft(supportEnds, context.now);
    const observed = {
      supportEnds,
      daysLeft: left === null ? null : daysUntilValue(timeOf(supportEnds)!),
    };
    if (left === null)
      return withRemediation(
        warn(`supportEnds '${supportEnds}' is not a date`, observed),
        'Write spec.extension.supportEnds as a date (YYYY-MM-DD): the upstream end of life of the version you run.',
      );
    // supportEnds is declared: the next step is leaving the version, not declaring it
    const migration = catalog.descriptor?.migration;
    const leave =
      catalog.lifecycle === 'deprecated' && migration?.replacement
        ? `Finish the migration to ${migration.replacement}${
            migration.targetDate ? ` (due ${migration.targetDate})` : ''
          }`
        : 'Upgrade to a supported version and update spec.extension.supportEnds, or deprecate it with a migration plan (spec.extension.migration)';
    if (left.below(0))
      return withRemediation(
        fail(
          `support ended ${daysPast(supportEnds)} ago (${supportEnds})`,
          observed,
        ),
        `${leave}: the version in use gets no fixes.`,
      );
    const warnDays = numberSetting(context, 'warnDays');
    if (atMost(left, warnDays))
      return withRemediation(
        warn(
          `support ends in ${daysTo(
            supportEnds,
          )} (${supportEnds}; threshold ${warnDays} days)`,
          observed,
        ),
        `${leave} before ${supportEnds}.`,
      );
    return pass(
      `supported until ${supportEnds} (${daysTo(supportEnds)} left)`,
      observed,
    );
  },
};

export const retirementChecks = [lifecycle, migrationPlan, supportWindow];
