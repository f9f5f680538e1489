import { Entity } from '@backstage/catalog-model';

/** The annotation that links catalog entities to Kubernetes objects. */
export const KUBERNETES_ID_ANNOTATION = 'backstage.io/kubernetes-id';
/** The Kubernetes plugin's other way to name an entity's objects. */
export const KUBERNETES_LABEL_SELECTOR_ANNOTATION =
  'backstage.io/kubernetes-label-selector';

/**
 * Whether an entity may be a Kubernetes extension the scorecard covers: a Component with
 * `spec.type: kubernetes-extension` or a `spec.extension` descriptor, or any Component or
 * Resource naming cluster objects through the Kubernetes plugin's annotations
 * (`backstage.io/kubernetes-id`, `backstage.io/kubernetes-label-selector`), as the backend
 * links them. Use it to show the tab only where it can help; an entity whose objects
 * extend nothing gets an explanation, not a scorecard.
 * @public
 */
export function isExtensionComponent(entity: Entity): boolean {
  const kind = entity.kind.toLocaleLowerCase('en-US');
  if (kind !== 'component' && kind !== 'resource') return false;
  const spec = (entity.spec ?? {}) as Record<string, unknown>;
  const annotations = entity.metadata.annotations ?? {};
  return (
    (kind === 'component' &&
      (spec.type === 'kubernetes-extension' ||
        (typeof spec.extension === 'object' && spec.extension !== null))) ||
    Boolean(annotations[KUBERNETES_ID_ANNOTATION]) ||
    Boolean(annotations[KUBERNETES_LABEL_SELECTOR_ANNOTATION])
  );
}
