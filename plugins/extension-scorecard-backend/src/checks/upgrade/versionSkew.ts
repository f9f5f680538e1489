/**
 * upgrade.version-skew: the cluster within the component's declared Kubernetes range,
 * a second scheduler within one minor of the API server, kubelets within the skew policy.
 */
import semver from 'semver';
import type { KubeObject, ResourceKey } from '../../collect/types';
import type {
  BuiltinClusterCheck,
  BuiltinClusterContext,
} from '../builtinContext';
import {
  fail,
  hasFacet,
  isNodeExtension,
  judgedWithout,
  listed,
  missingReads,
  pass,
  unknown,
  warn,
  withRemediation,
} from '../builtinContext';
import type { ClusterIndex } from '../clusterIndex';
import type { CheckOutcome } from '../types';
import { parseImage, tagVersion } from '../kubernetes/images';
import { podSpecFitsNode } from '../kubernetes/nodePlacement';
import { formatRelease, parseRelease } from '../kubernetes/releases';
import { upstreamVersion } from '../kubernetes/versions';
import {
  containersOf,
  type Workload,
  workloadsOf,
} from '../kubernetes/workloads';
import { clusterRelease, memoizedByObject, rangeOf } from './shared';

/** The API server's upstream version (`v1.32.9-eks-113cf36` is 1.32.9), once per cluster index. */
const semverOfCluster = memoizedByObject(
  (index: ClusterIndex): semver.SemVer | null => {
    // a release candidate of 1.36 is a 1.36 cluster: judged without the pre-release
    const parsed = upstreamVersion(
      index.collection.version?.gitVersion,
    )?.version;
    return parsed
      ? new semver.SemVer(`${parsed.major}.${parsed.minor}.${parsed.patch}`)
      : semver.coerce(formatRelease(index.release!));
  },
);

/** A node's kubelet release, once per Node object. */
const kubeletRelease = memoizedByObject((node: KubeObject) =>
  parseRelease(node.status?.nodeInfo?.kubeletVersion),
);

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
    /** What failed, for the remediation that fits: `range`, `scheduler`, `kubelet`. */
    const failed = new Set<'range' | 'scheduler' | 'kubelet'>();
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
      const clusterSemver = semverOfCluster(context.index);
      const supported = rangeOf(range);
      if (supported === null)
        warnings.push(
          `declared kubernetesVersions '${range}' is not a semver range`,
        );
      else if (clusterSemver && !supported.test(clusterSemver)) {
        failures.push(
          `cluster ${clusterSemver.version} is outside the supported range ${range}`,
        );
        failed.add('range');
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
        if (built > current && !rules.controlPlane.newerAllowed) {
          failures.push(`${text}: newer than the API server`);
          failed.add('scheduler');
        } else if (current - built > rules.controlPlane.maxMinorsOlder) {
          failures.push(
            `${text}: more than ${rules.controlPlane.maxMinorsOlder} minor older`,
          );
          failed.add('scheduler');
        } else notes.push(text);
      }
    }
    // kept (stale) Nodes prove nothing: kubelets are judged only on Nodes read now
    if (isNodeExtension(context) && !context.index.unreadable('nodes')) {
      needed.push('daemonsets');
      /** Nodes out of the skew policy, by what is wrong with their kubelet. */
      const skewed = new Map<string, string[]>();
      const skew = (node: string, text: string) =>
        skewed.set(text, [...(skewed.get(text) ?? []), node]);
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
          skew(
            node.metadata.name,
            `kubelet ${kubeletVersion} is newer than the API server`,
          );
        } else if (current - kubelet > maxOlder) {
          skew(
            node.metadata.name,
            `kubelet ${kubeletVersion} is ${
              current - kubelet
            } minors behind (policy allows ${maxOlder})`,
          );
        }
      }
      if (skewed.size) {
        failed.add('kubelet');
        observed.skewedNodes = Object.fromEntries(skewed);
        failures.push(
          `API server ${currentText}: ${listed(
            [...skewed].map(
              ([text, nodes]) =>
                `${
                  nodes.length === 1
                    ? `node ${nodes[0]}`
                    : `${nodes.length} nodes (${nodes[0]} and ${
                        nodes.length - 1
                      } more)`
                }: ${text}`,
            ),
            2,
          )}`,
        );
      }
    }
    let outcome: CheckOutcome;
    if (failures.length) {
      outcome = fail(listed(failures, 2), observed);
      const only = failed.size === 1 ? [...failed][0] : undefined;
      if (only === 'range')
        // the range is declared: what is left is running a release that covers the cluster
        outcome = withRemediation(
          outcome,
          `Upgrade the extension to a release that supports ${currentText} and widen spec.extension.kubernetesVersions to match, or hold the cluster upgrade until then.`,
        );
      else if (only === 'kubelet')
        outcome = withRemediation(
          outcome,
          `Upgrade the kubelets of the nodes named to within the skew policy of ${currentText} (drain and upgrade node by node) before upgrading the control plane further.`,
        );
      else if (only === 'scheduler')
        outcome = withRemediation(
          outcome,
          `Run a scheduler image built for ${currentText} (kube-scheduler or scheduler-plugins release of the same minor).`,
        );
    } else if (unplaced.length)
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

export const versionSkewChecks = [versionSkew];
