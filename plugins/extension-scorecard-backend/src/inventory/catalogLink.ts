/**
 * Linking catalog entities to cluster objects, the Kubernetes plugin's way:
 * `backstage.io/kubernetes-id: <id>` on the entity matches objects labelled
 * `backstage.io/kubernetes-id: <id>`; `backstage.io/kubernetes-label-selector` matches by
 * label selector instead; `backstage.io/kubernetes-namespace` limits namespaced objects
 * to one namespace. The Kubernetes plugin finds Pods by these labels, so companies often
 * set them only on pod templates (a chart's `podLabels`): a workload whose pod template
 * carries them matches too.
 */
import type { Entity } from '@backstage/catalog-model';
import type { KubeObject } from '../collect/types';
import {
  LabelSelector,
  matchesLabelSelector,
  parseLabelSelectorString,
} from './labels';
import type { DescriptorFinding } from './model';
import { isWorkload, podLabels } from './workloads';

export const KUBERNETES_ID_ANNOTATION = 'backstage.io/kubernetes-id';
export const KUBERNETES_LABEL_SELECTOR_ANNOTATION =
  'backstage.io/kubernetes-label-selector';
export const KUBERNETES_NAMESPACE_ANNOTATION =
  'backstage.io/kubernetes-namespace';
/** The label the Kubernetes plugin's convention puts on cluster objects. */
export const KUBERNETES_ID_LABEL = 'backstage.io/kubernetes-id';

/** True when an entity uses the Kubernetes plugin's annotations to name cluster objects. */
export function hasKubernetesAnnotations(entity: Entity): boolean {
  const a = entity.metadata.annotations ?? {};
  return !!(
    a[KUBERNETES_ID_ANNOTATION]?.trim() ||
    a[KUBERNETES_LABEL_SELECTOR_ANNOTATION]?.trim()
  );
}

export interface EntityMatcher {
  selector: { kubernetesId?: string; labelSelector?: string };
  /** A `key=value` every object the selector matches carries (for lookups), if any. */
  requiredLabel?: string;
  matches(obj: KubeObject): boolean;
  findings: DescriptorFinding[];
}

/** The object matcher of an entity; matches nothing when it has neither annotation. */
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
  const [required] = Object.entries(parsed?.matchLabels ?? {});
  return {
    selector: {
      ...(kubernetesId ? { kubernetesId } : {}),
      ...(labelSelector ? { labelSelector } : {}),
    },
    ...(required && !kubernetesId
      ? { requiredLabel: `${required[0]}=${required[1]}` }
      : {}),
    findings,
    matches(obj) {
      if (!inNamespace(obj)) return false;
      return labelSets(obj).some(labels => {
        if (kubernetesId && labels?.[KUBERNETES_ID_LABEL] === kubernetesId)
          return true;
        return (
          !!parsed && hasTerms(parsed) && matchesLabelSelector(parsed, labels)
        );
      });
    },
  };
}

/** The labels an entity may match on: the object's, and a workload's pod template's. */
function labelSets(obj: KubeObject): Array<Record<string, string> | undefined> {
  return isWorkload(obj)
    ? [obj.metadata.labels, podLabels(obj)]
    : [obj.metadata.labels];
}

/** The `backstage.io/kubernetes-id` values of an object (its own label, a pod template's). */
function kubernetesIds(obj: KubeObject): string[] {
  const out: string[] = [];
  for (const labels of labelSets(obj)) {
    const id = labels?.[KUBERNETES_ID_LABEL];
    if (id && !out.includes(id)) out.push(id);
  }
  return out;
}

function hasTerms(s: LabelSelector): boolean {
  return (
    Object.keys(s.matchLabels ?? {}).length > 0 ||
    (s.matchExpressions ?? []).length > 0
  );
}

/**
 * Finds the entities that may match objects without testing every entity: by the
 * `backstage.io/kubernetes-id` label value, by a label a selector requires
 * (`app.kubernetes.io/instance=keda`), plus every entity whose selector requires none.
 * Candidates keep the order the entities were given in.
 */
export class EntityLookup<T extends { matcher: EntityMatcher }> {
  private readonly byId = new Map<string, T[]>();
  private readonly byLabel = new Map<string, T[]>();
  private readonly bySelector: T[] = [];
  private readonly order = new Map<T, number>();

  constructor(entities: T[]) {
    entities.forEach((e, i) => {
      this.order.set(e, i);
      const id = e.matcher.selector.kubernetesId;
      if (id) this.byId.set(id, [...(this.byId.get(id) ?? []), e]);
      const label = e.matcher.requiredLabel;
      if (label)
        this.byLabel.set(label, [...(this.byLabel.get(label) ?? []), e]);
      else if (e.matcher.selector.labelSelector) this.bySelector.push(e);
    });
  }

  candidates(objects: KubeObject[]): T[] {
    const found = new Set<T>(this.bySelector);
    for (const obj of objects) {
      for (const id of kubernetesIds(obj))
        this.byId.get(id)?.forEach(e => found.add(e));
      if (this.byLabel.size === 0) continue;
      for (const labels of labelSets(obj)) {
        for (const [k, v] of Object.entries(labels ?? {}))
          this.byLabel.get(`${k}=${v}`)?.forEach(e => found.add(e));
      }
    }
    return [...found].sort((a, b) => this.order.get(a)! - this.order.get(b)!);
  }
}

/** The objects of a cluster grouped by their `backstage.io/kubernetes-id` label (own or pod template). */
export function objectsByKubernetesId(
  objects: Iterable<KubeObject>,
): Map<string, KubeObject[]> {
  const out = new Map<string, KubeObject[]>();
  for (const obj of objects) {
    for (const id of kubernetesIds(obj)) {
      const list = out.get(id);
      if (list) list.push(obj);
      else out.set(id, [obj]);
    }
  }
  return out;
}
