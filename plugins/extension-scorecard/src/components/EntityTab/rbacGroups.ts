import { RbacFinding } from '@extension-scorecard/plugin-extension-scorecard-common';

/** The findings of one binding → role grant to one service account, across clusters. */
export interface RbacGrant {
  serviceAccount: string;
  binding: string;
  role: string;
  clusters: string[];
  /** One entry per check, with the distinct rules it found (in any cluster). */
  findings: Array<{ checkId: RbacFinding['checkId']; rules: string[] }>;
  /** True only when every finding is declared in the design record. */
  declared: boolean;
  /** Some findings are declared, others not. */
  partlyDeclared: boolean;
}

export function formatRule(rule: RbacFinding['rule']): string {
  const groups = rule.apiGroups.map(g => (g === '' ? 'core' : g)).join(',');
  return `${rule.verbs.join(',')} on ${rule.resources.join(',')} (${groups})`;
}

/**
 * Findings grouped by service account, binding and role: a ServiceAccount bound to
 * cluster-admin in two clusters is one row listing both clusters and each check once
 * (with its rules), not one row per check, rule and cluster.
 */
export function groupRbacFindings(
  findings: readonly RbacFinding[],
): RbacGrant[] {
  const grants = new Map<
    string,
    RbacGrant & { byCheck: Map<string, Set<string>>; declaredFlags: boolean[] }
  >();
  for (const finding of findings) {
    const key = `${finding.serviceAccount}|${finding.binding}|${finding.role}`;
    let grant = grants.get(key);
    if (!grant) {
      grant = {
        serviceAccount: finding.serviceAccount,
        binding: finding.binding,
        role: finding.role,
        clusters: [],
        findings: [],
        declared: false,
        partlyDeclared: false,
        byCheck: new Map(),
        declaredFlags: [],
      };
      grants.set(key, grant);
    }
    if (!grant.clusters.includes(finding.cluster))
      grant.clusters.push(finding.cluster);
    const rules = grant.byCheck.get(finding.checkId) ?? new Set<string>();
    rules.add(formatRule(finding.rule));
    grant.byCheck.set(finding.checkId, rules);
    grant.declaredFlags.push(finding.declared);
  }
  return [...grants.values()]
    .map(({ byCheck, declaredFlags, ...grant }) => ({
      ...grant,
      clusters: [...grant.clusters].sort(),
      findings: [...byCheck]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([checkId, rules]) => ({
          checkId: checkId as RbacFinding['checkId'],
          rules: [...rules],
        })),
      declared: declaredFlags.every(Boolean),
      partlyDeclared:
        declaredFlags.some(Boolean) && !declaredFlags.every(Boolean),
    }))
    .sort(
      (a, b) =>
        a.serviceAccount.localeCompare(b.serviceAccount) ||
        a.binding.localeCompare(b.binding),
    );
}
