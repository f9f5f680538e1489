/**
 * Which clusters to audit, from app-config:
 * - `kubernetes.clusterLocatorMethods[type=config].clusters`: the Kubernetes plugin's
 *   own cluster list, so an existing Backstage needs no second one;
 * - `extensionScorecard.clusters`: adds clusters, or overrides fields of a cluster of the
 *   same name (e.g. a longer `timeoutSeconds`), and sets `timeoutSeconds`/`pageSize`;
 * - `extensionScorecard.dumps`: offline dump directories.
 *
 * Bad configuration is an InputError naming the config path; tokens never appear in it.
 */
import path from 'node:path';
import type { LoggerService } from '@backstage/backend-plugin-api';
import type { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import { createDumpClusterSource } from './dumps';
import {
  createLiveClusterSource,
  LIVE_CLUSTER_DEFAULTS,
  LiveClusterConfig,
} from './live';
import type { ClusterSource } from './types';

/**
 * The cluster sources configured in app-config, live clusters first, then dumps.
 * @public
 */
export function createClusterSources(
  config: Config,
  logger: LoggerService,
): ClusterSource[] {
  const live = readLiveClusterConfigs(config, logger);
  const dumps = readDumpConfigs(config);
  const names = new Set<string>();
  for (const name of [...live.map(c => c.name), ...dumps.map(d => d.name)]) {
    if (names.has(name)) {
      throw new InputError(
        `Cluster name '${name}' is used by both a live cluster and a dump (extensionScorecard.dumps)`,
      );
    }
    names.add(name);
  }
  for (const c of live) {
    logger.info(
      `extension-scorecard: live cluster '${c.name}' at ${c.url} (timeout ${c.timeoutSeconds}s, page size ${c.pageSize})`,
    );
  }
  for (const d of dumps) {
    logger.info(
      `extension-scorecard: cluster dump '${d.name}' from ${d.directory}`,
    );
  }
  return [
    ...live.map(c => createLiveClusterSource(c)),
    ...dumps.map(d => createDumpClusterSource(d)),
  ];
}

/** Live cluster settings from both config sections, merged by name. @public */
export function readLiveClusterConfigs(
  config: Config,
  logger?: LoggerService,
): LiveClusterConfig[] {
  const byName = new Map<string, Partial<LiveClusterConfig>>();

  const methods =
    config.getOptionalConfigArray('kubernetes.clusterLocatorMethods') ?? [];
  methods.forEach((method, i) => {
    const type = method.getString('type');
    if (type !== 'config') {
      logger?.info(
        `extension-scorecard: kubernetes.clusterLocatorMethods[${i}] of type '${type}' is not read; only 'config' is`,
      );
      return;
    }
    for (const c of method.getOptionalConfigArray('clusters') ?? []) {
      const entry = readClusterFields(
        c,
        `kubernetes.clusterLocatorMethods[${i}].clusters`,
      );
      byName.set(entry.name!, entry);
    }
  });

  for (const c of config.getOptionalConfigArray(
    'extensionScorecard.clusters',
  ) ?? []) {
    const entry = readClusterFields(c, 'extensionScorecard.clusters');
    const merged = { ...byName.get(entry.name!), ...stripUndefined(entry) };
    byName.set(entry.name!, merged);
  }

  return [...byName.values()].map(entry => {
    if (!entry.url) {
      throw new InputError(
        `Cluster '${entry.name}' has no url (extensionScorecard.clusters adds a cluster only with a url)`,
      );
    }
    let url: URL;
    try {
      url = new URL(entry.url);
    } catch {
      throw new InputError(`Cluster '${entry.name}' has an invalid url`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new InputError(`Cluster '${entry.name}' url must be http(s)`);
    }
    return {
      ...LIVE_CLUSTER_DEFAULTS,
      ...stripUndefined(entry),
      name: entry.name!,
      url: entry.url,
    } as LiveClusterConfig;
  });
}

function readClusterFields(
  c: Config,
  where: string,
): Partial<LiveClusterConfig> {
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
  return {
    name,
    url: c.getOptionalString('url'),
    serviceAccountToken: c.getOptionalString('serviceAccountToken'),
    caData: c.getOptionalString('caData'),
    caFile: c.getOptionalString('caFile'),
    skipTLSVerify: c.getOptionalBoolean('skipTLSVerify'),
    authProvider:
      c.getOptionalString('authProvider') ?? authProviderFromMetadata(c),
    timeoutSeconds: positive('timeoutSeconds'),
    pageSize,
  };
}

/** Newer Kubernetes plugin config: `authMetadata: { kubernetes.io/auth-provider: ... }`. */
function authProviderFromMetadata(c: Config): string | undefined {
  const meta = c.getOptional<Record<string, unknown>>('authMetadata');
  const value = meta?.['kubernetes.io/auth-provider'];
  return typeof value === 'string' ? value : undefined;
}

/** Dump directories from `extensionScorecard.dumps`, resolved against the working directory. @public */
export function readDumpConfigs(
  config: Config,
): Array<{ name: string; directory: string }> {
  return (config.getOptionalConfigArray('extensionScorecard.dumps') ?? []).map(
    d => ({
      name: d.getString('name'),
      directory: path.resolve(d.getString('directory')),
    }),
  );
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined),
  ) as Partial<T>;
}
