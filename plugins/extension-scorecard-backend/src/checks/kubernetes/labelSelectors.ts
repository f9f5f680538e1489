/**
 * Label selectors for the checks: evaluation shared with the inventory
 * (inventory/labels.ts), where an absent selector matches nothing; the fields
 * checks read (webhook and policy namespaceSelectors) default to "everything".
 */
import {
  matchesLabelSelector,
  type LabelSelector as InventoryLabelSelector,
} from '../../inventory/labels';

export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | string;
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string> | null;
  matchExpressions?: LabelSelectorRequirement[] | null;
}

export type Labels = Readonly<Record<string, string>>;

export function isEmptySelector(
  selector: LabelSelector | null | undefined,
): boolean {
  if (!selector) return true;
  return (
    Object.keys(selector.matchLabels ?? {}).length === 0 &&
    (selector.matchExpressions ?? []).length === 0
  );
}

/** True when the labels satisfy the selector; an absent or empty selector matches everything. */
export function selectorMatches(
  selector: LabelSelector | null | undefined,
  labels: Labels | undefined,
): boolean {
  return (
    !selector ||
    matchesLabelSelector(
      selector as InventoryLabelSelector,
      labels as Record<string, string> | undefined,
    )
  );
}

/** `a=b,c in (x,y),!d` — how kubectl prints a selector. */
export function formatSelector(
  selector: LabelSelector | null | undefined,
): string {
  if (isEmptySelector(selector)) return '{}';
  const parts = Object.entries(selector!.matchLabels ?? {}).map(
    ([k, v]) => `${k}=${v}`,
  );
  for (const term of selector!.matchExpressions ?? []) {
    const values = (term.values ?? []).join(',');
    switch (term.operator) {
      case 'In':
        parts.push(`${term.key} in (${values})`);
        break;
      case 'NotIn':
        parts.push(`${term.key} notin (${values})`);
        break;
      case 'Exists':
        parts.push(term.key);
        break;
      case 'DoesNotExist':
        parts.push(`!${term.key}`);
        break;
      default:
        parts.push(`${term.key} ${term.operator} (${values})`);
    }
  }
  return parts.join(',');
}

const NAME_LABEL = 'kubernetes.io/metadata.name';

/**
 * True when the selector matches a namespace named `name` whatever its other labels:
 * it may only constrain the immutable `kubernetes.io/metadata.name` label (and must
 * match it). For judging namespace selectors when the Namespaces could not be read.
 */
export function selectorMatchesNamespaceName(
  selector: LabelSelector | null | undefined,
  name: string,
): boolean {
  if (isEmptySelector(selector)) return true;
  const labels = { [NAME_LABEL]: name };
  const onlyName =
    Object.keys(selector!.matchLabels ?? {}).every(k => k === NAME_LABEL) &&
    (selector!.matchExpressions ?? []).every(e => e.key === NAME_LABEL);
  return onlyName && selectorMatches(selector, labels);
}
