/**
 * Reference data: the tables of data/*.yaml, their types, loading, the layering of
 * a deployment's override files (./overrides.ts) and defaults.
 * Below checks and scoring; imports neither.
 */
export {
  defaultDataDirectory,
  defaultReferenceTables,
  loadReferenceTables,
  shippedDataVersion,
  type LoadReferenceTablesOptions,
} from './loadTables';
export { deprecatedApiKey } from './overrides';
export { REFERENCE_TABLE_NAMES } from './tables';
export type * from './tables';
