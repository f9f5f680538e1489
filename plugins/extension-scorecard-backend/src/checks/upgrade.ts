/** Upgrade: supported API versions and versions, fully rolled out, node by node. */
import semver from 'semver';
import type { KubeObject } from '../collect/types';
import type { InstanceObjects } from '../inventory/model';
import type {
  BuiltinClusterCheck,
  BuiltinClusterContext,
} from './builtinContext';
import {
  fail,
  listed,
  notApplicable,
  pass,
  previousResult,
  stringsSetting,
  unknown,
  warn,
  WORKLOAD_KINDS,
} from './builtinContext';
import type { DeprecatedApi } from './referenceTables';
import { parseImage, tagVersion } from './kubernetes/images';
import { podSpecFitsNode } from './kubernetes/nodePlacement';
import {
  formatRelease,
  parseRelease,
  type Release,
} from './kubernetes/releases';
import { containersOf, desiredReplicas } from './kubernetes/workloads';

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

function splitApiVersion(apiVersion: string): {
  group: string;
  version: string;
} {
  const slash = apiVersion.indexOf('/');
  return slash < 0
    ? { group: '', version: apiVersion }
    : {
        group: apiVersion.slice(0, slash),
        version: apiVersion.slice(slash + 1),
      };
}

const tableIndexes = new WeakMap<
  readonly DeprecatedApi[],
  Map<string, DeprecatedApi[]>
>();

function deprecationsOf(
  table: readonly DeprecatedApi[],
  object: KubeObject,
): DeprecatedApi | undefined {
  let index = tableIndexes.get(table);
  if (!index) {
    index = new Map();
    for (const row of table) {
      const key = `${row.group}/${row.version}`;
      index.set(key, [...(index.get(key) ?? []), row]);
    }
    tableIndexes.set(table, index);
  }
  const { group, version } = splitApiVersion(object.apiVersion);
  return index
    .get(`${group}/${version}`)
    ?.find(row => !row.kinds.length || row.kinds.includes(object.kind));
}

function clusterRelease(context: BuiltinClusterContext): Release {
  return context.index.release!;
}

const deprecatedApi: BuiltinClusterCheck = {
  id: 'upgrade.deprecated-api',
  dimension: 'upgrade',
  kinds: 'all',
  severity: 'critical',
  scope: 'cluster',
  needsVersion: true,
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

function inProgress(
  object: KubeObject,
  kind: 'Deployment' | 'DaemonSet',
): string | undefined {
  const generation = object.metadata.generation;
  const observedGeneration = object.status?.observedGeneration;
  const name = `${kind}/${object.metadata.namespace}/${object.metadata.name}`;
  if (
    generation !== undefined &&
    observedGeneration !== undefined &&
    observedGeneration < generation
  ) {
    return `${name} observedGeneration ${observedGeneration} < generation ${generation}`;
  }
  if (kind === 'Deployment') {
    const wanted = desiredReplicas(object);
    const updated = object.status?.updatedReplicas ?? 0;
    return updated < wanted
      ? `${name} updatedReplicas ${updated} of ${wanted}`
      : undefined;
  }
  const desired = object.status?.desiredNumberScheduled ?? 0;
  const updated = object.status?.updatedNumberScheduled ?? 0;
  return updated < desired
    ? `${name} updatedNumberScheduled ${updated} of ${desired}`
    : undefined;
}

const rolloutComplete: BuiltinClusterCheck = {
  id: 'upgrade.rollout-complete',
  dimension: 'upgrade',
  kinds: WORKLOAD_KINDS,
  severity: 'high',
  scope: 'cluster',
  reads: ['deployments', 'daemonsets'],
  title: 'Rollouts complete',
  remediation:
    'Find why the rollout does not finish (failing new Pods, unschedulable, PDB blocking) and fix or roll back: a half-rolled extension runs two versions at once.',
  evaluate(_component, context) {
    const { deployments, daemonSets } = context.instance.objects;
    if (!deployments.length && !daemonSets.length) {
      return notApplicable(
        `no backend workload of this component in cluster ${context.index.name}`,
      );
    }
    const pending = [
      ...deployments.map(d => inProgress(d, 'Deployment')),
      ...daemonSets.map(d => inProgress(d, 'DaemonSet')),
    ].filter((x): x is string => !!x);
    const observed = { inProgress: pending };
    if (pending.length) {
      const before = previousResult(
        context,
        'upgrade.rollout-complete',
        context.index.name,
      );
      if (before && (before.status === 'warn' || before.status === 'fail')) {
        return fail(
          `stuck across two collections: ${listed(pending)}`,
          observed,
        );
      }
      return warn(`rollout in progress: ${listed(pending)}`, observed);
    }
    return pass(
      `${deployments.length + daemonSets.length} workload(s) fully rolled out`,
      observed,
    );
  },
};

const imagePinned: BuiltinClusterCheck = {
  id: 'upgrade.image-pinned',
  dimension: 'upgrade',
  kinds: WORKLOAD_KINDS,
  severity: 'medium',
  scope: 'cluster',
  reads: ['deployments', 'daemonsets'],
  title: 'Images are pinned',
  remediation:
    'Reference images by digest or a release tag (v1.2.3), never :latest or an untagged name.',
  evaluate(_component, context) {
    const containers = containersOf(context.facts.workloads, { init: true });
    if (!containers.length) {
      return notApplicable(
        `no backend workload of this component in cluster ${context.index.name}`,
      );
    }
    const floating: string[] = [];
    for (const { container } of containers) {
      const image = parseImage(container.image ?? '');
      if (image.digest) continue;
      if (!image.tag)
        floating.push(`${container.name} ${container.image} (no tag)`);
      else if (image.tag === 'latest')
        floating.push(`${container.name} ${container.image}`);
      else if (!tagVersion(image.tag))
        floating.push(
          `${container.name} ${container.image} (not a release tag)`,
        );
    }
    const observed = {
      images: [...new Set(containers.map(c => c.container.image))],
    };
    if (floating.length)
      return warn(`floating image(s): ${listed(floating)}`, observed);
    return pass(
      `${containers.length} container(s) pinned by digest or release tag`,
      observed,
    );
  },
};

const clusterSemvers = new WeakMap<object, semver.SemVer | null>();

function semverOfCluster(context: BuiltinClusterContext): semver.SemVer | null {
  const key = context.index;
  if (!clusterSemvers.has(key)) {
    clusterSemvers.set(
      key,
      semver.coerce(
        context.index.collection.version?.gitVersion ??
          formatRelease(clusterRelease(context)),
      ),
    );
  }
  return clusterSemvers.get(key)!;
}

const ranges = new Map<string, semver.Range | null>();

/** A parsed semver range, null when the text is not one (parsed once per text). */
function rangeOf(text: string): semver.Range | null {
  let range = ranges.get(text);
  if (range === undefined) {
    try {
      range = new semver.Range(text);
    } catch {
      range = null;
    }
    if (ranges.size > 1000) ranges.clear();
    ranges.set(text, range);
  }
  return range;
}

const kubeletReleases = new WeakMap<KubeObject, Release | null>();

function kubeletRelease(node: KubeObject): Release | null {
  let value = kubeletReleases.get(node);
  if (value === undefined) {
    value = parseRelease(node.status?.nodeInfo?.kubeletVersion);
    kubeletReleases.set(node, value);
  }
  return value;
}

/** Nodes the instance runs on: those its DaemonSets fit, plus those the inventory attached. */
function nodesRunning(context: BuiltinClusterContext): KubeObject[] {
  const nodes = new Set<KubeObject>(context.instance.objects.nodes ?? []);
  const daemonSets = context.facts.workloads.filter(
    w => w.kind === 'DaemonSet',
  );
  for (const node of context.index.objects('nodes')) {
    if (daemonSets.some(ds => podSpecFitsNode(ds.podSpec, node)))
      nodes.add(node);
  }
  return [...nodes];
}

const versionSkew: BuiltinClusterCheck = {
  id: 'upgrade.version-skew',
  dimension: 'upgrade',
  kinds: 'all',
  severity: 'high',
  scope: 'cluster',
  needsVersion: true,
  title: 'Runs within its supported Kubernetes range and the skew policy',
  remediation:
    'Declare the supported range in spec.extension.kubernetesVersions and upgrade the extension (or hold the cluster) when the cluster leaves it; keep a second scheduler within one minor of the API server and kubelets within the skew policy.',
  docsUrl: 'https://kubernetes.io/releases/version-skew-policy/',
  evaluate(component, context) {
    const current = clusterRelease(context);
    const currentText = formatRelease(current);
    const rules = context.tables.versionSkew;
    const failures: string[] = [];
    const warnings: string[] = [];
    const notes: string[] = [];
    const range = component.catalog?.descriptor?.kubernetesVersions;
    const observed: Record<string, unknown> = {
      clusterVersion:
        context.index.collection.version?.gitVersion ?? currentText,
      supportedRange: range ?? null,
    };
    if (range) {
      const clusterSemver = semverOfCluster(context);
      const supported = rangeOf(range);
      if (supported === null)
        warnings.push(
          `declared kubernetesVersions '${range}' is not a semver range`,
        );
      else if (clusterSemver && !supported.test(clusterSemver)) {
        failures.push(
          `cluster ${clusterSemver.version} is outside the supported range ${range}`,
        );
      } else notes.push(`cluster ${clusterSemver?.version} within ${range}`);
    }
    if (context.kind.id === 'scheduler-plugin') {
      for (const { container } of containersOf(context.facts.workloads)) {
        const image = parseImage(container.image ?? '');
        if (!rules.schedulerImages.includes(image.name)) continue;
        const version = tagVersion(image.tag);
        if (!version) continue;
        const built = current - (current % 1000) + version.minor;
        const text = `scheduler ${container.image} (built for ${formatRelease(
          built,
        )}) vs API server ${currentText}`;
        if (built > current && !rules.controlPlane.newerAllowed)
          failures.push(`${text}: newer than the API server`);
        else if (current - built > rules.controlPlane.maxMinorsOlder)
          failures.push(
            `${text}: more than ${rules.controlPlane.maxMinorsOlder} minor older`,
          );
        else notes.push(text);
      }
    }
    if (context.kind.nodeExtension) {
      const unreadable = context.index.unreadable('nodes');
      if (unreadable)
        return unknown(`cannot judge kubelet skew: ${unreadable}`, observed);
      const skewed: string[] = [];
      for (const node of nodesRunning(context)) {
        const kubeletVersion: string | undefined =
          node.status?.nodeInfo?.kubeletVersion;
        const kubelet = kubeletRelease(node);
        if (kubelet === null) continue;
        const older = rules.kubelet.olderKubelets;
        const maxOlder =
          older && kubelet < parseRelease(older.below)!
            ? older.maxMinorsOlder
            : rules.kubelet.maxMinorsOlder;
        if (kubelet > current && !rules.kubelet.newerAllowed) {
          skewed.push(
            `${node.metadata.name} kubelet ${kubeletVersion} is newer than the API server`,
          );
        } else if (current - kubelet > maxOlder) {
          skewed.push(
            `${node.metadata.name} kubelet ${kubeletVersion} is ${
              current - kubelet
            } minors behind (policy allows ${maxOlder})`,
          );
        }
      }
      if (skewed.length)
        failures.push(`API server ${currentText}: ${listed(skewed)}`);
    }
    if (failures.length) return fail(listed(failures), observed);
    if (!range)
      warnings.push(
        `no supported Kubernetes range declared (spec.extension.kubernetesVersions); cluster runs ${currentText}`,
      );
    if (warnings.length) return warn(listed(warnings), observed);
    return pass(listed(notes), observed);
  },
};

const sidecarMatrix: BuiltinClusterCheck = {
  id: 'csi.sidecar-matrix',
  dimension: 'upgrade',
  kinds: ['csi'],
  severity: 'high',
  scope: 'cluster',
  reads: ['deployments', 'daemonsets'],
  needsVersion: true,
  title: 'CSI sidecars match the cluster version',
  remediation:
    'Upgrade the sidecars (external-provisioner, attacher, resizer, snapshotter, node-driver-registrar, livenessprobe) to releases whose compatibility covers the cluster version, across the controller and the node DaemonSet.',
  docsUrl: 'https://kubernetes-csi.github.io/docs/sidecar-containers.html',
  evaluate(_component, context) {
    const containers = containersOf(context.facts.workloads);
    if (!containers.length)
      return notApplicable(`no CSI workload in cluster ${context.index.name}`);
    const current = clusterRelease(context);
    const currentText = formatRelease(current);
    const failures: string[] = [];
    const warnings: string[] = [];
    const seen: string[] = [];
    for (const { container } of containers) {
      const image = parseImage(container.image ?? '');
      const sidecar = context.tables.csiSidecars.find(s =>
        s.images.includes(image.name),
      );
      if (!sidecar) continue;
      const version = tagVersion(image.tag);
      const label = `${sidecar.name} ${image.tag ?? '(untagged)'}`;
      seen.push(label);
      if (!version) {
        warnings.push(`${label}: version unknown`);
        continue;
      }
      const row = sidecar.releases.find(r =>
        rangeOf(r.versions)?.test(version),
      );
      if (!row) {
        warnings.push(
          `${label} is not in the compatibility table (data/csi-sidecars.yaml)`,
        );
        continue;
      }
      const min = row.minKubernetes ? parseRelease(row.minKubernetes)! : null;
      const max = row.maxKubernetes ? parseRelease(row.maxKubernetes)! : null;
      const recommended = row.recommendedKubernetes
        ? parseRelease(row.recommendedKubernetes)!
        : null;
      if (min !== null && current < min)
        failures.push(
          `${label} needs Kubernetes ≥ ${row.minKubernetes}, cluster ${currentText}`,
        );
      else if (max !== null && current > max)
        failures.push(
          `${label} works up to Kubernetes ${
            row.maxKubernetes
          }, cluster ${currentText}${row.note ? ` (${row.note})` : ''}`,
        );
      else if (recommended !== null && current < recommended)
        warnings.push(
          `${label} recommends Kubernetes ≥ ${row.recommendedKubernetes}, cluster ${currentText}`,
        );
    }
    const observed = { clusterVersion: currentText, sidecars: seen };
    if (failures.length) return fail(listed(failures), observed);
    if (!seen.length)
      return warn(
        'no CSI sidecar container recognised in the controller or node workloads',
        observed,
      );
    if (warnings.length) return warn(listed(warnings), observed);
    return pass(`${listed(seen, 6)} compatible with ${currentText}`, observed);
  },
};

const REGISTRAR = 'csi-node-driver-registrar';

const nodeRegistrar: BuiltinClusterCheck = {
  id: 'csi.node-registrar',
  dimension: 'upgrade',
  kinds: ['csi'],
  severity: 'high',
  scope: 'cluster',
  reads: ['daemonsets'],
  title: 'The node plugin registers with kubelet and is health-checked',
  remediation:
    "Run node-driver-registrar next to the node plugin in the DaemonSet (kubelet cannot find the driver without it) and the livenessprobe sidecar behind the plugin's liveness probe.",
  docsUrl: 'https://kubernetes-csi.github.io/docs/node-driver-registrar.html',
  evaluate(_component, context) {
    const daemonSets = context.facts.workloads.filter(
      w => w.kind === 'DaemonSet',
    );
    if (!daemonSets.length)
      return fail(
        `no node DaemonSet of this CSI driver in cluster ${context.index.name}: nodes cannot mount its volumes`,
      );
    const names = containersOf(daemonSets).map(c => ({
      container: c.container.name as string,
      image: parseImage(c.container.image ?? '').name,
    }));
    const has = (image: string, container: string) =>
      names.some(n => n.image === image || n.container === container);
    const observed = { containers: names.map(n => n.container) };
    const refs = daemonSets.map(d => d.ref).join(', ');
    if (!has(REGISTRAR, 'node-driver-registrar'))
      return fail(`${refs} has no node-driver-registrar container`, observed);
    if (!has('livenessprobe', 'liveness-probe'))
      return warn(`${refs} has no livenessprobe sidecar`, observed);
    return pass(
      `${refs} runs node-driver-registrar and livenessprobe`,
      observed,
    );
  },
};

const draApiStability: BuiltinClusterCheck = {
  id: 'dra.api-stability',
  dimension: 'upgrade',
  kinds: ['dra-driver'],
  severity: 'high',
  scope: 'cluster',
  needsVersion: true,
  title: 'DRA API version is stable enough for its lifecycle',
  remediation:
    'Move DeviceClasses and ResourceSlices to resource.k8s.io/v1 (GA in 1.34); keep alpha versions out of production and never treat alpha/beta fields as a long-term contract.',
  docsUrl:
    'https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/',
  evaluate(component, context) {
    const current = clusterRelease(context);
    const currentText = formatRelease(current);
    const objects = [
      ...context.instance.objects.deviceClasses,
      ...context.instance.objects.resourceSlices,
    ];
    if (!objects.length) {
      for (const key of ['deviceclasses', 'resourceslices'] as const) {
        const status = context.index.readStatus(key);
        if (status?.state === 'not-served') {
          return fail(
            `resource.k8s.io ${key} not served in cluster ${context.index.name} (${currentText}): DRA is not enabled`,
          );
        }
        const unreadable = context.index.unreadable(key);
        if (unreadable) return unknown(`cannot judge: ${unreadable}`);
      }
      return warn(
        `no DeviceClass or ResourceSlice of this driver in cluster ${context.index.name}`,
      );
    }
    const lifecycle = component.catalog?.lifecycle;
    const production =
      !lifecycle ||
      stringsSetting(context, 'productionLifecycles').includes(lifecycle);
    const versions = [
      ...new Set(objects.map(o => splitApiVersion(o.apiVersion).version)),
    ];
    const failures: string[] = [];
    const warnings: string[] = [];
    const gate = context.tables.draFeatureGate;
    for (const version of versions) {
      const row = context.tables.draVersions.find(v => v.version === version);
      const removal = context.tables.deprecatedApis.find(
        d => d.group === 'resource.k8s.io' && d.version === version,
      );
      const removedIn = removal?.removedIn
        ? parseRelease(removal.removedIn)
        : null;
      const lastServed = row?.lastServedIn
        ? parseRelease(row.lastServedIn)
        : null;
      const text = `resource.k8s.io/${version}`;
      if (
        (removedIn !== null && current >= removedIn) ||
        (lastServed !== null && current > lastServed)
      ) {
        failures.push(`${text} is no longer served in ${currentText}`);
      } else if (!row) {
        warnings.push(
          `${text} is not in the DRA version table (data/dra-versions.yaml)`,
        );
      } else if (row.stability === 'alpha') {
        (production ? failures : warnings).push(
          `${text} is alpha${
            production
              ? ` in a ${
                  lifecycle ?? 'lifecycle-less (treated as production)'
                } component`
              : ''
          }`,
        );
      } else if (row.stability === 'beta') {
        const off = gate.offByDefaultIn.includes(currentText)
          ? `; feature gate ${gate.name} is off by default in ${currentText}`
          : '';
        warnings.push(`${text} is beta${off}`);
      }
    }
    const observed = {
      versions,
      clusterVersion: currentText,
      lifecycle: lifecycle ?? null,
    };
    if (failures.length) return fail(listed(failures), observed);
    if (warnings.length) return warn(listed(warnings), observed);
    return pass(
      `DeviceClasses/ResourceSlices on ${versions
        .map(v => `resource.k8s.io/${v}`)
        .join(', ')} (GA) in ${currentText}`,
      observed,
    );
  },
};

/** Parses a Kubernetes quantity of a countable resource (`8`, `0`). */
function count(quantity: unknown): number {
  const n = parseInt(String(quantity ?? '0'), 10);
  return Number.isFinite(n) ? n : 0;
}

const devicePluginHealth: BuiltinClusterCheck = {
  id: 'device-plugin.health',
  dimension: 'upgrade',
  kinds: ['device-plugin'],
  severity: 'high',
  scope: 'cluster',
  reads: ['nodes'],
  title: 'Advertised devices are healthy',
  remediation:
    'Investigate unhealthy devices reported through ListAndWatch (allocatable below capacity); make sure the plugin re-registers after kubelet restarts.',
  docsUrl:
    'https://kubernetes.io/docs/concepts/extend-kubernetes/compute-storage-net/device-plugins/',
  evaluate(component, context) {
    const resources = [
      ...new Set([
        ...(component.catalog?.descriptor?.deviceResources ?? []),
        ...context.instance.advertisedResources,
      ]),
    ];
    if (!resources.length) {
      return warn(
        'no extended resource known for this device plugin: declare spec.extension.deviceResources',
      );
    }
    const failures: string[] = [];
    const warnings: string[] = [];
    const notes: string[] = [];
    const observed: Record<string, unknown> = {};
    for (const resource of resources) {
      const withCapacity = context.index
        .objects('nodes')
        .filter(n => count(n.status?.capacity?.[resource]) > 0);
      const degraded = withCapacity.filter(
        n =>
          count(n.status?.allocatable?.[resource]) <
          count(n.status?.capacity?.[resource]),
      );
      const empty = withCapacity.filter(
        n => count(n.status?.allocatable?.[resource]) === 0,
      );
      observed[resource] = {
        nodesWithCapacity: withCapacity.length,
        degraded: degraded.map(n => n.metadata.name),
      };
      if (!withCapacity.length) {
        failures.push(`no node advertises ${resource}`);
      } else if (empty.length === withCapacity.length) {
        failures.push(
          `${resource} allocatable 0 on all ${withCapacity.length} node(s) with capacity`,
        );
      } else if (degraded.length) {
        warnings.push(
          `${resource} unhealthy on ${listed(
            degraded.map(
              n =>
                `${n.metadata.name} (${count(
                  n.status.allocatable?.[resource],
                )}/${count(n.status.capacity[resource])})`,
            ),
          )}`,
        );
      } else {
        notes.push(`${resource} healthy on ${withCapacity.length} node(s)`);
      }
    }
    if (failures.length) return fail(listed(failures), observed);
    if (warnings.length) return warn(listed(warnings), observed);
    return pass(listed(notes), observed);
  },
};

export const upgradeChecks = [
  deprecatedApi,
  rolloutComplete,
  imagePinned,
  versionSkew,
  sidecarMatrix,
  nodeRegistrar,
  draApiStability,
  devicePluginHealth,
];
