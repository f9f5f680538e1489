import useAsync from 'react-use/esm/useAsync';
import { useApiHolder } from '@backstage/core-plugin-api';
import {
  Entity,
  RELATION_PARENT_OF,
  parseEntityRef,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { CatalogApi, catalogApiRef } from '@backstage/plugin-catalog-react';

/** A group below another in the catalog's hierarchy. */
export interface ChildTeam {
  /** Entity ref, e.g. `group:default/team-security`. */
  ref: string;
  /** Display name (`spec.profile.displayName`, `metadata.title` or the name). */
  title: string;
  /** The group it is a child of. */
  parentRef: string;
}

/** Groups deeper than this are not walked (a guard against runaway hierarchies). */
const MAX_DEPTH = 10;

function childRefs(entity: Entity): string[] {
  return (entity.relations ?? [])
    .filter(
      r =>
        r.type === RELATION_PARENT_OF &&
        parseEntityRef(r.targetRef).kind.toLocaleLowerCase('en-US') === 'group',
    )
    .map(r => r.targetRef);
}

function titleOf(entity: Entity): string {
  const profile = (entity.spec?.profile ?? {}) as { displayName?: string };
  return profile.displayName ?? entity.metadata.title ?? entity.metadata.name;
}

/**
 * Every group below `group`, children before grandchildren, following `parentOf`
 * relations through the catalog as Backstage's Ownership card does for "include
 * indirect ownership". Cycles and repeated groups are visited once.
 */
export async function loadChildTeams(
  catalog: CatalogApi,
  group: Entity,
): Promise<ChildTeam[]> {
  const self = stringifyEntityRef(group);
  const seen = new Set<string>([self]);
  const teams: ChildTeam[] = [];
  let level: Array<{ ref: string; parentRef: string }> = childRefs(group).map(
    ref => ({ ref, parentRef: self }),
  );
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const fresh = level.filter(({ ref }) => !seen.has(ref));
    fresh.forEach(({ ref }) => seen.add(ref));
    if (fresh.length === 0) break;
    const { items } = await catalog.getEntitiesByRefs({
      entityRefs: fresh.map(f => f.ref),
      fields: [
        'kind',
        'metadata.namespace',
        'metadata.name',
        'metadata.title',
        'spec.profile.displayName',
        'relations',
      ],
    });
    const next: typeof level = [];
    items.forEach((entity, index) => {
      const { ref, parentRef } = fresh[index];
      // a child the caller may not read in the catalog is still a child
      teams.push({
        ref,
        parentRef,
        title: entity ? titleOf(entity) : parseEntityRef(ref).name,
      });
      if (entity) {
        next.push(
          ...childRefs(entity).map(child => ({ ref: child, parentRef: ref })),
        );
      }
    });
    level = next;
  }
  return teams;
}

/**
 * The groups below a Group entity (empty for a team without children, and when the
 * app has no catalog API); asks the catalog nothing for a group without children.
 */
export function useChildTeams(group: Entity) {
  const catalog = useApiHolder().get(catalogApiRef);
  const self = stringifyEntityRef(group);
  const direct = childRefs(group).join(',');
  return useAsync(
    async () =>
      catalog && direct ? loadChildTeams(catalog, group) : ([] as ChildTeam[]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [catalog, self, direct],
  );
}
