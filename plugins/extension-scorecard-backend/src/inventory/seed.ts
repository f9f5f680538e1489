/**
 * A Seed is one extension found in one cluster by a detector (webhooks.ts, apis.ts,
 * storage.ts, devices.ts, scheduling.ts, nodeAgents.ts): its own objects, the backend
 * found for it, and the keys that join it with the same extension elsewhere.
 */
import type { ExtensionKind } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { KubeObject } from '../collect/types';
import type { ClusterIndex } from './clusterIndex';
import { InstanceBuilder } from './instance';

export interface Seed {
  kind: ExtensionKind;
  cluster: string;
  /** Name an orphan component takes (the shortest name of a group wins). */
  name: string;
  /**
   * Seeds sharing a key are one extension (within and across clusters), e.g. two webhook
   * configurations calling the same Service. Keys are prefixed with the kind.
   */
  mergeKeys: string[];
  /** The extension objects themselves: webhook configurations, CRDs, CSIDrivers… */
  primary: KubeObject[];
  /** Everything found for it in the cluster, primary objects included. */
  builder: InstanceBuilder;
}

/** What detectors may know from the catalog before linking. */
export interface DetectionHints {
  /** Scheduler names declared in descriptors (`spec.extension.scheduler.schedulerName`). */
  schedulerNames: Set<string>;
}

/**
 * Finds the extensions of one kind in a cluster. A detector with much work per seed
 * (one per CRD) may be a generator: the build gives the event loop a turn between its
 * seeds (pacing/steps).
 */
export type Detector = (
  idx: ClusterIndex,
  hints: DetectionHints,
) => Iterable<Seed>;

export function newSeed(
  idx: ClusterIndex,
  kind: ExtensionKind,
  name: string,
  primary: KubeObject[],
  mergeKeys: string[],
): Seed {
  const builder = new InstanceBuilder(idx.cluster);
  for (const obj of primary) builder.add(obj);
  return {
    kind,
    cluster: idx.cluster,
    name,
    mergeKeys: [`${kind}:name:${name}`, ...mergeKeys.map(k => `${kind}:${k}`)],
    primary,
    builder,
  };
}

/** The merge key of the CRDs of one API group, which webhooks guarding them share. */
export function crdGroupKey(group: string): string {
  return `crd-controller:group:${group}`;
}
