/**
 * inventory/: cluster objects and catalog entities grouped into extension components.
 * Pure functions, no I/O.
 */
export { buildInventory, isExtensionComponent } from './buildInventory';
export type { BuildInventoryInput } from './buildInventory';
export { parseExtensionDescriptor } from './descriptor';
export type { ParsedDescriptor } from './descriptor';
export type * from './model';
export {
  emptyInstanceObjects,
  RESPONSIBILITIES,
  SCHEDULER_EXTENSION_POINTS,
} from './model';
