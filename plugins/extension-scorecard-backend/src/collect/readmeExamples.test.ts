/**
 * The four cluster examples of README.md ("## Cluster configuration", each after a
 * `<!-- cluster-example: NAME -->` marker) work as printed: each yaml block is parsed,
 * its `${VAR}` placeholders get test values (as Backstage substitutes them, after
 * parsing), its cluster is pointed at the stand-in API server (HTTPS), and the
 * directory is built the way the plugin builds it (plugin.ts). The cluster is then
 * located, collected through the Kubernetes plugin's real strategy, and the
 * `Authorization` header the stand-in received is the one the example's provider
 * must produce; only the cloud endpoints (AWS STS, Google OAuth, Entra ID) are msw.
 */
import fs from 'node:fs';
import path from 'node:path';
import { mockServices } from '@backstage/backend-test-utils';
import { Config, ConfigReader } from '@backstage/config';
import { parse } from 'yaml';
import {
  AKS_SCOPE,
  authorizationOf,
  AWS_REGION,
  entraTokenResponse,
  expectedPresignSignature,
  googleServiceAccountKey,
  mockEntraId,
  mockGoogleTokenEndpoint,
  mockSts,
  newEntraAccessToken,
  newGoogleAccessToken,
  objectCount,
  temporaryAwsCredentials,
  presignedUrlOf,
  useAzureEnv,
  useCloudAuthTestEnvironment,
  useStaticAwsCredentials,
} from './__testUtils__/cloudAuth';
import { createClusterAuth } from './auth';
import type { GkeCluster } from './locators';
import { ClusterDirectory } from './sources';

// client-node and google-gax load on first use
jest.setTimeout(60_000);

const README = path.resolve(__dirname, '../../README.md');
/** Every example the README has; a new one must get a test here. */
const EXAMPLES = ['eks', 'gke', 'aks', 'service-account'];

const EKS_EXTERNAL_ID = 'acme-eks-prod-7f3a91';
const COLLECTOR_TOKEN = 'onprem-gpu-collector-token-c0ffee';

const cloud = useCloudAuthTestEnvironment({ standIns: { server: {} } });
const google = googleServiceAccountKey();

/** The yaml block after each `<!-- cluster-example: NAME -->` of the section. */
function readmeExamples(): Map<string, string> {
  const readme = fs.readFileSync(README, 'utf8');
  const start = readme.indexOf('\n## Cluster configuration\n');
  if (start < 0) {
    throw new Error(`${README} has no "## Cluster configuration" section`);
  }
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const examples = new Map<string, string>();
  for (const marker of section.matchAll(/<!-- cluster-example: (\S+) -->/g)) {
    const after = section.slice(marker.index! + marker[0].length);
    const block = /^\s*```yaml\n([\s\S]*?)\n```/.exec(after);
    if (!block) {
      throw new Error(
        `README.md: ${marker[0]} is not followed by a \`\`\`yaml block`,
      );
    }
    if (examples.has(marker[1])) {
      throw new Error(`README.md: ${marker[0]} appears twice`);
    }
    examples.set(marker[1], block[1]);
  }
  return examples;
}

/** The test value of a README placeholder. */
function placeholder(name: string, example: string): string {
  const server = cloud.standIns().server;
  if (name === 'GKE_READER_KEY_JSON') return JSON.stringify(google.key);
  if (name === 'EKS_PROD_EXTERNAL_ID') return EKS_EXTERNAL_ID;
  if (name.endsWith('_CA')) return server.caData!;
  if (name.endsWith('_TOKEN')) return COLLECTOR_TOKEN;
  throw new Error(
    `README.md example '${example}' uses \${${name}}, which this test has no value for`,
  );
}

function substitute(value: unknown, example: string): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{(\w+)\}/g, (_, name: string) =>
      placeholder(name, example),
    );
  }
  if (Array.isArray(value)) return value.map(v => substitute(v, example));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, substitute(v, example)]),
    );
  }
  return value;
}

/**
 * The example's config with test values, its config clusters at the stand-in (gke
 * clusters get their URL from the fake GKE list), and the example as printed.
 */
function loadExample(example: string): { config: Config; printed: any } {
  const text = readmeExamples().get(example);
  if (text === undefined) {
    throw new Error(
      `README.md "## Cluster configuration" has no <!-- cluster-example: ${example} --> followed by a yaml block`,
    );
  }
  const printed = parse(text);
  const values = substitute(printed, example) as any;
  for (const method of values?.kubernetes?.clusterLocatorMethods ?? []) {
    if (method.type === 'config') {
      for (const cluster of method.clusters) {
        // the stand-in is HTTPS as well: only the address changes
        expect(cluster.url).toMatch(/^https:\/\//);
        cluster.url = cloud.standIns().server.url;
      }
    } else if (method.type !== 'gke') {
      throw new Error(
        `README.md example '${example}': locator type '${method.type}' is not handled by this test`,
      );
    }
  }
  return { config: new ConfigReader(values), printed };
}

/** The directory as plugin.ts builds it, located once (as before each collection). */
async function directoryOf(
  config: Config,
  listGkeClusters: (parent: string) => Promise<GkeCluster[]> = async () => {
    throw new Error('this example has no gke locator');
  },
) {
  const logger = mockServices.logger.mock();
  const directory = ClusterDirectory.fromConfig(config, {
    logger,
    auth: createClusterAuth({ config, logger }),
    services: {
      clusterResources: async () => {
        throw new Error('this example has no catalog locator');
      },
      listGkeClusters,
    },
  });
  await directory.refresh();
  return { directory, logger };
}

/** Collects one cluster: no error, the stand-in's data; the header it received. */
async function collect(directory: ClusterDirectory, name: string) {
  const collection = await directory.source(name)!.collect();
  expect(collection.error).toBeUndefined();
  expect(collection.version?.gitVersion).toBe(
    cloud.served().version.gitVersion,
  );
  expect(objectCount(collection)).toBeGreaterThan(0);
  return authorizationOf(cloud.standIns().server);
}

const live = (name: string, locator: string, authProvider: string) => ({
  name,
  type: 'live',
  locator,
  authProvider,
  blockedReason: null,
});

describe('README.md cluster examples', () => {
  it('are exactly the ones tested here, each a yaml block', () => {
    expect([...readmeExamples().keys()].sort()).toEqual([...EXAMPLES].sort());
  });

  it('eks: a presigned STS token with the assumed role, signed for the EKS name', async () => {
    useStaticAwsCredentials();
    const temporary = temporaryAwsCredentials();
    const stsCalls = mockSts(cloud.msw, {
      callerAccount: '111122223333',
      temporary,
    });
    const { config } = loadExample('eks');
    const { directory } = await directoryOf(config);
    expect(directory.entries()).toEqual([live('eks-prod', 'config', 'aws')]);

    const authorization = await collect(directory, 'eks-prod');
    const assumed = stsCalls
      .map(call => Object.fromEntries(call.form))
      .filter(form => form.Action === 'AssumeRole');
    expect(assumed).toEqual([
      expect.objectContaining({
        RoleArn: 'arn:aws:iam::123456789012:role/backstage-eks-reader',
        ExternalId: EKS_EXTERNAL_ID,
      }),
    ]);

    const url = new URL(presignedUrlOf(authorization));
    expect(url.origin).toBe(`https://sts.${AWS_REGION}.amazonaws.com`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      Action: 'GetCallerIdentity',
      // the ASIA… key AssumeRole returned, not the long-lived AKIA… one
      'X-Amz-Credential': expect.stringMatching(
        new RegExp(
          `^${temporary.accessKeyId}/\\d{8}/${AWS_REGION}/sts/aws4_request$`,
        ),
      ),
      'X-Amz-Security-Token': temporary.sessionToken,
      'X-Amz-SignedHeaders': 'host;x-k8s-aws-id',
    });
    // signed with the temporary key of AssumeRole, for the x-k8s-aws-id of
    // authMetadata ('prod', not the entry name 'eks-prod')
    expect(url.searchParams.get('X-Amz-Signature')).toBe(
      expectedPresignSignature(url, 'prod', temporary.secretAccessKey),
    );
  });

  it('gke: the labelled clusters of the project, with the key of the config', async () => {
    const accessToken = newGoogleAccessToken();
    const tokenCalls = mockGoogleTokenEndpoint(cloud.msw, {
      publicKey: google.publicKey,
      accessToken,
    });
    const { config, printed } = loadExample('gke');
    const server = cloud.standIns().server;
    const labels = Object.fromEntries(
      printed.kubernetes.clusterLocatorMethods[0].matchingResourceLabels.map(
        (l: { key: string; value: string }) => [l.key, l.value],
      ),
    );
    expect(Object.keys(labels).length).toBeGreaterThan(0);
    const parents: string[] = [];
    const inGke = (name: string, resourceLabels: Record<string, string>) => ({
      name,
      endpoint: new URL(server.url).host, // 127.0.0.1:<port>
      resourceLabels,
      masterAuth: { clusterCaCertificate: server.caData },
    });
    const { directory } = await directoryOf(config, async parent => {
      parents.push(parent);
      // only the first has the example's labels: the others are filtered out
      return [
        inGke('platform-eu', { ...labels, team: 'platform' }),
        inGke('sandbox-eu', { team: 'platform' }),
        inGke(
          'staging-eu',
          Object.fromEntries(Object.keys(labels).map(k => [k, 'other'])),
        ),
      ];
    });
    expect(parents).toEqual(['projects/acme-platform/locations/europe-west1']);
    expect(directory.entries()).toEqual([
      live('platform-eu', 'gke', 'googleServiceAccount'),
    ]);

    expect(await collect(directory, 'platform-eu')).toBe(
      `Bearer ${accessToken}`,
    );
    // the token came for a JWT signed with the key of googleServiceAccountCredentials
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]).toMatchObject({
      signatureValid: true,
      claims: { iss: google.clientEmail },
    });
  });

  it('aks: an AKS-scoped Entra ID token of the backend identity', async () => {
    useAzureEnv();
    const accessToken = newEntraAccessToken();
    const entra = mockEntraId(cloud.msw, () => entraTokenResponse(accessToken));
    const { config } = loadExample('aks');
    const { directory } = await directoryOf(config);
    expect(directory.entries()).toEqual([live('aks-prod', 'config', 'azure')]);

    expect(await collect(directory, 'aks-prod')).toBe(`Bearer ${accessToken}`);
    expect(entra.tokenCalls.map(c => c.form.get('scope'))).toEqual([AKS_SCOPE]);
  });

  it('service-account: the serviceAccountToken of the config, never logged', async () => {
    const { config } = loadExample('service-account');
    const { directory, logger } = await directoryOf(config);
    expect(directory.entries()).toEqual([
      live('onprem-gpu', 'config', 'serviceAccount'),
    ]);

    expect(await collect(directory, 'onprem-gpu')).toBe(
      `Bearer ${COLLECTOR_TOKEN}`,
    );
    const logged = JSON.stringify([
      (logger.info as jest.Mock).mock.calls,
      (logger.warn as jest.Mock).mock.calls,
    ]);
    expect(logged).toContain('onprem-gpu');
    expect(logged).not.toContain(COLLECTOR_TOKEN);
  });
});
