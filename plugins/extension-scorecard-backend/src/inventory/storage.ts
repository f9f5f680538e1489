/**
 * CSI drivers: the CSIDriver object, the node plugin (a DaemonSet with
 * node-driver-registrar, or a StatefulSet as the hostpath driver ships it), the controller
 * (provisioner/attacher/resizer/snapshotter sidecars) and the CSINodes listing the driver.
 */
import type { KubeObject } from '../collect/types';
import type { ClusterIndex } from './clusterIndex';
import { addWorkloadClosure, sharesInstallationLabel } from './backends';
import { Detector, newSeed, Seed } from './seed';
import {
  CSI_CONTROLLER_SIDECAR_IMAGES,
  CSI_NODE_REGISTRAR_IMAGES,
  KUBELET_PLUGINS_DIR,
} from './wellKnown';
import {
  containers,
  containerText,
  hostPaths,
  runsContainer,
  workloadText,
} from './workloads';

/** Driver names a node plugin registers, from the registrar's socket path or host paths. */
export function nodePluginDrivers(ds: KubeObject): string[] {
  const out = new Set<string>();
  const pattern = new RegExp(`${KUBELET_PLUGINS_DIR}/([^/\\s]+)/`, 'g');
  const sources = [
    ...containers(ds).map(containerText),
    ...hostPaths(ds).map(p => (p.endsWith('/') ? p : `${p}/`)),
  ];
  for (const text of sources) {
    for (const m of text.matchAll(pattern)) {
      if (m[1] !== 'kubernetes.io' && !m[1].startsWith('kubernetes.io~'))
        out.add(m[1]);
    }
  }
  return [...out];
}

/** The longest common leading part of two names, in whole `-`-separated words. */
function commonPrefixWords(a: string, b: string): number {
  const wa = a.split('-');
  const wb = b.split('-');
  let n = 0;
  while (n < wa.length && n < wb.length && wa[n] === wb[n]) n += 1;
  return n;
}

export const detectCsiDrivers: Detector = idx => {
  const nodePlugins = idx
    .workloads()
    .filter(
      w =>
        w.kind !== 'Deployment' && runsContainer(w, CSI_NODE_REGISTRAR_IMAGES),
    );
  const controllers = idx
    .workloads()
    .filter(
      w =>
        w.kind !== 'DaemonSet' &&
        !nodePlugins.includes(w) &&
        runsContainer(w, CSI_CONTROLLER_SIDECAR_IMAGES),
    );

  const drivers = new Map<
    string,
    { driver?: KubeObject; nodes: KubeObject[] }
  >();
  for (const d of idx.list('csidrivers'))
    drivers.set(d.metadata.name, { driver: d, nodes: [] });
  const unnamed: KubeObject[] = [];
  for (const ds of nodePlugins) {
    // a CSIDriver named in the plugin's arguments wins over its socket directory's name
    // (the hostpath driver registers from /var/lib/kubelet/plugins/csi-hostpath/)
    const declared = [...drivers.keys()].filter(
      name => drivers.get(name)!.driver && workloadText(idx, ds).includes(name),
    );
    const names = declared.length > 0 ? declared : nodePluginDrivers(ds);
    if (names.length === 0) unnamed.push(ds);
    for (const name of names) {
      const entry = drivers.get(name) ?? { nodes: [] };
      entry.nodes.push(ds);
      drivers.set(name, entry);
    }
  }

  const seeds: Seed[] = [];
  const build = (name: string, primary: KubeObject[], nodeDs: KubeObject[]) => {
    const seed = newSeed(idx, 'csi', name, primary, [`driver:${name}`]);
    for (const ds of nodeDs) addWorkloadClosure(seed.builder, idx, ds);
    for (const c of controllersFor(idx, name, nodeDs, controllers)) {
      addWorkloadClosure(seed.builder, idx, c);
    }
    for (const csiNode of idx.list('csinodes')) {
      const listed = Array.isArray(csiNode.spec?.drivers)
        ? csiNode.spec.drivers
        : [];
      if (listed.some((d: any) => d?.name === name)) {
        seed.builder.add(csiNode);
        const node = idx.get('nodes', undefined, csiNode.metadata.name);
        if (node) seed.builder.add(node);
      }
    }
    seeds.push(seed);
  };
  for (const [name, entry] of drivers) {
    build(name, entry.driver ? [entry.driver] : entry.nodes, entry.nodes);
  }
  for (const ds of unnamed) build(ds.metadata.name, [ds], [ds]);
  return seeds;
};

/**
 * The controller Deployments of a driver: those naming the driver in their containers;
 * else, next to the node plugin, those sharing its installation labels or the first word
 * of its name (`ebs-csi-controller` / `ebs-csi-node`).
 */
function controllersFor(
  idx: ClusterIndex,
  driver: string,
  nodeDs: KubeObject[],
  candidates: KubeObject[],
): KubeObject[] {
  const named = candidates.filter(c => workloadText(idx, c).includes(driver));
  if (named.length > 0) return named;
  return candidates.filter(c =>
    nodeDs.some(
      ds =>
        ds.metadata.namespace === c.metadata.namespace &&
        (sharesInstallationLabel(ds, c) ||
          commonPrefixWords(ds.metadata.name, c.metadata.name) >= 1),
    ),
  );
}
