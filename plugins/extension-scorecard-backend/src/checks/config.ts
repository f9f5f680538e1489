/**
 * Check configuration: the data tables (data/*.yaml, with the override files of
 * `extensionScorecard.referenceData.directory` layered over them), thresholds
 * overridden and switched off under `extensionScorecard.checks.<check id>` in
 * app-config, the experiment freshness window under `extensionScorecard.experiments`.
 * Validated at start-up: a bad key stops the start with an error naming it.
 */
import type { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import {
  DIMENSIONS,
  EXTENSION_KIND_INFO,
  PATH_CLASSES,
  SEVERITIES,
  type Severity,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { BUILTIN_CHECKS } from './catalogue';
import { SCENARIO_CONDITIONS } from './experimentScenarios';
import {
  defaultDataDirectory,
  defaultReferenceTables,
  loadReferenceTables,
  type ReferenceTables,
} from '../reference';
import type {
  CheckSettings,
  CheckSettingValue,
  ScorecardCheck,
  ScorecardKind,
} from './types';

/** What app-config says about one check. */
export interface CheckOverride {
  enabled?: boolean;
  severity?: Severity;
  settings: Record<string, CheckSettingValue>;
}

/** A check ready to run: its metadata plus the effective severity and settings. */
export interface ResolvedCheck {
  check: ScorecardCheck;
  severity: Severity;
  settings: CheckSettings;
}

/** The validated check configuration. */
export interface ChecksConfig {
  tables: ReferenceTables;
  /** Days an experiment run stays fresh. */
  freshnessDays: number;
  overrides: ReadonlyMap<string, CheckOverride>;
  /** Checks added by modules (validated together with the config). */
  extraChecks: readonly ScorecardCheck[];
  /** Kinds added by modules. */
  extraKinds: readonly ScorecardKind[];
}

const CONFIG_ROOT = 'extensionScorecard.checks';
/** Pairs of settings where the first must not exceed the second. */
const ORDERED_SETTINGS: Array<[string, string, string]> = [
  ['webhook.timeout', 'passMaxSeconds', 'warnMaxSeconds'],
  ['cert.expiry', 'failDays', 'warnDays'],
  ['crd.conversion', 'failDays', 'warnDays'],
];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return typeof value;
}

function defaultsOf(
  check: ScorecardCheck,
  tables: ReferenceTables,
): CheckSettings {
  return { ...(tables.thresholds[check.id] ?? {}), ...(check.defaults ?? {}) };
}

function parseOverride(
  id: string,
  raw: unknown,
  defaults: CheckSettings,
): CheckOverride {
  const at = `${CONFIG_ROOT}.${id}`;
  if (!isObject(raw)) {
    throw new InputError(
      `Invalid config at ${at}: expected an object such as { enabled: false } or { ${
        Object.keys(defaults)[0] ?? 'enabled'
      }: ... }, got ${typeName(raw)}`,
    );
  }
  const override: CheckOverride = { settings: {} };
  for (const [key, value] of Object.entries(raw)) {
    const keyAt = `${at}.${key}`;
    if (key === 'enabled') {
      if (typeof value !== 'boolean')
        throw new InputError(
          `Invalid config at ${keyAt}: expected true or false, got ${typeName(
            value,
          )}`,
        );
      override.enabled = value;
    } else if (key === 'severity') {
      if (!SEVERITIES.includes(value as Severity)) {
        throw new InputError(
          `Invalid config at ${keyAt}: expected one of ${SEVERITIES.join(
            ', ',
          )}, got ${JSON.stringify(value)}`,
        );
      }
      override.severity = value as Severity;
    } else if (!(key in defaults)) {
      const accepted = ['enabled', 'severity', ...Object.keys(defaults)].join(
        ', ',
      );
      throw new InputError(
        `Invalid config at ${keyAt}: unknown setting; ${id} accepts ${accepted}`,
      );
    } else {
      const expected = defaults[key];
      if (Array.isArray(expected)) {
        if (!Array.isArray(value) || value.some(v => typeof v !== 'string')) {
          throw new InputError(
            `Invalid config at ${keyAt}: expected a list of strings, got ${typeName(
              value,
            )}`,
          );
        }
      } else if (typeof value !== typeof expected) {
        throw new InputError(
          `Invalid config at ${keyAt}: expected a ${typeof expected}, got ${typeName(
            value,
          )}`,
        );
      } else if (
        typeof value === 'number' &&
        (!Number.isFinite(value) || value < 0)
      ) {
        throw new InputError(
          `Invalid config at ${keyAt}: expected a number ≥ 0, got ${value}`,
        );
      }
      override.settings[key] = value as CheckSettingValue;
    }
  }
  return override;
}

/** Walks `checks`, accepting both `webhook.timeout: {...}` and nested `webhook: { timeout: {...} }`. */
function collectOverrides(
  node: Record<string, unknown>,
  prefix: string,
  known: ReadonlyMap<string, CheckSettings>,
  out: Map<string, CheckOverride>,
) {
  for (const [key, value] of Object.entries(node)) {
    const id = prefix ? `${prefix}.${key}` : key;
    const defaults = known.get(id);
    if (defaults) {
      out.set(id, parseOverride(id, value, defaults));
    } else if (
      isObject(value) &&
      [...known.keys()].some(k => k.startsWith(`${id}.`))
    ) {
      collectOverrides(value, id, known, out);
    } else {
      throw new InputError(
        `Invalid config at ${CONFIG_ROOT}.${id}: no check has the id '${id}' (check ids are listed in the backend README)`,
      );
    }
  }
}

function allChecks(extraChecks: readonly ScorecardCheck[]): ScorecardCheck[] {
  const ids = new Set<string>();
  const checks = [...BUILTIN_CHECKS, ...extraChecks] as ScorecardCheck[];
  for (const check of checks) {
    if (ids.has(check.id)) {
      throw new InputError(
        `Check id '${check.id}' is registered twice; extra checks need ids of their own`,
      );
    }
    ids.add(check.id);
  }
  return checks;
}

const CHECK_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$/;

/** Checks added by modules must carry valid metadata; the error names the check. */
function validateExtraCheck(check: ScorecardCheck, kinds: ReadonlySet<string>) {
  const problem = (what: string) =>
    new InputError(
      `Check '${check?.id}' registered through the extension point ${what}`,
    );
  if (typeof check?.id !== 'string' || !CHECK_ID.test(check.id)) {
    throw problem(
      "needs an id of dot-separated lower-case words, e.g. 'acme.image-registry'",
    );
  }
  if (!DIMENSIONS.includes(check.dimension))
    throw problem(`has an unknown dimension '${check.dimension}'`);
  if (!SEVERITIES.includes(check.severity))
    throw problem(`has an unknown severity '${check.severity}'`);
  if (check.scope !== 'component' && check.scope !== 'cluster')
    throw problem("needs scope 'component' or 'cluster'");
  if (typeof check.evaluate !== 'function')
    throw problem('has no evaluate function');
  if (!check.title || !check.remediation)
    throw problem('needs a title and a remediation');
  if (check.scope === 'cluster' && check.failStandsWithout?.length) {
    const declared = new Set([
      ...(check.reads ?? []),
      ...(check.optionalReads ?? []),
    ]);
    const stray = check.failStandsWithout.filter(k => !declared.has(k));
    if (stray.length)
      throw problem(
        `lists ${stray.join(
          ', ',
        )} in failStandsWithout but not in reads or optionalReads`,
      );
  }
  if (check.kinds !== 'all') {
    const unknownKinds = (check.kinds ?? []).filter(k => !kinds.has(k));
    if (!check.kinds?.length || unknownKinds.length) {
      throw problem(
        `applies to unknown kind(s) ${
          unknownKinds.join(', ') || '(none listed)'
        }`,
      );
    }
  }
}

function validateTables(
  tables: ReferenceTables,
  checkIds: ReadonlySet<string>,
) {
  // the shipped thresholds name known checks only; an override may add a check id
  const thresholdsOverride = tables.provenance.thresholds.overrideFile;
  const stray = Object.keys(tables.thresholds).find(id => !checkIds.has(id));
  if (thresholdsOverride && stray) {
    throw new InputError(
      `Invalid reference data in ${thresholdsOverride} at ${stray}: no check has the id '${stray}'`,
    );
  }
  for (const entry of tables.experiments.conditional) {
    if (!SCENARIO_CONDITIONS[entry.when]) {
      throw new InputError(
        `Invalid reference data in experiment-scenarios.yaml: unknown condition '${
          entry.when
        }' (known: ${Object.keys(SCENARIO_CONDITIONS).join(', ')})`,
      );
    }
  }
}

const REFERENCE_DATA_DIRECTORY = 'extensionScorecard.referenceData.directory';

/** `extensionScorecard.referenceData.directory`, if set. */
function readReferenceDataDirectory(config: Config): string | undefined {
  const directory = config.getOptional(REFERENCE_DATA_DIRECTORY);
  if (directory === undefined) return undefined;
  if (typeof directory !== 'string' || directory.trim() === '') {
    throw new InputError(
      `Invalid config at ${REFERENCE_DATA_DIRECTORY}: expected the path of a directory, got ${JSON.stringify(
        directory,
      )}`,
    );
  }
  return directory;
}

/**
 * Reads and validates the data tables (with `extensionScorecard.referenceData`),
 * `extensionScorecard.checks` and `extensionScorecard.experiments`.
 */
export function readChecksConfig(
  config: Config,
  options: {
    extraChecks?: readonly ScorecardCheck[];
    extraKinds?: readonly ScorecardKind[];
    /** Load the data tables from another directory (tests); default: the package's data/. */
    dataDirectory?: string;
  } = {},
): ChecksConfig {
  const overrideDirectory = readReferenceDataDirectory(config);
  const tables =
    options.dataDirectory || overrideDirectory
      ? loadReferenceTables(options.dataDirectory ?? defaultDataDirectory(), {
          overrideDirectory,
        })
      : defaultReferenceTables();
  const extraChecks = options.extraChecks ?? [];
  const extraKinds = options.extraKinds ?? [];
  const kindIds = new Set<string>(Object.keys(EXTENSION_KIND_INFO));
  for (const kind of extraKinds) {
    if (kindIds.has(kind.id)) {
      throw new InputError(
        kind.id in EXTENSION_KIND_INFO
          ? `Kind '${kind.id}' is built in; an extra kind needs an id of its own`
          : `Kind '${kind.id}' is registered twice`,
      );
    }
    if (!PATH_CLASSES.includes(kind.pathClass)) {
      throw new InputError(
        `Kind '${kind.id}' has an unknown pathClass '${kind.pathClass}'`,
      );
    }
    kindIds.add(kind.id);
  }
  for (const check of extraChecks) validateExtraCheck(check, kindIds);
  const known = new Map(
    allChecks(extraChecks).map(c => [c.id, defaultsOf(c, tables)]),
  );
  validateTables(tables, new Set(known.keys()));

  const overrides = new Map<string, CheckOverride>();
  const raw = config.getOptional('extensionScorecard.checks');
  if (raw !== undefined) {
    if (!isObject(raw))
      throw new InputError(
        `Invalid config at ${CONFIG_ROOT}: expected an object keyed by check id`,
      );
    collectOverrides(raw, '', known, overrides);
  }
  for (const [id, low, high] of ORDERED_SETTINGS) {
    const fromConfig = overrides.get(id)?.settings ?? {};
    const settings = { ...known.get(id), ...fromConfig };
    if ((settings[low] as number) > (settings[high] as number)) {
      const problem = `${low} (${settings[low]}) must not exceed ${high} (${settings[high]})`;
      throw new InputError(
        low in fromConfig || high in fromConfig
          ? `Invalid config at ${CONFIG_ROOT}.${id}: ${problem}`
          : `Invalid reference data in ${
              tables.provenance.thresholds.overrideFile ?? 'thresholds.yaml'
            } at ${id}: ${problem}`,
      );
    }
  }

  let freshnessDays = tables.experiments.freshnessDays;
  const experiments = config.getOptional('extensionScorecard.experiments');
  if (experiments !== undefined) {
    if (!isObject(experiments))
      throw new InputError(
        'Invalid config at extensionScorecard.experiments: expected an object',
      );
    for (const [key, value] of Object.entries(experiments)) {
      if (key !== 'freshnessDays') {
        throw new InputError(
          `Invalid config at extensionScorecard.experiments.${key}: unknown setting; accepted: freshnessDays`,
        );
      }
      if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
        throw new InputError(
          `Invalid config at extensionScorecard.experiments.freshnessDays: expected a positive number of days, got ${JSON.stringify(
            value,
          )}`,
        );
      }
      freshnessDays = value;
    }
  }
  return { tables, freshnessDays, overrides, extraChecks, extraKinds };
}

/**
 * The settings every check judges with, keyed by check id: the thresholds table
 * (shipped, then the override directory), the check's own defaults, then app-config.
 * Disabled checks included; checks without settings left out.
 */
export function effectiveThresholds(
  config: ChecksConfig,
): Record<string, CheckSettings> {
  const out: Record<string, CheckSettings> = {};
  for (const check of allChecks(config.extraChecks)) {
    const settings = {
      ...defaultsOf(check, config.tables),
      ...config.overrides.get(check.id)?.settings,
    };
    if (Object.keys(settings).length) out[check.id] = settings;
  }
  return out;
}

/** The checks to run, with effective severity and settings; disabled checks left out. */
export function resolveChecks(
  config: ChecksConfig,
  extraChecks: readonly ScorecardCheck[] = [],
): ResolvedCheck[] {
  const extras = [
    ...config.extraChecks,
    ...extraChecks.filter(c => !config.extraChecks.includes(c)),
  ];
  return allChecks(extras).flatMap(check => {
    const override = config.overrides.get(check.id);
    if (override?.enabled === false) return [];
    return [
      {
        check,
        severity: override?.severity ?? check.severity,
        settings: {
          ...defaultsOf(check, config.tables),
          ...override?.settings,
        },
      },
    ];
  });
}

/** Every kind the scorecard knows: the built-in ten with their scenarios, plus extra ones. */
export function resolveKinds(
  config: ChecksConfig,
  extraKinds: readonly ScorecardKind[] = [],
): Map<string, ScorecardKind> {
  const kinds = new Map<string, ScorecardKind>();
  for (const info of Object.values(EXTENSION_KIND_INFO)) {
    kinds.set(info.id, {
      ...info,
      experiments: config.tables.experiments.kinds[info.id] ?? [],
    });
  }
  for (const kind of [...config.extraKinds, ...extraKinds])
    kinds.set(kind.id, kind);
  return kinds;
}
