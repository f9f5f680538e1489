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
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import type { AuthenticationStrategy } from '@backstage/plugin-kubernetes-node';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { collectCluster } from '../pipeline/collectCluster';
import { createScorecardStores } from '../store';
import { connectRawDatabase } from '../store/__testUtils__/rawDatabase';
import { migrateScorecardDatabase } from '../store/database';
import {
  StandInApiServer,
  StandInCluster,
  standInClusterFromDump,
  startStandInApiServer,
} from '../testUtils/standInApiServer';
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

const PROD_EU = path.resolve(
  __dirname,
  '../../../../examples/clusters/prod-eu',
);

const AWS_KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const AWS_REGION = 'eu-west-1';
const EMPTY_SHA256 =
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const AKS_SCOPE = '6dae42f8-4368-4678-94ff-3960e28e3630/.default';

const logger = mockServices.logger.mock();
const emptyConfig = new ConfigReader({});

// ── msw: cloud endpoints only; the stand-in on 127.0.0.1 passes through ─────────

/** Every request to anything but the stand-in that no test handler answered. */
const unexpected: string[] = [];
const mswServer = setupServer(
  // fallback (test handlers are prepended): nothing may leave for the real internet
  http.all(/^https?:\/\/(?!127\.0\.0\.1[:/])/, ({ request }) => {
    unexpected.push(`${request.method} ${request.url}`);
    return HttpResponse.error();
  }),
);

interface FormRequest {
  url: string;
  headers: Headers;
  form: URLSearchParams;
}

async function formOf(request: Request): Promise<FormRequest> {
  return {
    url: request.url,
    headers: request.headers,
    form: new URLSearchParams(await request.text()),
  };
}

// ── environment ─────────────────────────────────────────────────────────────────

let savedEnv: NodeJS.ProcessEnv;
let tmp: string;

/**
 * No ambient cloud credential of the machine running the tests may be used: every
 * AWS/Azure/Google variable is removed, the AWS shared files point at empty files
 * and the EC2 metadata service is off.
 */
async function isolateCloudEnv() {
  for (const name of Object.keys(process.env)) {
    if (
      /^(AWS_|AZURE_|GOOGLE_|GCLOUD_|CLOUDSDK_|MSI_|IDENTITY_|IMDS_)/.test(name)
    ) {
      delete process.env[name];
    }
  }
  const credentials = path.join(tmp, 'aws-credentials');
  const config = path.join(tmp, 'aws-config');
  await fs.writeFile(credentials, '');
  await fs.writeFile(config, '');
  process.env.AWS_SHARED_CREDENTIALS_FILE = credentials;
  process.env.AWS_CONFIG_FILE = config;
  process.env.AWS_EC2_METADATA_DISABLED = 'true';
}

function useStaticAwsCredentials() {
  process.env.AWS_ACCESS_KEY_ID = AWS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY = AWS_SECRET;
  process.env.AWS_REGION = AWS_REGION;
}

// ── stand-in ────────────────────────────────────────────────────────────────────

let served: StandInCluster;
let open: StandInApiServer;
let guarded: StandInApiServer;

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

/** The one Authorization header every request of the collection carried. */
function authorizationOf(server: StandInApiServer): string | undefined {
  expect(server.requests.length).toBeGreaterThan(3);
  const headers = new Set(server.requests.map(r => r.authorization));
  expect(headers.size).toBe(1);
  return [...headers][0];
}

function objectCount(collection: { objects: Record<string, unknown[]> }) {
  return Object.values(collection.objects).reduce(
    (n, list) => n + (list?.length ?? 0),
    0,
  );
}

beforeAll(async () => {
  mswServer.listen({ onUnhandledRequest: 'bypass' });
  served = await standInClusterFromDump(PROD_EU);
  open = await startStandInApiServer({ cluster: served, tls: true });
  guarded = await startStandInApiServer({
    cluster: served,
    tls: true,
    token: 'right',
  });
});

afterAll(async () => {
  mswServer.close();
  await open?.close();
  await guarded?.close();
});

beforeEach(async () => {
  savedEnv = { ...process.env };
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'scorecard-auth-'));
  await isolateCloudEnv();
  open.requests.splice(0);
  guarded.requests.splice(0);
  unexpected.splice(0);
});

afterEach(async () => {
  mswServer.resetHandlers();
  for (const name of Object.keys(process.env)) {
    if (!(name in savedEnv)) delete process.env[name];
  }
  Object.assign(process.env, savedEnv);
  await fs.rm(tmp, { recursive: true, force: true });
  if (unexpected.length > 0) {
    throw new Error(`requests to unmocked hosts: ${unexpected.join(', ')}`);
  }
});

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

/** RFC 3986 escaping, as SigV4 canonical queries need it. */
function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    c => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const hmac = (key: crypto.BinaryLike, data: string) =>
  crypto.createHmac('sha256', key).update(data, 'utf8').digest();

/**
 * The SigV4 signature of a presigned `GET /` to STS with signed headers `host` and
 * `x-k8s-aws-id`, computed from the URL's own parameters with node crypto.
 */
function expectedPresignSignature(
  url: URL,
  clusterId: string,
  secretAccessKey: string,
): string {
  const params = [...url.searchParams.entries()].filter(
    ([name]) => name !== 'X-Amz-Signature',
  );
  const canonicalQuery = params
    .map(([name, value]) => [rfc3986(name), rfc3986(value)])
    // parameter names are unique: plain code-unit order, as SigV4 wants
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    'GET',
    '/',
    canonicalQuery,
    `host:${url.host}`,
    `x-k8s-aws-id:${clusterId}`,
    '',
    'host;x-k8s-aws-id',
    EMPTY_SHA256,
  ].join('\n');
  const [, shortDate, region, service] = url.searchParams
    .get('X-Amz-Credential')!
    .split('/');
  const scope = `${shortDate}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    url.searchParams.get('X-Amz-Date')!,
    scope,
    crypto.createHash('sha256').update(canonicalRequest, 'utf8').digest('hex'),
  ].join('\n');
  let key: Buffer = hmac(`AWS4${secretAccessKey}`, shortDate);
  key = hmac(key, region);
  key = hmac(key, service);
  key = hmac(key, 'aws4_request');
  return hmac(key, stringToSign).toString('hex');
}

/** The presigned STS URL inside an EKS bearer token. */
function presignedUrlOf(authorization: string | undefined): string {
  const match = /^Bearer k8s-aws-v1\.([A-Za-z0-9_-]+)$/.exec(
    authorization ?? '',
  );
  expect(match).not.toBeNull();
  return Buffer.from(match![1], 'base64url').toString('utf8');
}

const STS_XML = { 'content-type': 'text/xml' };

function assumeRoleXml(credentials: {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}) {
  return `<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <AssumeRoleResult>
    <AssumedRoleUser>
      <AssumedRoleId>AROA3XFRBF535PLBIFPI4:scorecard</AssumedRoleId>
      <Arn>arn:aws:sts::123456789012:assumed-role/scorecard-reader/scorecard</Arn>
    </AssumedRoleUser>
    <Credentials>
      <AccessKeyId>${credentials.accessKeyId}</AccessKeyId>
      <SecretAccessKey>${credentials.secretAccessKey}</SecretAccessKey>
      <SessionToken>${credentials.sessionToken}</SessionToken>
      <Expiration>${credentials.expiration.toISOString()}</Expiration>
    </Credentials>
  </AssumeRoleResult>
  <ResponseMetadata><RequestId>c6104cbe-af31-11e0-8154-cbc7ccf896c7</RequestId></ResponseMetadata>
</AssumeRoleResponse>`;
}

function callerIdentityXml(account: string) {
  return `<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <GetCallerIdentityResult>
    <Arn>arn:aws:iam::${account}:user/scorecard-collector</Arn>
    <UserId>AIDACKCEVSQ6C2EXAMPLE</UserId>
    <Account>${account}</Account>
  </GetCallerIdentityResult>
  <ResponseMetadata><RequestId>01234567-89ab-cdef-0123-456789abcdef</RequestId></ResponseMetadata>
</GetCallerIdentityResponse>`;
}

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
    const temporary = {
      accessKeyId: 'ASIAIOSFODNN7TEMPKEY',
      secretAccessKey: 'tEmP/SeCrEt+KeY/1234567890abcdefEXAMPLE',
      // '/', '+' and '=' exercise the URL encoding of the session token
      sessionToken: 'FwoGZXIvYXdzEJr//////////wEaDtest+session/token==',
      expiration: new Date(Date.now() + 3600_000),
    };
    const stsCalls: FormRequest[] = [];
    mswServer.use(
      http.post(
        /^https:\/\/sts\.[a-z0-9-]+\.amazonaws\.com\/?$/,
        async ({ request }) => {
          const call = await formOf(request);
          stsCalls.push(call);
          switch (call.form.get('Action')) {
            case 'GetCallerIdentity':
              // the collector's own account: not the role's, so no AWS integration
              // matches and the main credentials are the source of the AssumeRole
              return new HttpResponse(callerIdentityXml('111122223333'), {
                headers: STS_XML,
              });
            case 'AssumeRole':
              return new HttpResponse(assumeRoleXml(temporary), {
                headers: STS_XML,
              });
            default:
              return new HttpResponse('unexpected STS action', { status: 400 });
          }
        },
      ),
    );
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

function jwtPart(part: string) {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

describe('googleServiceAccount (GoogleServiceAccountStrategy)', () => {
  it('exchanges a JWT signed with kubernetes.googleServiceAccountCredentials for an access token', async () => {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const clientEmail =
      'scorecard-collector@scorecard-test.iam.gserviceaccount.com';
    const key = {
      type: 'service_account',
      project_id: 'scorecard-test',
      private_key_id: 'a1b2c3d4e5f6',
      private_key: privateKey,
      client_email: clientEmail,
      client_id: '109876543210987654321',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: 'https://oauth2.googleapis.com/token',
    };
    const accessToken = `ya29.test-${crypto.randomBytes(12).toString('hex')}`;
    const tokenCalls: Array<
      FormRequest & { header: any; claims: any; signatureValid: boolean }
    > = [];
    const tokenEndpoint = async ({ request }: { request: Request }) => {
      const call = await formOf(request);
      const [header, claims, signature] = (
        call.form.get('assertion') ?? '..'
      ).split('.');
      tokenCalls.push({
        ...call,
        header: jwtPart(header),
        claims: jwtPart(claims),
        signatureValid: crypto.verify(
          'RSA-SHA256',
          Buffer.from(`${header}.${claims}`),
          publicKey,
          Buffer.from(signature, 'base64url'),
        ),
      });
      return HttpResponse.json({
        access_token: accessToken,
        expires_in: 3599,
        token_type: 'Bearer',
      });
    };
    mswServer.use(
      // the key's token_uri, and the fixed endpoint gtoken 7 posts to
      http.post('https://oauth2.googleapis.com/token', tokenEndpoint),
      http.post('https://www.googleapis.com/oauth2/v4/token', tokenEndpoint),
    );

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
  const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';
  const clientId = '04b07795-8ddb-461a-bbee-02f9e1bf7b46';
  const entra = 'https://login.microsoftonline.com';

  /** The client secret credential DefaultAzureCredential builds from these. */
  function useAzureEnv() {
    process.env.AZURE_TENANT_ID = tenant;
    process.env.AZURE_CLIENT_ID = clientId;
    process.env.AZURE_CLIENT_SECRET = 'test-client-secret-value';
  }

  /**
   * Microsoft Entra ID for the tenant: instance discovery and OpenID configuration
   * (MSAL knows login.microsoftonline.com's metadata and may skip them) and the v2.0
   * token endpoint, whose n-th call (from 0) `answer` decides.
   */
  function mockEntraId(answer: (call: number) => Response) {
    const seen: string[] = [];
    const tokenCalls: FormRequest[] = [];
    mswServer.use(
      http.all(`${entra}/*`, async ({ request }) => {
        const url = new URL(request.url);
        seen.push(`${request.method} ${url.pathname}`);
        if (
          request.method === 'GET' &&
          url.pathname === '/common/discovery/instance'
        ) {
          return HttpResponse.json({
            tenant_discovery_endpoint: `${entra}/${tenant}/v2.0/.well-known/openid-configuration`,
            'api-version': '1.1',
            metadata: [
              {
                preferred_network: 'login.microsoftonline.com',
                preferred_cache: 'login.windows.net',
                aliases: [
                  'login.microsoftonline.com',
                  'login.windows.net',
                  'login.microsoft.com',
                  'sts.windows.net',
                ],
              },
            ],
          });
        }
        if (
          request.method === 'GET' &&
          url.pathname === `/${tenant}/v2.0/.well-known/openid-configuration`
        ) {
          return HttpResponse.json({
            token_endpoint: `${entra}/${tenant}/oauth2/v2.0/token`,
            authorization_endpoint: `${entra}/${tenant}/oauth2/v2.0/authorize`,
            end_session_endpoint: `${entra}/${tenant}/oauth2/v2.0/logout`,
            device_authorization_endpoint: `${entra}/${tenant}/oauth2/v2.0/devicecode`,
            jwks_uri: `${entra}/${tenant}/discovery/v2.0/keys`,
            issuer: `${entra}/${tenant}/v2.0`,
            token_endpoint_auth_methods_supported: [
              'client_secret_post',
              'private_key_jwt',
              'client_secret_basic',
            ],
            response_types_supported: ['code', 'id_token', 'token id_token'],
            scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
          });
        }
        if (
          request.method === 'POST' &&
          url.pathname === `/${tenant}/oauth2/v2.0/token`
        ) {
          tokenCalls.push(await formOf(request));
          return answer(tokenCalls.length - 1);
        }
        return new HttpResponse('not mocked', { status: 404 });
      }),
    );
    return { seen, tokenCalls };
  }

  const tokenResponse = (accessToken: string) =>
    HttpResponse.json({
      token_type: 'Bearer',
      expires_in: 3599,
      ext_expires_in: 3599,
      access_token: accessToken,
    });

  const newAccessToken = () =>
    `eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.azure-test.${crypto
      .randomBytes(8)
      .toString('hex')}`;

  it('gets an AKS-scoped token with the client secret from the environment', async () => {
    useAzureEnv();
    const accessToken = newAccessToken();
    const { seen, tokenCalls } = mockEntraId(() => tokenResponse(accessToken));

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
    const { tokenCalls } = mockEntraId(call =>
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
