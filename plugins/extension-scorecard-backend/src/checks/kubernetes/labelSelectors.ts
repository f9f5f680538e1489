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

/**
 * Labelled objects (a cluster's Namespaces) indexed by label, so that a selector is
 * matched against all of them at once, in their order: the terms that require a label
 * (`matchLabels`, `In`, `Exists`) look up their bearers, the terms that exclude
 * (`NotIn`, `DoesNotExist`) strike theirs out. The same answer as
 * {@link selectorMatches} on each (`labelSelectors.property.test.ts`), without
 * reading every object's labels for every selector: a fleet's webhooks each exclude a
 * namespace or two of their own.
 */
export class LabelIndex {
  private readonly names: string[] = [];
  /** Label key → value → positions of the bearers (ascending). */
  private readonly byValue = new Map<string, Map<string, number[]>>();
  /** Label key → positions of the bearers (ascending). */
  private readonly byKey = new Map<string, number[]>();

  constructor(labelled: ReadonlyMap<string, Labels>) {
    for (const [name, labels] of labelled) {
      const at = this.names.length;
      this.names.push(name);
      for (const [key, value] of Object.entries(labels)) {
        let values = this.byValue.get(key);
        if (!values) {
          values = new Map();
          this.byValue.set(key, values);
          this.byKey.set(key, []);
        }
        this.byKey.get(key)!.push(at);
        const list = values.get(value);
        if (list) list.push(at);
        else values.set(value, [at]);
      }
    }
  }

  /** The names whose labels satisfy every selector (an absent or empty one matches all). */
  matching(
    selectors: ReadonlyArray<LabelSelector | null | undefined>,
  ): string[] {
    const n = this.names.length;
    const ok = new Uint8Array(n).fill(1);
    const bearers = (key: string, values: readonly unknown[]) => {
      const byValue = this.byValue.get(key);
      const out: number[] = [];
      for (const value of new Set(values)) {
        const list =
          typeof value === 'string' ? byValue?.get(value) : undefined;
        if (list) out.push(...list);
      }
      return out;
    };
    const require = (positions: readonly number[]) => {
      const keep = new Uint8Array(n);
      for (const at of positions) keep[at] = 1;
      for (let at = 0; at < n; at++) ok[at] &= keep[at];
    };
    const exclude = (positions: readonly number[]) => {
      for (const at of positions) ok[at] = 0;
    };
    for (const selector of selectors) {
      if (!selector) continue;
      if (typeof selector !== 'object') return []; // not a selector: matches nothing
      for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
        require(bearers(key, [value]));
      }
      for (const term of selector.matchExpressions ?? []) {
        const values = Array.isArray(term.values) ? term.values : [];
        switch (term.operator) {
          case 'In':
            require(bearers(term.key, values));
            break;
          case 'NotIn':
            exclude(bearers(term.key, values));
            break;
          case 'Exists':
            require(this.byKey.get(term.key) ?? []);
            break;
          case 'DoesNotExist':
            exclude(this.byKey.get(term.key) ?? []);
            break;
          default:
            // an unknown operator matches nothing (the API server rejects it)
            return [];
        }
      }
    }
    const out: string[] = [];
    for (let at = 0; at < n; at++) if (ok[at]) out.push(this.names[at]);
    return out;
  }
}
