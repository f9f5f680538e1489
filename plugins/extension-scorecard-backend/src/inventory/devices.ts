/**
 * Devices: kubelet device plugins (a DaemonSet on the device-plugins socket directory and
 * the extended resource it advertises on Nodes) and DRA drivers (DeviceClasses,
 * ResourceSlices and the kubelet-plugin DaemonSet).
 */
import type { KubeObject } from '../collect/types';
import { addWorkloadClosure, sharesInstallationLabel } from './backends';
import type { ClusterIndex } from './clusterIndex';
import type { InstanceBuilder } from './instance';
import { Detector, newSeed, Seed } from './seed';
import {
  CSI_NODE_REGISTRAR_IMAGES,
  GENERIC_NAME_TOKENS,
  isExtendedResource,
  KUBELET_DEVICE_PLUGINS_DIR,
  KUBELET_PLUGINS_REGISTRY_DIR,
  WELL_KNOWN_DEVICE_PLUGINS,
} from './wellKnown';
import {
  containers,
  runsContainer,
  imageRepository,
  mountsHostPath,
  workloadText,
} from './workloads';

/** Lower-case words of a name or image (`nvidia-device-plugin-daemonset` → nvidia, device…). */
function tokens(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(t => t.length > 1 && !GENERIC_NAME_TOKENS.has(t)),
  );
}

function workloadTokens(w: KubeObject): Set<string> {
  return tokens(
    [w.metadata.name, ...containers(w).map(c => imageRepository(c.image))].join(
      ' ',
    ),
  );
}

/** True when a resource name such as `smarter-devices/*` covers `name`. */
export function resourceMatches(pattern: string, name: string): boolean {
  return pattern.endsWith('/*')
    ? name.startsWith(pattern.slice(0, -1))
    : pattern === name;
}

/**
 * Extended resources a device plugin DaemonSet advertises: from the well-known table, and
 * the extended resources on Nodes whose vendor domain shares a word with the DaemonSet's
 * name or images (`nvidia.com/gpu` and `nvidia-device-plugin-daemonset`).
 */
export function inferDeviceResources(
  idx: ClusterIndex,
  ds: KubeObject,
): string[] {
  const out = new Set<string>();
  const haystack = [
    ds.metadata.name,
    ...containers(ds).map(c => imageRepository(c.image)),
  ].join(' ');
  for (const known of WELL_KNOWN_DEVICE_PLUGINS) {
    if (haystack.includes(known.match))
      known.resources.forEach(r => out.add(r));
  }
  const words = workloadTokens(ds);
  const onNodes = extendedResourcesOnNodes(idx);
  for (const [name, domainWords] of onNodes) {
    if (domainWords.some(t => words.has(t))) out.add(name);
  }
  // a wildcard from the table is replaced by the concrete names seen on Nodes
  for (const r of [...out]) {
    if (!r.endsWith('/*')) continue;
    for (const name of onNodes.keys()) {
      if (resourceMatches(r, name)) out.add(name);
    }
  }
  // the table lists alternatives (Intel: i915 or xe, by kernel driver): where some are on
  // Nodes, those are the ones this plugin advertises here
  const seen = [...out].filter(r =>
    [...onNodes.keys()].some(name => resourceMatches(r, name)),
  );
  return (seen.length > 0 ? seen : [...out]).sort();
}

/** Memo key of a cluster without Nodes. */
const NO_NODE: KubeObject = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: '' },
};

/** The extended resources in the capacity of any Node, with the words of their domain. */
function extendedResourcesOnNodes(idx: ClusterIndex): Map<string, string[]> {
  const nodes = idx.list('nodes');
  return idx.memo('extended-resources', nodes[0] ?? NO_NODE, () => {
    const out = new Map<string, string[]>();
    for (const node of nodes) {
      for (const name of Object.keys(node.status?.capacity ?? {})) {
        if (out.has(name) || !isExtendedResource(name)) continue;
        out.set(name, [...tokens(name.split('/')[0])]);
      }
    }
    return out;
  });
}

/**
 * True when the Node has capacity of one of the resources (its capacity's names read
 * once per Node and cluster index: every device seed asks).
 */
export function nodeHasResource(
  idx: ClusterIndex,
  node: KubeObject,
  resources: readonly string[],
): boolean {
  if (resources.length === 0) return false;
  const names: readonly string[] = idx.memo('capacity-names', node, () =>
    Object.keys(node.status?.capacity ?? {}),
  );
  return names.some(name => resources.some(r => resourceMatches(r, name)));
}

/**
 * Replaces inferred resources by declared ones: Nodes kept only for an inferred resource
 * go, the declared resources and their Nodes come in.
 */
export function replaceDeviceResources(
  b: InstanceBuilder,
  idx: ClusterIndex,
  declared: string[],
) {
  const inferred = [...b.advertisedResources];
  b.advertisedResources.clear();
  b.removeWhere(
    'nodes',
    n =>
      nodeHasResource(idx, n, inferred) && !nodeHasResource(idx, n, declared),
  );
  addDeviceResources(b, idx, declared);
}

/** Adds the resources and the Nodes that have capacity of them. */
export function addDeviceResources(
  b: InstanceBuilder,
  idx: ClusterIndex,
  resources: string[],
) {
  for (const r of resources) {
    if (!r.endsWith('/*')) b.advertisedResources.add(r);
  }
  for (const node of idx.list('nodes')) {
    if (nodeHasResource(idx, node, resources)) b.add(node);
  }
}

export const detectDevicePlugins: Detector = idx => {
  const seeds: Seed[] = [];
  for (const ds of idx.list('daemonsets')) {
    if (!mountsHostPath(ds, KUBELET_DEVICE_PLUGINS_DIR)) continue;
    const seed = newSeed(
      idx,
      'device-plugin',
      ds.metadata.name,
      [ds],
      [`daemonset:${ds.metadata.namespace}/${ds.metadata.name}`],
    );
    addWorkloadClosure(seed.builder, idx, ds);
    addDeviceResources(seed.builder, idx, inferDeviceResources(idx, ds));
    seeds.push(seed);
  }
  return seeds;
};

/** The driver a DeviceClass selects, from its CEL selectors (`device.driver == "x"`). */
export function deviceClassDrivers(dc: KubeObject): string[] {
  const out = new Set<string>();
  const selectors = Array.isArray(dc.spec?.selectors) ? dc.spec.selectors : [];
  for (const s of selectors) {
    const expr = s?.cel?.expression;
    if (typeof expr !== 'string') continue;
    for (const m of expr.matchAll(/device\.driver\s*==\s*["']([^"']+)["']/g))
      out.add(m[1]);
  }
  return [...out];
}

/** DaemonSets that register with kubelet as plugins but are neither CSI nor device plugins. */
function kubeletPluginCandidates(idx: ClusterIndex): KubeObject[] {
  return idx
    .list('daemonsets')
    .filter(
      ds =>
        mountsHostPath(ds, KUBELET_PLUGINS_REGISTRY_DIR) &&
        !mountsHostPath(ds, KUBELET_DEVICE_PLUGINS_DIR) &&
        !runsContainer(ds, CSI_NODE_REGISTRAR_IMAGES),
    );
}

/**
 * One seed per DRA driver name (from ResourceSlices' `spec.driver` and DeviceClass
 * selectors). The kubelet plugin is the registering DaemonSet that names the driver, or
 * shares a word with it (`dra-example-driver-kubeletplugin` / `gpu.example.com`), or the
 * only candidate when the cluster has one driver.
 */
export const detectDraDrivers: Detector = idx => {
  const drivers = new Map<string, KubeObject[]>();
  const addTo = (name: string, obj?: KubeObject) => {
    const list = drivers.get(name) ?? [];
    if (obj) list.push(obj);
    drivers.set(name, list);
  };
  for (const dc of idx.list('deviceclasses')) {
    const names = deviceClassDrivers(dc);
    for (const n of names) addTo(n, dc);
  }
  for (const slice of idx.list('resourceslices')) {
    if (typeof slice.spec?.driver === 'string') addTo(slice.spec.driver, slice);
  }
  if (drivers.size === 0) return [];

  const candidates = kubeletPluginCandidates(idx);
  const seeds: Seed[] = [];
  for (const [driver, objects] of drivers) {
    const seed = newSeed(idx, 'dra-driver', driver, objects, [
      `driver:${driver}`,
    ]);
    const named = candidates.filter(ds =>
      workloadText(idx, ds).includes(driver),
    );
    const driverWords = tokens(driver);
    const related = named.length
      ? named
      : candidates.filter(ds =>
          [...workloadTokens(ds)].some(t => driverWords.has(t)),
        );
    const plugins =
      related.length || drivers.size > 1 || candidates.length !== 1
        ? related
        : candidates;
    for (const ds of plugins) {
      addWorkloadClosure(seed.builder, idx, ds);
      for (const d of idx.workloadsInNamespace(ds.metadata.namespace!)) {
        if (d.kind === 'Deployment' && sharesInstallationLabel(d, ds)) {
          addWorkloadClosure(seed.builder, idx, d);
        }
      }
    }
    for (const slice of objects) {
      const nodeName =
        slice.kind === 'ResourceSlice' ? slice.spec?.nodeName : undefined;
      const node = nodeName ? idx.get('nodes', undefined, nodeName) : undefined;
      if (node) seed.builder.add(node);
    }
    seeds.push(seed);
  }
  return seeds;
};
