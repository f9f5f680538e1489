/**
 * Reference data: the tables of data/*.yaml, their types, loading and defaults.
 * Below checks and scoring; imports neither.
 */
export {
  defaultDataDirectory,
  defaultReferenceTables,
  loadReferenceTables,
} from './loadTables';
export type * from './tables';
