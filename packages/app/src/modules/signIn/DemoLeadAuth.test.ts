import { SessionState } from '@backstage/frontend-plugin-api';
import { DemoLeadAuth } from './DemoLeadAuth';

const discoveryApi = {
  getBaseUrl: async (pluginId: string) => `http://backend/api/${pluginId}`,
};

const refreshBody = {
  profile: { displayName: 'Hana Sato', email: 'hana.sato@example.com' },
  providerInfo: undefined,
  backstageIdentity: {
    token: 'a.b.c',
    expiresInSeconds: 3600,
    identity: {
      type: 'user',
      userEntityRef: 'user:default/hana.sato',
      ownershipEntityRefs: [
        'user:default/hana.sato',
        'group:default/platform-admins',
      ],
    },
  },
};

function mockFetch(...responses: Response[]) {
  const fetchMock = jest.fn();
  responses.forEach(r => fetchMock.mockResolvedValueOnce(r));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  ({
    ok: status < 400,
    status,
    statusText: status < 400 ? 'OK' : 'Forbidden',
    json: async () => body,
  } as Response);

describe('DemoLeadAuth', () => {
  const originalFetch = global.fetch;
  afterEach(() => {
    global.fetch = originalFetch;
  });

  it('asks the lead provider for a token, with the cookie and the CSRF header, once', async () => {
    const fetchMock = mockFetch(json(refreshBody));
    const auth = new DemoLeadAuth({ discoveryApi });
    const states: SessionState[] = [];
    auth.sessionState$().subscribe(state => states.push(state));

    const identity = await auth.getBackstageIdentity();
    expect(identity?.token).toBe('a.b.c');
    expect(identity?.identity.userEntityRef).toBe('user:default/hana.sato');
    expect(identity?.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await auth.getProfile()).toEqual(refreshBody.profile);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://backend/api/auth/lead/refresh');
    expect(init).toEqual({
      credentials: 'include',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(states).toEqual([SessionState.SignedOut, SessionState.SignedIn]);

    await auth.signOut();
    expect(states).toEqual([
      SessionState.SignedOut,
      SessionState.SignedIn,
      SessionState.SignedOut,
    ]);
  });

  it('is not signed in when the backend refuses, unless asked to sign in', async () => {
    mockFetch(
      json(
        {
          error: {
            name: 'NotAllowedError',
            message:
              'The demo lead sign-in only works when the backend runs with NODE_ENV=development',
          },
        },
        403,
      ),
      json(
        { error: { name: 'NotAllowedError', message: 'not in development' } },
        403,
      ),
    );
    const auth = new DemoLeadAuth({ discoveryApi });
    await expect(
      auth.getBackstageIdentity({ optional: true }),
    ).resolves.toBeUndefined();
    await expect(auth.getBackstageIdentity()).rejects.toThrow(
      'The platform lead sign-in failed: not in development',
    );
  });
});
