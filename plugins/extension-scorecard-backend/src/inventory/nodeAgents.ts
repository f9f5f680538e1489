/**
 * Node-level extensions without an API object of their own kind: network plugins (a
 * DaemonSet writing CNI config/binaries on the host) and container runtimes behind a
 * RuntimeClass (with the installer DaemonSet and the Nodes the class can land on).
 */
import type { KubeObject } from '../collect/types';
import { addWorkloadClosure } from './backends';
import type { ClusterIndex } from './clusterIndex';
import { matchesSelectorMap } from './labels';
import { Detector, newSeed, Seed } from './seed';
import { CNI_HOST_PATHS, GENERIC_NAME_TOKENS } from './wellKnown';
import {
  containers,
  imageRepository,
  mountsHostPath,
  podSpec,
} from './workloads';

const PART_OF = 'app.kubernetes.io/part-of';

export const detectNetworkPlugins: Detector = idx => {
  const seeds: Seed[] = [];
  for (const ds of idx.list('daemonsets')) {
    if (!CNI_HOST_PATHS.some(p => mountsHostPath(ds, p))) continue;
    const ns = ds.metadata.namespace;
    const partOf = ds.metadata.labels?.[PART_OF];
    const seed = newSeed(
      idx,
      'cni',
      ds.metadata.name,
      [ds],
      [
        `daemonset:${ns}/${ds.metadata.name}`,
        ...(partOf ? [`part-of:${ns}/${partOf}`] : []),
      ],
    );
    addWorkloadClosure(seed.builder, idx, ds);
    seeds.push(seed);
  }
  return seeds;
};

/** Words of a runtime handler (`kata-qemu` → kata, qemu). */
function handlerWords(handler: string): string[] {
  return handler
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(t => t.length > 1 && !GENERIC_NAME_TOKENS.has(t));
}

/** The first word of a DaemonSet's name and of each of its images (`kata-deploy` → kata). */
function firstWords(ds: KubeObject): string[] {
  return [
    ds.metadata.name,
    ...containers(ds).map(c => imageRepository(c.image).split('/').pop() ?? ''),
  ].map(n => n.toLowerCase().split(/[^a-z0-9]+/)[0]);
}

/**
 * The DaemonSet installing a runtime handler: one whose node selector is the
 * RuntimeClass's, or whose name or images start with the handler's first word
 * (`kata-deploy` for `kata-qemu`).
 */
function installers(idx: ClusterIndex, rc: KubeObject): KubeObject[] {
  const selector: Record<string, string> =
    (rc as any).scheduling?.nodeSelector ?? {};
  const first = handlerWords(String((rc as any).handler ?? ''))[0];
  return idx.list('daemonsets').filter(ds => {
    const dsSelector: Record<string, string> = podSpec(ds).nodeSelector ?? {};
    if (
      Object.keys(selector).length > 0 &&
      matchesSelectorMap(selector, dsSelector)
    )
      return true;
    return (
      !!first &&
      idx.memo('first-words', ds, () => firstWords(ds)).includes(first)
    );
  });
}

export const detectRuntimeClasses: Detector = idx => {
  const seeds: Seed[] = [];
  for (const rc of idx.list('runtimeclasses')) {
    const found = installers(idx, rc);
    const seed = newSeed(
      idx,
      'cri-runtime',
      rc.metadata.name,
      [rc],
      [
        `handler:${rc.handler}`,
        ...found.map(
          ds => `daemonset:${ds.metadata.namespace}/${ds.metadata.name}`,
        ),
      ],
    );
    for (const ds of found) addWorkloadClosure(seed.builder, idx, ds);
    // the Nodes the class can land on: its nodeSelector, or every Node without one
    const selector: Record<string, string> | undefined = (rc as any).scheduling
      ?.nodeSelector;
    for (const node of idx.list('nodes')) {
      if (
        !selector ||
        Object.keys(selector).length === 0 ||
        matchesSelectorMap(selector, node.metadata.labels)
      ) {
        seed.builder.add(node);
      }
    }
    seeds.push(seed);
  }
  return seeds;
};
