/**
 * Which clusters to audit, from app-config:
 * - `kubernetes.clusterLocatorMethods`: the Kubernetes plugin's own locators (config,
 *   catalog, gke, localKubectlProxy; see locators.ts), so an existing Backstage needs no
 *   second cluster list;
 * - `extensionScorecard.clusters`: adds clusters, or overrides fields of a cluster of the
 *   same name (e.g. a longer `timeoutSeconds`, or a token for a cluster found in the
 *   catalog), and sets `timeoutSeconds`/`pageSize`;
 * - `extensionScorecard.dumps`: offline dump directories.
 *
 * Bad configuration is an InputError naming the config path; tokens never appear in it.
 */
import path from 'node:path';
import type { LoggerService } from '@backstage/backend-plugin-api';
import type { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import type { ClusterAuth } from './auth';
import { createDumpClusterSource } from './dumps';
import {
  createLiveClusterSource,
  LIVE_CLUSTER_DEFAULTS,
  LiveClusterConfig,
} from './live';
import {
  DynamicClusterLocator,
  LocatedClusterEntry,
  LocatorServices,
  readClusterFields,
  readClusterLocators,
} from './locators';
import type { ClusterSource } from './types';

/** A cluster the scorecard knows of, with where it came from. @public */
export interface ClusterEntry {
  name: string;
  type: 'live' | 'dump';
  /** `config`, `catalog`, `gke`, `localKubectlProxy`, `extensionScorecard`, or `dump`. */
  locator: string;
  /** The auth provider of a live cluster. */
  authProvider: string | null;
  /** Why the background collector cannot read this cluster, and what to configure instead. */
  blockedReason: string | null;
}

type Override = Omit<LocatedClusterEntry, 'locator'>;

/** One cluster as located now; `where` is its URL or dump directory (for logs). */
interface Located {
  entry: ClusterEntry;
  source: ClusterSource;
  where: string;
}

/**
 * The clusters of this backend: the static ones of config (Kubernetes plugin config
 * and localKubectlProxy locators, `extensionScorecard.clusters`, dumps) and the
 * dynamic ones the catalog and gke locators find at each `refresh()`.
 * @public
 */
export class ClusterDirectory {
  private current: Located[];
  private located = new Map<DynamicClusterLocator, LocatedClusterEntry[]>();
  private lastProblems = new Map<string, string>();

  private constructor(
    private readonly options: {
      staticEntries: LocatedClusterEntry[];
      dynamic: DynamicClusterLocator[];
      overrides: Override[];
      dumps: Array<{ name: string; directory: string }>;
      auth?: ClusterAuth;
      logger?: LoggerService;
    },
  ) {
    this.current = this.build();
  }

  /** Reads app-config; bad configuration is an InputError naming the config path. */
  static fromConfig(
    config: Config,
    options: {
      logger?: LoggerService;
      auth?: ClusterAuth;
      services?: LocatorServices;
    } = {},
  ): ClusterDirectory {
    const { entries, dynamic } = readClusterLocators(
      config,
      options.services ?? {},
    );
    const directory = new ClusterDirectory({
      staticEntries: entries,
      dynamic,
      overrides: readOverrides(config),
      dumps: readDumpConfigs(config),
      auth: options.auth,
      logger: options.logger,
    });
    for (const located of directory.current) {
      options.logger?.info(`extension-scorecard: ${describeEntry(located)}`);
    }
    for (const locator of dynamic) {
      options.logger?.info(
        `extension-scorecard: clusters of ${locator.description} are located before each collection`,
      );
    }
    return directory;
  }

  /** Whether some clusters are found at each collection (catalog, gke). */
  get hasDynamicLocators(): boolean {
    return this.options.dynamic.length > 0;
  }

  entries(): ClusterEntry[] {
    return this.current.map(c => c.entry);
  }

  sources(): ClusterSource[] {
    return this.current.map(c => c.source);
  }

  source(name: string): ClusterSource | undefined {
    return this.current.find(c => c.entry.name === name)?.source;
  }

  /**
   * Runs the dynamic locators again. A locator that fails keeps the clusters it found
   * last (logged): a catalog outage does not drop clusters from the scorecard.
   */
  async refresh(): Promise<{ added: string[]; removed: string[] }> {
    if (!this.hasDynamicLocators) return { added: [], removed: [] };
    const before = new Set(this.current.map(c => c.entry.name));
    for (const locator of this.options.dynamic) {
      try {
        this.located.set(locator, await locator.locate());
      } catch (error) {
        this.options.logger?.warn(
          `extension-scorecard: ${
            locator.description
          } failed, keeping the clusters it found before: ${
            (error as Error)?.message ?? String(error)
          }`,
        );
      }
    }
    this.current = this.build();
    const after = new Set(this.current.map(c => c.entry.name));
    const added = [...after].filter(n => !before.has(n));
    const removed = [...before].filter(n => !after.has(n));
    for (const name of added) {
      const located = this.current.find(c => c.entry.name === name)!;
      this.options.logger?.info(
        `extension-scorecard: located ${describeEntry(located)}`,
      );
    }
    if (removed.length) {
      this.options.logger?.info(
        `extension-scorecard: no longer located, dropped from the next snapshot: ${removed.join(
          ', ',
        )}`,
      );
    }
    return { added, removed };
  }

  private build(): Located[] {
    const dynamic = this.options.dynamic.flatMap(
      l => this.located.get(l) ?? [],
    );
    const live = mergeLiveClusters(
      [...this.options.staticEntries, ...dynamic],
      this.options.overrides,
      { strict: !this.hasDynamicLocators },
    );
    const { auth } = this.options;
    const problems = new Map<string, string>();
    const result: Located[] = [];
    for (const { cluster, problem } of live) {
      const blockedReason = problem ?? auth?.blockedReason(cluster) ?? null;
      if (blockedReason) problems.set(cluster.name, blockedReason);
      result.push({
        entry: {
          name: cluster.name,
          type: 'live',
          locator: cluster.locator ?? 'config',
          authProvider: cluster.authProvider ?? 'serviceAccount',
          blockedReason,
        },
        where: cluster.url,
        source: blockedReason
          ? blockedClusterSource(cluster.name, blockedReason)
          : createLiveClusterSource(
              cluster,
              auth ? { connect: auth.connect } : {},
            ),
      });
    }
    for (const dump of this.options.dumps) {
      if (live.some(l => l.cluster.name === dump.name)) {
        throw new InputError(
          `Cluster name '${dump.name}' is used by both a live cluster and a dump (extensionScorecard.dumps)`,
        );
      }
      result.push({
        entry: {
          name: dump.name,
          type: 'dump',
          locator: 'dump',
          authProvider: null,
          blockedReason: null,
        },
        where: dump.directory,
        source: createDumpClusterSource(dump),
      });
    }
    for (const [name, problem] of problems) {
      if (this.lastProblems.get(name) !== problem) {
        this.options.logger?.warn(
          `extension-scorecard: cluster '${name}' is not collected: ${problem}`,
        );
      }
    }
    this.lastProblems = problems;
    return result;
  }
}

function describeEntry({ entry, where }: Located): string {
  const how = [entry.type, entry.locator, entry.authProvider]
    .filter(Boolean)
    .join(', ');
  return `cluster '${entry.name}' at ${where || '(no url)'} (${how})${
    entry.blockedReason ? `: not collected: ${entry.blockedReason}` : ''
  }`;
}

/** A cluster the collector cannot read: each collection reports why, without a request. */
function blockedClusterSource(name: string, reason: string): ClusterSource {
  return {
    name,
    type: 'live',
    collect: async () => ({
      cluster: name,
      source: 'live',
      collectedAt: new Date().toISOString(),
      version: null,
      versionStatus: { state: 'failed', reason },
      reads: {},
      objects: {},
      error: `not collected: ${reason}`,
    }),
  };
}

/**
 * The cluster sources configured in app-config, live clusters first, then dumps
 * (static locators only; ClusterDirectory adds catalog and gke clusters).
 * @public
 */
export function createClusterSources(
  config: Config,
  logger: LoggerService,
): ClusterSource[] {
  return ClusterDirectory.fromConfig(config, { logger }).sources();
}

/** Live cluster settings of the static locators and `extensionScorecard.clusters`, merged by name. @public */
export function readLiveClusterConfigs(config: Config): LiveClusterConfig[] {
  const { entries } = readClusterLocators(config, {});
  return mergeLiveClusters(entries, readOverrides(config), {
    strict: true,
  }).map(c => c.cluster);
}

function readOverrides(config: Config): Override[] {
  return (
    config.getOptionalConfigArray('extensionScorecard.clusters') ?? []
  ).map(c => readClusterFields(c, 'extensionScorecard.clusters'));
}

/**
 * Located entries merged by name (a later entry of the same name replaces an earlier
 * one), then `extensionScorecard.clusters` entries overriding fields or adding
 * clusters. `strict`: an override without url that matches nothing is an error (no
 * dynamic locator could still find it). A bad url is an error for entries of config
 * and a per-cluster problem for located ones.
 */
function mergeLiveClusters(
  located: LocatedClusterEntry[],
  overrides: Override[],
  options: { strict: boolean },
): Array<{ cluster: LiveClusterConfig; problem?: string }> {
  const byName = new Map<string, LocatedClusterEntry>();
  for (const entry of located) byName.set(entry.name, entry);
  for (const override of overrides) {
    const existing = byName.get(override.name);
    if (existing) {
      byName.set(override.name, { ...existing, ...stripUndefined(override) });
    } else if (override.url || options.strict) {
      byName.set(override.name, {
        ...stripUndefined(override),
        name: override.name,
        locator: 'extensionScorecard',
      });
    }
  }
  return [...byName.values()].map(entry => {
    const { blockedReason, ...fields } = entry;
    let problem = blockedReason;
    if (!problem) {
      problem = urlProblem(entry);
      const dynamicEntry =
        entry.locator === 'catalog' || entry.locator === 'gke';
      if (problem && !dynamicEntry) throw new InputError(problem);
    }
    return {
      cluster: {
        ...LIVE_CLUSTER_DEFAULTS,
        ...stripUndefined(fields),
        name: entry.name,
        url: entry.url ?? '',
      } as LiveClusterConfig,
      ...(problem ? { problem } : {}),
    };
  });
}

function urlProblem(entry: LocatedClusterEntry): string | undefined {
  if (!entry.url) {
    return `Cluster '${entry.name}' has no url (extensionScorecard.clusters adds a cluster only with a url)`;
  }
  let url: URL;
  try {
    url = new URL(entry.url);
  } catch {
    return `Cluster '${entry.name}' has an invalid url`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `Cluster '${entry.name}' url must be http(s)`;
  }
  return undefined;
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
