/**
 * Every server-side auth provider of `createClusterAuth`, end to end: a collection
 * from the stand-in API server over HTTPS through the Kubernetes plugin's REAL
 * strategy, with only the cloud token endpoints (AWS STS, Google OAuth, Microsoft
 * Entra ID) answered by msw. Each test asserts the `Authorization` header the
 * strategy produced, as the stand-in received it, and what the strategy sent to the
 * cloud: the AWS token is checked as a valid SigV4 presigned URL (signature
 * recomputed here), the Google JWT assertion's RS256 signature is verified with the
 * generated key's public half.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import type { AuthenticationStrategy } from '@backstage/plugin-kubernetes-node';
import { HttpResponse } from 'msw';
import { collectCluster } from '../pipeline/collectCluster';
import { createScorecardStores } from '../store';
import { connectRawDatabase } from '../store/__testUtils__/rawDatabase';
import { migrateScorecardDatabase } from '../store/database';
import type { StandInApiServer } from '../testUtils/standInApiServer';
import {
  AKS_SCOPE,
  authorizationOf,
  AWS_KEY_ID,
  AWS_REGION,
  AWS_SECRET,
  AZURE_CLIENT_ID,
  AZURE_TENANT_ID,
  entraTokenResponse as tokenResponse,
  expectedPresignSignature,
  googleServiceAccountKey,
  mockEntraId,
  mockGoogleTokenEndpoint,
  mockSts,
  newEntraAccessToken as newAccessToken,
  newGoogleAccessToken,
  objectCount,
  presignedUrlOf,
  temporaryAwsCredentials,
  useAzureEnv,
  useCloudAuthTestEnvironment,
  useStaticAwsCredentials,
} from './__testUtils__/cloudAuth';
import { createClusterAuth, USER_TOKEN_PROVIDERS } from './auth';
import {
  collectLiveCluster,
  createLiveClusterSource,
  LIVE_CLUSTER_DEFAULTS,
  LiveClusterConfig,
} from './live';

// the first collection loads client-node (ESM, transpiled on first use), the Google
// client loads google-gax
jest.setTimeout(60_000);

const logger = mockServices.logger.mock();
const emptyConfig = new ConfigReader({});

// ── msw (cloud endpoints only), isolated environment, stand-ins ─────────────────

const cloud = useCloudAuthTestEnvironment({
  standIns: { open: {}, guarded: { token: 'right' } },
});
const mswServer = cloud.msw;
let open: StandInApiServer;
let guarded: StandInApiServer;
let tmp: string;

beforeAll(() => {
  ({ open, guarded } = cloud.standIns());
});

beforeEach(() => {
  tmp = cloud.tmp();
});

// ── stand-in ────────────────────────────────────────────────────────────────────

function clusterOf(
  server: StandInApiServer,
  extra: Partial<LiveClusterConfig> = {},
): LiveClusterConfig {
  return {
    name: 'prod-eu',
    url: server.url,
    caData: server.caData,
    authMetadata: {},
    ...LIVE_CLUSTER_DEFAULTS,
    timeoutSeconds: 20,
    ...extra,
  };
}

// ── serviceAccount ──────────────────────────────────────────────────────────────

describe('serviceAccount (ServiceAccountStrategy)', () => {
  it('sends the token from config', async () => {
    const auth = createClusterAuth({
      config: emptyConfig,
      logger,
      inClusterTokenPath: path.join(tmp, 'absent'),
    });
    const collection = await collectLiveCluster(
      clusterOf(open, {
        authProvider: 'serviceAccount',
        serviceAccountToken: ' sa-config-token\n',
      }),
      { connect: auth.connect },
    );
    expect(collection.error).toBeUndefined();
    expect(collection.version?.gitVersion).toBeDefined();
    expect(objectCount(collection)).toBeGreaterThan(0);
    expect(authorizationOf(open)).toBe('Bearer sa-config-token');
  });

  it("without a token in config, sends the pod's token file", async () => {
    const tokenPath = path.join(tmp, 'token');
    await fs.writeFile(tokenPath, 'sa-file-token\n');
    const auth = createClusterAuth({
      config: emptyConfig,
      logger,
      inClusterTokenPath: tokenPath,
    });
    // no authProvider at all: serviceAccount is the default
    const collection = await collectLiveCluster(clusterOf(open), {
      connect: auth.connect,
    });
    expect(collection.error).toBeUndefined();
    expect(authorizationOf(open)).toBe('Bearer sa-file-token');
  });

  it('with neither, connects anonymously (no Authorization header)', async () => {
    const auth = createClusterAuth({
      config: emptyConfig,
      logger,
      inClusterTokenPath: path.join(tmp, 'absent'),
    });
    const collection = await collectLiveCluster(
      clusterOf(open, { authProvider: 'serviceAccount' }),
      { connect: auth.connect },
    );
    expect(collection.error).toBeUndefined();
    expect(objectCount(collection)).toBeGreaterThan(0);
    expect(authorizationOf(open)).toBeUndefined();
  });
});

// ── localKubectlProxy ───────────────────────────────────────────────────────────

describe('localKubectlProxy (AnonymousStrategy)', () => {
  it('sends no Authorization header, even with a token in config', async () => {
    const auth = createClusterAuth({ config: emptyConfig, logger });
    const collection = await collectLiveCluster(
      clusterOf(open, {
        authProvider: 'localKubectlProxy',
        serviceAccountToken: 'not-for-a-proxy',
      }),
      { connect: auth.connect },
    );
    expect(collection.error).toBeUndefined();
    expect(authorizationOf(open)).toBeUndefined();
  });
});

// ── aws ─────────────────────────────────────────────────────────────────────────

describe('aws (AwsIamStrategy)', () => {
  const PRESIGNED =
    /^https:\/\/sts\.eu-west-1\.amazonaws\.com\/\?Action=GetCallerIdentity&Version=2011-06-15&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F(\d{8})%2Feu-west-1%2Fsts%2Faws4_request&X-Amz-Date=(\d{8}T\d{6}Z)&X-Amz-Expires=0&X-Amz-SignedHeaders=host%3Bx-k8s-aws-id&X-Amz-Signature=([0-9a-f]{64})$/;

  it('sends a presigned STS GetCallerIdentity URL signed with the env credentials for the cluster name', async () => {
    useStaticAwsCredentials();
    const before = Date.now();
    const auth = createClusterAuth({ config: emptyConfig, logger });
    const collection = await collectLiveCluster(
      clusterOf(open, { authProvider: 'aws' }),
      { connect: auth.connect },
    );
    expect(collection.error).toBeUndefined();
    expect(objectCount(collection)).toBeGreaterThan(0);

    const presigned = presignedUrlOf(authorizationOf(open));
    const match = PRESIGNED.exec(presigned);
    expect(match).not.toBeNull();
    const [, shortDate, longDate, signature] = match!;
    expect(longDate.startsWith(shortDate)).toBe(true);
    const signedAt = Date.parse(
      longDate.replace(
        /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/,
        '$1-$2-$3T$4:$5:$6Z',
      ),
    );
    expect(signedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(signedAt).toBeLessThanOrEqual(Date.now());

    // a valid SigV4 presign, and the signed x-k8s-aws-id is the cluster name
    const url = new URL(presigned);
    expect(signature).toBe(
      expectedPresignSignature(url, 'prod-eu', AWS_SECRET),
    );
    expect(signature).not.toBe(
      expectedPresignSignature(url, 'another-cluster', AWS_SECRET),
    );
    expect(signature).not.toBe(
      expectedPresignSignature(url, 'prod-eu', 'another-secret'),
    );
  });

  it('signs the kubernetes.io/x-k8s-aws-id metadata instead of the name when given', async () => {
    useStaticAwsCredentials();
    const auth = createClusterAuth({ config: emptyConfig, logger });
    const collection = await collectLiveCluster(
      clusterOf(open, {
        authProvider: 'aws',
        authMetadata: { 'kubernetes.io/x-k8s-aws-id': 'eks-prod-eu-1' },
      }),
      { connect: auth.connect },
    );
    expect(collection.error).toBeUndefined();
    const presigned = presignedUrlOf(authorizationOf(open));
    const [, , , signature] = PRESIGNED.exec(presigned)!;
    const url = new URL(presigned);
    expect(signature).toBe(
      expectedPresignSignature(url, 'eks-prod-eu-1', AWS_SECRET),
    );
    expect(signature).not.toBe(
      expectedPresignSignature(url, 'prod-eu', AWS_SECRET),
    );
  });

  it('with assumeRole and externalId, calls STS AssumeRole and presigns with the temporary credentials', async () => {
    useStaticAwsCredentials();
    const role = 'arn:aws:iam::123456789012:role/scorecard-reader';
    const temporary = temporaryAwsCredentials();
    const stsCalls = mockSts(mswServer, {
      callerAccount: '111122223333',
      temporary,
    });
    const auth = createClusterAuth({ config: emptyConfig, logger });
    const collection = await collectLiveCluster(
      clusterOf(open, {
        authProvider: 'aws',
        authMetadata: {
          'kubernetes.io/aws-assume-role': role,
          'kubernetes.io/aws-external-id': 'scorecard-external-42',
        },
      }),
      { connect: auth.connect },
    );
    expect(collection.error).toBeUndefined();
    expect(objectCount(collection)).toBeGreaterThan(0);

    const assumeRole = stsCalls.filter(
      c => c.form.get('Action') === 'AssumeRole',
    );
    expect(assumeRole).toHaveLength(1);
    expect(new URL(assumeRole[0].url).host).toBe(
      `sts.${AWS_REGION}.amazonaws.com`,
    );
    expect(assumeRole[0].form.get('RoleArn')).toBe(role);
    expect(assumeRole[0].form.get('ExternalId')).toBe('scorecard-external-42');
    expect(assumeRole[0].form.get('Version')).toBe('2011-06-15');
    // the AssumeRole call itself is signed with the long-lived env key
    expect(assumeRole[0].headers.get('authorization')).toContain(
      `Credential=${AWS_KEY_ID}/`,
    );

    const presigned = presignedUrlOf(authorizationOf(open));
    const url = new URL(presigned);
    expect(presigned).toContain(
      `&X-Amz-Security-Token=${encodeURIComponent(temporary.sessionToken)}&`,
    );
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe(
      temporary.sessionToken,
    );
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^ASIAIOSFODNN7TEMPKEY\/\d{8}\/eu-west-1\/sts\/aws4_request$/,
    );
    expect(presigned).not.toContain(AWS_KEY_ID);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe(
      'host;x-k8s-aws-id',
    );
    expect(url.searchParams.get('X-Amz-Signature')).toBe(
      expectedPresignSignature(url, 'prod-eu', temporary.secretAccessKey),
    );
  });

  it('without any credential, fails fast naming the provider, before contacting the cluster', async () => {
    // isolateCloudEnv: no AWS_* credential, empty shared files, no EC2 metadata
    const auth = createClusterAuth({ config: emptyConfig, logger });
    const started = Date.now();
    const collection = await collectLiveCluster(
      clusterOf(open, { authProvider: 'aws' }),
      { connect: auth.connect },
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(collection.error).toMatch(
      /^cannot configure client: authProvider 'aws' could not produce a credential: .+/,
    );
    expect(collection.version).toBeNull();
    expect(collection.objects).toEqual({});
    expect(open.requests).toEqual([]);
  });
});

// ── googleServiceAccount ────────────────────────────────────────────────────────

describe('googleServiceAccount (GoogleServiceAccountStrategy)', () => {
  it('exchanges a JWT signed with kubernetes.googleServiceAccountCredentials for an access token', async () => {
    const { key, publicKey, clientEmail } = googleServiceAccountKey();
    const accessToken = newGoogleAccessToken();
    const tokenCalls = mockGoogleTokenEndpoint(mswServer, {
      publicKey,
      accessToken,
    });

    const auth = createClusterAuth({
      config: new ConfigReader({
        kubernetes: { googleServiceAccountCredentials: JSON.stringify(key) },
      }),
      logger,
    });
    const collection = await collectLiveCluster(
      clusterOf(open, { authProvider: 'googleServiceAccount' }),
      { connect: auth.connect },
    );
    expect(collection.error).toBeUndefined();
    expect(objectCount(collection)).toBeGreaterThan(0);
    expect(authorizationOf(open)).toBe(`Bearer ${accessToken}`);

    expect(tokenCalls).toHaveLength(1);
    const [call] = tokenCalls;
    expect(call.form.get('grant_type')).toBe(
      'urn:ietf:params:oauth:grant-type:jwt-bearer',
    );
    expect([
      'https://oauth2.googleapis.com/token',
      'https://www.googleapis.com/oauth2/v4/token',
    ]).toContain(call.url);
    expect(call.header).toMatchObject({ alg: 'RS256' });
    expect(call.claims.iss).toBe(clientEmail);
    // the audience is the endpoint the assertion was posted to
    expect(call.claims.aud).toBe(call.url);
    expect(call.claims.scope).toContain(
      'https://www.googleapis.com/auth/cloud-platform',
    );
    expect(call.claims.exp - call.claims.iat).toBe(3600);
    expect(call.signatureValid).toBe(true);
  });
});

// ── azure ───────────────────────────────────────────────────────────────────────

describe('azure (AzureIdentityStrategy with DefaultAzureCredential)', () => {
  const tenant = AZURE_TENANT_ID;
  const clientId = AZURE_CLIENT_ID;

  it('gets an AKS-scoped token with the client secret from the environment', async () => {
    useAzureEnv();
    const accessToken = newAccessToken();
    const { seen, tokenCalls } = mockEntraId(mswServer, () =>
      tokenResponse(accessToken),
    );

    const auth = createClusterAuth({ config: emptyConfig, logger });
    const collection = await collectLiveCluster(
      clusterOf(open, { authProvider: 'azure' }),
      { connect: auth.connect },
    );
    expect(collection.error).toBeUndefined();
    expect(objectCount(collection)).toBeGreaterThan(0);
    expect(authorizationOf(open)).toBe(`Bearer ${accessToken}`);

    expect(tokenCalls).toHaveLength(1);
    const [call] = tokenCalls;
    expect(call.form.get('scope')).toBe(AKS_SCOPE);
    expect(call.form.get('client_id')).toBe(clientId);
    expect(call.form.get('grant_type')).toBe('client_credentials');
    expect(call.form.get('client_secret')).toBe('test-client-secret-value');
    expect(seen).toContain(`POST /${tenant}/oauth2/v2.0/token`);

    // the token is cached by the strategy: a second run asks Entra ID nothing
    open.requests.splice(0);
    const again = await collectLiveCluster(
      clusterOf(open, { authProvider: 'azure' }),
      { connect: auth.connect },
    );
    expect(again.error).toBeUndefined();
    expect(authorizationOf(open)).toBe(`Bearer ${accessToken}`);
    expect(tokenCalls).toHaveLength(1);
  });

  it('recovers on the next collection after Entra ID refused a token', async () => {
    useAzureEnv();
    const accessToken = newAccessToken();
    const { tokenCalls } = mockEntraId(mswServer, call =>
      call === 0
        ? HttpResponse.json(
            {
              error: 'temporarily_unavailable',
              error_description:
                'AADSTS50196: The server terminated an operation because it encountered a client request loop.',
              error_codes: [50196],
            },
            { status: 400 },
          )
        : tokenResponse(accessToken),
    );
    const auth = createClusterAuth({ config: emptyConfig, logger });
    const cluster = clusterOf(open, { authProvider: 'azure' });

    const failed = await collectLiveCluster(cluster, { connect: auth.connect });
    expect(failed.error).toMatch(
      /^cannot configure client: authProvider 'azure' could not produce a credential: EnvironmentCredential authentication failed[\s\S]*AADSTS50196/,
    );
    expect(open.requests).toEqual([]);

    const recovered = await collectLiveCluster(cluster, {
      connect: auth.connect,
    });
    expect(recovered.error).toBeUndefined();
    expect(authorizationOf(open)).toBe(`Bearer ${accessToken}`);
    expect(tokenCalls).toHaveLength(2);
  });
});

// ── providers that need a signed-in user ────────────────────────────────────────

describe('user-token providers', () => {
  it.each([
    ['google', ['googleServiceAccount', 'serviceAccount']],
    ['oidc', ['serviceAccount', 'deploy/collector-rbac.yaml']],
    ['aks', ['azure', 'AZURE_CLIENT_ID', 'serviceAccount']],
  ])(
    "'%s' is blocked with what to configure instead, and never contacted",
    async (provider, alternatives) => {
      const auth = createClusterAuth({ config: emptyConfig, logger });
      for (const cluster of [
        clusterOf(open, { authProvider: provider }),
        // named only in the Kubernetes plugin's auth metadata
        clusterOf(open, {
          authMetadata: { 'kubernetes.io/auth-provider': provider },
        }),
      ]) {
        const reason = auth.blockedReason(cluster);
        expect(reason).toBe(USER_TOKEN_PROVIDERS[provider]);
        expect(reason).toContain(`authProvider '${provider}'`);
        for (const alternative of alternatives) {
          expect(reason).toContain(alternative);
        }
        await expect(auth.connect(cluster)).rejects.toThrow(reason!);
        const collection = await collectLiveCluster(cluster, {
          connect: auth.connect,
        });
        expect(collection.error).toBe(`cannot configure client: ${reason}`);
      }
      expect(open.requests).toEqual([]);
      // (afterEach: msw saw no request to any other host either)
    },
  );

  it('server-side providers are not blocked, unknown ones are', () => {
    const auth = createClusterAuth({ config: emptyConfig, logger });
    for (const provider of [
      'serviceAccount',
      'aws',
      'googleServiceAccount',
      'azure',
      'localKubectlProxy',
    ]) {
      expect(
        auth.blockedReason(clusterOf(open, { authProvider: provider })),
      ).toBeUndefined();
    }
    expect(
      auth.blockedReason(clusterOf(open, { authProvider: 'magic' })),
    ).toMatch(/^authProvider 'magic' is unknown; the collector supports /);
  });
});

// ── a credential the API server rejects ─────────────────────────────────────────

describe('a credential the API server rejects', () => {
  it('yields an error naming the provider and never the token', async () => {
    useStaticAwsCredentials();
    const auth = createClusterAuth({ config: emptyConfig, logger });
    const collection = await collectLiveCluster(
      clusterOf(guarded, { authProvider: 'aws' }),
      { connect: auth.connect },
    );
    const sent = guarded.requests[0]?.authorization ?? '';
    expect(sent).toMatch(/^Bearer k8s-aws-v1\./);
    expect(collection.error).toBe(
      "unauthorized (HTTP 401): the API server rejected the credential of authProvider 'aws'",
    );
    const everything = JSON.stringify(collection);
    expect(everything).not.toContain(sent.slice('Bearer '.length));
    expect(everything).not.toContain('k8s-aws-v1');
    expect(everything).not.toContain(AWS_SECRET);
    expect(collection.objects).toEqual({});
  });

  it('after a good collection, keeps the data and marks the cluster stale with that error', async () => {
    useStaticAwsCredentials();
    const knex = connectRawDatabase({
      client: 'better-sqlite3',
      connection: ':memory:',
      useNullAsDefault: true,
      pool: { min: 1, max: 1 },
    });
    try {
      await migrateScorecardDatabase(knex);
      const stores = createScorecardStores(knex);
      const cluster = clusterOf(guarded, { authProvider: 'aws' });
      const times = [
        new Date('2026-03-01T10:00:00Z'),
        new Date('2026-03-01T11:00:00Z'),
      ];
      const deps = (now: Date) => ({
        clusters: stores.clusters,
        logger,
        now: () => now,
      });

      // 1. a credential the API server accepts (a stand-in strategy for aws)
      const accepted: AuthenticationStrategy = {
        getCredential: async () => ({ type: 'bearer token', token: 'right' }),
        validateCluster: () => [],
        presentAuthMetadata: () => ({}),
      };
      const good = createClusterAuth({
        config: emptyConfig,
        logger,
        strategies: { aws: accepted },
      });
      const first = await collectCluster(
        createLiveClusterSource(cluster, {
          connect: good.connect,
          now: () => times[0],
        }),
        deps(times[0]),
      );
      expect(first).toMatchObject({ ok: true, error: null });
      expect(first.objectCount).toBeGreaterThan(0);

      // 2. the real AWS strategy: a presigned token this API server rejects
      const real = createClusterAuth({ config: emptyConfig, logger });
      const second = await collectCluster(
        createLiveClusterSource(cluster, {
          connect: real.connect,
          now: () => times[1],
        }),
        deps(times[1]),
      );
      const error =
        "unauthorized (HTTP 401): the API server rejected the credential of authProvider 'aws'";
      expect(second).toMatchObject({ ok: false, error });

      const [status] = await stores.clusters.statuses([
        { name: 'prod-eu', type: 'live' },
      ]);
      expect(status).toMatchObject({
        name: 'prod-eu',
        source: 'live',
        stale: true,
        error,
        lastSuccessAt: times[0].toISOString(),
        lastAttemptAt: times[1].toISOString(),
        objectCount: first.objectCount,
      });
      const [latest] = await stores.clusters.latest(['prod-eu']);
      expect(objectCount(latest)).toBe(first.objectCount);
      expect(latest.stale).toEqual({
        reason: error,
        lastSuccessAt: times[0].toISOString(),
      });
      expect(JSON.stringify([status, latest])).not.toContain('k8s-aws-v1');
    } finally {
      await knex.destroy();
    }
  });
});
