/**
 * Shapes shared by the live and dump sources: turning list bodies into KubeObjects
 * and folding the read outcomes of several lists into one status per resource key.
 */
import type {
  KubeObject,
  ReadStatus,
  ResourceKey,
  ResourceSpec,
} from './types';

/** Why a value is not a usable Kubernetes object, or undefined when it is. */
export function invalidObjectReason(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return 'not an object';
  }
  const obj = value as Record<string, unknown>;
  if (typeof obj.apiVersion !== 'string' || !obj.apiVersion) {
    return 'missing apiVersion';
  }
  if (typeof obj.kind !== 'string' || !obj.kind) return 'missing kind';
  const meta = obj.metadata as Record<string, unknown> | undefined;
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) {
    return 'missing metadata';
  }
  if (typeof meta.name !== 'string' || !meta.name)
    return 'missing metadata.name';
  return undefined;
}

/**
 * True when a parsed document is a list (`kind: List` or `kind: <X>List` with `items`).
 */
export function isListDocument(value: unknown): value is {
  apiVersion?: string;
  kind: string;
  items: unknown[];
  metadata?: any;
} {
  const v = value as { kind?: unknown; items?: unknown } | null;
  return (
    !!v &&
    typeof v === 'object' &&
    typeof v.kind === 'string' &&
    v.kind.endsWith('List') &&
    Array.isArray(v.items)
  );
}

/**
 * The items of a list with apiVersion/kind filled in: the API server omits them on
 * items of typed lists (`DeploymentList`), while `v1 List` items carry their own.
 */
export function listItems(list: {
  apiVersion?: string;
  kind: string;
  items: unknown[];
}): unknown[] {
  const typed = list.kind !== 'List';
  const itemKind = typed ? list.kind.slice(0, -'List'.length) : undefined;
  return list.items.map(item => {
    if (!typed || !item || typeof item !== 'object') return item;
    const obj = item as Record<string, unknown>;
    if (obj.apiVersion && obj.kind) return obj;
    return {
      ...obj,
      apiVersion: obj.apiVersion ?? list.apiVersion,
      kind: obj.kind ?? itemKind,
    };
  });
}

/**
 * The object with `metadata.managedFields` trimmed at read: every entry is kept
 * (manager, operation, apiVersion, time, subresource, fieldsType: upgrade checks read
 * which manager wrote through which API version) but its `fieldsV1`, the large set of
 * fields written, is dropped. Entries that are not objects, and a managedFields that is
 * not a list, are dropped. Objects without managedFields are returned as they are.
 */
export function trimManagedFields<T>(value: T): T {
  const obj = value as { metadata?: unknown } | null;
  if (!obj || typeof obj !== 'object') return value;
  const meta = obj.metadata as Record<string, unknown> | undefined;
  if (!meta || typeof meta !== 'object' || !('managedFields' in meta)) {
    return value;
  }
  const { managedFields, ...rest } = meta;
  const metadata: Record<string, unknown> = rest;
  if (Array.isArray(managedFields)) {
    metadata.managedFields = managedFields
      .filter(
        (e): e is Record<string, unknown> =>
          !!e && typeof e === 'object' && !Array.isArray(e),
      )
      .map(({ fieldsV1: _fieldsV1, ...entry }) => entry);
  }
  return { ...obj, metadata } as T;
}

/**
 * A CustomResourceDefinition without the OpenAPI schema of each version
 * (`spec.versions[].schema`): no check reads it, and it is most of a CRD's size (a few
 * hundred kB for an operator's CRD; thousands of CRDs in clusters with Crossplane
 * providers). Names, served/storage/deprecated flags, conversion, subresources, printer
 * columns and `status.storedVersions` stay. Any other object is returned as it is.
 */
export function withoutCrdSchemas<T>(value: T): T {
  const obj = value as {
    kind?: unknown;
    apiVersion?: unknown;
    spec?: { versions?: unknown };
  } | null;
  if (
    !obj ||
    obj.kind !== 'CustomResourceDefinition' ||
    typeof obj.apiVersion !== 'string' ||
    !obj.apiVersion.startsWith('apiextensions.k8s.io/') ||
    !Array.isArray(obj.spec?.versions) ||
    !obj.spec!.versions.some(v => v && typeof v === 'object' && 'schema' in v)
  ) {
    return value;
  }
  const versions = (obj.spec!.versions as unknown[]).map(version => {
    if (!version || typeof version !== 'object') return version;
    const { schema: _schema, ...rest } = version as Record<string, unknown>;
    return rest;
  });
  return { ...obj, spec: { ...obj.spec, versions } } as T;
}

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
/** kubectl writes the manifest as compact JSON with sorted keys: apiVersion, kind first. */
const APPLIED_HEAD = /^\{"apiVersion":"([^"\\]*)","kind":"([^"\\]*)"/;

/** The apiVersion and kind of a last-applied manifest, or undefined when unreadable. */
function appliedHead(text: string): string | undefined {
  const head = APPLIED_HEAD.exec(text);
  if (head) return JSON.stringify({ apiVersion: head[1], kind: head[2] });
  try {
    const applied = JSON.parse(text);
    if (typeof applied?.apiVersion !== 'string') return undefined;
    return JSON.stringify({
      apiVersion: applied.apiVersion,
      ...(typeof applied.kind === 'string' ? { kind: applied.kind } : {}),
    });
  } catch {
    return undefined;
  }
}

/**
 * The object with kubectl's `last-applied-configuration` annotation cut to the
 * manifest's apiVersion and kind: the upgrade checks read the version it was applied
 * in, nothing else of it, and it is a second copy of the object as applied (often as
 * large as the rest of it). An annotation that is not a readable manifest stays as it
 * is (the checks say it tells nothing). Any other object is returned as it is.
 */
export function withAppliedVersionOnly<T>(value: T): T {
  const meta = (value as { metadata?: unknown } | null)?.metadata as
    | { annotations?: Record<string, unknown> }
    | undefined;
  const text = meta?.annotations?.[LAST_APPLIED];
  if (typeof text !== 'string') return value;
  const head = appliedHead(text);
  if (head === undefined || head === text) return value;
  return {
    ...value,
    metadata: {
      ...meta,
      annotations: { ...meta!.annotations, [LAST_APPLIED]: head },
    },
  } as T;
}

/** What the collector keeps of an object it read: see trimManagedFields, withoutCrdSchemas and withAppliedVersionOnly. */
export function trimAtRead<T>(value: T): T {
  return withAppliedVersionOnly(withoutCrdSchemas(trimManagedFields(value)));
}

/** True when a Pod matches the collector's Pending field selector. */
export function matchesFieldSelector(
  spec: ResourceSpec,
  obj: KubeObject,
): boolean {
  if (!spec.fieldSelector) return true;
  return spec.fieldSelector.split(',').every(term => {
    const [path, expected] = term.split('=');
    let value: any = obj;
    for (const part of path.split('.')) value = value?.[part];
    return String(value) === expected;
  });
}

const SEVERITY: Record<ReadStatus['state'], number> = {
  ok: 0,
  'not-served': 1,
  forbidden: 2,
  failed: 3,
};

/**
 * One status for a key read through several lists (`chaosmesh`): the worst of
 * failed > forbidden; ok when any list was served and none failed or was forbidden;
 * not-served only when none was served.
 */
export function combineReads(
  parts: Array<{ plural: string; status: ReadStatus }>,
): ReadStatus {
  if (parts.length === 1) return parts[0].status;
  const worst = [...parts].sort(
    (a, b) => SEVERITY[b.status.state] - SEVERITY[a.status.state],
  )[0];
  if (worst.status.state === 'failed' || worst.status.state === 'forbidden') {
    return {
      state: worst.status.state,
      reason: `${worst.plural}: ${worst.status.reason}`,
    };
  }
  const ok = parts.find(p => p.status.state === 'ok');
  if (ok) return ok.status;
  return {
    state: 'not-served',
    reason: parts
      .map(p => `${p.plural}: ${(p.status as { reason: string }).reason}`)
      .join('; '),
  };
}

/** Adds objects under a key, creating the array on first use. */
export function addObjects(
  objects: Partial<Record<ResourceKey, KubeObject[]>>,
  key: ResourceKey,
  items: KubeObject[],
): void {
  const list = objects[key] ?? (objects[key] = []);
  for (const item of items) list.push(item);
}
