/**
 * What the API tells about the configured checks: their definitions (GET /checks)
 * and the fault scenarios each kind accepts evidence for.
 */
import type {
  CheckDefinition,
  ExtensionKind,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { resolveChecks, resolveKinds, type ChecksConfig } from '../checks';

/** The enabled checks, as the API describes them. */
export function checkDefinitions(config: ChecksConfig): CheckDefinition[] {
  return resolveChecks(config)
    .map(({ check, severity }) => ({
      id: check.id,
      dimension: check.dimension,
      severity,
      ...(check.kinds === 'all'
        ? {}
        : { kinds: [...check.kinds] as ExtensionKind[] }),
      title: check.title,
      remediation: check.remediation,
      ...(check.docsUrl ? { docsUrl: check.docsUrl } : {}),
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Scenario ids per kind: the kind's own and the conditional ones that may apply to it. */
export function scenariosByKind(
  config: ChecksConfig,
): (kind: string) => string[] {
  const byKind = new Map<string, string[]>();
  for (const [id, kind] of resolveKinds(config)) {
    byKind.set(
      id,
      (kind.experiments ?? []).map(s => s.id),
    );
  }
  for (const entry of config.tables.experiments.conditional) {
    for (const kind of entry.kinds) {
      byKind.set(kind, [...(byKind.get(kind) ?? []), entry.scenario.id]);
    }
  }
  return kind => [...new Set(byKind.get(kind) ?? [])];
}

/** The certificate warn threshold of the cert.expiry check (days). */
export function certificateWarnDays(config: ChecksConfig): number {
  const check = resolveChecks(config).find(c => c.check.id === 'cert.expiry');
  const days = check?.settings.warnDays;
  return typeof days === 'number' ? days : 30;
}
