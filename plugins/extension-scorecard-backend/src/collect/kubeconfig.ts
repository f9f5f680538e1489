/**
 * Live clusters from a kubeconfig, as kubectl reaches them: one cluster per context,
 * named after the context, authenticated by client-node with the context's user (bearer
 * token or token file, client certificate and key, exec credential plugins such as
 * `aws eks get-token` or `gke-gcloud-auth-plugin`, legacy auth providers).
 *
 * Which kubeconfig: the given file; else `KUBECONFIG` (a list of files separated by
 * `:` — `;` on Windows — merged as kubectl merges them: the first file to define a
 * cluster, user, context or current-context wins; missing files are skipped); else
 * `~/.kube/config`. Unlike client-node's `loadFromDefault()`, a missing kubeconfig is
 * an error, never a silent fallback to `localhost:8080` or the in-cluster account.
 *
 * Credentials stay in the client configuration: they never appear in messages (a YAML
 * error names the line, not its text), and every secret string of the user (token,
 * password, client key, auth provider tokens) is handed to the collector's redaction.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '@backstage/errors';
import { LIVE_CLUSTER_DEFAULTS, loadClientNode } from './live';
import type { KubeConfig, LiveClusterConfig, LiveConnector } from './live';

type Cluster = import('@kubernetes/client-node').Cluster;
type Context = import('@kubernetes/client-node').Context;
type User = import('@kubernetes/client-node').User;

/** A kubeconfig as loaded: the merged configuration and where it came from. @public */
export interface LoadedKubeconfig {
  /** The files read, in order (for messages). */
  files: string[];
  kubeConfig: KubeConfig;
  /** Context names, in file order. */
  contexts: string[];
  /** `current-context`, when set. */
  currentContext?: string;
}

/** One context to collect: the collector's settings and how to authenticate. @public */
export interface KubeconfigCluster {
  cluster: LiveClusterConfig;
  connect: LiveConnector;
}

/** Where to look for a kubeconfig, and the settings of the clusters made from it. */
export interface KubeconfigOptions {
  /** An explicit kubeconfig file; else `KUBECONFIG`, else `~/.kube/config`. */
  file?: string;
  /** The environment (`KUBECONFIG`, `HOME`); default `process.env`. */
  env?: Record<string, string | undefined>;
}

/** Loads the kubeconfig; bad or missing files are an InputError naming the file only. @public */
export function loadKubeconfig(
  options: KubeconfigOptions = {},
): LoadedKubeconfig {
  const env = options.env ?? process.env;
  let files: string[];
  if (options.file) {
    files = [options.file];
  } else if (env.KUBECONFIG) {
    const listed = env.KUBECONFIG.split(path.delimiter).filter(Boolean);
    files = listed.filter(f => fs.existsSync(f));
    if (files.length === 0) {
      throw new InputError(
        `None of the kubeconfig files in KUBECONFIG exists: ${listed.join(
          path.delimiter,
        )}`,
      );
    }
  } else {
    const home = env.HOME || env.USERPROFILE || os.homedir();
    const file = path.join(home, '.kube', 'config');
    if (!fs.existsSync(file)) {
      throw new InputError(
        `No kubeconfig: KUBECONFIG is not set and ${file} does not exist; pass --kubeconfig <file>`,
      );
    }
    files = [file];
  }

  const { KubeConfig: KubeConfigClass } = loadClientNode();
  const merged = new KubeConfigClass();
  merged.loadFromOptions({ clusters: [], users: [], contexts: [] });
  for (const file of files) {
    const kc = readKubeconfigFile(file);
    const addNew = <T extends { name: string }>(to: T[], from: T[]) => {
      for (const item of from)
        if (!to.some(x => x.name === item.name)) to.push(item);
    };
    addNew(merged.clusters, kc.clusters);
    addNew(merged.users, kc.users);
    addNew(merged.contexts, kc.contexts);
    if (!merged.currentContext && kc.currentContext)
      merged.currentContext = kc.currentContext;
  }
  return {
    files,
    kubeConfig: merged,
    contexts: merged.contexts.map(c => c.name),
    ...(merged.currentContext ? { currentContext: merged.currentContext } : {}),
  };
}

function readKubeconfigFile(file: string): KubeConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new InputError(
      `Cannot read kubeconfig ${file}: ${
        code === 'ENOENT' ? 'no such file' : describe(e)
      }`,
    );
  }
  if (!text.trim()) throw new InputError(`Kubeconfig ${file} is empty`);
  const { KubeConfig: KubeConfigClass } = loadClientNode();
  const kc = new KubeConfigClass();
  try {
    kc.loadFromString(text);
    kc.makePathsAbsolute(path.dirname(file));
  } catch (e) {
    throw new InputError(`Cannot load kubeconfig ${file}: ${safeReason(e)}`);
  }
  return kc;
}

/**
 * Why a kubeconfig could not be loaded, without its text: js-yaml's message shows the
 * lines around the error (which may hold a token); only its first line is kept.
 */
function safeReason(e: unknown): string {
  const error = e as { name?: string; reason?: string; mark?: any };
  if (error?.name === 'YAMLException') {
    const where = error.mark
      ? ` at line ${error.mark.line + 1}, column ${error.mark.column + 1}`
      : '';
    return `malformed YAML: ${error.reason ?? 'syntax error'}${where}`;
  }
  if (e instanceof TypeError) return 'not a kubeconfig';
  return describe(e).split('\n')[0];
}

/**
 * The clusters of the given contexts (default: the current context), in the order
 * given. An unknown context, or a context without a cluster, is an InputError that
 * names the available contexts.
 * @public
 */
export function kubeconfigClusters(
  loaded: LoadedKubeconfig,
  contexts: string[] = [],
  settings: Partial<
    Pick<LiveClusterConfig, 'timeoutSeconds' | 'pageSize' | 'concurrency'>
  > = {},
): KubeconfigCluster[] {
  const kc = loaded.kubeConfig;
  const where = loaded.files.join(path.delimiter);
  const available = () =>
    loaded.contexts.length > 0
      ? `available contexts: ${loaded.contexts.join(', ')}`
      : 'it defines no contexts';
  let wanted = contexts;
  if (wanted.length === 0) {
    if (!loaded.currentContext) {
      throw new InputError(
        `The kubeconfig ${where} has no current-context; pass --context <name> (${available()})`,
      );
    }
    wanted = [loaded.currentContext];
  }
  const seen = new Set<string>();
  return wanted.map(name => {
    if (seen.has(name))
      throw new InputError(`Context '${name}' is given twice`);
    seen.add(name);
    const context = kc.getContextObject(name);
    if (!context) {
      throw new InputError(
        `Context '${name}' is not in the kubeconfig ${where}; ${available()}`,
      );
    }
    const cluster = kc.getCluster(context.cluster);
    if (!cluster) {
      throw new InputError(
        `Context '${name}' names cluster '${context.cluster}', which the kubeconfig ${where} does not define`,
      );
    }
    const user = context.user ? kc.getUser(context.user) : null;
    return {
      cluster: {
        name,
        url: cluster.server,
        locator: 'kubeconfig',
        // what the collector names when the API server answers 401
        authProvider: `kubeconfig (user ${context.user ?? 'none'})`,
        ...(cluster.skipTLSVerify ? { skipTLSVerify: true } : {}),
        ...LIVE_CLUSTER_DEFAULTS,
        ...settings,
      },
      connect: async () => ({
        kubeConfig: kubeConfigOf(cluster, context, user),
        secrets: secretsOf(user),
      }),
    };
  });
}

/** A KubeConfig holding one context, current, with its cluster and user. */
function kubeConfigOf(
  cluster: Cluster,
  context: Context,
  user: User | null,
): KubeConfig {
  const { KubeConfig: KubeConfigClass } = loadClientNode();
  const kc = new KubeConfigClass();
  kc.loadFromOptions({
    clusters: [{ ...cluster }],
    users: user ? [{ ...user }] : [],
    contexts: [{ ...context }],
    currentContext: context.name,
  });
  return kc;
}

/** The secret strings of a kubeconfig user, to be redacted from every message. */
function secretsOf(user: User | null): string[] {
  if (!user) return [];
  const out: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.trim().length >= 4)
      out.push(value.trim());
  };
  add(user.token);
  add(user.password);
  add(user.keyData);
  if (user.keyData) add(Buffer.from(user.keyData, 'base64').toString('utf8'));
  const config: Record<string, unknown> | undefined = user.authProvider?.config;
  if (config) {
    for (const key of [
      'access-token',
      'id-token',
      'refresh-token',
      'client-secret',
    ])
      add(config[key]);
  }
  return out;
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
