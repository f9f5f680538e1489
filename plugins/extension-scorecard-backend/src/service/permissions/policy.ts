/**
 * The Extension Scorecard part of a permission policy, for the app's policy to
 * delegate to: readers read, owning teams submit evidence and request waivers,
 * approvers outside the owning team approve, platform admins refresh, export the
 * audit and see orphans. Groups come from `extensionScorecard.permissions`.
 */
import { AuthService, UserInfoService } from '@backstage/backend-plugin-api';
import { Config } from '@backstage/config';
import {
  AuthorizeResult,
  isResourcePermission,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import type {
  PolicyQuery,
  PolicyQueryUser,
} from '@backstage/plugin-permission-node';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import {
  EXTENSION_SCORECARD_COMPONENT_RESOURCE_TYPE,
  extensionScorecardAuditExportPermission,
  extensionScorecardCampaignManagePermission,
  extensionScorecardEvidenceCreatePermission,
  extensionScorecardOrphansReadPermission,
  extensionScorecardReadPermission,
  extensionScorecardRefreshPermission,
  extensionScorecardWaiverApprovePermission,
  extensionScorecardWaiverRequestPermission,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  createExtensionScorecardComponentConditionalDecision as conditional,
  extensionScorecardComponentConditions as conditions,
} from './componentResource';
import { CatalogGroups, normalizeRef } from './groups';

/** Who holds the scorecard's elevated rights. @public */
export interface ExtensionScorecardPolicyGroups {
  /** Approve waivers (never on components their own team owns). */
  approvers: string[];
  /** Refresh, download the audit export, see orphans. */
  admins: string[];
}

const DEFAULT_ADMINS = ['group:default/platform-admins'];

function groupList(config: Config, key: string, fallback: string[]): string[] {
  const path = `extensionScorecard.permissions.${key}`;
  const refs = config.getOptionalStringArray(path) ?? fallback;
  return refs.map(ref => {
    try {
      return normalizeRef(ref);
    } catch (error) {
      throw new Error(
        `Invalid config at ${path}: ${ref} is not a group ref (${
          (error as Error).message
        })`,
      );
    }
  });
}

/**
 * Reads `extensionScorecard.permissions.admins` (default
 * `group:default/platform-admins`) and `…approvers` (default: the admins).
 * @public
 */
export function readExtensionScorecardPolicyGroups(
  config: Config,
): ExtensionScorecardPolicyGroups {
  const admins = groupList(config, 'admins', DEFAULT_ADMINS);
  return { admins, approvers: groupList(config, 'approvers', admins) };
}

/**
 * Decides the scorecard's permissions; `decide` answers undefined for any other
 * permission so the app's policy can go on with its own rules.
 * @public
 */
export class ExtensionScorecardPolicy {
  private readonly groups: CatalogGroups;

  static fromConfig(
    config: Config,
    services: {
      catalog: CatalogService;
      auth: AuthService;
      userInfo: UserInfoService;
    },
  ): ExtensionScorecardPolicy {
    return new ExtensionScorecardPolicy(
      readExtensionScorecardPolicyGroups(config),
      services,
    );
  }

  constructor(
    readonly settings: ExtensionScorecardPolicyGroups,
    private readonly services: {
      catalog: CatalogService;
      auth: AuthService;
      userInfo: UserInfoService;
    },
  ) {
    this.groups = new CatalogGroups(services);
  }

  /** Whether the permission is one of the scorecard's. */
  static handles(request: PolicyQuery): boolean {
    return request.permission.name.startsWith('extension-scorecard.');
  }

  /** The user's groups (ancestors included) and ownership claims. */
  async userGroups(
    user: PolicyQueryUser,
  ): Promise<{ groups: Set<string>; claims: string[] }> {
    const info = await this.services.userInfo.getUserInfo(user.credentials);
    return {
      groups: await this.groups.groupsOf(info.userEntityRef),
      claims: info.ownershipEntityRefs,
    };
  }

  /** Whether the user belongs to one of the groups (directly or through a child group). */
  async isMember(user: PolicyQueryUser, of: string[]): Promise<boolean> {
    const { groups } = await this.userGroups(user);
    return of.some(group => groups.has(group));
  }

  async decide(
    request: PolicyQuery,
    user?: PolicyQueryUser,
  ): Promise<PolicyDecision | undefined> {
    if (!ExtensionScorecardPolicy.handles(request)) return undefined;
    const deny = { result: AuthorizeResult.DENY } as const;
    const allow = { result: AuthorizeResult.ALLOW } as const;
    if (!user) return deny;
    const { permission } = request;
    const name = permission.name;
    if (name === extensionScorecardReadPermission.name) return allow;
    if (
      name === extensionScorecardRefreshPermission.name ||
      name === extensionScorecardAuditExportPermission.name ||
      name === extensionScorecardOrphansReadPermission.name ||
      name === extensionScorecardCampaignManagePermission.name
    ) {
      return (await this.isMember(user, this.settings.admins)) ? allow : deny;
    }
    if (
      !isResourcePermission(
        permission,
        EXTENSION_SCORECARD_COMPONENT_RESOURCE_TYPE,
      )
    ) {
      return deny;
    }
    const { groups, claims } = await this.userGroups(user);
    const owns = conditions.isOwner({ claims });
    if (
      name === extensionScorecardEvidenceCreatePermission.name ||
      name === extensionScorecardWaiverRequestPermission.name
    ) {
      return conditional(permission, owns);
    }
    if (name === extensionScorecardWaiverApprovePermission.name) {
      return this.settings.approvers.some(group => groups.has(group))
        ? conditional(permission, { not: owns })
        : deny;
    }
    return deny;
  }
}
