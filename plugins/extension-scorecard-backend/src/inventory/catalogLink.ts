/**
 * Linking catalog Components to cluster objects, the Kubernetes plugin's way:
 * `backstage.io/kubernetes-id: <id>` on the Component matches objects labelled
 * `backstage.io/kubernetes-id: <id>`; `backstage.io/kubernetes-label-selector` matches by
 * label selector instead; `backstage.io/kubernetes-namespace` limits namespaced objects
 * to one namespace.
 */
import type { Entity } from '@backstage/catalog-model';
import type { KubeObject } from '../collect/types';
import {
  LabelSelector,
  matchesLabelSelector,
  parseLabelSelectorString,
} from './labels';
import type { DescriptorFinding } from './model';

export const KUBERNETES_ID_ANNOTATION = 'backstage.io/kubernetes-id';
export const KUBERNETES_LABEL_SELECTOR_ANNOTATION =
  'backstage.io/kubernetes-label-selector';
export const KUBERNETES_NAMESPACE_ANNOTATION =
  'backstage.io/kubernetes-namespace';
/** The label the Kubernetes plugin's convention puts on cluster objects. */
export const KUBERNETES_ID_LABEL = 'backstage.io/kubernetes-id';

export interface EntityMatcher {
  selector: { kubernetesId?: string; labelSelector?: string };
  matches(obj: KubeObject): boolean;
  findings: DescriptorFinding[];
}

/** The object matcher of a Component; matches nothing when it has neither annotation. */
export function entityMatcher(entity: Entity): EntityMatcher {
  const annotations = entity.metadata.annotations ?? {};
  const kubernetesId =
    annotations[KUBERNETES_ID_ANNOTATION]?.trim() || undefined;
  const labelSelector =
    annotations[KUBERNETES_LABEL_SELECTOR_ANNOTATION]?.trim() || undefined;
  const namespace =
    annotations[KUBERNETES_NAMESPACE_ANNOTATION]?.trim() || undefined;
  const findings: DescriptorFinding[] = [];
  let parsed: LabelSelector | undefined;
  if (labelSelector) {
    parsed = parseLabelSelectorString(labelSelector);
    if (!parsed) {
      findings.push({
        path: `metadata.annotations.${KUBERNETES_LABEL_SELECTOR_ANNOTATION}`,
        message: `'${labelSelector}' is not a label selector (e.g. 'app=web,tier in (a,b)')`,
      });
    }
  }
  const inNamespace = (obj: KubeObject) =>
    !namespace ||
    !obj.metadata.namespace ||
    obj.metadata.namespace === namespace;
  return {
    selector: {
      ...(kubernetesId ? { kubernetesId } : {}),
      ...(labelSelector ? { labelSelector } : {}),
    },
    findings,
    matches(obj) {
      if (!inNamespace(obj)) return false;
      const labels = obj.metadata.labels;
      if (kubernetesId && labels?.[KUBERNETES_ID_LABEL] === kubernetesId)
        return true;
      return (
        !!parsed && hasTerms(parsed) && matchesLabelSelector(parsed, labels)
      );
    },
  };
}

function hasTerms(s: LabelSelector): boolean {
  return (
    Object.keys(s.matchLabels ?? {}).length > 0 ||
    (s.matchExpressions ?? []).length > 0
  );
}
