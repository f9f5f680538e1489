/**
 * Layering a deployment's override files over the shipped tables
 * (`extensionScorecard.referenceData.directory`). Each table has its row key:
 *
 *   deprecated-apis       `group/version [sorted kinds]`; `remove: true` drops a row
 *   csi-sidecars          the sidecar `name`; `remove: true` drops a sidecar
 *   dra-versions          `version`; `remove: true` drops a row; `featureGate` whole
 *   thresholds            check id, then setting
 *   experiment-scenarios  `kinds.<kind>` (the kind's list whole); `freshnessDays`
 *                         and `conditional` whole
 *   failure-signals       `kinds.<kind>` (the kind's list whole)
 *   version-skew, rbac-risks, scoring   top-level keys, each whole
 *
 * An override row with a shipped key replaces that row; a new key adds a row
 * (after the shipped ones). Override rows are validated as shipped rows are, and an
 * error names the override file (full path) and the row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '@backstage/errors';
import type { CheckSettings } from '@extension-scorecard/plugin-extension-scorecard-node';
import {
  parseConditionalScenarios,
  parseCsiSidecar,
  parseDeprecatedApi,
  parseDraFeatureGate,
  parseDraVersion,
  parseFreshnessDays,
  parseRbacRisks,
  parseScenarioList,
  parseScoring,
  parseSignals,
  parseThresholds,
  parseVersionSkew,
} from './parsers';
import { describe, readYaml, TableReader, topLevelKey } from './tableReader';
import {
  REFERENCE_TABLE_NAMES,
  type CsiSidecar,
  type DeprecatedApi,
  type DraVersion,
  type ExperimentScenarios,
  type ReferenceTableName,
  type ReferenceTables,
  type TableProvenance,
} from './tables';

/** An override file as read: its full path and parsed YAML. */
export interface OverrideFile {
  path: string;
  doc: unknown;
}

/** How a table's rows were put together. */
export type RowCounts = Pick<
  TableProvenance,
  'rows' | 'shippedRows' | 'overriddenRows' | 'addedRows' | 'removedRows'
>;

/** A table's value and where its rows came from. */
export interface LayeredTable<T> {
  value: T;
  counts: RowCounts;
}

/** The file of a table. */
export function tableFile(table: ReferenceTableName): string {
  return `${table}.yaml`;
}

const KNOWN_FILES = REFERENCE_TABLE_NAMES.map(tableFile);

/** The key of a deprecated-API row: `group/version [kinds, sorted]`. */
export function deprecatedApiKey(
  row: Pick<DeprecatedApi, 'group' | 'version' | 'kinds'>,
): string {
  return `${row.group}/${row.version} [${[...row.kinds].sort().join(', ')}]`;
}

/**
 * Reads every override file of `directory` (relative to the working directory).
 * Entries whose name starts with a dot are skipped (a mounted ConfigMap keeps its
 * data under `..data`); any other name must be a table's file.
 */
export function readOverrideDirectory(
  directory: string,
): Map<ReferenceTableName, OverrideFile> {
  const full = path.resolve(directory);
  const where = `Reference data override directory ${full} (extensionScorecard.referenceData.directory)`;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch (error) {
    throw new InputError(
      `${where} cannot be read: ${(error as Error).message}`,
    );
  }
  if (!stat.isDirectory()) throw new InputError(`${where} is not a directory`);
  const files = new Map<ReferenceTableName, OverrideFile>();
  for (const name of fs.readdirSync(full).sort()) {
    if (name.startsWith('.')) continue;
    const table = REFERENCE_TABLE_NAMES.find(t => tableFile(t) === name);
    if (!table) {
      throw new InputError(
        `Reference data override ${path.join(
          full,
          name,
        )} is not a table: the file names are ${KNOWN_FILES.join(', ')}`,
      );
    }
    files.set(table, {
      path: path.join(full, name),
      doc: readYaml(full, name),
    });
  }
  return files;
}

function unchanged(rows: number): RowCounts {
  return {
    rows,
    shippedRows: rows,
    overriddenRows: 0,
    addedRows: 0,
    removedRows: 0,
  };
}

/** Fails on a key used twice in one file. */
function requireUniqueKeys(
  r: TableReader,
  entries: Array<{ at: string; key: string }>,
) {
  const seen = new Map<string, string>();
  for (const { at, key } of entries) {
    const first = seen.get(key);
    if (first !== undefined) {
      r.fail(at, `repeats the key ${key} of ${first}`);
    }
    seen.set(key, at);
  }
}

/** The root mapping of an override file, refusing keys the table does not have. */
function overrideRoot(
  r: TableReader,
  doc: unknown,
  keys: readonly string[],
): Record<string, unknown> {
  const root = r.object(doc ?? {}, '');
  for (const key of Object.keys(root)) {
    if (!keys.includes(key)) {
      r.fail(key, `unknown key; the table's keys are ${keys.join(', ')}`);
    }
  }
  return root;
}

type ListEntry<Row> =
  | { at: string; key: string; row: Row }
  | { at: string; key: string; remove: true };

/** Whether an override row is `remove: true`. */
function isRemoval(
  r: TableReader,
  row: Record<string, unknown>,
  at: string,
): boolean {
  return row.remove !== undefined && r.boolean(row.remove, `${at}.remove`);
}

/**
 * A keyed list (`apis`, `sidecars`, `versions`): parses the shipped rows, then
 * applies the override's rows by key.
 */
function layeredList<Row>(options: {
  file: string;
  list: string;
  shipped: unknown;
  override?: OverrideFile;
  /** Other top-level keys an override may carry. */
  otherKeys?: string[];
  parse: (r: TableReader, entry: unknown, at: string) => Row;
  keyOf: (row: Row) => string;
  /** The key of a `remove: true` row (only its key fields are read). */
  removalKey: (
    r: TableReader,
    row: Record<string, unknown>,
    at: string,
  ) => string;
}): LayeredTable<Row[]> & {
  shippedRoot: Record<string, unknown>;
  overrideRoot?: Record<string, unknown>;
  overrideReader?: TableReader;
} {
  const { list, parse, keyOf } = options;
  const sr = new TableReader(options.file);
  const shippedRoot = sr.object(options.shipped, '');
  const shipped = sr
    .array(shippedRoot[list], list)
    .map((entry, i) => parse(sr, entry, `${list}[${i}]`));
  requireUniqueKeys(
    sr,
    shipped.map((row, i) => ({ at: `${list}[${i}]`, key: keyOf(row) })),
  );
  if (!options.override) {
    return { value: shipped, counts: unchanged(shipped.length), shippedRoot };
  }

  const or: TableReader = new TableReader(options.override.path);
  const root = overrideRoot(or, options.override.doc, [
    list,
    ...(options.otherKeys ?? []),
  ]);
  const entries: Array<ListEntry<Row>> = (
    root[list] === undefined ? [] : or.array(root[list], list)
  ).map((entry, i) => {
    const at = `${list}[${i}]`;
    const row = or.object(entry, at);
    if (isRemoval(or, row, at)) {
      return { at, key: options.removalKey(or, row, at), remove: true };
    }
    const parsed = parse(or, row, at);
    return { at, key: keyOf(parsed), row: parsed };
  });
  requireUniqueKeys(or, entries);

  const index = new Map(shipped.map((row, i) => [keyOf(row), i]));
  const rows: Array<Row | undefined> = [...shipped];
  const added: Row[] = [];
  let overriddenRows = 0;
  let removedRows = 0;
  for (const entry of entries) {
    const at = index.get(entry.key);
    if ('remove' in entry) {
      if (at === undefined) {
        or.fail(
          `${entry.at}.remove`,
          `no shipped row has the key ${entry.key}`,
        );
      }
      rows[at] = undefined;
      removedRows++;
    } else if (at === undefined) {
      added.push(entry.row);
    } else {
      rows[at] = entry.row;
      overriddenRows++;
    }
  }
  const value = [
    ...rows.filter((row): row is Row => row !== undefined),
    ...added,
  ];
  return {
    value,
    counts: {
      rows: value.length,
      shippedRows: shipped.length,
      overriddenRows,
      addedRows: added.length,
      removedRows,
    },
    shippedRoot,
    overrideRoot: root,
    overrideReader: or,
  };
}

export function layerDeprecatedApis(
  shipped: unknown,
  override?: OverrideFile,
): LayeredTable<DeprecatedApi[]> {
  const { value, counts } = layeredList({
    file: tableFile('deprecated-apis'),
    list: 'apis',
    shipped,
    override,
    parse: parseDeprecatedApi,
    keyOf: deprecatedApiKey,
    removalKey: (r, row, at) =>
      deprecatedApiKey({
        group: r.string(row.group, `${at}.group`),
        version: r.string(row.version, `${at}.version`),
        kinds:
          row.kinds === undefined ? [] : r.strings(row.kinds, `${at}.kinds`),
      }),
  });
  return { value, counts };
}

export function layerCsiSidecars(
  shipped: unknown,
  override?: OverrideFile,
): LayeredTable<CsiSidecar[]> {
  const { value, counts } = layeredList({
    file: tableFile('csi-sidecars'),
    list: 'sidecars',
    shipped,
    override,
    parse: parseCsiSidecar,
    keyOf: row => row.name,
    removalKey: (r, row, at) => r.string(row.name, `${at}.name`),
  });
  return { value, counts };
}

export function layerDraVersions(
  shipped: unknown,
  override?: OverrideFile,
): LayeredTable<Pick<ReferenceTables, 'draVersions' | 'draFeatureGate'>> {
  const file = tableFile('dra-versions');
  const layered = layeredList({
    file,
    list: 'versions',
    otherKeys: ['featureGate'],
    shipped,
    override,
    parse: parseDraVersion,
    keyOf: (row: DraVersion) => row.version,
    removalKey: (r, row, at) => r.string(row.version, `${at}.version`),
  });
  const gateInOverride = layered.overrideRoot?.featureGate !== undefined;
  const draFeatureGate = gateInOverride
    ? parseDraFeatureGate(
        layered.overrideReader!,
        layered.overrideRoot!.featureGate,
      )
    : parseDraFeatureGate(
        new TableReader(file),
        layered.shippedRoot.featureGate,
      );
  // the feature gate counts as one row
  const { counts } = layered;
  return {
    value: { draVersions: layered.value, draFeatureGate },
    counts: {
      ...counts,
      rows: counts.rows + 1,
      shippedRows: counts.shippedRows + 1,
      overriddenRows: counts.overriddenRows + (gateInOverride ? 1 : 0),
    },
  };
}

/**
 * A table whose rows are its top-level keys, each replaced whole by an override;
 * errors name the file each top-level key came from.
 */
function layeredTopLevel<T>(options: {
  file: string;
  keys: readonly string[];
  shipped: unknown;
  override?: OverrideFile;
  parse: (r: TableReader, doc: unknown) => T;
}): LayeredTable<T> {
  const sr = new TableReader(options.file);
  const shippedRoot = sr.object(options.shipped, '');
  const shippedKeys = Object.keys(shippedRoot).filter(k =>
    options.keys.includes(k),
  );
  if (!options.override) {
    return {
      value: options.parse(sr, shippedRoot),
      counts: unchanged(shippedKeys.length),
    };
  }
  const { path: overridePath } = options.override;
  const root = overrideRoot(
    new TableReader(overridePath),
    options.override.doc,
    options.keys,
  );
  const merged = { ...shippedRoot, ...root };
  const r = new TableReader(at =>
    topLevelKey(at) in root ? overridePath : options.file,
  );
  const value = options.parse(r, merged);
  const overriddenRows = Object.keys(root).filter(k =>
    shippedKeys.includes(k),
  ).length;
  const addedRows = Object.keys(root).length - overriddenRows;
  return {
    value,
    counts: {
      rows: shippedKeys.length + addedRows,
      shippedRows: shippedKeys.length,
      overriddenRows,
      addedRows,
      removedRows: 0,
    },
  };
}

export const layerVersionSkew = (shipped: unknown, override?: OverrideFile) =>
  layeredTopLevel({
    file: tableFile('version-skew'),
    keys: ['kubelet', 'controlPlane', 'schedulerImages', 'source'],
    shipped,
    override,
    parse: parseVersionSkew,
  });

export const layerRbacRisks = (shipped: unknown, override?: OverrideFile) =>
  layeredTopLevel({
    file: tableFile('rbac-risks'),
    keys: [
      'adminVerbs',
      'adminRoles',
      'secrets',
      'escalation',
      'podExec',
      'webhookWrite',
    ],
    shipped,
    override,
    parse: parseRbacRisks,
  });

export const layerScoring = (shipped: unknown, override?: OverrideFile) =>
  layeredTopLevel({
    file: tableFile('scoring'),
    keys: ['weights', 'points', 'waived'],
    shipped,
    override,
    parse: parseScoring,
  });

function typeOf(value: unknown): string {
  return Array.isArray(value) ? 'list of strings' : typeof value;
}

/**
 * thresholds.yaml: a setting of a shipped check replaces the shipped value (same
 * type; a setting the check does not have is refused); a check id the shipped
 * table lacks adds its settings (readChecksConfig refuses ids no check has).
 */
export function layerThresholds(
  shipped: unknown,
  override?: OverrideFile,
): LayeredTable<Record<string, CheckSettings>> {
  const base = parseThresholds(
    new TableReader(tableFile('thresholds')),
    shipped,
  );
  const settingsOf = (table: Record<string, CheckSettings>) =>
    Object.values(table).reduce((n, s) => n + Object.keys(s).length, 0);
  if (!override) return { value: base, counts: unchanged(settingsOf(base)) };

  const r = new TableReader(override.path);
  const extra = parseThresholds(r, override.doc);
  const value: Record<string, CheckSettings> = { ...base };
  let overriddenRows = 0;
  let addedRows = 0;
  for (const [checkId, settings] of Object.entries(extra)) {
    const shippedSettings = base[checkId];
    if (!shippedSettings) {
      value[checkId] = settings;
      addedRows += Object.keys(settings).length;
      continue;
    }
    for (const [key, setting] of Object.entries(settings)) {
      const at = `${checkId}.${key}`;
      if (!(key in shippedSettings)) {
        r.fail(
          at,
          `unknown setting; ${checkId} has ${Object.keys(shippedSettings).join(
            ', ',
          )}`,
        );
      }
      const expected = typeOf(shippedSettings[key]);
      if (typeOf(setting) !== expected) {
        r.fail(
          at,
          `expected a ${expected} like the shipped value, got ${describe(
            setting,
          )}`,
        );
      }
      overriddenRows++;
    }
    value[checkId] = { ...shippedSettings, ...settings };
  }
  return {
    value,
    counts: {
      rows: settingsOf(value),
      shippedRows: settingsOf(base),
      overriddenRows,
      addedRows,
      removedRows: 0,
    },
  };
}

/** A `kinds` mapping of lists, merged by kind. */
function mergeKinds<T>(
  shipped: Record<string, T>,
  override: Record<string, T>,
): { value: Record<string, T>; overridden: number; added: number } {
  const overridden = Object.keys(override).filter(k => k in shipped).length;
  return {
    value: { ...shipped, ...override },
    overridden,
    added: Object.keys(override).length - overridden,
  };
}

function parseKinds<T>(
  r: TableReader,
  value: unknown,
  parse: (r: TableReader, list: unknown, at: string) => T,
): Record<string, T> {
  return Object.fromEntries(
    Object.entries(r.object(value, 'kinds')).map(([kind, list]) => [
      kind,
      parse(r, list, `kinds.${kind}`),
    ]),
  );
}

export function layerFailureSignals(
  shipped: unknown,
  override?: OverrideFile,
): LayeredTable<Record<string, string[]>> {
  const sr = new TableReader(tableFile('failure-signals'));
  const base = parseKinds(sr, sr.object(shipped, '').kinds, parseSignals);
  const shippedRows = Object.keys(base).length;
  if (!override) return { value: base, counts: unchanged(shippedRows) };
  const r = new TableReader(override.path);
  const root = overrideRoot(r, override.doc, ['kinds']);
  const extra =
    root.kinds === undefined ? {} : parseKinds(r, root.kinds, parseSignals);
  const { value, overridden, added } = mergeKinds(base, extra);
  return {
    value,
    counts: {
      rows: shippedRows + added,
      shippedRows,
      overriddenRows: overridden,
      addedRows: added,
      removedRows: 0,
    },
  };
}

/** experiment-scenarios.yaml: kinds by kind; `freshnessDays` and `conditional` count as one row each. */
export function layerExperiments(
  shipped: unknown,
  override?: OverrideFile,
): LayeredTable<ExperimentScenarios> {
  const sr = new TableReader(tableFile('experiment-scenarios'));
  const sroot = sr.object(shipped, '');
  const base: ExperimentScenarios = {
    kinds: parseKinds(sr, sroot.kinds, parseScenarioList),
    conditional:
      sroot.conditional === undefined
        ? []
        : parseConditionalScenarios(sr, sroot.conditional),
    freshnessDays: parseFreshnessDays(sr, sroot.freshnessDays),
  };
  const shippedRows = Object.keys(base.kinds).length + 2;
  if (!override) return { value: base, counts: unchanged(shippedRows) };
  const r = new TableReader(override.path);
  const root = overrideRoot(r, override.doc, [
    'kinds',
    'freshnessDays',
    'conditional',
  ]);
  const kinds = mergeKinds(
    base.kinds,
    root.kinds === undefined
      ? {}
      : parseKinds(r, root.kinds, parseScenarioList),
  );
  const whole = ['freshnessDays', 'conditional'].filter(
    k => root[k] !== undefined,
  ).length;
  return {
    value: {
      kinds: kinds.value,
      conditional:
        root.conditional === undefined
          ? base.conditional
          : parseConditionalScenarios(r, root.conditional),
      freshnessDays:
        root.freshnessDays === undefined
          ? base.freshnessDays
          : parseFreshnessDays(r, root.freshnessDays),
    },
    counts: {
      rows: shippedRows + kinds.added,
      shippedRows,
      overriddenRows: kinds.overridden + whole,
      addedRows: kinds.added,
      removedRows: 0,
    },
  };
}
