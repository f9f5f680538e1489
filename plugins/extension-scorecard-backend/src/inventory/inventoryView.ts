/**
 * What the inventory reads of a cluster object, and nothing else: the part of a read
 * that decides which extensions a cluster has and which objects each holds.
 *
 * A real cluster is never read the same twice an hour apart: controllers rewrite the
 * `status` of Deployments, DaemonSets, Certificates and APIServices, and EndpointSlices
 * follow every Pod that restarts, each write a new `resourceVersion`. None of that
 * changes the grouping, which reads names, labels, annotations, owner references and
 * specs. So a cluster's part of the last inventory is kept while this view of its
 * objects is unchanged (pipeline/fingerprints `inventoryFingerprint`), and taken over
 * the objects just read; the checks still see every object as read.
 *
 * The inventory reads `status` of three kinds only: a Pod's phase (schedulers' pending
 * Pods) and a LitmusChaos ChaosResult's targets, both read whole, and a Node's capacity
 * (device plugins' resources; not its heartbeats, conditions or images). Of an
 * EndpointSlice it reads the metadata, never the endpoints. `src/inventory/inventoryView.test.ts` builds the inventory of the demo and
 * the upstream fixtures from this view of every object and compares it with the one
 * built from the objects: a new read of another field fails it.
 */
import type { KubeObject } from '../collect/types';

/** Kinds whose every field may be read (their status included). */
const READ_WHOLE = new Set(['Pod', 'ChaosResult']);

/** Kinds of which only the metadata is read. */
const METADATA_ONLY = new Set(['EndpointSlice']);

/**
 * Kinds whose objects controllers write again without a change the grouping reads
 * (their status, an EndpointSlice's endpoints, a Node's heartbeats). Any other object
 * is written when someone changes it, so comparing it by uid and resourceVersion keeps
 * a part no less often than comparing its view, for far less hashing.
 */
const REWRITTEN = new Set([
  'Deployment',
  'DaemonSet',
  'StatefulSet',
  'PodDisruptionBudget',
  'HorizontalPodAutoscaler',
  'Service',
  'EndpointSlice',
  'Node',
  'CSINode',
  'CustomResourceDefinition',
  'APIService',
  'FlowSchema',
  'Certificate',
]);

/**
 * Kinds whose `metadata.generation` the API server moves on every change of anything
 * but their metadata and status (their spec): the generation stands for the spec.
 */
const GENERATION_FOLLOWS_SPEC = new Set([
  'Deployment',
  'DaemonSet',
  'StatefulSet',
  'PodDisruptionBudget',
  'CustomResourceDefinition',
]);

/** Metadata the API server rewrites on every write: read by no grouping. */
function metadataView(metadata: KubeObject['metadata']): object {
  const {
    resourceVersion: _rv,
    managedFields: _mf,
    generation: _g,
    ...rest
  } = metadata as KubeObject['metadata'] & Record<string, unknown>;
  return rest;
}

/**
 * The object as the inventory reads it: the object itself when it is read whole
 * (compare it by uid and resourceVersion), else its fields without `status` (a Node's
 * with its capacity) and without the metadata of writes.
 */
export function inventoryView(obj: KubeObject): KubeObject {
  return viewOf(obj, metadataView(obj.metadata) as KubeObject['metadata']);
}

/**
 * What stands for an object when two reads of its cluster are compared for the
 * inventory: undefined when it is compared whole (by uid and resourceVersion: written
 * only when someone changes it, or read whole), else its view as text — with its spec
 * told by its generation where that follows the spec (a Deployment's pod template is
 * most of its text).
 */
export function inventoryViewText(obj: KubeObject): string | undefined {
  if (!REWRITTEN.has(obj.kind) || READ_WHOLE.has(obj.kind)) return undefined;
  const metadata = metadataView(obj.metadata) as KubeObject['metadata'];
  const { uid, generation } = obj.metadata;
  if (
    uid &&
    typeof generation === 'number' &&
    GENERATION_FOLLOWS_SPEC.has(obj.kind)
  )
    return `${uid}@g${generation}|${JSON.stringify(metadata)}`;
  return JSON.stringify(viewOf(obj, metadata));
}

function viewOf(obj: KubeObject, metadata: KubeObject['metadata']): KubeObject {
  if (READ_WHOLE.has(obj.kind)) return obj;
  if (METADATA_ONLY.has(obj.kind))
    return { apiVersion: obj.apiVersion, kind: obj.kind, metadata };
  const { status, metadata: _metadata, ...fields } = obj;
  if (obj.kind === 'Node' && status?.capacity !== undefined)
    return { ...fields, metadata, status: { capacity: status.capacity } };
  return { ...fields, metadata } as KubeObject;
}
