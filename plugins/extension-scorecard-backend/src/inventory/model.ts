/**
 * The normalized inventory: extension components built from cluster objects and
 * catalog entities. Produced by inventory/ (pure functions), consumed by checks/.
 *
 * Defined in `@extension-scorecard/plugin-extension-scorecard-node` so backend modules
 * that add checks can code against the same model; re-exported here unchanged.
 * Edit them there.
 */
export type {
  ExtensionDescriptor,
  Responsibility,
  SchedulerExtensionPoint,
  DeclaredPermission,
  AlertRule,
  DescriptorFinding,
  Contact,
  OwnerInfo,
  CatalogLink,
  InstanceObjects,
  ComponentInstance,
  ExtensionComponent,
  Inventory,
} from '@extension-scorecard/plugin-extension-scorecard-node';
export {
  RESPONSIBILITIES,
  SCHEDULER_EXTENSION_POINTS,
  emptyInstanceObjects,
} from '@extension-scorecard/plugin-extension-scorecard-node';
