/** Retirement: if it is deprecated or past support, is there a migration with owner and date? */
import type { ExtensionComponent } from '../inventory/model';
import type { BuiltinComponentCheck } from './builtinContext';
import { fail, numberSetting, pass, unknown, warn } from './builtinContext';

const DAY = 24 * 60 * 60 * 1000;

function daysUntil(date: string, now: Date): number | null {
  const time = Date.parse(date);
  return Number.isNaN(time) ? null : Math.floor((time - now.getTime()) / DAY);
}

function runningClusters(component: ExtensionComponent): string[] {
  return component.instances.map(i => i.cluster);
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
      return warn('orphan: no catalog entity, so no lifecycle');
    if (!value)
      return warn(`${component.catalog.entityRef} declares no spec.lifecycle`);
    if (value === 'deprecated')
      return warn('lifecycle deprecated: see retirement.migration-plan', {
        lifecycle: value,
      });
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
    const supportLeft = supportEnds
      ? daysUntil(supportEnds, context.now)
      : null;
    const deprecated = declaredLifecycle === 'deprecated';
    const pastSupport = supportLeft !== null && supportLeft < 0;
    if (!deprecated && !pastSupport && !declaredLifecycle) {
      // without a lifecycle nobody has said it is not deprecated
      return unknown(
        component.catalog
          ? `${component.catalog.entityRef} declares no spec.lifecycle${
              supportEnds ? ` (supported until ${supportEnds})` : ''
            }: whether it is deprecated is unknown`
          : 'orphan: no catalog entity, so no lifecycle and no support end: whether it is deprecated is unknown',
        { lifecycle: null, orphan: !component.catalog },
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
      ? 'lifecycle deprecated'
      : `support ended ${supportEnds}`;
    const migration = descriptor?.migration ?? {};
    const observed = { reason: why, migration };
    const missing = (['replacement', 'owner', 'targetDate'] as const).filter(
      k => !migration[k],
    );
    if (missing.length)
      return fail(
        `${why} but the migration plan has no ${missing.join(', ')}`,
        observed,
      );
    const left = daysUntil(migration.targetDate!, context.now);
    if (left === null)
      return fail(
        `${why}; migration targetDate '${migration.targetDate}' is not a date`,
        observed,
      );
    const running = runningClusters(component);
    const plan = `migration to ${migration.replacement} owned by ${migration.owner}, target ${migration.targetDate}`;
    if (left < 0 && running.length)
      return fail(
        `${plan} passed ${-left} days ago and it still runs in ${running.join(
          ', ',
        )}`,
        observed,
      );
    if (left <= numberSetting(context, 'warnDays') && running.length)
      return warn(
        `${plan}: ${left} days left, still runs in ${running.join(', ')}`,
        observed,
      );
    return pass(`${why}; ${plan}`, observed);
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
    const supportEnds = component.catalog?.descriptor?.supportEnds;
    if (!supportEnds)
      return warn(
        component.catalog
          ? 'no support end declared (spec.extension.supportEnds)'
          : 'orphan: no catalog entity, so no support end declared',
      );
    const left = daysUntil(supportEnds, context.now);
    const observed = { supportEnds, daysLeft: left };
    if (left === null)
      return warn(`supportEnds '${supportEnds}' is not a date`, observed);
    if (left < 0)
      return fail(`support ended ${supportEnds} (${-left} days ago)`, observed);
    const warnDays = numberSetting(context, 'warnDays');
    if (left <= warnDays)
      return warn(
        `support ends ${supportEnds}, in ${left} days (≤ ${warnDays})`,
        observed,
      );
    return pass(`supported until ${supportEnds} (${left} days)`, observed);
  },
};

export const retirementChecks = [lifecycle, migrationPlan, supportWindow];
