/**
 * Loads components of the latest snapshot as permission resources, for the
 * permission framework's conditional decisions made outside this plugin (the
 * frontend asking whether a button applies to a component).
 */
import { FULL_VISIBILITY, type ScorecardStores } from '../../store';
import type { ScorecardAccess } from '../access';
import type { ScorecardComponentResource } from './componentResource';

/** The resources for the refs, `undefined` where the latest snapshot has no such component. */
export async function componentResources(
  refs: string[],
  options: { stores: ScorecardStores; access: ScorecardAccess },
): Promise<Array<ScorecardComponentResource | undefined>> {
  const snapshot = await options.stores.snapshots.latestSnapshot();
  if (!snapshot) return refs.map(() => undefined);
  return Promise.all(
    refs.map(async ref => {
      const component = await options.stores.components.componentSummary(
        snapshot,
        ref,
        FULL_VISIBILITY,
      );
      return component
        ? options.access.componentResource(component)
        : undefined;
    }),
  );
}
