import { parseEntityRef } from '@backstage/catalog-model';

/** `group:default/team-security` → `team-security`; anything unparseable as is. */
export function shortRef(ref: string | null | undefined): string {
  if (!ref) return '';
  try {
    return parseEntityRef(ref).name;
  } catch {
    return ref;
  }
}

/** Whether a component id is an entity ref (linked) rather than an orphan id. */
export function isEntityRef(componentId: string): boolean {
  return !componentId.startsWith('orphan:');
}

/** A route parameter decoded (`component%3Adefault%2Fx` → `component:default/x`); as is when malformed. */
export function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
