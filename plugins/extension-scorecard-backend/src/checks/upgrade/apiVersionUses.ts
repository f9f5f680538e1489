/**
 * Where the API version an object is really written in shows. An API server answers
 * a list in the version it was asked for, so the apiVersion of a live object says
 * nothing about the manifests and controllers behind it. Two traces survive on the
 * object itself (no Secret read):
 * - `kubectl.kubernetes.io/last-applied-configuration`: the manifest of the last
 *   `kubectl apply`, with the apiVersion it was written in;
 * - `metadata.managedFields[]`: every field manager (controller, pipeline, Helm,
 *   kubectl) with the apiVersion of its last write.
 */
import type { KubeObject } from '../../collect/types';

export const LAST_APPLIED_ANNOTATION =
  'kubectl.kubernetes.io/last-applied-configuration';

/** How an API version of an object was seen. */
export type ApiVersionSource =
  | 'object'
  | 'last-applied-configuration'
  | 'managed-fields';

/** One API version an object was read, applied or written in. */
export interface ApiVersionUse {
  apiVersion: string;
  source: ApiVersionSource;
  /** The field managers that wrote through it, with operation and time (managed-fields). */
  detail: string | null;
  /** The newest write time of those managers (managed-fields), ISO. */
  lastWrittenAt: string | null;
}

function lastAppliedApiVersion(object: KubeObject): string | null {
  const text = object.metadata.annotations?.[LAST_APPLIED_ANNOTATION];
  if (!text) return null;
  try {
    const applied = JSON.parse(text);
    return typeof applied?.apiVersion === 'string' ? applied.apiVersion : null;
  } catch {
    // a hand-edited or truncated annotation tells nothing
    return null;
  }
}

function managedFieldUses(object: KubeObject): ApiVersionUse[] {
  const byVersion = new Map<
    string,
    { managers: string[]; lastWrittenAt: string | null }
  >();
  for (const entry of object.metadata.managedFields ?? []) {
    if (typeof entry?.apiVersion !== 'string' || !entry.apiVersion) continue;
    const seen = byVersion.get(entry.apiVersion) ?? {
      managers: [],
      lastWrittenAt: null,
    };
    const what = [entry.operation, entry.subresource && `/${entry.subresource}`]
      .filter(Boolean)
      .join(' ');
    const manager = `${entry.manager ?? 'unnamed manager'}${
      what || entry.time
        ? ` (${[what, entry.time].filter(Boolean).join(', ')})`
        : ''
    }`;
    if (!seen.managers.includes(manager)) seen.managers.push(manager);
    if (entry.time && (!seen.lastWrittenAt || entry.time > seen.lastWrittenAt))
      seen.lastWrittenAt = entry.time;
    byVersion.set(entry.apiVersion, seen);
  }
  return [...byVersion].map(([apiVersion, seen]) => ({
    apiVersion,
    source: 'managed-fields',
    detail: seen.managers.join('; '),
    lastWrittenAt: seen.lastWrittenAt,
  }));
}

/**
 * Every API version the object shows, once per version and source (the checks ask
 * through `ClusterIndex.memo`: once per object of a collection).
 */
export function apiVersionUses(object: KubeObject): ApiVersionUse[] {
  const uses: ApiVersionUse[] = [
    {
      apiVersion: object.apiVersion,
      source: 'object',
      detail: null,
      lastWrittenAt: null,
    },
  ];
  const applied = lastAppliedApiVersion(object);
  if (applied)
    uses.push({
      apiVersion: applied,
      source: 'last-applied-configuration',
      detail: null,
      lastWrittenAt: null,
    });
  uses.push(...managedFieldUses(object));
  return uses;
}

/** `Kind namespace/name`, or `Kind name` when cluster-scoped. */
export function objectLabel(object: KubeObject): string {
  const { namespace, name } = object.metadata;
  return `${object.kind} ${namespace ? `${namespace}/` : ''}${name}`;
}
