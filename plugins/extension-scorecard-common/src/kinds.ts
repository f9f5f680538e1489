/**
 * The ten kinds of Kubernetes extension the scorecard knows, and the path each sits on.
 * Ids are a public contract (API, exports, catalog descriptors): never rename one.
 */

import { extensionKindValues, type components } from './api/openapi.generated';

/** A kind id (the spec's ExtensionKind schema). @public */
export type ExtensionKind = components['schemas']['ExtensionKind'];

/** Every kind, in the spec's order (generated from the ExtensionKind schema). @public */
export const EXTENSION_KINDS: readonly ExtensionKind[] = extensionKindValues;

/** @public */
export const PATH_CLASSES = [
  'sync-api',
  'async-control',
  'scheduling',
  'node',
  'data-plane',
] as const;

/** @public */
export type PathClass = (typeof PATH_CLASSES)[number];

/** @public */
export interface ExtensionKindInfo {
  id: ExtensionKind;
  title: string;
  pathClass: PathClass;
  /** What breaks when it fails (DOMAIN.md). */
  failureImpact: string;
  /** Backends on the synchronous request path: stricter availability rules. */
  syncPath: boolean;
  /** Rolled out per node (DaemonSet on every node): node-by-node canary rules. */
  nodeExtension: boolean;
}

/** @public */
export const EXTENSION_KIND_INFO: Record<ExtensionKind, ExtensionKindInfo> = {
  'crd-controller': {
    id: 'crd-controller',
    title: 'CRD + controller',
    pathClass: 'async-control',
    failureImpact: 'custom resources can be written but may never converge',
    syncPath: false,
    nodeExtension: false,
  },
  'admission-webhook': {
    id: 'admission-webhook',
    title: 'Admission webhook',
    pathClass: 'sync-api',
    failureImpact: 'matched API requests slow down or fail',
    syncPath: true,
    nodeExtension: false,
  },
  'admission-policy': {
    id: 'admission-policy',
    title: 'Admission policy (CEL)',
    pathClass: 'sync-api',
    failureImpact: 'matched API requests are rejected',
    syncPath: true,
    nodeExtension: false,
  },
  'aggregated-api': {
    id: 'aggregated-api',
    title: 'Aggregated API',
    pathClass: 'sync-api',
    failureImpact:
      'the APIService is unavailable and discovery of its group fails',
    syncPath: true,
    nodeExtension: false,
  },
  'scheduler-plugin': {
    id: 'scheduler-plugin',
    title: 'Scheduler plugin',
    pathClass: 'scheduling',
    failureImpact: 'Pods cannot bind, or bind late',
    syncPath: true,
    nodeExtension: false,
  },
  'cri-runtime': {
    id: 'cri-runtime',
    title: 'Container runtime (CRI)',
    pathClass: 'node',
    failureImpact: 'the node cannot start or stop containers',
    syncPath: false,
    nodeExtension: true,
  },
  cni: {
    id: 'cni',
    title: 'Network plugin (CNI)',
    pathClass: 'node',
    failureImpact: 'Pods get no network or cannot be created',
    syncPath: false,
    nodeExtension: true,
  },
  csi: {
    id: 'csi',
    title: 'Storage driver (CSI)',
    pathClass: 'data-plane',
    failureImpact: 'PVCs or Pods are stuck',
    syncPath: false,
    nodeExtension: true,
  },
  'device-plugin': {
    id: 'device-plugin',
    title: 'Device plugin',
    pathClass: 'node',
    failureImpact: 'devices are invisible or allocation fails',
    syncPath: false,
    nodeExtension: true,
  },
  'dra-driver': {
    id: 'dra-driver',
    title: 'DRA driver',
    pathClass: 'scheduling',
    failureImpact: 'ResourceClaims or Pods stay Pending',
    syncPath: false,
    nodeExtension: true,
  },
};

/** @public */
export function isExtensionKind(value: unknown): value is ExtensionKind {
  return (
    typeof value === 'string' &&
    (EXTENSION_KINDS as readonly string[]).includes(value)
  );
}
