/**
 * Values derived from one key (an object, an RBAC rule) within a scope (a value's
 * name, the settings it is judged by), computed once and kept in plain maps owned by
 * whatever holds them: a cluster index, a collection's objects. Not WeakMaps keyed by
 * the object: every WeakMap entry is an ephemeron that each full GC of the process
 * resolves while its key lives, and a fleet of 20 × 500 has 155,000 objects (most of a
 * 170 ms mark-compact pause). The owner holds the keys anyway, so the maps keep nothing
 * alive that it would not.
 */
export function derivedValue<S, K, V>(
  values: Map<S, Map<K, unknown>>,
  scope: S,
  key: K,
  compute: () => V,
): V {
  let byKey = values.get(scope);
  if (!byKey) {
    byKey = new Map();
    values.set(scope, byKey);
  }
  if (byKey.has(key)) return byKey.get(key) as V;
  const value = compute();
  byKey.set(key, value);
  return value;
}
