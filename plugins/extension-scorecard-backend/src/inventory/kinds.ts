/**
 * Which kind a component is when its objects hold several kinds of extension: a CNI
 * project that also ships CRDs is a CNI, a second scheduler with webhooks a scheduler.
 * Node agents first (what the workload touches on the node decides), then the paths
 * with the widest failure boundary.
 */
import type { ExtensionKind } from '@extension-scorecard/plugin-extension-scorecard-common';

/** Most telling first. */
export const KIND_PRIORITY: readonly ExtensionKind[] = [
  'cni',
  'csi',
  'dra-driver',
  'device-plugin',
  'cri-runtime',
  'scheduler-plugin',
  'aggregated-api',
  'admission-webhook',
  'admission-policy',
  'crd-controller',
];

/** Kind shown when nothing was found to infer one from. */
export const FALLBACK_KIND: ExtensionKind = 'crd-controller';

/** The most telling of the kinds found; undefined when none was found. */
export function inferredKind(
  kinds: readonly ExtensionKind[],
): ExtensionKind | undefined {
  return KIND_PRIORITY.find(k => kinds.includes(k));
}

/** The most telling of the kinds found, or the fallback. */
export function componentKind(kinds: readonly ExtensionKind[]): ExtensionKind {
  return inferredKind(kinds) ?? FALLBACK_KIND;
}

/** The component's kind first, then every other kind found, by priority. */
export function facetsOf(
  kind: ExtensionKind,
  kinds: readonly ExtensionKind[],
): ExtensionKind[] {
  const others = KIND_PRIORITY.filter(k => k !== kind && kinds.includes(k));
  return [kind, ...others];
}
