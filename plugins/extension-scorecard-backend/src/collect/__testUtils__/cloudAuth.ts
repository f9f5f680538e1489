/**
 * The cloud side of the cluster auth tests (auth.test.ts, readmeExamples.test.ts):
 * the Kubernetes plugin's REAL strategies run against msw answers for AWS STS, Google
 * OAuth and Microsoft Entra ID only, and collect from stand-in API servers over HTTPS.
 *
 * - `useCloudAuthTestEnvironment`: msw (nothing may leave for the real internet), an
 *   environment without any AWS/Azure/Google variable of the machine running the
 *   tests, a temporary directory per test, and the stand-ins;
 * - AWS: static env credentials, an STS mock (GetCallerIdentity, AssumeRole), and the
 *   decoding and SigV4 verification of the presigned URL inside an EKS token;
 * - Google: a generated service-account key, and a token endpoint that checks the
 *   RS256 signature of the JWT assertion with the key's public half;
 * - Azure: client-secret env variables and the Entra ID endpoints of the tenant.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer, SetupServer } from 'msw/node';
import {
  StandInApiServer,
  StandInCluster,
  StandInOptions,
  standInClusterFromDump,
  startStandInApiServer,
} from '../../testUtils/standInApiServer';

export const PROD_EU = path.resolve(
  __dirname,
  '../../../../../examples/clusters/prod-eu',
);

export const AWS_KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
export const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
export const AWS_REGION = 'eu-west-1';
export const AKS_SCOPE = '6dae42f8-4368-4678-94ff-3960e28e3630/.default';
const EMPTY_SHA256 =
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** A form-encoded request a cloud endpoint received. */
export interface FormRequest {
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

/**
 * No ambient cloud credential of the machine running the tests may be used: every
 * AWS/Azure/Google variable is removed, the AWS shared files point at empty files
 * and the EC2 metadata service is off.
 */
async function isolateCloudEnv(tmp: string) {
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

/** What `useCloudAuthTestEnvironment` sets up; getters are valid inside tests. */
export interface CloudAuthTestEnvironment<Name extends string> {
  /** Answers the cloud endpoints (`msw.use(...)`); handlers are reset after each test. */
  msw: SetupServer;
  /** The temporary directory of the current test. */
  tmp(): string;
  /** What the stand-ins serve (examples/clusters/prod-eu). */
  served(): StandInCluster;
  /** The running stand-ins, HTTPS, their `requests` emptied before each test. */
  standIns(): Record<Name, StandInApiServer>;
}

/**
 * Call once at the top of a test file: registers the hooks that start msw and the
 * stand-ins (serving examples/clusters/prod-eu over HTTPS, one per name, with the
 * given options), isolate the environment of each test and restore it after, and fail
 * a test whose code sent a request to a host no handler answered.
 */
export function useCloudAuthTestEnvironment<Name extends string>(options: {
  standIns: Record<Name, Omit<StandInOptions, 'cluster' | 'tls'>>;
}): CloudAuthTestEnvironment<Name> {
  /** Every request to anything but the stand-ins that no test handler answered. */
  const unexpected: string[] = [];
  const msw = setupServer(
    // fallback (test handlers are prepended): nothing may leave for the real internet
    http.all(/^https?:\/\/(?!127\.0\.0\.1[:/])/, ({ request }) => {
      unexpected.push(`${request.method} ${request.url}`);
      return HttpResponse.error();
    }),
  );
  let served: StandInCluster | undefined;
  let standIns: Record<Name, StandInApiServer> | undefined;
  let savedEnv: NodeJS.ProcessEnv = {};
  let tmp: string | undefined;

  beforeAll(async () => {
    // the stand-in on 127.0.0.1 passes through
    msw.listen({ onUnhandledRequest: 'bypass' });
    served = await standInClusterFromDump(PROD_EU);
    const started: Partial<Record<Name, StandInApiServer>> = {};
    for (const name of Object.keys(options.standIns) as Name[]) {
      started[name] = await startStandInApiServer({
        ...options.standIns[name],
        cluster: served,
        tls: true,
      });
    }
    standIns = started as Record<Name, StandInApiServer>;
  });

  afterAll(async () => {
    msw.close();
    for (const server of Object.values<StandInApiServer>(standIns ?? {})) {
      await server.close();
    }
  });

  beforeEach(async () => {
    savedEnv = { ...process.env };
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'scorecard-auth-'));
    await isolateCloudEnv(tmp);
    for (const server of Object.values<StandInApiServer>(standIns ?? {})) {
      server.requests.splice(0);
    }
    unexpected.splice(0);
  });

  afterEach(async () => {
    msw.resetHandlers();
    for (const name of Object.keys(process.env)) {
      if (!(name in savedEnv)) delete process.env[name];
    }
    Object.assign(process.env, savedEnv);
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
    tmp = undefined;
    if (unexpected.length > 0) {
      throw new Error(`requests to unmocked hosts: ${unexpected.join(', ')}`);
    }
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} used outside a test`);
    return value;
  };
  return {
    msw,
    tmp: () => started(tmp, 'tmp()'),
    served: () => started(served, 'served()'),
    standIns: () => started(standIns, 'standIns()'),
  };
}

// ── stand-in ────────────────────────────────────────────────────────────────────

/** The one Authorization header every request of the collection carried. */
export function authorizationOf(server: StandInApiServer): string | undefined {
  expect(server.requests.length).toBeGreaterThan(3);
  const headers = new Set(server.requests.map(r => r.authorization));
  expect(headers.size).toBe(1);
  return [...headers][0];
}

export function objectCount(collection: {
  objects: Record<string, unknown[]>;
}) {
  return Object.values(collection.objects).reduce(
    (n, list) => n + (list?.length ?? 0),
    0,
  );
}

// ── AWS ─────────────────────────────────────────────────────────────────────────

/** The long-lived key AWS_KEY_ID/AWS_SECRET in the environment, region AWS_REGION. */
export function useStaticAwsCredentials() {
  process.env.AWS_ACCESS_KEY_ID = AWS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY = AWS_SECRET;
  process.env.AWS_REGION = AWS_REGION;
}

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
export function expectedPresignSignature(
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
export function presignedUrlOf(authorization: string | undefined): string {
  const match = /^Bearer k8s-aws-v1\.([A-Za-z0-9_-]+)$/.exec(
    authorization ?? '',
  );
  expect(match).not.toBeNull();
  return Buffer.from(match![1], 'base64url').toString('utf8');
}

/** Temporary credentials as STS AssumeRole returns them. */
export interface TemporaryAwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}

/** Fresh temporary credentials, valid for an hour. */
export function temporaryAwsCredentials(): TemporaryAwsCredentials {
  return {
    accessKeyId: 'ASIAIOSFODNN7TEMPKEY',
    secretAccessKey: 'tEmP/SeCrEt+KeY/1234567890abcdefEXAMPLE',
    // '/', '+' and '=' exercise the URL encoding of the session token
    sessionToken: 'FwoGZXIvYXdzEJr//////////wEaDtest+session/token==',
    expiration: new Date(Date.now() + 3600_000),
  };
}

const STS_XML = { 'content-type': 'text/xml' };

function assumeRoleXml(credentials: TemporaryAwsCredentials) {
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

/**
 * AWS STS of every region: GetCallerIdentity answers `callerAccount` (the collector's
 * own account: not the role's, so no AWS integration matches and the main credentials
 * are the source of the AssumeRole), AssumeRole answers `temporary`. Returns the calls.
 */
export function mockSts(
  msw: SetupServer,
  options: { callerAccount: string; temporary: TemporaryAwsCredentials },
): FormRequest[] {
  const stsCalls: FormRequest[] = [];
  msw.use(
    http.post(
      /^https:\/\/sts\.[a-z0-9-]+\.amazonaws\.com\/?$/,
      async ({ request }) => {
        const call = await formOf(request);
        stsCalls.push(call);
        switch (call.form.get('Action')) {
          case 'GetCallerIdentity':
            return new HttpResponse(callerIdentityXml(options.callerAccount), {
              headers: STS_XML,
            });
          case 'AssumeRole':
            return new HttpResponse(assumeRoleXml(options.temporary), {
              headers: STS_XML,
            });
          default:
            return new HttpResponse('unexpected STS action', { status: 400 });
        }
      },
    ),
  );
  return stsCalls;
}

// ── Google ──────────────────────────────────────────────────────────────────────

/** A freshly generated service account key (the JSON of a downloaded key, parsed). */
export function googleServiceAccountKey() {
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
  return { key, publicKey, clientEmail };
}

export const newGoogleAccessToken = () =>
  `ya29.test-${crypto.randomBytes(12).toString('hex')}`;

function jwtPart(part: string) {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

/** A call to Google's token endpoint, with its JWT assertion decoded and verified. */
export type GoogleTokenCall = FormRequest & {
  header: any;
  claims: any;
  signatureValid: boolean;
};

/**
 * Google's OAuth token endpoint: answers `accessToken` to every JWT bearer grant and
 * records it with the assertion's header, claims and whether its RS256 signature
 * verifies with `publicKey`. Returns the calls.
 */
export function mockGoogleTokenEndpoint(
  msw: SetupServer,
  options: { publicKey: string; accessToken: string },
): GoogleTokenCall[] {
  const tokenCalls: GoogleTokenCall[] = [];
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
        options.publicKey,
        Buffer.from(signature, 'base64url'),
      ),
    });
    return HttpResponse.json({
      access_token: options.accessToken,
      expires_in: 3599,
      token_type: 'Bearer',
    });
  };
  msw.use(
    // the key's token_uri, and the fixed endpoint gtoken 7 posts to
    http.post('https://oauth2.googleapis.com/token', tokenEndpoint),
    http.post('https://www.googleapis.com/oauth2/v4/token', tokenEndpoint),
  );
  return tokenCalls;
}

// ── Azure ───────────────────────────────────────────────────────────────────────

export const AZURE_TENANT_ID = '72f988bf-86f1-41af-91ab-2d7cd011db47';
export const AZURE_CLIENT_ID = '04b07795-8ddb-461a-bbee-02f9e1bf7b46';
const ENTRA = 'https://login.microsoftonline.com';

/** The client secret credential DefaultAzureCredential builds from these. */
export function useAzureEnv() {
  process.env.AZURE_TENANT_ID = AZURE_TENANT_ID;
  process.env.AZURE_CLIENT_ID = AZURE_CLIENT_ID;
  process.env.AZURE_CLIENT_SECRET = 'test-client-secret-value';
}

/**
 * Microsoft Entra ID for the tenant: instance discovery and OpenID configuration
 * (MSAL knows login.microsoftonline.com's metadata and may skip them) and the v2.0
 * token endpoint, whose n-th call (from 0) `answer` decides.
 */
export function mockEntraId(
  msw: SetupServer,
  answer: (call: number) => Response,
) {
  const tenant = AZURE_TENANT_ID;
  const seen: string[] = [];
  const tokenCalls: FormRequest[] = [];
  msw.use(
    http.all(`${ENTRA}/*`, async ({ request }) => {
      const url = new URL(request.url);
      seen.push(`${request.method} ${url.pathname}`);
      if (
        request.method === 'GET' &&
        url.pathname === '/common/discovery/instance'
      ) {
        return HttpResponse.json({
          tenant_discovery_endpoint: `${ENTRA}/${tenant}/v2.0/.well-known/openid-configuration`,
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
          token_endpoint: `${ENTRA}/${tenant}/oauth2/v2.0/token`,
          authorization_endpoint: `${ENTRA}/${tenant}/oauth2/v2.0/authorize`,
          end_session_endpoint: `${ENTRA}/${tenant}/oauth2/v2.0/logout`,
          device_authorization_endpoint: `${ENTRA}/${tenant}/oauth2/v2.0/devicecode`,
          jwks_uri: `${ENTRA}/${tenant}/discovery/v2.0/keys`,
          issuer: `${ENTRA}/${tenant}/v2.0`,
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

/** A successful answer of the Entra ID token endpoint. */
export const entraTokenResponse = (accessToken: string) =>
  HttpResponse.json({
    token_type: 'Bearer',
    expires_in: 3599,
    ext_expires_in: 3599,
    access_token: accessToken,
  });

export const newEntraAccessToken = () =>
  `eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.azure-test.${crypto
    .randomBytes(8)
    .toString('hex')}`;
