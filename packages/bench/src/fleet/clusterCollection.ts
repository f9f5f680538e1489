/**
 * A generated cluster as the collectors hand it on: every resource of the collector's
 * table read completely, objects grouped by resource key. For in-memory runs that skip
 * the HTTP collection.
 */
import {
  RESOURCE_SPECS,
  specForObject,
} from '@extension-scorecard/plugin-extension-scorecard-backend/src/collect/resources';
import type { ClusterCollection } from '@extension-scorecard/plugin-extension-scorecard-backend/src/collect/types';
import type { GeneratedCluster } from './generateFleet';

export function toClusterCollection(cluster: GeneratedCluster, collectedAt: Date): ClusterCollection {
  const reads: ClusterCollection['reads'] = {};
  const objects: ClusterCollection['objects'] = {};
  for (const spec of RESOURCE_SPECS) reads[spec.key] = { state: 'ok', version: spec.versions[0] };
  for (const obj of cluster.objects) {
    const found = specForObject(obj.apiVersion, obj.kind);
    if (!found) throw new Error(`the collector does not read ${obj.apiVersion} ${obj.kind}`);
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
