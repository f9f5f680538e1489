/**
 * Kubernetes label selectors, evaluated as the API server does: `matchLabels` and
 * `matchExpressions` (In, NotIn, Exists, DoesNotExist), Service-style selector maps,
 * and the string form used by `backstage.io/kubernetes-label-selector`
 * (`app=web,tier in (a,b),!legacy`).
 */

/** A LabelSelector as it appears in objects (`spec.selector`, `namespaceSelector`…). */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{
    key: string;
    operator: string;
    values?: string[];
  }>;
}

type Labels = Record<string, string> | undefined;

/**
 * True when the labels satisfy the selector. An empty selector matches everything;
 * a missing one (undefined/null) matches nothing, like a PDB or Service without one.
 */
export function matchesLabelSelector(
  selector: LabelSelector | null | undefined,
  labels: Labels,
): boolean {
  if (!selector || typeof selector !== 'object') return false;
  const l = labels ?? {};
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) {
    if (l[k] !== v) return false;
  }
  for (const expr of selector.matchExpressions ?? []) {
    const has = Object.prototype.hasOwnProperty.call(l, expr.key);
    const values = expr.values ?? [];
    switch (expr.operator) {
      case 'In':
        if (!has || !values.includes(l[expr.key])) return false;
        break;
      case 'NotIn':
        if (has && values.includes(l[expr.key])) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        return false; // unknown operator: the API server would reject the selector
    }
  }
  return true;
}

/** Service-style selector map (`spec.selector` of a Service): empty or missing selects nothing. */
export function matchesSelectorMap(
  selector: Record<string, string> | undefined,
  labels: Labels,
): boolean {
  if (!selector || Object.keys(selector).length === 0) return false;
  const l = labels ?? {};
  return Object.entries(selector).every(([k, v]) => l[k] === v);
}

/**
 * Parses the string form of a label selector. Returns undefined when it is not valid.
 */
export function parseLabelSelectorString(
  text: string,
): LabelSelector | undefined {
  const selector: Required<LabelSelector> = {
    matchLabels: {},
    matchExpressions: [],
  };
  const terms = splitTerms(text);
  if (!terms) return undefined;
  for (const raw of terms) {
    const term = raw.trim();
    if (!term) return undefined;
    let m = /^([\w./-]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(term);
    if (m) {
      selector.matchExpressions.push({
        key: m[1],
        operator: m[2] === 'in' ? 'In' : 'NotIn',
        values: m[3]
          .split(',')
          .map(v => v.trim())
          .filter(Boolean),
      });
      continue;
    }
    m = /^([\w./-]+)\s*(==|=|!=)\s*([\w.-]*)$/.exec(term);
    if (m) {
      if (m[2] === '!=') {
        selector.matchExpressions.push({
          key: m[1],
          operator: 'NotIn',
          values: [m[3]],
        });
      } else {
        selector.matchLabels[m[1]] = m[3];
      }
      continue;
    }
    m = /^(!?)([\w./-]+)$/.exec(term);
    if (m) {
      selector.matchExpressions.push({
        key: m[2],
        operator: m[1] ? 'DoesNotExist' : 'Exists',
      });
      continue;
    }
    return undefined;
  }
  return selector;
}

/** Splits on commas that are not inside parentheses. */
function splitTerms(text: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (depth < 0) return undefined;
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (depth !== 0) return undefined;
  out.push(current);
  return out;
}
