import {
  BackstageIdentityApi,
  BackstageIdentityResponse,
  DiscoveryApi,
  ProfileInfo,
  ProfileInfoApi,
  SessionApi,
  SessionState,
  createApiRef,
} from '@backstage/frontend-plugin-api';

/** What the sign-in page needs of a provider: identity, profile and session. */
export type DemoLeadAuthApi = ProfileInfoApi &
  BackstageIdentityApi &
  SessionApi;

/** The demo platform lead's sign-in (the backend's `lead` proxy provider). */
export const demoLeadAuthApiRef = createApiRef<DemoLeadAuthApi>().with({
  id: 'demo-lead-auth',
  pluginId: 'app',
});

/** The observable type SessionApi uses (@backstage/types, not a dependency here). */
type SessionStateObservable = ReturnType<SessionApi['sessionState$']>;

/** What GET /api/auth/lead/refresh answers (as any proxy provider does). */
interface RefreshResponse {
  profile?: ProfileInfo;
  backstageIdentity: {
    token: string;
    expiresInSeconds?: number;
    identity: BackstageIdentityResponse['identity'];
  };
}

interface Session {
  profile: ProfileInfo;
  identity: BackstageIdentityResponse;
}

/** Ask again this long before the token expires. */
const EXPIRY_MARGIN_MS = 60_000;
/** When the backend says nothing about expiry. */
const DEFAULT_LIFETIME_MS = 10 * 60_000;

/**
 * Signs in through the backend's `lead` provider: a proxy provider, so no popup; the
 * backend answers the refresh with a token for the configured catalog user (only in
 * development). The token is asked again shortly before it expires.
 */
export class DemoLeadAuth implements DemoLeadAuthApi {
  private session: Session | undefined;
  private pending: Promise<Session> | undefined;
  private state: SessionState = SessionState.SignedOut;
  private readonly listeners = new Set<(state: SessionState) => void>();

  constructor(
    private readonly options: {
      discoveryApi: DiscoveryApi;
      /** The auth provider id on the backend. */
      provider?: string;
    },
  ) {}

  async getBackstageIdentity(options?: {
    optional?: boolean;
  }): Promise<BackstageIdentityResponse | undefined> {
    try {
      return (await this.currentSession()).identity;
    } catch (error) {
      // An optional check (the sign-in page on load) is not an error: not signed in.
      if (options?.optional) return undefined;
      throw error;
    }
  }

  async getProfile(options?: {
    optional?: boolean;
  }): Promise<ProfileInfo | undefined> {
    try {
      return (await this.currentSession()).profile;
    } catch (error) {
      if (options?.optional) return undefined;
      throw error;
    }
  }

  async signIn(): Promise<void> {
    await this.currentSession();
  }

  async signOut(): Promise<void> {
    // A proxy provider keeps no session on the backend: forgetting the token is all.
    this.session = undefined;
    this.pending = undefined;
    this.setState(SessionState.SignedOut);
  }

  sessionState$(): SessionStateObservable {
    const listeners = this.listeners;
    const current = () => this.state;
    const observable = {
      subscribe(
        next?:
          | ((state: SessionState) => void)
          | { next?: (state: SessionState) => void },
      ) {
        const onNext =
          typeof next === 'function'
            ? next
            : (state: SessionState) => next?.next?.(state);
        listeners.add(onNext);
        onNext(current());
        return {
          closed: false,
          unsubscribe() {
            listeners.delete(onNext);
            this.closed = true;
          },
        };
      },
      [Symbol.observable]() {
        return observable;
      },
    };
    return observable as unknown as SessionStateObservable;
  }

  private setState(state: SessionState) {
    if (state === this.state) return;
    this.state = state;
    this.listeners.forEach(listener => listener(state));
  }

  private async currentSession(): Promise<Session> {
    const expiresAt = this.session?.identity.expiresAt;
    if (
      this.session &&
      (!expiresAt || expiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now())
    ) {
      return this.session;
    }
    this.pending ??= this.refresh().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async refresh(): Promise<Session> {
    const base = await this.options.discoveryApi.getBaseUrl('auth');
    const response = await fetch(
      `${base}/${this.options.provider ?? 'lead'}/refresh`,
      {
        credentials: 'include',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      },
    );
    if (!response.ok) {
      let message = `${response.status} ${response.statusText}`;
      try {
        const body = await response.json();
        message = body?.error?.message ?? message;
      } catch {
        // not JSON: keep the status line
      }
      this.setState(SessionState.SignedOut);
      throw new Error(`The platform lead sign-in failed: ${message}`);
    }
    const body: RefreshResponse = await response.json();
    const { token, expiresInSeconds, identity } = body.backstageIdentity;
    const session: Session = {
      profile: body.profile ?? {},
      identity: {
        token,
        identity,
        expiresAt: new Date(
          Date.now() +
            (expiresInSeconds ? expiresInSeconds * 1000 : DEFAULT_LIFETIME_MS),
        ),
      },
    };
    this.session = session;
    this.setState(SessionState.SignedIn);
    return session;
  }
}
