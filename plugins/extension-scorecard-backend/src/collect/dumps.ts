/**
 * Cluster dumps: a directory per cluster of YAML/JSON files as `kubectl get -o yaml|json`
 * writes them, for air-gapped audits and the demo.
 *
 * What the directory may hold:
 * - any number of `*.yaml`, `*.yml`, `*.json` files, in sub-folders too: a `v1 List`,
 *   a typed list (`kind: DeploymentList`, items without apiVersion/kind), single
 *   objects, multi-document YAML;
 * - `version.json`: `kubectl version -o json` output (its `serverVersion`), or the
 *   API server's `/version` body;
 * - `reads.yaml` (optional): how each read went when the dump was taken, so an
 *   offline audit stays honest. Keys are resource keys, plurals or `plural.group`;
 *   values are `ok`, `forbidden`, `not-served`, or `{state, reason, version}`;
 * - `metrics.txt` (optional, next to version.json): the API server's metrics as
 *   `kubectl get --raw /metrics > metrics.txt` prints them (Prometheus text), read for
 *   `apiserver_requested_deprecated_apis`. Absent: `apiServerMetrics` is not-served,
 *   unless reads.yaml has a `/metrics` entry (forbidden, failed); empty: failed.
 *   Its `.txt` extension keeps it out of the object files.
 *
 * How a resource's read status is decided, first match wins:
 * 1. an entry in `reads.yaml`;
 * 2. a file that failed to parse and is named after the resource (`csidrivers.yaml`)
 *    or held objects of it, or a file named after it holding nothing at all (what a
 *    failed `kubectl get csidrivers -o yaml > csidrivers.yaml` leaves): `failed` with
 *    the file name and reason;
 * 3. objects of the resource were found, or a file is named after it (an empty
 *    `kubectl get csidrivers -o yaml > csidrivers.yaml` says "listed, none"): `ok`;
 * 4. another file could not be read at all: `failed` (that file may have held it);
 * 5. otherwise the dump says nothing about it: `not-served`.
 *
 * Objects of kinds the collector does not read (ConfigMaps, Secrets, …) are
 * ignored and never kept. Pods are filtered to Pending ones, as the live source does.
 * Each `metadata.managedFields` entry loses its `fieldsV1`, as in the live source.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { RESOURCE_READ_STATES } from '@extension-scorecard/plugin-extension-scorecard-common';
import { apiServerMetricsFromText } from './metrics';
import {
  combineReads,
  invalidObjectReason,
  isListDocument,
  listItems,
  matchesFieldSelector,
  trimAtRead,
} from './objects';
import {
  RESOURCE_KEYS,
  RESOURCE_SPECS,
  specForObject,
  specsForKey,
} from './resources';
import type {
  ApiServerMetrics,
  ClusterCollection,
  ClusterSource,
  KubeObject,
  ReadStatus,
  ResourceKey,
  ResourceSpec,
  ServerVersion,
} from './types';

/** @public */
export interface ClusterDumpOptions {
  /** Cluster name used in the scorecard. */
  name: string;
  /** Directory holding the dump files. */
  directory: string;
  /** Clock, for tests. */
  now?: () => Date;
}

const VERSION_FILE = 'version.json';
const METRICS_FILE = 'metrics.txt';
const READS_FILES = ['reads.yaml', 'reads.yml', 'reads.json'];
const DATA_EXTENSIONS = ['.yaml', '.yml', '.json'];

interface SpecState {
  objects: KubeObject[];
  seenIds: Set<string>;
  listed: boolean;
  version?: string;
  failure?: string;
  explicit?: ReadStatus;
}

/**
 * A cluster source reading a dump directory.
 * @public
 */
export function createDumpClusterSource(
  options: ClusterDumpOptions,
): ClusterSource {
  return {
    name: options.name,
    type: 'dump',
    collect: () => readClusterDump(options),
  };
}

/**
 * Reads a dump directory into a ClusterCollection. Never throws for bad content:
 * a missing directory is a cluster `error`, a malformed file a failed read.
 * @public
 */
export async function readClusterDump(
  options: ClusterDumpOptions,
): Promise<ClusterCollection> {
  const { name, directory } = options;
  const collectedAt = (options.now?.() ?? new Date()).toISOString();
  const base: ClusterCollection = {
    cluster: name,
    source: 'dump',
    collectedAt,
    version: null,
    versionStatus: { state: 'not-served', reason: 'not read' },
    reads: {},
    objects: {},
  };

  let files: string[];
  try {
    files = await listFiles(directory);
  } catch (e) {
    return {
      ...base,
      error: `cannot read dump directory ${directory}: ${describe(e)}`,
    };
  }

  const states = new Map<ResourceSpec, SpecState>(
    RESOURCE_SPECS.map(spec => [
      spec,
      { objects: [], seenIds: new Set(), listed: false },
    ]),
  );
  const unattributed: string[] = [];
  let versionFile: string | undefined;
  let readsFile: string | undefined;

  for (const file of files) {
    const rel = path.relative(directory, file);
    const baseName = path.basename(file).toLowerCase();
    if (rel === VERSION_FILE) {
      versionFile = file;
      continue;
    }
    if (READS_FILES.includes(rel)) {
      readsFile = file;
      continue;
    }
    const named = specsNamedBy(baseName);
    for (const spec of named) states.get(spec)!.listed = true;
    const fail = (reason: string, specs: ResourceSpec[]) => {
      const message = `${rel}: ${reason}`;
      if (specs.length === 0) {
        unattributed.push(message);
        return;
      }
      for (const spec of specs) {
        const state = states.get(spec)!;
        state.failure = state.failure
          ? `${state.failure}; ${message}`
          : message;
      }
    };

    let text: string;
    let documents: unknown[];
    try {
      text = await fs.readFile(file, 'utf8');
      documents = parseDocuments(text, baseName);
    } catch (e) {
      fail(describe(e), named);
      continue;
    }
    if (named.length > 0 && text.trim() === '') {
      // kubectl prints a List even when there is nothing to list: a file named after a
      // resource and holding nothing is what `kubectl get X -o yaml > X.yaml` leaves when
      // kubectl failed before listing (the resource type unknown, the server unreachable)
      fail(
        'empty file: the kubectl command that wrote it failed (kubectl writes a List even when there is nothing to list); record the outcome in reads.yaml',
        named,
      );
      continue;
    }
    for (const doc of documents) {
      if (doc === null || doc === undefined) continue;
      const items = isListDocument(doc) ? listItems(doc) : [doc];
      for (const [index, item] of items.entries()) {
        const invalid = invalidObjectReason(item);
        if (invalid) {
          const where = isListDocument(doc) ? `item ${index}: ` : '';
          const guess = guessSpec(item);
          fail(`${where}${invalid}`, guess ? [guess] : named);
          continue;
        }
        const obj = trimAtRead(item as KubeObject);
        const found = specForObject(obj.apiVersion, obj.kind);
        if (!found) continue; // a kind the collector does not read (never Secrets)
        const state = states.get(found.spec)!;
        state.version ??= found.version;
        if (!matchesFieldSelector(found.spec, obj)) continue;
        const id = `${obj.metadata.namespace ?? ''}/${obj.metadata.name}`;
        if (state.seenIds.has(id)) continue;
        state.seenIds.add(id);
        state.objects.push(obj);
      }
    }
  }

  let metricsRead: ReadStatus | undefined;
  if (readsFile) {
    const explicit = await readReadsFile(readsFile);
    if ('error' in explicit) {
      unattributed.push(`${path.basename(readsFile)}: ${explicit.error}`);
    } else {
      for (const [spec, status] of explicit.entries)
        states.get(spec)!.explicit = status;
      metricsRead = explicit.metrics;
    }
  }

  const reads: ClusterCollection['reads'] = {};
  const objects: ClusterCollection['objects'] = {};
  for (const key of RESOURCE_KEYS) {
    const parts = specsForKey(key).map(spec => {
      const state = states.get(spec)!;
      return {
        plural: spec.plural,
        status: specStatus(spec, state, unattributed),
      };
    });
    reads[key as ResourceKey] = combineReads(parts);
    const all = specsForKey(key).flatMap(spec => states.get(spec)!.objects);
    if (all.length > 0) objects[key] = all;
  }

  const version = versionFile
    ? await readVersionFile(versionFile)
    : {
        version: null,
        status: {
          state: 'not-served',
          reason: `no ${VERSION_FILE} in the dump`,
        } as ReadStatus,
      };

  return {
    ...base,
    version: version.version,
    versionStatus: version.status,
    reads,
    objects,
    apiServerMetrics: await readMetricsFile(directory, metricsRead),
  };
}

/**
 * `metrics.txt` at the top of the dump: parsed when present. A `/metrics` entry of
 * reads.yaml says how the read went when it is not ok (what `--dump` and the README's
 * commands record); an empty file is a failed `kubectl get --raw` (its output
 * redirected before it failed); absent with no entry: not-served.
 */
async function readMetricsFile(
  directory: string,
  recorded: ReadStatus | undefined,
): Promise<ApiServerMetrics> {
  const none = (status: ReadStatus): ApiServerMetrics => ({
    status,
    deprecatedApiRequests: [],
  });
  if (recorded && recorded.state !== 'ok') return none(recorded);
  let text: string;
  try {
    text = await fs.readFile(path.join(directory, METRICS_FILE), 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    return none(
      code === 'ENOENT'
        ? {
            state: 'not-served',
            reason: `no ${METRICS_FILE} in the dump (kubectl get --raw /metrics > ${METRICS_FILE})`,
          }
        : { state: 'failed', reason: `${METRICS_FILE}: ${describe(e)}` },
    );
  }
  if (text.length === 0) {
    return none({
      state: 'failed',
      reason: `${METRICS_FILE} is empty: the kubectl get --raw /metrics that wrote it failed`,
    });
  }
  return apiServerMetricsFromText(text, METRICS_FILE);
}

function specStatus(
  spec: ResourceSpec,
  state: SpecState,
  unattributed: string[],
): ReadStatus {
  if (state.explicit) return state.explicit;
  if (state.failure) return { state: 'failed', reason: state.failure };
  if (state.objects.length > 0 || state.listed || state.version) {
    const version =
      state.version ??
      (spec.versions.length === 1 ? spec.versions[0] : undefined);
    return version ? { state: 'ok', version } : { state: 'ok' };
  }
  if (unattributed.length > 0) {
    return {
      state: 'failed',
      reason: `unreadable dump file(s) may have held ${
        spec.plural
      }: ${unattributed.join('; ')}`,
    };
  }
  return {
    state: 'not-served',
    reason: `absent from the dump (no ${spec.plural} objects, no ${spec.plural}.yaml, no reads.yaml entry)`,
  };
}

async function listFiles(directory: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await fs.readdir(directory, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      out.push(...(await listFiles(full)));
    } else if (
      entry.isFile() &&
      DATA_EXTENSIONS.includes(path.extname(entry.name).toLowerCase())
    ) {
      out.push(full);
    }
  }
  return out;
}

function parseDocuments(text: string, baseName: string): unknown[] {
  if (baseName.endsWith('.json')) {
    try {
      return [JSON.parse(text)];
    } catch (e) {
      throw new Error(`malformed JSON: ${describe(e)}`);
    }
  }
  const docs = parseAllDocuments(text, { prettyErrors: false });
  const list = Array.isArray(docs) ? docs : [docs];
  const out: unknown[] = [];
  for (const [i, doc] of list.entries()) {
    if (doc.errors.length > 0) {
      const where = list.length > 1 ? `document ${i + 1}: ` : '';
      throw new Error(
        `malformed YAML: ${where}${doc.errors[0].message.split('\n')[0]}`,
      );
    }
    out.push(doc.toJS({ maxAliasCount: 100 }));
  }
  return out;
}

/** Specs a file name announces: `deployments.yaml`, `certificates.cert-manager.io.json`, `chaosmesh.yaml`. */
function specsNamedBy(baseName: string): ResourceSpec[] {
  const stem = baseName.replace(/\.(ya?ml|json)$/, '');
  return RESOURCE_SPECS.filter(
    s =>
      stem === s.plural || stem === s.key || stem === `${s.plural}.${s.group}`,
  );
}

function matchEntry(entry: string): ResourceSpec[] {
  const e = entry.toLowerCase();
  return RESOURCE_SPECS.filter(
    s => e === s.key || e === s.plural || e === `${s.plural}.${s.group}`,
  );
}

function guessSpec(item: unknown): ResourceSpec | undefined {
  const obj = item as { apiVersion?: unknown; kind?: unknown } | null;
  if (
    !obj ||
    typeof obj.apiVersion !== 'string' ||
    typeof obj.kind !== 'string'
  )
    return undefined;
  return specForObject(obj.apiVersion, obj.kind)?.spec;
}

/** The reads.yaml key of the API server's `/metrics` (a non-resource URL). */
const METRICS_READ_KEY = '/metrics';

async function readReadsFile(
  file: string,
): Promise<
  | { entries: Array<[ResourceSpec, ReadStatus]>; metrics?: ReadStatus }
  | { error: string }
> {
  let raw: unknown;
  try {
    const docs = parseDocuments(
      await fs.readFile(file, 'utf8'),
      path.basename(file),
    );
    raw = docs[0];
  } catch (e) {
    return { error: describe(e) };
  }
  if (raw === null || raw === undefined) return { entries: [] };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { error: 'expected a mapping of resource to read outcome' };
  }
  const entries: Array<[ResourceSpec, ReadStatus]> = [];
  let metrics: ReadStatus | undefined;
  const problems: string[] = [];
  for (const [entry, value] of Object.entries(raw as Record<string, unknown>)) {
    if (entry === METRICS_READ_KEY) {
      const status = toReadStatus(value);
      if (typeof status === 'string') problems.push(`${entry}: ${status}`);
      else metrics = status;
      continue;
    }
    const specs = matchEntry(entry);
    if (specs.length === 0) {
      problems.push(`unknown resource "${entry}"`);
      continue;
    }
    const status = toReadStatus(value);
    if (typeof status === 'string') {
      problems.push(`${entry}: ${status}`);
      continue;
    }
    for (const spec of specs) entries.push([spec, status]);
  }
  if (problems.length > 0) return { error: problems.join('; ') };
  return { entries, ...(metrics ? { metrics } : {}) };
}

function toReadStatus(value: unknown): ReadStatus | string {
  const obj =
    typeof value === 'string'
      ? { state: value }
      : (value as {
          state?: unknown;
          reason?: unknown;
          version?: unknown;
        } | null);
  if (!obj || typeof obj !== 'object')
    return 'expected a state or {state, reason}';
  const state = obj.state;
  if (
    typeof state !== 'string' ||
    !(RESOURCE_READ_STATES as readonly string[]).includes(state)
  ) {
    return `state must be one of ${RESOURCE_READ_STATES.join(', ')}`;
  }
  if (state === 'ok') {
    return typeof obj.version === 'string'
      ? { state: 'ok', version: obj.version }
      : { state: 'ok' };
  }
  const reason =
    typeof obj.reason === 'string' && obj.reason
      ? obj.reason
      : `recorded as ${state} in the dump`;
  return { state: state as 'forbidden' | 'not-served' | 'failed', reason };
}

async function readVersionFile(
  file: string,
): Promise<{ version: ServerVersion | null; status: ReadStatus }> {
  let raw: any;
  try {
    raw = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (e) {
    return {
      version: null,
      status: { state: 'failed', reason: `${VERSION_FILE}: ${describe(e)}` },
    };
  }
  const candidate = raw?.serverVersion ?? raw;
  const version = toServerVersion(candidate);
  if (!version) {
    return {
      version: null,
      status: {
        state: 'failed',
        reason: `${VERSION_FILE}: no serverVersion with major, minor and gitVersion`,
      },
    };
  }
  return { version, status: { state: 'ok' } };
}

/** The ServerVersion of a `/version` body, or undefined when it is not one. */
export function toServerVersion(raw: unknown): ServerVersion | undefined {
  const v = raw as Record<string, unknown> | null;
  if (!v || typeof v !== 'object') return undefined;
  if (
    typeof v.gitVersion !== 'string' ||
    typeof v.major !== 'string' ||
    typeof v.minor !== 'string'
  ) {
    return undefined;
  }
  return {
    major: v.major,
    minor: v.minor,
    gitVersion: v.gitVersion,
    ...(typeof v.platform === 'string' ? { platform: v.platform } : {}),
  };
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
