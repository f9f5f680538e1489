/**
 * The permission policy of this backend (development and production alike):
 *
 * - Extension Scorecard permissions are decided by the plugin's
 *   `ExtensionScorecardPolicy`: every signed-in user reads (what the catalog lets
 *   them read), members of the owning team submit evidence and request waivers,
 *   approvers outside the owning team approve, platform admins refresh, download the
 *   audit export and see orphans (groups from `extensionScorecard.permissions`).
 * - Every other plugin's permission: signed-in users may read; anything else
 *   (creating, changing, deleting catalog entities and locations, …) is for the
 *   platform admins.
 */
import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { catalogServiceRef } from '@backstage/plugin-catalog-node';
import {
  AuthorizeResult,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import type {
  PermissionPolicy,
  PolicyQuery,
  PolicyQueryUser,
} from '@backstage/plugin-permission-node';
import { policyExtensionPoint } from '@backstage/plugin-permission-node/alpha';
import { ExtensionScorecardPolicy } from '@extension-scorecard/plugin-extension-scorecard-backend';

/** The policy: the scorecard's own rules, then reads for all and the rest for admins. */
export class PlatformPermissionPolicy implements PermissionPolicy {
  constructor(private readonly scorecard: ExtensionScorecardPolicy) {}

  async handle(
    request: PolicyQuery,
    user?: PolicyQueryUser,
  ): Promise<PolicyDecision> {
    const decision = await this.scorecard.decide(request, user);
    if (decision) return decision;
    if (!user) return { result: AuthorizeResult.DENY };
    if (request.permission.attributes.action === 'read') {
      return { result: AuthorizeResult.ALLOW };
    }
    return (await this.scorecard.isMember(user, this.scorecard.settings.admins))
      ? { result: AuthorizeResult.ALLOW }
      : { result: AuthorizeResult.DENY };
  }
}

/** Installs the policy in the permission backend. */
export const permissionPolicyModule = createBackendModule({
  pluginId: 'permission',
  moduleId: 'platform-policy',
  register(reg) {
    reg.registerInit({
      deps: {
        policy: policyExtensionPoint,
        config: coreServices.rootConfig,
        auth: coreServices.auth,
        userInfo: coreServices.userInfo,
        catalog: catalogServiceRef,
      },
      async init({ policy, config, auth, userInfo, catalog }) {
        policy.setPolicy(
          new PlatformPermissionPolicy(
            ExtensionScorecardPolicy.fromConfig(config, {
              auth,
              userInfo,
              catalog,
            }),
          ),
        );
      },
    });
  },
});

export default permissionPolicyModule;
