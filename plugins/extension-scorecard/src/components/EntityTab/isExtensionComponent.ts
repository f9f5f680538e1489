import { Entity } from '@backstage/catalog-model';

/** The annotation that links catalog entities to Kubernetes objects. */
export const KUBERNETES_ID_ANNOTATION = 'backstage.io/kubernetes-id';

/**
 * Whether an entity is a Kubernetes extension the scorecard covers: a Component with
 * `spec.type: kubernetes-extension`, a `spec.extension` descriptor, or the
 * `backstage.io/kubernetes-id` annotation. Use it to show the tab only where it helps.
 * @public
 */
export function isExtensionComponent(entity: Entity): boolean {
  if (entity.kind.toLocaleLowerCase('en-US') !== 'component') return false;
  const spec = (entity.spec ?? {}) as Record<string, unknown>;
  return (
    spec.type === 'kubernetes-extension' ||
    (typeof spec.extension === 'object' && spec.extension !== null) ||
    Boolean(entity.metadata.annotations?.[KUBERNETES_ID_ANNOTATION])
  );
}
