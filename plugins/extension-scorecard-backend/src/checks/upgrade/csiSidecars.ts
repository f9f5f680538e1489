/** CSI drivers: sidecars within the cluster version's matrix, the node plugin registered and health-checked. */
import semver from 'semver';
import type { BuiltinClusterCheck } from '../builtinContext';
import {
  fail,
  listed,
  notApplicable,
  pass,
  unknown,
  warn,
  withRemediation,
} from '../builtinContext';
import { parseImage } from '../kubernetes/images';
import { formatRelease, parseRelease } from '../kubernetes/releases';
import { upstreamVersion } from '../kubernetes/versions';
import { containersOf, isNodeAgent } from '../kubernetes/workloads';
import type { CsiSidecar } from '../../reference';
import { clusterRelease, rangeOf, WORKLOAD_READS } from './shared';

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
      return withRemediation(
        fail(
          `no node DaemonSet (or node-plugin StatefulSet) of this CSI driver in cluster ${context.index.name}: nodes cannot mount its volumes`,
        ),
        "Deploy the driver's node plugin as a DaemonSet on every node that mounts its volumes, with node-driver-registrar and livenessprobe next to it.",
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
      return withRemediation(
        warn(`${refs} has no livenessprobe sidecar`, observed),
        "Add the livenessprobe sidecar to the node plugin's Pod and point the plugin container's livenessProbe at its /healthz port.",
      );
    return pass(
      `${refs} runs node-driver-registrar and livenessprobe`,
      observed,
    );
  },
};

export const csiChecks = [sidecarMatrix, nodeRegistrar];
