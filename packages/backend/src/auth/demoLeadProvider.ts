/**
 * A second demo sign-in beside the guest: the platform lead, who may approve waivers
 * (config `auth.providers.lead.userEntityRef`, `user:default/hana.sato` in the demo).
 *
 * Like the guest provider it is a proxy provider (GET /api/auth/lead/refresh answers
 * with a Backstage token, no credentials asked) and it refuses to work outside
 * NODE_ENV=development: anyone who can reach the backend could otherwise sign in as
 * an approver. Unlike the guest provider there is no override for production, and
 * the user must exist in the catalog (signInWithCatalogUser gives the token the
 * user's group memberships, which the permission policy decides on).
 */
import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import {
  authProvidersExtensionPoint,
  createProxyAuthProviderFactory,
  createProxyAuthenticator,
  SignInResolver,
} from '@backstage/plugin-auth-node';

/** What the authenticator hands to the profile transform and the resolver. */
export interface DemoLeadResult {
  /** The catalog user to sign in as. */
  userEntityRef: string;
}

/** Whether the backend runs in development (the only place the provider works). */
export function isDevelopment(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'development';
}

export const demoLeadAuthenticator = createProxyAuthenticator<
  { enabled: boolean; userEntityRef: string | undefined },
  DemoLeadResult,
  undefined
>({
  async defaultProfileTransform(result, ctx) {
    // The catalog user's own profile, so the app shows "Hana Sato" in the sidebar.
    const { entity } = await ctx.findCatalogUser({
      entityRef: result.userEntityRef,
    });
    const profile = (entity.spec?.profile ?? {}) as {
      displayName?: string;
      email?: string;
      picture?: string;
    };
    return {
      profile: {
        displayName: profile.displayName,
        email: profile.email,
        picture: profile.picture,
      },
    };
  },
  initialize({ config }) {
    return {
      enabled: isDevelopment(),
      userEntityRef: config.getOptionalString('userEntityRef'),
    };
  },
  async authenticate(_, { enabled, userEntityRef }) {
    if (!enabled) {
      throw new NotAllowedError(
        'The demo lead sign-in only works when the backend runs with NODE_ENV=development',
      );
    }
    if (!userEntityRef) {
      throw new NotAllowedError(
        'Set auth.providers.lead.userEntityRef to the catalog user the demo lead signs in as',
      );
    }
    return { result: { userEntityRef } };
  },
});

/** Signs in as the configured catalog user; no fallback when it is not in the catalog. */
export const signInAsDemoLead: SignInResolver<DemoLeadResult> = async (
  { result },
  ctx,
) => {
  if (!isDevelopment()) {
    throw new NotAllowedError(
      'The demo lead sign-in only works when the backend runs with NODE_ENV=development',
    );
  }
  return ctx.signInWithCatalogUser({ entityRef: result.userEntityRef });
};

/**
 * The `lead` auth provider (development only). Configure it under
 * `auth.providers.lead` with `userEntityRef`.
 */
export const authModuleDemoLeadProvider = createBackendModule({
  pluginId: 'auth',
  moduleId: 'demo-lead-provider',
  register(reg) {
    reg.registerInit({
      deps: {
        providers: authProvidersExtensionPoint,
        logger: coreServices.logger,
      },
      async init({ providers, logger }) {
        if (!isDevelopment()) {
          logger.info(
            'The demo lead sign-in refuses every request: NODE_ENV is not development',
          );
        }
        providers.registerProvider({
          providerId: 'lead',
          factory: createProxyAuthProviderFactory({
            authenticator: demoLeadAuthenticator,
            signInResolver: signInAsDemoLead,
          }),
        });
      },
    });
  },
});

export default authModuleDemoLeadProvider;
