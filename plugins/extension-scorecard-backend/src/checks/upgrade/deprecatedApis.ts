/** upgrade.deprecated-api: the component's objects on API versions removed or deprecated. */
import type { KubeObject, ResourceKey } from '../../collect/types';
import type { InstanceObjects } from '../../inventory/model';
import type { BuiltinClusterCheck } from '../builtinContext';
import { fail, listed, pass, warn } from '../builtinContext';
import { formatRelease } from '../kubernetes/releases';
import { clusterRelease, WORKLOAD_READS } from './shared';
import { deprecatedApiFindings } from './upgradeFindings';

/** Object lists that are the component's own (not observed Pods, Nodes or chaos results). */
export const OWNED: ReadonlyArray<keyof InstanceObjects> = [
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
  'horizontalPodAutoscalers',
  'flowSchemas',
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

/**
 * Read when there (collections and dumps from before they were collected lack them):
 * their absence leaves the verdict on the other objects standing, and says so.
 */
const SECONDARY_READS: ResourceKey[] = [
  'horizontalpodautoscalers',
  'flowschemas',
];

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
    'Rewrite the manifests and charts in the replacement API version, and upgrade the controllers or pipelines still writing through the old one (the field manager named in the finding), before upgrading the cluster; mind changed defaults (e.g. webhook v1 failurePolicy Fail).',
  docsUrl: 'https://kubernetes.io/docs/reference/using-api/deprecation-guide/',
  evaluate(_component, context) {
    const current = clusterRelease(context);
    const objects: KubeObject[] = OWNED.flatMap(
      key => context.instance.objects[key] ?? [],
    );
    const findings = deprecatedApiFindings(
      context.index,
      objects,
      context.tables.deprecatedApis,
      current,
    );
    const removed = findings.filter(f => f.verdict === 'fail');
    // deprecated only in the next minor: the next-minor report says so, the check not yet
    const deprecated = findings.filter(f => f.verdict === 'warn');
    const observed = {
      clusterVersion: formatRelease(current),
      objects: objects.length,
      removed: removed.length,
      deprecated: deprecated.length,
      findings: [...removed, ...deprecated].slice(0, 50).map(f => f.finding),
    };
    const messages = (list: typeof findings) =>
      listed(
        list.map(f => f.finding.message),
        2,
      );
    if (removed.length) return fail(messages(removed), observed);
    if (deprecated.length) return warn(messages(deprecated), observed);
    const unread = SECONDARY_READS.filter(key =>
      context.index.unreadable(key, true),
    );
    return pass(
      `${
        objects.length
      } object(s) read, applied and written in API versions supported by ${formatRelease(
        current,
      )} and the next minor (object, last-applied-configuration and managedFields)${
        unread.length ? `; ${unread.join(' and ')} not read` : ''
      }`,
      observed,
    );
  },
};

export const deprecatedApiChecks = [deprecatedApi];
