/**
 * The audit without a running Backstage: cluster dumps, live clusters (read through a
 * kubeconfig) and catalog files in, one report out. Runs the same collect → inventory
 * (→ checks) pipeline as the backend.
 */
import type {
  ClusterSource as ClusterSourceType,
  ClusterUpgradeReadiness,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import fs from 'node:fs/promises';
import type { Entity } from '@backstage/catalog-model';
import { InputError } from '@backstage/errors';
import { readCatalogFiles } from '../collect/catalog';
import { readClusterDump } from '../collect/dumps';
import type { ClusterCollection, KubeObject } from '../collect/types';
import { buildInventory } from '../inventory/buildInventory';
import type { Inventory, InstanceObjects } from '../inventory/model';
import { evaluateInventory } from '../pipeline/evaluate';
import { upgradeReadiness } from '../pipeline/upgradeReadiness';

/** One check result as the audit report shows it. */
export interface AuditCheck {
  id: string;
  status: 'pass' | 'warn' | 'fail' | 'not-applicable' | 'unknown';
  message: string;
  severity?: 'critical' | 'high' | 'medium' | 'low' | 'info';
  cluster?: string | null;
}

/**
 * Evaluates the inventory's components: check results per component id.
 * THE place where check evaluation plugs into the audit.
 */
export type AuditEvaluator = (
  inventory: Inventory,
  now: Date,
) => Map<string, AuditCheck[]>;

/** Every check of the catalogue with its default thresholds (data/), as the backend runs them. */
export const evaluateForAudit: AuditEvaluator = (inventory, now) =>
  new Map(
    evaluateInventory(inventory, { now }).map(scorecard => [
      scorecard.componentId,
      scorecard.results.map(r => ({
        id: r.checkId,
        status: r.status,
        message: r.message,
        severity: r.severity,
        cluster: r.cluster,
      })),
    ]),
  );

/** A live cluster of the audit: how to read it (e.g. collectLiveCluster through a kubeconfig). */
export interface AuditLiveCluster {
  name: string;
  /**
   * Reads the cluster at `now`. Cluster trouble (unreachable, unauthorized) is reported
   * in the collection's `error` and `reads`, as a failed dump is; a thrown error ends
   * the audit.
   */
  collect: (options: { now: Date }) => Promise<ClusterCollection>;
}

export interface AuditOptions {
  /** Cluster dump directories, read first, in order. */
  clusters?: Array<{ name: string; directory: string }>;
  /** Live clusters, read in parallel after the dump directories were found; listed after the dumps. */
  live?: AuditLiveCluster[];
  catalogFiles: string[];
  now?: Date;
  evaluate?: AuditEvaluator;
}

export interface AuditObjectRef {
  apiVersion: string;
  kind: string;
  namespace: string | null;
  name: string;
}

export interface AuditReport {
  generatedAt: string;
  clusters: Array<{
    name: string;
    /** `gitVersion` of the server, null when the dump has none. */
    version: string | null;
    /** ok: every read ok or not served; partial: some reads forbidden or failed; error: no data. */
    status: 'ok' | 'partial' | 'error';
    source: ClusterSourceType;
    error?: string;
    /**
     * Reads that were forbidden or failed, with the reason: resource keys, and
     * `apiServerMetrics` for the API server's metrics (the dump's `metrics.txt`).
     */
    problems: Array<{ resource: string; state: string; reason: string }>;
  }>;
  components: Array<{
    id: string;
    name: string;
    kind: string;
    /** Owner entity ref from the catalog, null for orphans and Components without owner. */
    owner: string | null;
    ownerResolved: boolean;
    lifecycle: string | null;
    instances: Array<{ cluster: string; objects: AuditObjectRef[] }>;
    descriptorFindings: Array<{ path: string; message: string }>;
    checks: AuditCheck[];
  }>;
  /** Per cluster, what blocks moving it to the next Kubernetes minor (as `GET /upgrade-readiness`). */
  upgradeReadiness: ClusterUpgradeReadiness[];
}

/** Runs the audit; bad input (no such directory or file) is an InputError. */
export async function runAudit(options: AuditOptions): Promise<AuditReport> {
  const now = options.now ?? new Date();
  const dumps = options.clusters ?? [];
  const live = options.live ?? [];
  if (dumps.length === 0 && live.length === 0) {
    throw new InputError(
      'Give at least one cluster: --cluster <name>=<dump-dir> for a dump, --kubeconfig [file] or --context <name> for a live cluster',
    );
  }
  const names = new Set<string>();
  for (const c of [...dumps, ...live]) {
    if (names.has(c.name))
      throw new InputError(`Cluster name '${c.name}' is given twice`);
    names.add(c.name);
  }
  for (const c of dumps) {
    const stat = await fs.stat(c.directory).catch(() => undefined);
    if (!stat?.isDirectory()) {
      throw new InputError(
        `Dump directory of cluster '${c.name}' not found: ${c.directory}`,
      );
    }
  }
  // bad catalog input fails before any live cluster is read
  const entities: Entity[] = await readCatalogFiles(options.catalogFiles);
  const clusters: ClusterCollection[] = [];
  for (const c of dumps) {
    clusters.push(
      await readClusterDump({
        name: c.name,
        directory: c.directory,
        now: () => now,
      }),
    );
  }
  const collected = await Promise.all(live.map(c => c.collect({ now })));
  for (const [index, collection] of collected.entries()) {
    // the report names the cluster as the caller did
    clusters.push({ ...collection, cluster: live[index].name });
  }
  const inventory = buildInventory({ clusters, entities, now });
  const results = (options.evaluate ?? evaluateForAudit)(inventory, now);
  return {
    ...toReport(inventory, results),
    upgradeReadiness: upgradeReadiness(inventory, { now }),
  };
}

function toReport(
  inventory: Inventory,
  results: Map<string, AuditCheck[]>,
): Omit<AuditReport, 'upgradeReadiness'> {
  return {
    generatedAt: inventory.generatedAt,
    clusters: inventory.clusters.map(c => {
      const problems = Object.entries(c.reads)
        .filter(
          ([, r]) => r && (r.state === 'forbidden' || r.state === 'failed'),
        )
        .map(([resource, r]) => ({
          resource,
          state: r!.state,
          reason: (r as { reason: string }).reason,
        }));
      const metrics = c.apiServerMetrics?.status;
      if (metrics?.state === 'forbidden' || metrics?.state === 'failed') {
        problems.push({
          resource: 'apiServerMetrics',
          state: metrics.state,
          reason: metrics.reason,
        });
      }
      return {
        name: c.cluster,
        version: c.version?.gitVersion ?? null,
        status: clusterStatus(c, problems.length),
        source: c.source,
        ...(c.error ? { error: c.error } : {}),
        problems,
      };
    }),
    components: inventory.components.map(component => ({
      id: component.id,
      name: component.name,
      kind: component.kind,
      owner: component.catalog?.owner?.ref ?? null,
      ownerResolved: component.catalog?.owner?.resolved ?? false,
      lifecycle: component.catalog?.lifecycle ?? null,
      instances: component.instances.map(i => ({
        cluster: i.cluster,
        objects: objectRefs(i.objects),
      })),
      descriptorFindings: component.descriptorFindings,
      checks: results.get(component.id) ?? [],
    })),
  };
}

function clusterStatus(
  c: ClusterCollection,
  problems: number,
): 'ok' | 'partial' | 'error' {
  if (c.error) return 'error';
  return problems > 0 ? 'partial' : 'ok';
}

function objectRefs(objects: InstanceObjects): AuditObjectRef[] {
  return (Object.values(objects) as KubeObject[][]).flat().map(o => ({
    apiVersion: o.apiVersion,
    kind: o.kind,
    namespace: o.metadata.namespace ?? null,
    name: o.metadata.name,
  }));
}

/** True when some component has a failing check of critical severity. */
export function hasCriticalFailure(report: AuditReport): boolean {
  return report.components.some(c =>
    c.checks.some(
      check => check.status === 'fail' && check.severity === 'critical',
    ),
  );
}

/** A plain-text table for terminals: clusters, then one line per component. */
export function formatTable(report: AuditReport): string {
  const lines: string[] = [];
  const table = (rows: string[][]) => {
    const widths = rows[0].map((_, i) =>
      Math.max(...rows.map(r => r[i].length)),
    );
    for (const r of rows)
      lines.push(
        r
          .map((cell, i) => cell.padEnd(widths[i]))
          .join('  ')
          .trimEnd(),
      );
  };
  table([
    ['CLUSTER', 'VERSION', 'STATUS', 'PROBLEMS'],
    ...report.clusters.map(c => [
      c.name,
      c.version ?? '-',
      c.status,
      c.error ??
        (c.problems.map(p => `${p.resource}: ${p.state}`).join(', ') || '-'),
    ]),
  ]);
  lines.push('');
  table([
    [
      'COMPONENT',
      'KIND',
      'OWNER',
      'CLUSTERS',
      'OBJECTS',
      'FINDINGS',
      'CHECKS (fail/warn/unknown)',
    ],
    ...report.components.map(c => {
      const count = (s: AuditCheck['status']) =>
        c.checks.filter(x => x.status === s).length;
      return [
        c.id,
        c.kind,
        c.owner
          ? `${c.owner}${c.ownerResolved ? '' : ' (unresolved)'}`
          : '(none)',
        c.instances.map(i => i.cluster).join(',') || '-',
        String(c.instances.reduce((n, i) => n + i.objects.length, 0)),
        String(c.descriptorFindings.length),
        c.checks.length
          ? `${count('fail')}/${count('warn')}/${count('unknown')}`
          : '-',
      ];
    }),
  ]);
  const orphans = report.components.filter(c =>
    c.id.startsWith('orphan:'),
  ).length;
  lines.push('');
  for (const cluster of report.upgradeReadiness ?? []) {
    lines.push(
      `${cluster.cluster} ${cluster.currentVersion ?? '?'} -> ${
        cluster.targetVersion ?? '?'
      }: ${cluster.state} (${cluster.blockers} blockers, ${
        cluster.warnings
      } warnings)${cluster.reason ? `; ${cluster.reason}` : ''}`,
    );
    for (const f of cluster.findings.filter(x => x.severity === 'blocker'))
      lines.push(
        `  blocker  ${f.componentName ?? 'cluster-wide'}: ${f.message} [${
          f.source
        }]`,
      );
  }
  lines.push('');
  lines.push(
    `${report.components.length} components (${orphans} orphans) in ${report.clusters.length} clusters`,
  );
  return `${lines.join('\n')}\n`;
}
