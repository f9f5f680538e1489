/** upgrade.deprecated-api: the component's objects on API versions removed or deprecated. */
import type { KubeObject, ResourceKey } from '../../collect/types';
import type { InstanceObjects } from '../../inventory/model';
import type { DeprecatedApi } from '../../reference';
import type { BuiltinClusterCheck } from '../builtinContext';
import { fail, listed, pass, warn } from '../builtinContext';
import { formatRelease, parseRelease } from '../kubernetes/releases';
import {
  clusterRelease,
  memoizedByObject,
  splitApiVersion,
  WORKLOAD_READS,
} from './shared';

/** Object lists that are the component's own (not observed Pods, Nodes or chaos results). */
const OWNED: ReadonlyArray<keyof InstanceObjects> = [
  'validatingWebhookConfigurations',
  'mutatingWebhookConfigurations',
  'validatingAdmissionPolicies',
  'validatingAdmissionPolicyBindings',
  'customResourceDefinitions',
  'apiServices',
  'runtimeClasses',
  'csiDrivers',
  'deviceClasses',
  'resourceSlices',
  'deployments',
  'daemonSets',
  'statefulSets',
  'services',
  'podDisruptionBudgets',
  'serviceAccounts',
  'roleBindings',
  'roles',
  'clusterRoleBindings',
  'clusterRoles',
  'certificates',
  'serviceMonitors',
  'podMonitors',
  'prometheusRules',
];

/** The deprecated-API table by `group/version`, built once per table. */
const rowsByApiVersion = memoizedByObject((table: readonly DeprecatedApi[]) => {
  const index = new Map<string, DeprecatedApi[]>();
  for (const row of table) {
    const key = `${row.group}/${row.version}`;
    index.set(key, [...(index.get(key) ?? []), row]);
  }
  return index;
});

function deprecationsOf(
  table: readonly DeprecatedApi[],
  object: KubeObject,
): DeprecatedApi | undefined {
  const { group, version } = splitApiVersion(object.apiVersion);
  return rowsByApiVersion(table)
    .get(`${group}/${version}`)
    ?.find(row => !row.kinds.length || row.kinds.includes(object.kind));
}

/** The resources OWNED objects come from; those of optional APIs may be not served (none). */
const OWNED_READS: ResourceKey[] = [
  'validatingwebhookconfigurations',
  'mutatingwebhookconfigurations',
  'customresourcedefinitions',
  'apiservices',
  'runtimeclasses',
  'csidrivers',
  ...WORKLOAD_READS,
  'services',
  'poddisruptionbudgets',
  'serviceaccounts',
  'rolebindings',
  'roles',
  'clusterrolebindings',
  'clusterroles',
];
const OWNED_OPTIONAL_READS: ResourceKey[] = [
  'validatingadmissionpolicies',
  'validatingadmissionpolicybindings',
  'deviceclasses',
  'resourceslices',
  'certificates',
  'servicemonitors',
  'podmonitors',
  'prometheusrules',
];

const deprecatedApi: BuiltinClusterCheck = {
  id: 'upgrade.deprecated-api',
  dimension: 'upgrade',
  kinds: 'all',
  severity: 'critical',
  scope: 'cluster',
  needsVersion: true,
  // an object not read could be on a removed version; one that was read and is, stays so
  reads: OWNED_READS,
  optionalReads: OWNED_OPTIONAL_READS,
  failStandsWithout: [...OWNED_READS, ...OWNED_OPTIONAL_READS],
  title: 'No removed or deprecated API versions',
  remediation:
    'Rewrite the manifests in the replacement API version (mind changed defaults, e.g. webhook v1 failurePolicy Fail) before upgrading the cluster.',
  docsUrl: 'https://kubernetes.io/docs/reference/using-api/deprecation-guide/',
  evaluate(_component, context) {
    const current = clusterRelease(context);
    const removed: string[] = [];
    const deprecated: string[] = [];
    let objectCount = 0;
    for (const key of OWNED) {
      for (const object of context.instance.objects[key] ?? []) {
        objectCount++;
        const row = deprecationsOf(context.tables.deprecatedApis, object);
        if (!row) continue;
        const what = `${object.kind}/${object.metadata.name} ${object.apiVersion}`;
        if (row.product !== 'kubernetes') {
          deprecated.push(
            `${what} (deprecated in ${row.product} ${row.deprecatedIn}${
              row.removedIn ? `, removed in ${row.removedIn}` : ''
            }; use ${row.replacement})`,
          );
          continue;
        }
        const removedIn = row.removedIn ? parseRelease(row.removedIn) : null;
        if (removedIn !== null && removedIn <= current + 1) {
          removed.push(
            `${what} removed in ${row.removedIn} (cluster ${formatRelease(
              current,
            )}); use ${row.replacement}`,
          );
        } else if (parseRelease(row.deprecatedIn)! <= current) {
          deprecated.push(
            `${what} deprecated since ${row.deprecatedIn}${
              row.removedIn ? `, removed in ${row.removedIn}` : ''
            }; use ${row.replacement}`,
          );
        }
      }
    }
    const observed = {
      clusterVersion: formatRelease(current),
      objects: objectCount,
      removed: removed.length,
      deprecated: deprecated.length,
    };
    if (removed.length) return fail(listed(removed, 2), observed);
    if (deprecated.length) return warn(listed(deprecated, 2), observed);
    return pass(
      `${objectCount} object(s) on API versions supported by ${formatRelease(
        current,
      )} and the next minor`,
      observed,
    );
  },
};

export const deprecatedApiChecks = [deprecatedApi];
