/**
 * Loading the data tables the checks judge against (data/*.yaml): deprecated APIs,
 * DRA versions, the CSI sidecar matrix, version-skew rules, default thresholds,
 * experiment scenarios, failure signals, RBAC risk probes and score weights.
 * Loaded once at start-up and validated, with a deployment's override files
 * layered over them (./overrides.ts); a malformed file stops the start with an
 * error naming the file and the key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { resolvePackagePath } from '@backstage/backend-plugin-api';
import {
  layerCsiSidecars,
  layerDeprecatedApis,
  layerDraVersions,
  layerExperiments,
  layerFailureSignals,
  layerRbacRisks,
  layerScoring,
  layerThresholds,
  layerVersionSkew,
  readOverrideDirectory,
  tableFile,
  type LayeredTable,
  type OverrideFile,
} from './overrides';
import { readYaml } from './tableReader';
import type {
  ReferenceTableName,
  ReferenceTables,
  TableProvenance,
} from './tables';

const PACKAGE = '@extension-scorecard/plugin-extension-scorecard-backend';

/** Where the data files of this package live. */
export function defaultDataDirectory(): string {
  return resolvePackagePath(PACKAGE, 'data');
}

let version: string | undefined;

/** The version of the shipped data: the backend package's version. */
export function shippedDataVersion(): string {
  if (version === undefined) {
    const manifest = JSON.parse(
      fs.readFileSync(resolvePackagePath(PACKAGE, 'package.json'), 'utf8'),
    ) as { version?: unknown };
    version =
      typeof manifest.version === 'string' ? manifest.version : 'unknown';
  }
  return version;
}

/** Options of {@link loadReferenceTables}. */
export interface LoadReferenceTablesOptions {
  /**
   * A directory of override files named as the tables (deprecated-apis.yaml …),
   * each layered over the shipped table; relative paths are resolved against the
   * working directory.
   */
  overrideDirectory?: string | null;
}

/**
 * Loads and validates every data table from `directory` (default: the package's
 * data/), with the files of `overrideDirectory` layered over them.
 */
export function loadReferenceTables(
  directory = defaultDataDirectory(),
  options: LoadReferenceTablesOptions = {},
): ReferenceTables {
  const overrides = options.overrideDirectory
    ? readOverrideDirectory(options.overrideDirectory)
    : new Map<ReferenceTableName, OverrideFile>();
  const provenance = {} as Record<ReferenceTableName, TableProvenance>;
  const layer = <T>(
    table: ReferenceTableName,
    build: (shipped: unknown, override?: OverrideFile) => LayeredTable<T>,
  ): T => {
    const override = overrides.get(table);
    const { value, counts } = build(
      readYaml(directory, tableFile(table)),
      override,
    );
    provenance[table] = {
      table,
      file: tableFile(table),
      ...counts,
      overrideFile: override?.path ?? null,
    };
    return value;
  };
  const tables: Omit<
    ReferenceTables,
    'provenance' | 'dataVersion' | 'overrideDirectory'
  > = {
    deprecatedApis: layer('deprecated-apis', layerDeprecatedApis),
    csiSidecars: layer('csi-sidecars', layerCsiSidecars),
    ...layer('dra-versions', layerDraVersions),
    versionSkew: layer('version-skew', layerVersionSkew),
    thresholds: layer('thresholds', layerThresholds),
    experiments: layer('experiment-scenarios', layerExperiments),
    failureSignals: layer('failure-signals', layerFailureSignals),
    rbacRisks: layer('rbac-risks', layerRbacRisks),
    scoring: layer('scoring', layerScoring),
  };
  return {
    ...tables,
    provenance,
    dataVersion: shippedDataVersion(),
    overrideDirectory: options.overrideDirectory
      ? path.resolve(options.overrideDirectory)
      : null,
  };
}

let cached: ReferenceTables | undefined;

/** The package's own tables, loaded once per process. */
export function defaultReferenceTables(): ReferenceTables {
  if (!cached) cached = loadReferenceTables();
  return cached;
}
