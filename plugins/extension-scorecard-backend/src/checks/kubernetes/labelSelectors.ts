/**
 * Label selectors evaluated the way the API server does: every matchLabels pair
 * and every matchExpressions term must hold; an empty selector matches
 * everything; `null`/absent means "everything" or "nothing" depending on the
 * field (the caller decides).
 */

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

export function selectorMatches(
  selector: LabelSelector | null | undefined,
  labels: Labels | undefined,
): boolean {
  if (!selector) return true;
  const own = labels ?? {};
  const matchLabels = selector.matchLabels;
  if (matchLabels) {
    for (const key in matchLabels) {
      if (own[key] !== matchLabels[key]) return false;
    }
  }
  const expressions = selector.matchExpressions;
  if (!expressions) return true;
  for (const term of expressions) {
    const has = Object.prototype.hasOwnProperty.call(own, term.key);
    const values = term.values ?? [];
    switch (term.operator) {
      case 'In':
        if (!has || !values.includes(own[term.key])) return false;
        break;
      case 'NotIn':
        if (has && values.includes(own[term.key])) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        // The API server rejects unknown operators; a selector we cannot evaluate matches nothing.
        return false;
    }
  }
  return true;
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
