/**
 * The `extension-scorecard-component` permission resource: one component of the
 * latest snapshot, with the rules a policy can build conditional decisions from
 * (the user owns it, it is of a kind, it runs in a cluster).
 */
import {
  createConditionExports,
  createPermissionResourceRef,
  createPermissionRule,
  type PermissionRule,
  type PermissionRuleset,
} from '@backstage/plugin-permission-node';
import { EXTENSION_SCORECARD_COMPONENT_RESOURCE_TYPE } from '@extension-scorecard/plugin-extension-scorecard-common';
import { z } from 'zod';
import { normalizeRef } from './groups';

/**
 * A component as the permission rules see it.
 * @public
 */
export interface ScorecardComponentResource {
  /** The component id (`component:default/cert-manager`, or an orphan's id). */
  id: string;
  /** Extension kind (`admission-webhook`, `csi-driver`, …). */
  kind: string;
  /** Clusters it runs in. */
  clusters: string[];
  /** The owning group, or null for an orphan. */
  owner: string | null;
  /**
   * The owning group and every group below it: a member of any of them is a member
   * of the owning team.
   */
  ownedBy: string[];
}

/**
 * What a rule's `toQuery` gives: a filter on one property of the component, for
 * stores that load components with the conditions applied.
 * @public
 */
export interface ScorecardComponentQuery {
  property: 'ownedBy' | 'kind' | 'cluster';
  values: string[];
}

/** @public */
export const extensionScorecardComponentPermissionResourceRef =
  createPermissionResourceRef<
    ScorecardComponentResource,
    ScorecardComponentQuery
  >().with({
    pluginId: 'extension-scorecard',
    resourceType: EXTENSION_SCORECARD_COMPONENT_RESOURCE_TYPE,
  });

const isOwner = createPermissionRule({
  name: 'IS_OWNER',
  description:
    'Allow components owned by one of the given claims (user and group refs, such as the user’s ownershipEntityRefs); members of a child group of the owner count as owners',
  resourceRef: extensionScorecardComponentPermissionResourceRef,
  paramsSchema: z.object({
    claims: z
      .array(z.string())
      .describe('Entity refs of the user and the groups it belongs to'),
  }),
  apply: (resource, { claims }) => {
    const owners = new Set(resource.ownedBy);
    return claims.some(claim => owners.has(safeRef(claim)));
  },
  toQuery: ({ claims }) => ({
    property: 'ownedBy',
    values: claims.map(safeRef),
  }),
});

const isKind = createPermissionRule({
  name: 'IS_KIND',
  description: 'Allow components of one of the given extension kinds',
  resourceRef: extensionScorecardComponentPermissionResourceRef,
  paramsSchema: z.object({
    kinds: z
      .array(z.string())
      .describe('Extension kinds, such as admission-webhook or csi-driver'),
  }),
  apply: (resource, { kinds }) => kinds.includes(resource.kind),
  toQuery: ({ kinds }) => ({ property: 'kind', values: kinds }),
});

const inCluster = createPermissionRule({
  name: 'IN_CLUSTER',
  description: 'Allow components that run in one of the given clusters',
  resourceRef: extensionScorecardComponentPermissionResourceRef,
  paramsSchema: z.object({
    clusters: z.array(z.string()).describe('Cluster names'),
  }),
  apply: (resource, { clusters }) =>
    resource.clusters.some(cluster => clusters.includes(cluster)),
  toQuery: ({ clusters }) => ({ property: 'cluster', values: clusters }),
});

/** A claim as the catalog writes refs; an unparsable claim matches nothing. */
function safeRef(claim: string): string {
  try {
    return normalizeRef(claim);
  } catch {
    return `\u0000${claim}`;
  }
}

/** The rules of the component resource, by name. @public */
export const extensionScorecardComponentPermissionRules = {
  isOwner,
  isKind,
  inCluster,
};

type ComponentRule = PermissionRule<
  ScorecardComponentResource,
  ScorecardComponentQuery,
  typeof EXTENSION_SCORECARD_COMPONENT_RESOURCE_TYPE,
  any
>;

/** Every rule, for registration with the permissions registry. */
export const componentRules: ComponentRule[] = Object.values(
  extensionScorecardComponentPermissionRules,
);

/** The rules as the permission framework's condition authorizer takes them. */
export const componentRuleset: PermissionRuleset<
  ScorecardComponentResource,
  ScorecardComponentQuery,
  typeof EXTENSION_SCORECARD_COMPONENT_RESOURCE_TYPE
> = {
  getRuleByName(name: string) {
    const rule = componentRules.find(r => r.name === name);
    if (!rule) throw new Error(`Unknown permission rule ${name}`);
    return rule;
  },
};

/**
 * Conditions for policies (`extensionScorecardComponentConditions.isOwner({ claims })`)
 * and the wrapper that turns them into a conditional decision.
 * @public
 */
export const {
  conditions: extensionScorecardComponentConditions,
  createConditionalDecision:
    createExtensionScorecardComponentConditionalDecision,
} = createConditionExports({
  resourceRef: extensionScorecardComponentPermissionResourceRef,
  rules: extensionScorecardComponentPermissionRules,
});
