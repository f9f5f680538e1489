/**
 * Group membership as the catalog records it, read with the plugin's own
 * credentials: the groups a user belongs to (directly or through a child group: a
 * member of `team-storage-oncall`, child of `team-storage`, belongs to both), and the
 * groups below a group (whose members count as members of the owning team).
 */
import { AuthService } from '@backstage/backend-plugin-api';
import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import { TtlCache } from './ttlCache';

/** How long membership answers are reused. */
const CACHE_MS = 60_000;

/** Normalizes an entity ref (`Group:Default/Team` → `group:default/Team`). */
export function normalizeRef(ref: string, defaultKind = 'group'): string {
  return stringifyEntityRef(parseEntityRef(ref, { defaultKind }));
}

/** Reads group membership and group trees from the catalog. */
export class CatalogGroups {
  private readonly upward: TtlCache<Set<string>>;
  private readonly downward: TtlCache<Set<string>>;

  constructor(
    private readonly options: {
      catalog: CatalogService;
      auth: AuthService;
      now?: () => number;
    },
  ) {
    this.upward = new TtlCache(CACHE_MS, options.now);
    this.downward = new TtlCache(CACHE_MS, options.now);
  }

  /** The groups a user belongs to, with every ancestor of those groups. */
  groupsOf(userRef: string): Promise<Set<string>> {
    return this.upward.get(normalizeRef(userRef, 'user'), async () => {
      const credentials = await this.options.auth.getOwnServiceCredentials();
      const user = await this.options.catalog.getEntityByRef(userRef, {
        credentials,
      });
      return this.walk(this.targets([user], 'memberOf'), 'childOf');
    });
  }

  /** The group with every group below it (children, their children, …). */
  groupWithDescendants(groupRef: string): Promise<Set<string>> {
    const start = normalizeRef(groupRef);
    return this.downward.get(start, () => this.walk([start], 'parentOf'));
  }

  /** The refs among `refs` that name no Group of the catalog. */
  async missingGroups(refs: readonly string[]): Promise<string[]> {
    if (!refs.length) return [];
    const credentials = await this.options.auth.getOwnServiceCredentials();
    const normalized = refs.map(ref => normalizeRef(ref));
    const { items } = await this.options.catalog.getEntitiesByRefs(
      { entityRefs: normalized, fields: ['kind'] },
      { credentials },
    );
    return refs.filter((_, i) => items[i]?.kind?.toLowerCase() !== 'group');
  }

  /** Follows `relation` from `start` until no new group turns up. */
  private async walk(start: string[], relation: string): Promise<Set<string>> {
    const credentials = await this.options.auth.getOwnServiceCredentials();
    const seen = new Set<string>();
    let frontier = start;
    while (frontier.length) {
      const fresh = frontier.filter(ref => !seen.has(ref));
      if (!fresh.length) break;
      fresh.forEach(ref => seen.add(ref));
      const { items } = await this.options.catalog.getEntitiesByRefs(
        { entityRefs: fresh, fields: ['relations'] },
        { credentials },
      );
      frontier = this.targets(items, relation);
    }
    return seen;
  }

  private targets(
    entities: ReadonlyArray<
      { relations?: Array<{ type: string; targetRef: string }> } | undefined
    >,
    relation: string,
  ): string[] {
    return entities.flatMap(entity =>
      (entity?.relations ?? [])
        .filter(r => r.type === relation)
        .map(r => normalizeRef(r.targetRef)),
    );
  }
}
