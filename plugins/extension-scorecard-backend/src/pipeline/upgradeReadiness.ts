/**
 * "Ready for the next minor", per cluster: everything that blocks moving the cluster
 * to the Kubernetes minor after the one it runs. Built with each snapshot from the
 * same inventory the checks judged:
 * - removed and deprecated API versions in the component's objects, as read, as last
 *   applied (kubectl annotation) and as written by each field manager;
 * - deprecated APIs clients still request, from the API server's own metric;
 * - CRD storage migrations pending and served versions marked deprecated;
 * - webhooks without AdmissionReview v1;
 * - version skew, CSI sidecars and DRA API levels judged by their checks as if the
 *   cluster already ran the target minor.
 * Stored unfiltered with the snapshot's clusters; the service filters by visibility.
 */
import type {
  CheckResult,
  ClusterUpgradeReadiness,
  UpgradeFinding,
  UpgradeFindingCategory,
  UpgradeFindingSeverity,
  UpgradeSourceStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  ClusterIndex,
  crdVersionFindings,
  deprecatedApiFindings,
  OWNED_OBJECT_LISTS,
  requestedApiFindings,
  reviewVersionFindings,
  runComponent,
  type ObjectFinding,
  type RunEnvironment,
  webhooksOf,
} from '../checks';
import type { ClusterCollection, ReadStatus } from '../collect/types';
import type { ExtensionComponent, Inventory } from '../inventory/model';
import { formatRelease } from '../checks/kubernetes/releases';
import { normalizeComponentRef, summarizeUpgrade } from '../scoring';
import { runEnvironment, type EvaluateOptions } from './evaluate';
import { renderRelative } from '../checks/relativeDays';
import { runSteps, type Steps } from '../pacing/steps';

/** Checks judged again at the target minor, and what their fails are about. */
const TARGET_CHECKS: Record<string, UpgradeFindingCategory> = {
  'upgrade.version-skew': 'version-skew',
  'csi.sidecar-matrix': 'csi-sidecar',
  'dra.api-stability': 'dra-api',
};

const SEVERITY_ORDER: Record<UpgradeFindingSeverity, number> = {
  blocker: 0,
  unknown: 1,
  warning: 2,
};

/** The cluster's collection as if its API server ran `target` (a `1.x` release). */
function atRelease(collection: ClusterCollection, target: number) {
  const text = formatRelease(target);
  const [major, minor] = text.split('.');
  return new ClusterIndex({
    ...collection,
    version: { major, minor, gitVersion: `v${text}.0` },
    versionStatus: { state: 'ok' },
  });
}

function sourceStatus(
  source: UpgradeSourceStatus['source'],
  status: ReadStatus | undefined,
  absent: string,
): UpgradeSourceStatus {
  if (status?.state === 'ok') return { source, state: 'read', reason: null };
  let reason = absent;
  // not served says it all (no metrics.txt in a dump); forbidden and failed keep their state
  if (status?.state === 'not-served') reason = status.reason;
  else if (status) reason = `${status.state}: ${status.reason}`;
  return { source, state: 'unavailable', reason };
}

function sourcesOf(
  collection: ClusterCollection,
  components: readonly ExtensionComponent[],
): UpgradeSourceStatus[] {
  const objects = components.flatMap(c =>
    c.instances
      .filter(i => i.cluster === collection.cluster)
      .flatMap(i => OWNED_OBJECT_LISTS.flatMap(key => i.objects[key] ?? [])),
  );
  const hasManagedFields = objects.some(o => o.metadata.managedFields?.length);
  return [
    { source: 'object', state: 'read', reason: null },
    { source: 'last-applied-configuration', state: 'read', reason: null },
    hasManagedFields || objects.length === 0
      ? { source: 'managed-fields', state: 'read', reason: null }
      : {
          source: 'managed-fields',
          state: 'unavailable',
          reason:
            collection.source === 'dump'
              ? 'no object in the dump carries metadata.managedFields (dump with kubectl get --show-managed-fields -o yaml)'
              : 'no object carries metadata.managedFields',
        },
    sourceStatus(
      'apiserver-metric',
      collection.apiServerMetrics?.status,
      'the API server metrics were not collected',
    ),
    sourceStatus(
      'crd-status',
      collection.reads.customresourcedefinitions,
      'CustomResourceDefinitions were not read',
    ),
    sourceStatus('node-status', collection.reads.nodes, 'Nodes were not read'),
  ];
}

function named(
  component: ExtensionComponent | null,
  finding: ObjectFinding,
): UpgradeFinding {
  return {
    ...finding,
    componentId: component ? normalizeComponentRef(component.id) : null,
    componentName: component?.name ?? null,
    owner: component?.catalog?.owner?.ref ?? null,
  };
}

/** A check's verdict at the target minor, as a finding (fails block, unknowns say why). */
function targetCheckFinding(
  result: CheckResult,
  target: string,
): ObjectFinding | null {
  const category = TARGET_CHECKS[result.checkId];
  if (!category) return null;
  if (result.status !== 'fail' && result.status !== 'unknown') return null;
  return {
    checkId: result.checkId,
    severity: result.status === 'fail' ? 'blocker' : 'unknown',
    category,
    object: null,
    apiVersion: null,
    source: 'check',
    sourceDetail: null,
    removedIn: null,
    replacement: null,
    message: `at ${target}: ${result.message}`,
  };
}

/** Findings of one component in every cluster it runs in, by cluster. */
/** A component's upgrade findings by cluster, computed by `compute` or kept from a run before. */
export type ComponentFindingsCache = (
  component: ExtensionComponent,
  compute: () => ReadonlyMap<string, readonly UpgradeFinding[]>,
) => ReadonlyMap<string, readonly UpgradeFinding[]>;

function componentFindings(
  component: ExtensionComponent,
  env: RunEnvironment,
  targetEnv: RunEnvironment,
): Map<string, UpgradeFinding[]> {
  const byCluster = new Map<string, UpgradeFinding[]>();
  const add = (cluster: string, finding: ObjectFinding) => {
    const list = byCluster.get(cluster) ?? [];
    list.push(named(component, finding));
    byCluster.set(cluster, list);
  };
  for (const instance of component.instances) {
    const index = env.indexes.get(instance.cluster);
    const current = index?.release;
    const requests =
      index?.collection.apiServerMetrics?.deprecatedApiRequests ?? [];
    for (const crd of instance.objects.customResourceDefinitions)
      for (const f of crdVersionFindings(crd, requests))
        add(instance.cluster, f);
    for (const f of reviewVersionFindings(webhooksOf(instance)))
      add(instance.cluster, f);
    if (!index || current === null || current === undefined) continue;
    const objects = OWNED_OBJECT_LISTS.flatMap(
      key => instance.objects[key] ?? [],
    );
    for (const { finding } of deprecatedApiFindings(
      index,
      objects,
      env.tables.deprecatedApis,
      current,
    ))
      add(instance.cluster, finding);
  }
  if (targetEnv.checks.length) {
    const run = runComponent(component, targetEnv, [], []);
    for (const result of run.results) {
      if (!result.cluster) continue;
      const target = targetEnv.indexes.get(result.cluster)?.release;
      if (target === null || target === undefined) continue;
      const finding = targetCheckFinding(
        renderRelative(result, env.now),
        formatRelease(target),
      );
      if (finding) add(result.cluster, finding);
    }
  }
  return byCluster;
}

/** Cluster-wide findings: deprecated APIs clients request, named after the component serving the group. */
function requestFindings(
  collection: ClusterCollection,
  current: number,
  components: readonly ExtensionComponent[],
  env: RunEnvironment,
): UpgradeFinding[] {
  const requests = collection.apiServerMetrics?.deprecatedApiRequests ?? [];
  if (!requests.length) return [];
  const servers = new Map<string, ExtensionComponent>();
  for (const component of components)
    for (const instance of component.instances) {
      if (instance.cluster !== collection.cluster) continue;
      for (const crd of instance.objects.customResourceDefinitions)
        servers.set(`${crd.spec?.group}/${crd.spec?.names?.plural}`, component);
    }
  return requestedApiFindings(requests, env.tables.deprecatedApis, current).map(
    (finding, i) =>
      named(
        servers.get(`${requests[i].group}/${requests[i].resource}`) ?? null,
        finding,
      ),
  );
}

function sortFindings(findings: UpgradeFinding[]): UpgradeFinding[] {
  return findings.sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      // findings of a component first, cluster-wide ones (no component) after them
      (a.componentName ?? '\uffff').localeCompare(
        b.componentName ?? '\uffff',
      ) ||
      (a.object ?? '').localeCompare(b.object ?? '') ||
      a.message.localeCompare(b.message),
  );
}

/** The next-minor report of every cluster of the inventory, unfiltered. */
export function upgradeReadiness(
  inventory: Inventory,
  options: UpgradeReadinessOptions,
): ClusterUpgradeReadiness[] {
  return runSteps(upgradeReadinessSteps(inventory, options));
}

/** What {@link upgradeReadiness} takes beside the inventory. */
export type UpgradeReadinessOptions = EvaluateOptions & {
  /**
   * A component's findings, given how to compute them: the refresh's memo keeps
   * those of components whose inputs did not change (pipeline/incremental).
   */
  componentFindings?: ComponentFindingsCache;
};

/** {@link upgradeReadiness} in steps: it yields between clusters and components. */
export function* upgradeReadinessSteps(
  inventory: Inventory,
  options: UpgradeReadinessOptions,
): Steps<ClusterUpgradeReadiness[]> {
  const env = runEnvironment(inventory, options);
  yield;
  const targetIndexes = new Map<string, ClusterIndex>();
  for (const [name, index] of env.indexes) {
    if (index.release !== null)
      targetIndexes.set(name, atRelease(index.collection, index.release + 1));
    yield;
  }
  const targetEnv: RunEnvironment = {
    ...env,
    indexes: targetIndexes,
    checks: env.checks.filter(c => c.check.id in TARGET_CHECKS),
  };
  const byCluster = new Map<string, UpgradeFinding[]>();
  const cached: ComponentFindingsCache =
    options.componentFindings ?? ((_component, compute) => compute());
  for (const component of inventory.components) {
    for (const [cluster, findings] of cached(component, () =>
      componentFindings(component, env, targetEnv),
    )) {
      const list = byCluster.get(cluster);
      if (list) list.push(...findings);
      else byCluster.set(cluster, [...findings]);
    }
    yield;
  }
  const report: ClusterUpgradeReadiness[] = [];
  for (const collection of inventory.clusters) {
    const current = env.indexes.get(collection.cluster)?.release ?? null;
    const findings = [...(byCluster.get(collection.cluster) ?? [])];
    if (current !== null)
      findings.push(
        ...requestFindings(collection, current, inventory.components, env),
      );
    const stale = collection.stale ?? (collection.error ? collection : null);
    report.push(
      summarizeUpgrade({
        cluster: collection.cluster,
        currentVersion: current === null ? null : formatRelease(current),
        targetVersion: current === null ? null : formatRelease(current + 1),
        reason: stale
          ? `stale: the latest collection failed (${
              collection.stale?.reason ?? collection.error
            }); data from ${
              collection.stale?.lastSuccessAt ?? collection.collectedAt
            }`
          : null,
        unknownReason:
          current === null
            ? `the server version was not read${
                collection.versionStatus && 'reason' in collection.versionStatus
                  ? `: ${collection.versionStatus.reason}`
                  : ''
              }; the target minor is unknown`
            : null,
        sources: sourcesOf(collection, inventory.components),
        findings: sortFindings(findings),
      }),
    );
    yield;
  }
  return report;
}
