/**
 * Who may do what: permission checks (basic ones, and resource ones decided on the
 * component with the rules of permissions/componentResource), catalog visibility of
 * components, orphan visibility, and group membership for the four-eyes rule.
 */
import {
  AuthService,
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import { catalogEntityReadPermission } from '@backstage/plugin-catalog-common/alpha';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import {
  AuthorizeResult,
  BasicPermission,
  ResourcePermission,
} from '@backstage/plugin-permission-common';
import { createConditionAuthorizer } from '@backstage/plugin-permission-node';
import {
  extensionScorecardOrphansReadPermission,
  type ComponentSummary,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { FULL_VISIBILITY, type ComponentVisibility } from '../store';
import {
  componentRuleset,
  type ScorecardComponentResource,
} from './permissions/componentResource';
import { CatalogGroups, normalizeRef } from './permissions/groups';
import { TtlCache } from './permissions/ttlCache';

export { normalizeRef };

/** A resource permission decided for one caller. */
export interface ResourceDecision {
  /** Refused outright, whatever the component. */
  never: boolean;
  /** Whether it holds on the component. */
  on(resource: ScorecardComponentResource): boolean;
  /** Throws NotAllowedError when refused outright, or (given one) on the component. */
  require(resource?: ScorecardComponentResource): void;
}

/** How long visibility answers are reused (per user). */
const CACHE_MS = 60_000;
const REF_CHUNK = 500;

const authorizeConditions = createConditionAuthorizer(componentRuleset);

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

/** Permission, visibility and membership answers for the router and the actions. */
export class ScorecardAccess {
  private readonly visibilityCache: TtlCache<ComponentVisibility>;
  private readonly groups: CatalogGroups;

  constructor(
    private readonly options: {
      permissions: PermissionsService;
      catalog: CatalogService;
      auth: AuthService;
      /** Every catalog-linked component id the store knows (for conditional catalog access). */
      knownComponentIds: () => Promise<string[]>;
      now?: () => number;
    },
  ) {
    this.visibilityCache = new TtlCache(CACHE_MS, options.now);
    this.groups = new CatalogGroups(options);
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
    return this.visibilityCache.get(actor, async () => {
      const orphans = await this.isAllowed(
        extensionScorecardOrphansReadPermission,
        credentials,
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
   * `team-storage-oncall`, child of `team-storage`, belongs to both).
   */
  groupsOf(userRef: string): Promise<Set<string>> {
    return this.groups.groupsOf(userRef);
  }

  /** The group with every group below it (children, their children, …). */
  groupWithDescendants(groupRef: string): Promise<Set<string>> {
    return this.groups.groupWithDescendants(groupRef);
  }

  /** The refs among `refs` that name no Group of the catalog. */
  missingGroups(refs: readonly string[]): Promise<string[]> {
    return this.groups.missingGroups(refs);
  }

  /** A component of a snapshot (its summary) as the permission rules see it. */
  async componentResource(
    component: Pick<ComponentSummary, 'componentId' | 'owner' | 'clusters'> & {
      kind: string;
    },
  ): Promise<ScorecardComponentResource> {
    const owner = component.owner ? normalizeRef(component.owner) : null;
    return {
      id: component.componentId,
      kind: component.kind,
      clusters: component.clusters,
      owner,
      ownedBy: owner
        ? [...(await this.groups.groupWithDescendants(owner))]
        : [],
    };
  }

  /**
   * The caller's decision on a resource permission: `never` when the policy refuses it
   * outright (so callers refuse before loading anything), else whether it holds on a
   * component.
   */
  async resourceDecision(
    permission: ResourcePermission,
    credentials: BackstageCredentials,
  ): Promise<ResourceDecision> {
    const [decision] = await this.options.permissions.authorizeConditional(
      [{ permission }],
      { credentials },
    );
    const never = decision.result === AuthorizeResult.DENY;
    const refusal = (on?: string) =>
      new NotAllowedError(
        `Missing permission ${permission.name}${
          on ? ` on ${on}` : ''
        } (${actorOf(credentials)})`,
      );
    return {
      never,
      on: resource => authorizeConditions(decision, resource),
      require(resource) {
        if (never) throw refusal();
        if (resource && !authorizeConditions(decision, resource)) {
          throw refusal(resource.id);
        }
      },
    };
  }
}
