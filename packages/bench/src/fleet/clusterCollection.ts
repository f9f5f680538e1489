/**
 * A generated cluster as the collectors hand it on: every resource of the collector's
 * table read completely, objects grouped by resource key. For in-memory runs that skip
 * the HTTP collection.
 */
import {
  RESOURCE_SPECS,
  specForObject,
  type ResourceSpec,
} from '@extension-scorecard/plugin-extension-scorecard-backend/testUtils';
import type {
  ClusterCollection,
  ResourceKey,
} from '@extension-scorecard/plugin-extension-scorecard-node';
import type { GeneratedCluster } from './generateFleet';
import { draVersionFor } from './kinds';

/**
 * The optional resources every fleet cluster serves: DRA (in the version its Kubernetes
 * minor serves), cert-manager and the Prometheus Operator are installed everywhere,
 * chaos tools nowhere. Every cluster thus has the same API surface, whatever its size.
 */
export const FLEET_OPTIONAL_RESOURCES: readonly ResourceKey[] = [
  'deviceclasses',
  'resourceslices',
  'certificates',
  'servicemonitors',
  'podmonitors',
  'prometheusrules',
];

/** The version a fleet cluster serves a resource in. */
export function servedVersion(
  spec: ResourceSpec,
  cluster: GeneratedCluster,
): string {
  return spec.group === 'resource.k8s.io'
    ? draVersionFor(Number(cluster.version.minor))
    : spec.versions[0];
}

export function toClusterCollection(
  cluster: GeneratedCluster,
  collectedAt: Date,
): ClusterCollection {
  const reads: ClusterCollection['reads'] = {};
  const objects: ClusterCollection['objects'] = {};
  for (const spec of RESOURCE_SPECS) {
    reads[spec.key] =
      !spec.optional || FLEET_OPTIONAL_RESOURCES.includes(spec.key)
        ? { state: 'ok', version: servedVersion(spec, cluster) }
        : {
            state: 'not-served',
            reason: `${spec.plural}.${spec.group} is not installed in the fleet`,
          };
  }
  for (const obj of cluster.objects) {
    const found = specForObject(obj.apiVersion, obj.kind);
    if (!found)
      throw new Error(
        `the collector does not read ${obj.apiVersion} ${obj.kind}`,
      );
    (objects[found.spec.key] ??= []).push(obj);
    reads[found.spec.key] = { state: 'ok', version: found.version };
  }
  return {
    cluster: cluster.name,
    source: 'live',
    collectedAt: collectedAt.toISOString(),
    version: cluster.version,
    versionStatus: { state: 'ok' },
    reads,
    objects,
  };
}
