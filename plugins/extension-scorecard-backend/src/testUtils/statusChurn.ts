/**
 * A cluster read an hour later, as a real one is: controllers rewrote the status of
 * their objects and EndpointSlices followed restarted Pods, each write a new
 * resourceVersion; nobody changed a spec, a label or an annotation.
 */
import type { ClusterCollection, KubeObject } from '../collect/types';

/** Kinds whose controllers rewrite `status` on their own (conditions, observed state). */
const STATUS_WRITTEN = new Set([
  'Deployment',
  'DaemonSet',
  'StatefulSet',
  'Certificate',
  'APIService',
  'CustomResourceDefinition',
  'PodDisruptionBudget',
]);

function nextVersion(obj: KubeObject, hour: number): KubeObject['metadata'] {
  return {
    ...obj.metadata,
    resourceVersion: `${
      Number(obj.metadata.resourceVersion ?? 1) + 1000 * hour
    }`,
  };
}

/** An object as its controller wrote it again `hour` hours later, or the same object. */
function movedOn(obj: KubeObject, hour: number, at: string): KubeObject {
  if (STATUS_WRITTEN.has(obj.kind)) {
    // the same conditions, written again (Deployments' `lastUpdateTime` moves at every
    // sync); an object without conditions is written with its status as it was
    const conditions = obj.status?.conditions;
    return {
      ...obj,
      metadata: nextVersion(obj, hour),
      ...(Array.isArray(conditions)
        ? {
            status: {
              ...obj.status,
              conditions: conditions.map((c: Record<string, unknown>) =>
                'lastUpdateTime' in c ? { ...c, lastUpdateTime: at } : c,
              ),
            },
          }
        : {}),
    };
  }
  if (obj.kind === 'EndpointSlice') {
    // a Pod behind the Service restarted: a new address and Pod name
    const endpoints = Array.isArray(obj.endpoints)
      ? (obj.endpoints as Array<Record<string, any>>)
      : [];
    return {
      ...obj,
      metadata: nextVersion(obj, hour),
      endpoints: [
        {
          addresses: [`10.${hour % 250}.0.7`],
          conditions: { ready: true, serving: true, terminating: false },
          targetRef: { kind: 'Pod', name: `restarted-${hour}` },
        },
        ...endpoints.slice(1),
      ],
    };
  }
  return obj;
}

/**
 * `collection` read `hour` hours later with only statuses and EndpointSlices moved on:
 * every such object, or with `everyNth` one of every n of each list (a different one
 * each hour); with `kinds`, only objects of those kinds.
 */
export function withStatusesMovedOn(
  collection: ClusterCollection,
  hour: number,
  options: { everyNth?: number; kinds?: readonly string[] } = {},
): ClusterCollection {
  const n = Math.max(1, Math.floor(options.everyNth ?? 1));
  const kinds = options.kinds && new Set(options.kinds);
  const at = new Date(
    Date.parse(collection.collectedAt) + hour * 3_600_000,
  ).toISOString();
  return {
    ...collection,
    collectedAt: at,
    objects: Object.fromEntries(
      Object.entries(collection.objects).map(([list, objects]) => [
        list,
        (objects ?? []).map((o, i) =>
          i % n === hour % n && (!kinds || kinds.has(o.kind))
            ? movedOn(o, hour, at)
            : o,
        ),
      ]),
    ),
  };
}
