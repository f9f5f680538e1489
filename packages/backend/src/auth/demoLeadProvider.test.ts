import { ConfigReader } from '@backstage/config';
import type { AuthResolverContext } from '@backstage/plugin-auth-node';
import { demoLeadAuthenticator, signInAsDemoLead } from './demoLeadProvider';

const LEAD = 'user:default/hana.sato';

function withNodeEnv<T>(value: string | undefined, run: () => Promise<T>) {
  const previous = process.env.NODE_ENV;
  (process.env as Record<string, string | undefined>).NODE_ENV = value;
  return run().finally(() => {
    (process.env as Record<string, string | undefined>).NODE_ENV = previous;
  });
}

const resolverContext = (overrides: Partial<AuthResolverContext> = {}) =>
  ({
    signInWithCatalogUser: jest.fn(async () => ({ token: 'lead-token' })),
    findCatalogUser: jest.fn(async () => ({
      entity: {
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'User',
        metadata: { name: 'hana.sato' },
        spec: {
          profile: { displayName: 'Hana Sato', email: 'hana.sato@example.com' },
        },
      },
    })),
    ...overrides,
  } as unknown as AuthResolverContext);

const req = {} as any;

describe('demo lead provider', () => {
  it('signs in as the configured catalog user in development', () =>
    withNodeEnv('development', async () => {
      const ctx = demoLeadAuthenticator.initialize({
        config: new ConfigReader({ userEntityRef: LEAD }),
      });
      const { result } = await demoLeadAuthenticator.authenticate({ req }, ctx);
      expect(result).toEqual({ userEntityRef: LEAD });

      const resolver = resolverContext();
      const { profile } = await demoLeadAuthenticator.defaultProfileTransform(
        result,
        resolver,
      );
      expect(profile).toEqual({
        displayName: 'Hana Sato',
        email: 'hana.sato@example.com',
        picture: undefined,
      });
      await expect(
        signInAsDemoLead({ profile, result }, resolver),
      ).resolves.toEqual({ token: 'lead-token' });
      expect(resolver.signInWithCatalogUser).toHaveBeenCalledWith({
        entityRef: LEAD,
      });
    }));

  it('refuses outside development', () =>
    withNodeEnv('production', async () => {
      const ctx = demoLeadAuthenticator.initialize({
        config: new ConfigReader({ userEntityRef: LEAD }),
      });
      await expect(
        demoLeadAuthenticator.authenticate({ req }, ctx),
      ).rejects.toThrow(
        /only works when the backend runs with NODE_ENV=development/,
      );
      const resolver = resolverContext();
      await expect(
        signInAsDemoLead(
          { profile: {}, result: { userEntityRef: LEAD } },
          resolver,
        ),
      ).rejects.toThrow(/NODE_ENV=development/);
      expect(resolver.signInWithCatalogUser).not.toHaveBeenCalled();
    }));

  it('refuses without a configured user', () =>
    withNodeEnv('development', async () => {
      const ctx = demoLeadAuthenticator.initialize({
        config: new ConfigReader({}),
      });
      await expect(
        demoLeadAuthenticator.authenticate({ req }, ctx),
      ).rejects.toThrow(/auth.providers.lead.userEntityRef/);
    }));

  it('does not sign in a user missing from the catalog', () =>
    withNodeEnv('development', async () => {
      const resolver = resolverContext({
        signInWithCatalogUser: jest.fn(async () => {
          throw new Error('User not found');
        }),
      });
      await expect(
        signInAsDemoLead(
          { profile: {}, result: { userEntityRef: LEAD } },
          resolver,
        ),
      ).rejects.toThrow('User not found');
    }));
});
