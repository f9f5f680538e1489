/**
 * Who may do what: permission checks, catalog visibility of components, and group
 * membership (resolved through the catalog) for the admin group and the rule that
 * an approver may not belong to the owning group.
 */
import {
  AuthService,
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';
import { NotAllowedError } from '@backstage/errors';
import { catalogEntityReadPermission } from '@backstage/plugin-catalog-common/alpha';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import {
  AuthorizeResult,
  BasicPermission,
} from '@backstage/plugin-permission-common';
import { FULL_VISIBILITY, type ComponentVisibility } from '../store';

/** How long visibility and membership answers are reused (per user). */
const CACHE_MS = 60_000;
const REF_CHUNK = 500;

/** Normalizes an entity ref (`Group:Default/Team` → `group:default/Team`). */
export function normalizeRef(ref: string, defaultKind = 'group'): string {
  return stringifyEntityRef(parseEntityRef(ref, { defaultKind }));
}

/** The caller as the audit trail names it: a user entity ref or `service:<subject>`. */
export function actorOf(credentials: BackstageCredentials): string {
  const principal = credentials.principal as {
    type: string;
    userEntityRef?: string;
    subject?: string;
  };
  if (principal.type === 'user' && principal.userEntityRef) {
    return principal.userEntityRef;
  }
  return `service:${principal.subject ?? 'unknown'}`;
}

/** True for user principals. */
export function isUser(credentials: BackstageCredentials): boolean {
  return (credentials.principal as { type: string }).type === 'user';
}

interface Cached<T> {
  value: Promise<T>;
  until: number;
}

/** Permission, visibility and membership answers for the router and the actions. */
export class ScorecardAccess {
  private readonly visibilityCache = new Map<
    string,
    Cached<ComponentVisibility>
  >();
  private readonly groupCache = new Map<string, Cached<Set<string>>>();

  constructor(
    private readonly options: {
      permissions: PermissionsService;
      catalog: CatalogService;
      auth: AuthService;
      /** Group whose members see orphans (default `group:default/platform-admins`). */
      adminGroup: string;
      /** Every catalog-linked component id the store knows (for conditional catalog access). */
      knownComponentIds: () => Promise<string[]>;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  /** Throws NotAllowedError unless the permission is granted. */
  async require(
    permission: BasicPermission,
    credentials: BackstageCredentials,
  ): Promise<void> {
    if (!(await this.isAllowed(permission, credentials))) {
      throw new NotAllowedError(
        `Missing permission ${permission.name} (${actorOf(credentials)})`,
      );
    }
  }

  /** Whether the permission is granted. */
  async isAllowed(
    permission: BasicPermission,
    credentials: BackstageCredentials,
  ): Promise<boolean> {
    const [decision] = await this.options.permissions.authorize(
      [{ permission }],
      { credentials },
    );
    return decision.result === AuthorizeResult.ALLOW;
  }

  /**
   * The components the caller may see: those whose catalog entity they may read
   * (asked of the permission framework, and of the catalog itself for conditional
   * decisions), and orphans for members of the admin group. Services see everything.
   */
  async visibility(
    credentials: BackstageCredentials,
  ): Promise<ComponentVisibility> {
    if (!isUser(credentials)) return FULL_VISIBILITY;
    const actor = actorOf(credentials);
    return this.cached(this.visibilityCache, actor, async () => {
      const orphans = (await this.groupsOf(actor)).has(
        normalizeRef(this.options.adminGroup),
      );
      const [decision] = await this.options.permissions.authorizeConditional(
        [{ permission: catalogEntityReadPermission }],
        { credentials },
      );
      if (decision.result === AuthorizeResult.ALLOW) {
        return { entityRefs: null, orphans };
      }
      if (decision.result === AuthorizeResult.DENY) {
        return { entityRefs: new Set<string>(), orphans };
      }
      return {
        entityRefs: await this.readableRefs(credentials),
        orphans,
      };
    });
  }

  /** The known component ids whose entity the caller's credentials can read in the catalog. */
  private async readableRefs(
    credentials: BackstageCredentials,
  ): Promise<Set<string>> {
    const ids = await this.options.knownComponentIds();
    const readable = new Set<string>();
    for (let i = 0; i < ids.length; i += REF_CHUNK) {
      const chunk = ids.slice(i, i + REF_CHUNK);
      const { items } = await this.options.catalog.getEntitiesByRefs(
        {
          entityRefs: chunk,
          fields: ['kind', 'metadata.namespace', 'metadata.name'],
        },
        { credentials },
      );
      items.forEach((item, index) => {
        if (item) readable.add(chunk[index]);
      });
    }
    return readable;
  }

  /**
   * The groups a user belongs to, directly or through a child group (so a member of
   * `team-storage-oncall`, child of `team-storage`, belongs to both). Read from the
   * catalog with the plugin's own credentials.
   */
  async groupsOf(userRef: string): Promise<Set<string>> {
    return this.cached(this.groupCache, userRef, async () => {
      const credentials = await this.options.auth.getOwnServiceCredentials();
      const user = await this.options.catalog.getEntityByRef(userRef, {
        credentials,
      });
      const groups = new Set<string>();
      let frontier = (user?.relations ?? [])
        .filter(r => r.type === 'memberOf')
        .map(r => normalizeRef(r.targetRef));
      while (frontier.length) {
        const fresh = frontier.filter(ref => !groups.has(ref));
        fresh.forEach(ref => groups.add(ref));
        if (!fresh.length) break;
        const { items } = await this.options.catalog.getEntitiesByRefs(
          { entityRefs: fresh, fields: ['relations'] },
          { credentials },
        );
        frontier = items.flatMap(item =>
          (item?.relations ?? [])
            .filter(r => r.type === 'childOf')
            .map(r => normalizeRef(r.targetRef)),
        );
      }
      return groups;
    });
  }

  private cached<T>(
    cache: Map<string, Cached<T>>,
    key: string,
    load: () => Promise<T>,
  ): Promise<T> {
    const now = this.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.value;
    if (cache.size > 5000) {
      for (const [k, entry] of cache) if (entry.until <= now) cache.delete(k);
    }
    const value = load();
    cache.set(key, { value, until: now + CACHE_MS });
    value.catch(() => cache.delete(key));
    return value;
  }
}
