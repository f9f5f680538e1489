/** Upgrade: supported API versions and versions, fully rolled out, node by node. */
import semver from 'semver';
import type { KubeObject, ResourceKey } from '../collect/types';
import type { InstanceObjects } from '../inventory/model';
import type {
  BuiltinClusterCheck,
  BuiltinClusterContext,
} from './builtinContext';
import {
  conditionsSince,
  fail,
  formatMinutes,
  hasFacet,
  isNodeExtension,
  judgedWithout,
  listed,
  missingReads,
  notApplicable,
  numberSetting,
  pass,
  stringsSetting,
  unknown,
  warn,
  WORKLOAD_KINDS,
} from './builtinContext';
import type { CsiSidecar, DeprecatedApi } from './referenceTables';
import type { CheckOutcome } from './types';
import { isFloatingTag, parseImage, tagVersion } from './kubernetes/images';
import { podSpecFitsNode } from './kubernetes/nodePlacement';
import {
  formatRelease,
  parseRelease,
  type Release,
} from './kubernetes/releases';
import { upstreamVersion } from './kubernetes/versions';
import {
  containersOf,
  desiredReplicas,
  isNodeAgent,
  type Workload,
  type WorkloadKind,
  workloadsOf,
} from './kubernetes/workloads';

/** Every workload kind, as resources. */
const WORKLOAD_READS: ResourceKey[] = [
  'deployments',
  'statefulsets',
  'daemonsets',
];

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

const ROLLOUT = 'upgrade.rollout-complete';

/** Why a workload's rollout is not complete, if it is not. */
function inProgress(
  object: KubeObject,
  kind: WorkloadKind,
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
  if (kind === 'Deployment' || kind === 'StatefulSet') {
    const wanted = desiredReplicas(object);
    const updated = object.status?.updatedReplicas ?? 0;
    const partition = object.spec?.updateStrategy?.rollingUpdate?.partition;
    const staged =
      kind === 'StatefulSet' && typeof partition === 'number' && partition > 0
        ? ` (partition ${partition})`
        : '';
    if (updated < wanted)
      return `${name} updatedReplicas ${updated} of ${wanted}${staged}`;
    if (kind === 'StatefulSet') {
      const current = object.status?.currentRevision;
      const update = object.status?.updateRevision;
      if (current && update && current !== update)
        return `${name} currentRevision ${current} ≠ updateRevision ${update}`;
    }
    return undefined;
  }
  const desired = object.status?.desiredNumberScheduled ?? 0;
  const updated = object.status?.updatedNumberScheduled ?? 0;
  return updated < desired
    ? `${name} updatedNumberScheduled ${updated} of ${desired}`
    : undefined;
}

const rolloutComplete: BuiltinClusterCheck = {
  id: ROLLOUT,
  dimension: 'upgrade',
  kinds: WORKLOAD_KINDS,
  severity: 'high',
  scope: 'cluster',
  reads: WORKLOAD_READS,
  // another workload cannot finish this one's rollout
  failStandsWithout: WORKLOAD_READS,
  title: 'Rollouts complete',
  remediation:
    'Find why the rollout does not finish (failing new Pods, unschedulable, PDB blocking) and fix or roll back: a half-rolled extension runs two versions at once.',
  evaluate(_component, context) {
    const workloads = context.facts.workloads;
    if (!workloads.length) {
      return notApplicable(
        `no backend workload of this component in cluster ${context.index.name}`,
      );
    }
    const pending = workloads
      .map(w => ({
        // a new generation is a new rollout: its clock starts again
        key: `${w.ref} generation ${w.object.metadata.generation ?? '?'}`,
        text: inProgress(w.object, w.kind),
      }))
      .filter((p): p is { key: string; text: string } => !!p.text);
    if (!pending.length) {
      return pass(`${workloads.length} workload(s) fully rolled out`, {
        inProgress: [],
      });
    }
    const stuckAfter = numberSetting(context, 'stuckAfterMinutes');
    const { since, minutes } = conditionsSince(
      context,
      ROLLOUT,
      pending.map(p => p.key),
    );
    const observed = {
      inProgress: pending.map(p => p.text),
      since,
      stuckAfterMinutes: stuckAfter,
    };
    const stuck = pending.filter(p => minutes[p.key] >= stuckAfter);
    if (stuck.length) {
      return fail(
        `stuck for ${stuckAfter} min or more: ${listed(
          stuck.map(
            p =>
              `${p.text} since ${since[p.key]} (${formatMinutes(
                minutes[p.key],
              )})`,
          ),
        )}`,
        observed,
      );
    }
    return warn(
      `rollout in progress: ${listed(
        pending.map(p => `${p.text} since ${since[p.key]}`),
      )} (stuck once it lasts ${stuckAfter} min)`,
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
  reads: WORKLOAD_READS,
  title: 'Images are pinned',
  remediation:
    'Reference images by digest or a release tag (v1.2.3, or a vendor build of one such as v1.2.3-eksbuild.1), never :latest or an untagged name.',
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
      else if (isFloatingTag(image.tag))
        floating.push(
          `${container.name} ${container.image} (a moving 'latest' build of ${
            tagVersion(image.tag)!.version
          })`,
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

/** The API server's upstream version (`v1.32.9-eks-113cf36` is 1.32.9). */
function semverOfCluster(context: BuiltinClusterContext): semver.SemVer | null {
  const key = context.index;
  if (!clusterSemvers.has(key)) {
    // a release candidate of 1.36 is a 1.36 cluster: judged without the pre-release
    const parsed = upstreamVersion(
      context.index.collection.version?.gitVersion,
    )?.version;
    clusterSemvers.set(
      key,
      parsed
        ? new semver.SemVer(`${parsed.major}.${parsed.minor}.${parsed.patch}`)
        : semver.coerce(formatRelease(clusterRelease(context))),
    );
  }
  return clusterSemvers.get(key)!;
}

const ranges = new Map<string, semver.Range | null>();

/**
 * A parsed semver range, null when the text is not one (parsed once per text).
 * Pre-releases match too: `v2.16.0-rc.1` is in `>=2.13.0 <3.0.0`.
 */
function rangeOf(text: string): semver.Range | null {
  let range = ranges.get(text);
  if (range === undefined) {
    try {
      range = new semver.Range(text, { includePrerelease: true });
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

/**
 * The instance's workloads as far as they were read in this collection (objects kept
 * from an earlier read left out), for checks that judge on what was read themselves.
 */
function workloadsRead(context: BuiltinClusterContext): Workload[] {
  const instance = context.index.readInstance(context.instance);
  return instance === context.instance
    ? context.facts.workloads
    : workloadsOf(instance);
}

/**
 * Nodes the instance runs on: those its DaemonSets fit, plus those the inventory
 * attached (a node-agent StatefulSet runs on some nodes only, which the Pods would say).
 */
function nodesRunning(
  context: BuiltinClusterContext,
  workloads: readonly Workload[],
): KubeObject[] {
  const nodes = new Set<KubeObject>(
    context.index.readInstance(context.instance).objects.nodes ?? [],
  );
  const daemonSets = workloads.filter(w => w.kind === 'DaemonSet');
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
    const unplaced: string[] = [];
    const notes: string[] = [];
    const range = component.catalog?.descriptor?.kubernetesVersions;
    const observed: Record<string, unknown> = {
      clusterVersion:
        context.index.collection.version?.gitVersion ?? currentText,
      supportedRange: range ?? null,
    };
    /** Reads this verdict depends on, for the rule "a proven fail stands". */
    const needed: ResourceKey[] = [];
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
    const workloads = workloadsRead(context);
    if (hasFacet(context, 'scheduler-plugin')) {
      needed.push('deployments', 'statefulsets');
      for (const { container } of containersOf(workloads)) {
        const image = parseImage(container.image ?? '');
        if (!rules.schedulerImages.includes(image.name)) continue;
        const version = tagVersion(image.tag);
        if (!version) {
          unplaced.push(
            `scheduler ${container.image}: ${
              image.tag
                ? `tag '${image.tag}' names no release`
                : 'no tag (digest or untagged)'
            }, so the Kubernetes minor it is built for is unknown`,
          );
          continue;
        }
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
    // kept (stale) Nodes prove nothing: kubelets are judged only on Nodes read now
    if (isNodeExtension(context) && !context.index.unreadable('nodes')) {
      needed.push('daemonsets');
      const skewed: string[] = [];
      for (const node of nodesRunning(context, workloads)) {
        const kubeletVersion: string | undefined =
          node.status?.nodeInfo?.kubeletVersion;
        const kubelet = kubeletRelease(node);
        if (kubelet === null) {
          unplaced.push(
            `node ${node.metadata.name}: kubeletVersion '${
              kubeletVersion ?? ''
            }' is not a version`,
          );
          continue;
        }
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
    let outcome: CheckOutcome;
    if (failures.length) outcome = fail(listed(failures), observed);
    else if (unplaced.length)
      outcome = unknown(
        `cannot place ${listed(unplaced)}${
          warnings.length ? `; also ${listed(warnings)}` : ''
        }`,
        { ...observed, unplaced },
      );
    else {
      if (!range)
        warnings.push(
          `no supported Kubernetes range declared (spec.extension.kubernetesVersions); cluster runs ${currentText}`,
        );
      outcome = warnings.length
        ? warn(listed(warnings), observed)
        : pass(listed(notes), observed);
    }
    const missing = missingReads(context, needed);
    if (isNodeExtension(context) && context.index.unreadable('nodes'))
      missing.nodes = `cannot judge kubelet skew: ${context.index.unreadable(
        'nodes',
      )}`;
    return judgedWithout(outcome, missing);
  },
};

/** Where a sidecar release stands in the table: its row, or why it has none. */
function placeSidecar(
  sidecar: CsiSidecar,
  version: semver.SemVer,
):
  | { row: CsiSidecar['releases'][number] }
  | { older: string }
  | { newer: string } {
  const row = sidecar.releases.find(r => rangeOf(r.versions)?.test(version));
  if (row) return { row };
  const lowest = sidecar.releases
    .filter(r => r.minKubernetes)
    .map(r => semver.minVersion(r.versions))
    .filter((v): v is semver.SemVer => !!v)
    .sort(semver.compare)[0];
  const above = sidecar.releases.some(r =>
    semver.ltr(version, r.versions, { includePrerelease: true }),
  );
  if (above && lowest) return { older: lowest.version };
  const highest = sidecar.releases
    .map(r => rangeOf(r.versions))
    .filter((r): r is semver.Range => !!r)
    .map(r => r.raw)
    .join(', ');
  return { newer: highest };
}

const sidecarMatrix: BuiltinClusterCheck = {
  id: 'csi.sidecar-matrix',
  dimension: 'upgrade',
  kinds: ['csi'],
  severity: 'high',
  scope: 'cluster',
  reads: WORKLOAD_READS,
  // a sidecar that was read and does not fit stays so, whatever else runs
  failStandsWithout: WORKLOAD_READS,
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
    const unplaced: string[] = [];
    const warnings: string[] = [];
    const seen: string[] = [];
    for (const { container } of containers) {
      const image = parseImage(container.image ?? '');
      const sidecar = context.tables.csiSidecars.find(s =>
        s.images.includes(image.name),
      );
      if (!sidecar) continue;
      const parsed = upstreamVersion(image.tag);
      const label = `${sidecar.name} ${image.tag ?? '(untagged)'}${
        parsed?.vendor ? ` (upstream ${parsed.version.version})` : ''
      }`;
      seen.push(label);
      if (!parsed) {
        unplaced.push(
          `${container.image}: ${
            image.tag
              ? `tag '${image.tag}' names no release`
              : `no tag${image.digest ? ', only a digest' : ''}`
          }, so its ${sidecar.name} release is unknown`,
        );
        continue;
      }
      const place = placeSidecar(sidecar, parsed.version);
      if ('older' in place) {
        warnings.push(
          `${label} is older than the oldest release line data/csi-sidecars.yaml lists (${place.older}): no longer supported upstream`,
        );
        continue;
      }
      if ('newer' in place) {
        unplaced.push(
          `${label}: newer than data/csi-sidecars.yaml covers (${place.newer}); a new major may raise the minimum Kubernetes, extend the table`,
        );
        continue;
      }
      const { row } = place;
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
    if (unplaced.length)
      return unknown(
        `cannot place ${listed(unplaced)}${
          warnings.length ? `; also ${listed(warnings)}` : ''
        }`,
        { ...observed, unplaced },
      );
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
  reads: ['daemonsets', 'statefulsets'],
  title: 'The node plugin registers with kubelet and is health-checked',
  remediation:
    "Run node-driver-registrar next to the node plugin in the DaemonSet (kubelet cannot find the driver without it) and the livenessprobe sidecar behind the plugin's liveness probe.",
  docsUrl: 'https://kubernetes-csi.github.io/docs/node-driver-registrar.html',
  evaluate(_component, context) {
    // the node plugin: DaemonSets, and StatefulSets that run one (the CSI hostpath
    // driver runs its node plugin and controller sidecars in one StatefulSet)
    const agents = context.facts.workloads.filter(
      w => w.kind !== 'Deployment' && isNodeAgent(w),
    );
    if (!agents.length)
      return fail(
        `no node DaemonSet (or node-plugin StatefulSet) of this CSI driver in cluster ${context.index.name}: nodes cannot mount its volumes`,
      );
    const registrarImages = context.tables.csiSidecars.find(
      s => s.name === 'node-driver-registrar',
    )?.images ?? [REGISTRAR];
    const probeImages = context.tables.csiSidecars.find(
      s => s.name === 'livenessprobe',
    )?.images ?? ['livenessprobe'];
    const names = containersOf(agents).map(c => ({
      container: c.container.name as string,
      image: parseImage(c.container.image ?? '').name,
    }));
    const has = (images: readonly string[], container: string) =>
      names.some(n => images.includes(n.image) || n.container === container);
    const observed = { containers: names.map(n => n.container) };
    const refs = agents.map(d => d.ref).join(', ');
    if (!has(registrarImages, 'node-driver-registrar'))
      return fail(`${refs} has no node-driver-registrar container`, observed);
    if (!has(probeImages, 'liveness-probe'))
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
    // not served means DRA is off (judged below), not that objects are missing
    const missing = {
      deviceclasses: context.index.unreadable('deviceclasses', true),
      resourceslices: context.index.unreadable('resourceslices', true),
    };
    return judgedWithout(judgeDraVersions(component, context), missing);
  },
};

/** dra.api-stability on the DeviceClasses and ResourceSlices read in this collection. */
function judgeDraVersions(
  component: Parameters<BuiltinClusterCheck['evaluate']>[0],
  context: BuiltinClusterContext,
): CheckOutcome {
  const current = clusterRelease(context);
  const currentText = formatRelease(current);
  // objects kept from an earlier read prove nothing about now
  const read = context.index.readInstance(context.instance).objects;
  const objects = [...read.deviceClasses, ...read.resourceSlices];
  if (!objects.length) {
    for (const key of ['deviceclasses', 'resourceslices'] as const) {
      const status = context.index.readStatus(key);
      if (status?.state === 'not-served') {
        return fail(
          `resource.k8s.io ${key} not served in cluster ${context.index.name} (${currentText}): DRA is not enabled`,
        );
      }
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
}

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
