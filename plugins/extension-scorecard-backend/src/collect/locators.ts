/**
 * Cluster locators: every `kubernetes.clusterLocatorMethods` type the Kubernetes
 * plugin has, read the way it reads them, so an existing Backstage needs no second
 * cluster list.
 *
 * - `config`: the listed clusters (`authProvider` or `authMetadata`, `serviceAccountToken`,
 *   `assumeRole`, `externalId`, `caData`/`caFile`, `skipTLSVerify`);
 * - `catalog`: Resource entities of `spec.type: kubernetes-cluster` with the
 *   `kubernetes.io/api-server`, `kubernetes.io/api-server-certificate-authority` and
 *   `kubernetes.io/auth-provider` annotations, read through the catalog at each
 *   collection (clusters come and go with the entities). As in the Kubernetes plugin,
 *   the URL must be HTTPS to a public address unless its host is listed in
 *   `dangerouslyAllowClusterUrls`, `kubernetes.io/skip-tls-verify` counts only with
 *   `dangerouslyAllowSkipTLSVerify`, and no token is taken from an annotation;
 * - `gke`: the clusters of a Google Cloud project through `@google-cloud/container`'s
 *   ClusterManagerClient (the Kubernetes plugin's library), with `matchingResourceLabels`;
 * - `localKubectlProxy`: `http://127.0.0.1:8001`, no credential (development).
 *
 * Static locators (config, localKubectlProxy) are read at start; dynamic ones
 * (catalog, gke) at each collection.
 */
import dns from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { AuthService } from '@backstage/backend-plugin-api';
import type { Config } from '@backstage/config';
import type { Entity } from '@backstage/catalog-model';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import { InputError } from '@backstage/errors';
import { AUTH_PROVIDER_KEY } from './auth';
import type { LiveClusterConfig } from './live';

/** A cluster entry as a locator found it; settings not given stay undefined. */
export type LocatedClusterEntry = Partial<LiveClusterConfig> & {
  name: string;
  locator: string;
  /** Why this entry cannot be collected (a refused catalog URL). */
  blockedReason?: string;
};

/** A locator read at each collection. */
export interface DynamicClusterLocator {
  /** `catalog` or `gke`, with its index: `kubernetes.clusterLocatorMethods[2] (catalog)`. */
  description: string;
  locate(): Promise<LocatedClusterEntry[]>;
}

/** What the dynamic locators need from the backend. */
export interface LocatorServices {
  /** Resource entities of type kubernetes-cluster, read with the plugin's own credentials. */
  clusterResources?: () => Promise<Entity[]>;
  /** Lists GKE clusters (default: `@google-cloud/container`'s ClusterManagerClient). */
  listGkeClusters?: (parent: string) => Promise<GkeCluster[]>;
}

/** The fields of a GKE cluster the locator reads. */
export interface GkeCluster {
  name?: string | null;
  endpoint?: string | null;
  resourceLabels?: Record<string, string> | null;
  masterAuth?: { clusterCaCertificate?: string | null } | null;
  controlPlaneEndpointsConfig?: {
    dnsEndpointConfig?: { endpoint?: string | null } | null;
  } | null;
}

/**
 * The Resource entities of type kubernetes-cluster, read with the plugin's own
 * credentials (what the catalog locator needs: names and annotations).
 */
export function catalogClusterResources(
  catalog: CatalogService,
  auth: AuthService,
): () => Promise<Entity[]> {
  return async () => {
    const { items } = await catalog.getEntities(
      {
        filter: { kind: 'Resource', 'spec.type': 'kubernetes-cluster' },
        fields: ['kind', 'metadata.name', 'metadata.annotations', 'spec.type'],
      },
      { credentials: await auth.getOwnServiceCredentials() },
    );
    return items;
  };
}

const ANNOTATION_API_SERVER = 'kubernetes.io/api-server';
const ANNOTATION_API_SERVER_CA =
  'kubernetes.io/api-server-certificate-authority';
const ANNOTATION_SKIP_TLS_VERIFY = 'kubernetes.io/skip-tls-verify';
const LOCAL_PROXY_URL = 'http://127.0.0.1:8001';

/** The locators of `kubernetes.clusterLocatorMethods`: static entries now, dynamic ones for later. */
export function readClusterLocators(
  config: Config,
  services: LocatorServices,
): { entries: LocatedClusterEntry[]; dynamic: DynamicClusterLocator[] } {
  const entries: LocatedClusterEntry[] = [];
  const dynamic: DynamicClusterLocator[] = [];
  const methods =
    config.getOptionalConfigArray('kubernetes.clusterLocatorMethods') ?? [];
  methods.forEach((method, i) => {
    const where = `kubernetes.clusterLocatorMethods[${i}]`;
    const type = method.getString('type');
    switch (type) {
      case 'config':
        for (const c of method.getOptionalConfigArray('clusters') ?? []) {
          entries.push({
            ...readClusterFields(c, `${where}.clusters`),
            locator: 'config',
          });
        }
        break;
      case 'localKubectlProxy':
        entries.push({
          name: 'local',
          url: LOCAL_PROXY_URL,
          authProvider: 'localKubectlProxy',
          locator: 'localKubectlProxy',
        });
        break;
      case 'catalog':
        dynamic.push(catalogLocator(method, `${where} (catalog)`, services));
        break;
      case 'gke':
        dynamic.push(gkeLocator(method, `${where} (gke)`, services));
        break;
      default:
        throw new InputError(
          `${where}.type '${type}' is not a cluster locator of the Kubernetes plugin (config, catalog, gke, localKubectlProxy)`,
        );
    }
  });
  return { entries, dynamic };
}

/** The settings of one cluster entry (Kubernetes plugin fields plus ours). */
export function readClusterFields(
  c: Config,
  where: string,
): Omit<LocatedClusterEntry, 'locator'> {
  const name = c.getString('name');
  const positive = (key: string) => {
    const value = c.getOptionalNumber(key);
    if (value !== undefined && !(value > 0)) {
      throw new InputError(
        `${where}: cluster '${name}' ${key} must be a positive number`,
      );
    }
    return value;
  };
  const pageSize = positive('pageSize');
  if (pageSize !== undefined && !Number.isInteger(pageSize)) {
    throw new InputError(
      `${where}: cluster '${name}' pageSize must be an integer`,
    );
  }
  const metadata = stringRecord(
    c.getOptional<Record<string, unknown>>('authMetadata'),
  );
  const assumeRole = c.getOptionalString('assumeRole');
  const externalId = c.getOptionalString('externalId');
  const authMetadata = {
    ...(assumeRole ? { 'kubernetes.io/aws-assume-role': assumeRole } : {}),
    ...(externalId ? { 'kubernetes.io/aws-external-id': externalId } : {}),
    ...metadata,
  };
  return {
    name,
    url: c.getOptionalString('url'),
    serviceAccountToken:
      c.getOptionalString('serviceAccountToken') ??
      metadata?.serviceAccountToken,
    caData: c.getOptionalString('caData'),
    caFile: c.getOptionalString('caFile'),
    skipTLSVerify: c.getOptionalBoolean('skipTLSVerify'),
    authProvider:
      c.getOptionalString('authProvider') ?? metadata?.[AUTH_PROVIDER_KEY],
    authMetadata: Object.keys(authMetadata).length ? authMetadata : undefined,
    timeoutSeconds: positive('timeoutSeconds'),
    pageSize,
  };
}

function stringRecord(
  value: Record<string, unknown> | undefined,
): Record<string, string> | undefined {
  if (!value) return undefined;
  return Object.fromEntries(
    Object.entries(value).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

function catalogLocator(
  method: Config,
  description: string,
  services: LocatorServices,
): DynamicClusterLocator {
  const allowedHosts = method.getOptionalStringArray(
    'dangerouslyAllowClusterUrls',
  );
  const allowSkipTls =
    method.getOptionalBoolean('dangerouslyAllowSkipTLSVerify') ?? false;
  return {
    description,
    async locate() {
      if (!services.clusterResources) {
        throw new Error('the catalog is not available to this backend');
      }
      const located: LocatedClusterEntry[] = [];
      for (const entity of await services.clusterResources()) {
        const annotations = entity.metadata.annotations ?? {};
        const url = annotations[ANNOTATION_API_SERVER];
        const authProvider = annotations[AUTH_PROVIDER_KEY];
        if (!url || !annotations[ANNOTATION_API_SERVER_CA] || !authProvider) {
          continue; // the Kubernetes plugin's filter: all three are required
        }
        const name = entity.metadata.name;
        const problem = await apiServerUrlProblem(url, allowedHosts);
        const authMetadata = Object.fromEntries(
          Object.entries(annotations).filter(
            ([key]) =>
              key.startsWith('kubernetes.io/') && key !== 'serviceAccountToken',
          ),
        );
        located.push({
          name,
          locator: 'catalog',
          url: problem ? undefined : url,
          caData: annotations[ANNOTATION_API_SERVER_CA],
          skipTLSVerify:
            allowSkipTls && annotations[ANNOTATION_SKIP_TLS_VERIFY] === 'true',
          authProvider,
          authMetadata,
          ...(problem ? { blockedReason: `Resource ${name}: ${problem}` } : {}),
        });
      }
      return located;
    },
  };
}

/**
 * Why an API server URL from the catalog is refused (the Kubernetes plugin's rule: a
 * catalog author must not point the backend at internal addresses), or undefined.
 */
async function apiServerUrlProblem(
  value: string,
  allowedHosts: string[] | undefined,
): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `kubernetes.io/api-server '${value}' is not a valid URL`;
  }
  if (url.username || url.password) {
    return 'kubernetes.io/api-server must not contain credentials';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'kubernetes.io/api-server must use http or https';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowedHosts?.some(pattern => hostMatches(host, pattern))) {
    return undefined;
  }
  if (url.protocol !== 'https:') {
    return 'kubernetes.io/api-server must use https (or list its host in dangerouslyAllowClusterUrls)';
  }
  const addresses = ipaddr.isValid(host)
    ? [host]
    : await dns
        .lookup(host, { all: true })
        .then(all => all.map(a => a.address))
        .catch(() => [] as string[]);
  if (addresses.some(a => ipaddr.parse(a).range() !== 'unicast')) {
    return `kubernetes.io/api-server host ${host} is not a public address (list it in dangerouslyAllowClusterUrls to allow it)`;
  }
  return undefined;
}

function hostMatches(host: string, pattern: string): boolean {
  const p = pattern.toLowerCase();
  if (p.startsWith('*.'))
    return host.endsWith(p.slice(1)) || host === p.slice(2);
  return host === p;
}

function gkeLocator(
  method: Config,
  description: string,
  services: LocatorServices,
): DynamicClusterLocator {
  const projectId = method.getString('projectId');
  const region = method.getOptionalString('region') ?? '-';
  const authProvider =
    method.getOptionalString('authProvider') === 'googleServiceAccount'
      ? 'googleServiceAccount'
      : 'google';
  const skipTLSVerify = method.getOptionalBoolean('skipTLSVerify') ?? false;
  const endpointType = method.getOptionalString('endpointType') ?? 'public';
  if (endpointType !== 'public' && endpointType !== 'dns') {
    throw new InputError(
      `${description}: endpointType must be public or dns, got '${endpointType}'`,
    );
  }
  const labels = (
    method.getOptionalConfigArray('matchingResourceLabels') ?? []
  ).map(l => ({ key: l.getString('key'), value: l.getString('value') }));
  const list = services.listGkeClusters ?? listGkeClustersWithClient;
  return {
    description,
    async locate() {
      const parent = `projects/${projectId}/locations/${region}`;
      const clusters = await list(parent);
      return clusters
        .filter(c => labels.every(l => c.resourceLabels?.[l.key] === l.value))
        .filter(c => c.name && c.endpoint)
        .map(c => {
          const dnsEndpoint =
            endpointType === 'dns'
              ? c.controlPlaneEndpointsConfig?.dnsEndpointConfig?.endpoint
              : undefined;
          return {
            name: c.name!,
            locator: 'gke',
            url: `https://${dnsEndpoint ?? c.endpoint}`,
            caData: c.masterAuth?.clusterCaCertificate ?? undefined,
            skipTLSVerify,
            authProvider,
          };
        });
    },
  };
}

/** GKE clusters through the Google Cloud client the Kubernetes plugin uses (ADC). */
async function listGkeClustersWithClient(
  parent: string,
): Promise<GkeCluster[]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const container = require('@google-cloud/container');
  const client = new container.v1.ClusterManagerClient();
  try {
    const [response] = await client.listClusters({ parent });
    return response.clusters ?? [];
  } finally {
    await client.close().catch(() => undefined);
  }
}
