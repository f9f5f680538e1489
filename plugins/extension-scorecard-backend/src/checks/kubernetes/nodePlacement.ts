/**
 * Which Nodes a pod template can land on: `nodeSelector` and required node
 * affinity (`nodeSelectorTerms`, OR of terms, AND of expressions). Taints are
 * not considered.
 */
import type { KubeObject } from '../../collect/types';

function expressionMatches(
  expression: any,
  labels: Record<string, string>,
): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, expression.key);
  const value = labels[expression.key];
  const values: string[] = expression.values ?? [];
  switch (expression.operator) {
    case 'In':
      return has && values.includes(value);
    case 'NotIn':
      return !has || !values.includes(value);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
      return has && Number(value) > Number(values[0]);
    case 'Lt':
      return has && Number(value) < Number(values[0]);
    default:
      return false;
  }
}

export function podSpecFitsNode(podSpec: any, node: KubeObject): boolean {
  const labels = node.metadata.labels ?? {};
  for (const [key, value] of Object.entries(podSpec?.nodeSelector ?? {})) {
    if (labels[key] !== value) return false;
  }
  const terms: any[] =
    podSpec?.affinity?.nodeAffinity
      ?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  if (!terms.length) return true;
  return terms.some(term =>
    (term.matchExpressions ?? []).every((e: any) =>
      expressionMatches(e, labels),
    ),
  );
}
