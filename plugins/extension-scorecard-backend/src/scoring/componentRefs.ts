/** Component ids as evidence and waivers name them: entity refs compared in their full, lower-case form. */
import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';

/** `kyverno` → `component:default/kyverno`; orphan ids and unparsable refs are only lower-cased. */
const FULL_REF = /^[^:/]+:[^:/]+\/[^:/]+$/;

export function normalizeComponentRef(ref: string): string {
  if (ref.startsWith('orphan:') || FULL_REF.test(ref)) return ref.toLowerCase();
  try {
    return stringifyEntityRef(
      parseEntityRef(ref, {
        defaultKind: 'component',
        defaultNamespace: 'default',
      }),
    ).toLowerCase();
  } catch {
    return ref.toLowerCase();
  }
}

/** Groups records by normalized component ref. */
export function byComponent<T>(
  records: readonly T[],
  refOf: (record: T) => string,
): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const record of records) {
    const key = normalizeComponentRef(refOf(record));
    const list = map.get(key);
    if (list) list.push(record);
    else map.set(key, [record]);
  }
  return map;
}
