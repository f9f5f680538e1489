/**
 * Authentication to live clusters through the Kubernetes plugin's own strategies
 * (`@backstage/plugin-kubernetes-backend`), so a cluster entry that works in the
 * Kubernetes tab works here unchanged:
 *
 * | authProvider           | strategy                       | credential                                   |
 * |------------------------|--------------------------------|----------------------------------------------|
 * | `serviceAccount`       | ServiceAccountStrategy         | `serviceAccountToken`, else the pod's token   |
 * | `aws`                  | AwsIamStrategy                 | presigned STS token (`assumeRole`, `externalId`) |
 * | `googleServiceAccount` | GoogleServiceAccountStrategy   | `kubernetes.googleServiceAccountCredentials` or ADC |
 * | `azure`                | AzureIdentityStrategy          | DefaultAzureCredential (workload identity, managed identity, env) |
 * | `localKubectlProxy`    | AnonymousStrategy              | none (`kubectl proxy` adds it)               |
 *
 * `google`, `oidc` and `aks` use the token of the user signed in to Backstage: a
 * background collector has none, so such clusters are listed with the reason and
 * what to configure instead, and never contacted.
 *
 * Credentials never leave this module except inside the client configuration, and
 * every secret string is handed to the collector's redaction.
 */
import type { LoggerService } from '@backstage/backend-plugin-api';
import type { Config } from '@backstage/config';
import type {
  AuthenticationStrategy,
  ClusterDetails,
  KubernetesCredential,
} from '@backstage/plugin-kubernetes-node';
import {
  IN_CLUSTER_TOKEN_PATH,
  kubeConfigFor,
  LiveClusterConfig,
  LiveConnection,
  LiveConnector,
  loadClientNode,
  readInClusterToken,
} from './live';

/** The annotation key of the auth provider in the Kubernetes plugin's auth metadata. */
export const AUTH_PROVIDER_KEY = 'kubernetes.io/auth-provider';

/**
 * Providers that need the signed-in user's token: why a background collector cannot
 * use them, and what to configure instead.
 */
export const USER_TOKEN_PROVIDERS: Readonly<Record<string, string>> = {
  google:
    "authProvider 'google' uses the Google sign-in of the person viewing the Kubernetes tab; a background collector has no signed-in user. Use 'googleServiceAccount' (kubernetes.googleServiceAccountCredentials, or Application Default Credentials / GKE workload identity) or a 'serviceAccount' token bound to the collector's ClusterRole.",
  oidc: "authProvider 'oidc' uses the OIDC token of the person viewing the Kubernetes tab; a background collector has no signed-in user. Give this cluster a 'serviceAccount' token bound to the collector's ClusterRole (deploy/collector-rbac.yaml), e.g. in extensionScorecard.clusters with the same name.",
  aks: "authProvider 'aks' uses the AKS token of the person viewing the Kubernetes tab; a background collector has no signed-in user. Use 'azure' (DefaultAzureCredential: workload identity, managed identity or AZURE_CLIENT_ID/AZURE_TENANT_ID/AZURE_CLIENT_SECRET) or a 'serviceAccount' token.",
};

/** Providers the collector can use. */
export const SERVER_SIDE_PROVIDERS = [
  'serviceAccount',
  'aws',
  'googleServiceAccount',
  'azure',
  'localKubectlProxy',
] as const;

/** Authentication for the live clusters of one backend. @public */
export interface ClusterAuth {
  /** Why the collector cannot authenticate to this cluster at all, or undefined. */
  blockedReason(cluster: LiveClusterConfig): string | undefined;
  /** Builds the authenticated client configuration of one cluster. */
  connect: LiveConnector;
}

/**
 * The cluster authentication of a backend, with the Kubernetes plugin's strategies
 * built from the root config (AWS integration, Google credentials).
 * @public
 */
export function createClusterAuth(options: {
  config: Config;
  logger: LoggerService;
  /** Replaces or adds strategies by provider name (tests, custom providers). */
  strategies?: Record<string, AuthenticationStrategy>;
  inClusterTokenPath?: string;
}): ClusterAuth {
  const lazy = new Map<string, AuthenticationStrategy>();
  const factories: Record<string, () => AuthenticationStrategy> = {
    serviceAccount: () => serviceAccountStrategy(),
    aws: () => new (strategies().AwsIamStrategy)({ config: options.config }),
    googleServiceAccount: () =>
      new (strategies().GoogleServiceAccountStrategy)({
        config: options.config,
      }),
    azure: () => new (strategies().AzureIdentityStrategy)(options.logger),
    localKubectlProxy: () => new (strategies().AnonymousStrategy)(),
  };
  const strategyFor = (provider: string) => {
    const given = options.strategies?.[provider];
    if (given) return given;
    let strategy = lazy.get(provider);
    if (!strategy && factories[provider]) {
      strategy = factories[provider]();
      lazy.set(provider, strategy);
    }
    return strategy;
  };

  const blockedReason = (cluster: LiveClusterConfig) => {
    const provider = providerOf(cluster);
    if (options.strategies?.[provider]) return undefined;
    if (USER_TOKEN_PROVIDERS[provider]) return USER_TOKEN_PROVIDERS[provider];
    if (!factories[provider]) {
      return `authProvider '${provider}' is unknown; the collector supports ${SERVER_SIDE_PROVIDERS.join(
        ', ',
      )}`;
    }
    return undefined;
  };

  const connect = async (
    cluster: LiveClusterConfig,
  ): Promise<LiveConnection> => {
    const blocked = blockedReason(cluster);
    if (blocked) throw new Error(blocked);
    const provider = providerOf(cluster);
    let token = cluster.serviceAccountToken?.trim();
    if (provider === 'serviceAccount' && !token) {
      token = await readInClusterToken(
        options.inClusterTokenPath ?? IN_CLUSTER_TOKEN_PATH,
      );
      // outside a cluster and without a token: anonymous, the API server decides
      if (!token)
        return { kubeConfig: kubeConfigFor(cluster, {}), secrets: [] };
    }
    const details: ClusterDetails = {
      name: cluster.name,
      url: cluster.url,
      caData: cluster.caData,
      caFile: cluster.caFile,
      skipTLSVerify: cluster.skipTLSVerify ?? false,
      authMetadata: {
        ...cluster.authMetadata,
        [AUTH_PROVIDER_KEY]: provider,
        ...(token ? { serviceAccountToken: token } : {}),
      },
    };
    let credential: KubernetesCredential;
    try {
      credential = await strategyFor(provider)!.getCredential(details, {});
    } catch (error) {
      // a strategy may keep a failed attempt for good (AzureIdentityStrategy keeps
      // its rejected token promise and would repeat that error forever): the next
      // collection builds a fresh one
      lazy.delete(provider);
      throw new Error(
        `authProvider '${provider}' could not produce a credential: ${
          (error as Error)?.message ?? String(error)
        }`,
      );
    }
    return connectionFor(cluster, credential);
  };

  return { blockedReason, connect };
}

/**
 * The Kubernetes plugin's ServiceAccountStrategy with client-node handed in, loaded
 * the way the collector loads it (`loadClientNode`): the strategy's own
 * `await import('@kubernetes/client-node')` fails under Jest without
 * --experimental-vm-modules ("A dynamic import callback was invoked without
 * --experimental-vm-modules"), which broke every serviceAccount cluster in tests
 * that run the plugin. Same module, same behaviour under Node.
 */
function serviceAccountStrategy(): AuthenticationStrategy {
  const strategy = new (strategies().ServiceAccountStrategy)();
  // the strategy's own seam for this (private in its types); were it gone, the
  // strategy would import client-node itself, as before
  (
    strategy as unknown as { injectedKubernetesClient?: unknown }
  ).injectedKubernetesClient = loadClientNode();
  return strategy;
}

/**
 * The Kubernetes backend plugin, loaded when the first credential is built: it brings
 * the AWS, Azure and Google SDKs (about 1.5 s and 90 MB to load), which a backend or a
 * CLI run without live clusters never needs.
 */
function strategies(): typeof import('@backstage/plugin-kubernetes-backend') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('@backstage/plugin-kubernetes-backend');
}

/** The provider of a cluster entry (`serviceAccount` when none is named). */
export function providerOf(cluster: LiveClusterConfig): string {
  return (
    cluster.authProvider ??
    cluster.authMetadata?.[AUTH_PROVIDER_KEY] ??
    'serviceAccount'
  );
}

/** A KubeConfig carrying the strategy's credential; its secrets listed for redaction. */
function connectionFor(
  cluster: LiveClusterConfig,
  credential: KubernetesCredential,
): LiveConnection {
  switch (credential.type) {
    case 'bearer token':
      return {
        kubeConfig: kubeConfigFor(cluster, { token: credential.token }),
        secrets: [credential.token],
      };
    case 'x509 client certificate':
      return {
        kubeConfig: kubeConfigFor(cluster, {
          certData: Buffer.from(credential.cert).toString('base64'),
          keyData: Buffer.from(credential.key).toString('base64'),
        }),
        secrets: [credential.key],
      };
    default:
      return { kubeConfig: kubeConfigFor(cluster, {}), secrets: [] };
  }
}
