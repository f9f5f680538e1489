/** What the upgrade checks share: workload reads, API versions, the cluster release, semver ranges. */
import semver from 'semver';
import type { ResourceKey } from '../../collect/types';
import type { BuiltinClusterContext } from '../builtinContext';
import type { Release } from '../kubernetes/releases';

/** Every workload kind, as resources. */
export const WORKLOAD_READS: ResourceKey[] = [
  'deployments',
  'statefulsets',
  'daemonsets',
];

export function splitApiVersion(apiVersion: string): {
  group: string;
  version: string;
} {
  const slash = apiVersion.indexOf('/');
  return slash < 0
    ? { group: '', version: apiVersion }
    : {
        group: apiVersion.slice(0, slash),
        version: apiVersion.slice(slash + 1),
      };
}

/** The cluster's release; the checks that call it declare `needsVersion`, so it is known. */
export function clusterRelease(context: BuiltinClusterContext): Release {
  return context.index.release!;
}

/** `compute` run once per key object, its value kept for as long as the key lives. */
export function memoizedByObject<K extends object, V>(
  compute: (key: K) => V,
): (key: K) => V {
  const values = new WeakMap<K, V>();
  return key => {
    if (!values.has(key)) values.set(key, compute(key));
    return values.get(key) as V;
  };
}

const ranges = new Map<string, semver.Range | null>();

/**
 * A parsed semver range, null when the text is not one (parsed once per text).
 * Pre-releases match too: `v2.16.0-rc.1` is in `>=2.13.0 <3.0.0`.
 */
export function rangeOf(text: string): semver.Range | null {
  let range = ranges.get(text);
  if (range === undefined) {
    try {
      range = new semver.Range(text, { includePrerelease: true });
    } catch {
      range = null;
    }
    if (ranges.size > 1000) ranges.clear();
    ranges.set(text, range);
  }
  return range;
}
