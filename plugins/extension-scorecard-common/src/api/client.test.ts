import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ExtensionScorecardClient } from './client';

const baseUrl = 'http://backstage.test/api/extension-scorecard';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function client() {
  return new ExtensionScorecardClient({
    discoveryApi: { getBaseUrl: async () => baseUrl },
  });
}

describe('ExtensionScorecardClient', () => {
  it('repeats array filters and sends the token', async () => {
    let seen: URL | undefined;
    let auth: string | null = null;
    server.use(
      http.get(`${baseUrl}/components`, ({ request }) => {
        seen = new URL(request.url);
        auth = request.headers.get('authorization');
        return HttpResponse.json({
          snapshot: { id: 1, takenAt: '2025-01-01T00:00:00.000Z' },
          total: 0,
          offset: 0,
          limit: 10,
          items: [],
        });
      }),
    );
    const page = await client().listComponents(
      { kind: ['csi', 'cni'], orphan: false, limit: 10, search: undefined },
      { token: 't0k' },
    );
    expect(page.total).toBe(0);
    expect(seen?.searchParams.getAll('kind')).toEqual(['csi', 'cni']);
    expect(seen?.searchParams.get('orphan')).toBe('false');
    expect(seen?.searchParams.has('search')).toBe(false);
    expect(auth).toBe('Bearer t0k');
  });

  it('encodes component ids into one path segment', async () => {
    let path = '';
    server.use(
      http.get(`${baseUrl}/components/:id`, ({ request, params }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json({ id: params.id });
      }),
    );
    await client().getComponent('component:default/cert-manager');
    expect(path).toBe(
      '/api/extension-scorecard/components/component%3Adefault%2Fcert-manager',
    );
  });

  it('sends the idempotency key and reports replays', async () => {
    server.use(
      http.post(`${baseUrl}/evidence`, async ({ request }) => {
        const key = request.headers.get('idempotency-key');
        const body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { id: 'e1', ...body, key },
          { status: key === 'replayed-key' ? 200 : 201 },
        );
      }),
    );
    const input = {
      component: 'component:default/x',
      cluster: 'prod',
      scenario: 'webhook-backend-down',
      startedAt: '2025-01-01T00:00:00Z',
      verdict: 'pass' as const,
    };
    const first = await client().createEvidence(input, 'first-key-1');
    expect(first.replayed).toBe(false);
    const again = await client().createEvidence(input, 'replayed-key');
    expect(again.replayed).toBe(true);
  });

  it('turns error bodies into ResponseErrors with the server message', async () => {
    server.use(
      http.post(`${baseUrl}/waivers/w1/approve`, () =>
        HttpResponse.json(
          {
            error: { name: 'NotAllowedError', message: 'member of owner' },
            request: { method: 'POST', url: '/waivers/w1/approve' },
            response: { statusCode: 403 },
          },
          { status: 403 },
        ),
      ),
    );
    await expect(client().approveWaiver('w1')).rejects.toMatchObject({
      name: 'ResponseError',
      statusCode: 403,
      body: { error: { message: 'member of owner' } },
    });
  });

  it('passes the abort signal on and sends no token unless given one', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.get(`${baseUrl}/snapshot-diff`, async ({ request }) => {
        auth = request.headers.get('authorization');
        const url = new URL(request.url);
        return HttpResponse.json({
          from: Number(url.searchParams.get('from')),
          to: Number(url.searchParams.get('to')),
        });
      }),
    );
    await expect(client().diffSnapshots(1, 2)).resolves.toEqual({
      from: 1,
      to: 2,
    });
    expect(auth).toBeNull();
    const controller = new AbortController();
    controller.abort();
    await expect(
      client().diffSnapshots(1, 2, { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('returns the CSV export as text', async () => {
    server.use(
      http.get(`${baseUrl}/audit/2025-Q1/export`, ({ request }) =>
        new URL(request.url).searchParams.get('format') === 'csv'
          ? new HttpResponse('quarter,component_id\n2025-Q1,x\n', {
              headers: { 'content-type': 'text/csv' },
            })
          : HttpResponse.json({}, { status: 400 }),
      ),
    );
    await expect(client().exportAuditCsv('2025-Q1')).resolves.toContain(
      '2025-Q1,x',
    );
  });

  it('reads the reference data in force with the token', async () => {
    let auth: string | null = null;
    const body = {
      version: '0.1.0',
      overrideDirectory: '/etc/scorecard/reference-data',
      tables: [
        {
          table: 'deprecated-apis',
          file: 'deprecated-apis.yaml',
          rows: 40,
          shippedRows: 39,
          overriddenRows: 1,
          addedRows: 1,
          removedRows: 0,
          overrideFile: '/etc/scorecard/reference-data/deprecated-apis.yaml',
        },
      ],
      deprecatedApis: [],
      csiSidecars: [],
      draVersions: [],
      draFeatureGate: {
        name: 'DynamicResourceAllocation',
        offByDefaultIn: [],
        onByDefaultFrom: '1.34',
      },
      versionSkew: {
        kubelet: { maxMinorsOlder: 3, newerAllowed: false },
        controlPlane: { maxMinorsOlder: 1, newerAllowed: false },
        schedulerImages: [],
      },
      thresholds: { 'cert.expiry': { failDays: 7, warnDays: 45 } },
    };
    server.use(
      http.get(`${baseUrl}/reference-data`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json(body);
      }),
    );
    await expect(client().getReferenceData({ token: 't0k' })).resolves.toEqual(
      body,
    );
    expect(auth).toBe('Bearer t0k');
  });
});

describe('ExtensionScorecardClient behind Backstage fetchApi middleware', () => {
  it('posts a body through the plugin-protocol and identity middlewares', async () => {
    // the app's fetchApi: every middleware builds `new Request(input, init)`, so the
    // client must not hand it a Request whose body a first middleware consumed
    const { createFetchApi, FetchMiddlewares } = await import(
      '@backstage/core-app-api'
    );
    const discoveryApi = { getBaseUrl: async () => baseUrl };
    const fetchApi = createFetchApi({
      middleware: [
        FetchMiddlewares.resolvePluginProtocol({ discoveryApi }),
        FetchMiddlewares.injectIdentityAuth({
          identityApi: {
            getCredentials: async () => ({ token: 'user-token' }),
          } as any,
          allowUrl: url => url.startsWith(baseUrl),
        }),
      ],
    });
    let received: { body: unknown; auth: string | null } | undefined;
    server.use(
      http.post(`${baseUrl}/waivers`, async ({ request }) => {
        received = {
          body: await request.json(),
          auth: request.headers.get('authorization'),
        };
        return HttpResponse.json(
          { id: 'w1', state: 'requested' },
          { status: 201 },
        );
      }),
    );
    const viaApp = new ExtensionScorecardClient({ discoveryApi, fetchApi });
    const waiver = await viaApp.requestWaiver({
      component: 'component:default/cert-manager',
      checkId: 'webhook.timeout',
      reason: 'fixed in the next release',
      expiresAt: '2027-01-01T00:00:00.000Z',
    });
    expect(waiver.id).toBe('w1');
    expect(received).toEqual({
      body: {
        component: 'component:default/cert-manager',
        checkId: 'webhook.timeout',
        reason: 'fixed in the next release',
        expiresAt: '2027-01-01T00:00:00.000Z',
      },
      auth: 'Bearer user-token',
    });
  });
});
