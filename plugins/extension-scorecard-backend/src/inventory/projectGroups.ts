/**
 * The extensions of one cluster grouped by installation: seeds sharing a project
 * (projects.ts) or a merge key (the same backend Service, CRD group, controller, driver…)
 * are one group, and the projects' other objects join it.
 */
import type { KubeObject } from '../collect/types';
import { addWithClosure } from './backends';
import type { ClusterIndex } from './clusterIndex';
import { InstanceBuilder, objectIdentity } from './instance';
import { Partition } from './projects';
import type { Seed } from './seed';
import { isWorkload } from './workloads';

export interface ProjectGroup {
  cluster: string;
  seeds: Seed[];
  /** Projects (ProjectIndex ids, local to the cluster) the seeds' objects belong to. */
  projects: Set<string>;
  /**
   * Keys naming the group independently of the cluster: the seeds' merge keys and the
   * projects' Helm release, part-of and instance keys.
   */
  keys: string[];
  /** The installation's own name (Helm release, part-of value), when it has one. */
  projectName?: string;
  /** The projects' objects that no seed found. */
  members: KubeObject[];
  /** The seeds' objects and the members, with their closures. */
  builder: InstanceBuilder;
  /** Identities of the seeds' own extension objects (webhook configurations, CRDs…). */
  primaries: Set<string>;
}

/** The objects that say which installation a seed is: its own and its backend's. */
function identifyingObjects(seed: Seed): KubeObject[] {
  const { deployments, daemonSets, statefulSets, services } =
    seed.builder.objects;
  return [
    ...seed.primary,
    ...deployments,
    ...daemonSets,
    ...statefulSets,
    ...services,
  ];
}

/** Keys that hold across clusters (a namespace name alone does not name a project). */
function portableKeys(keys: string[]): string[] {
  return keys.filter(k => !k.startsWith('namespace:'));
}

export function groupSeeds(idx: ClusterIndex, seeds: Seed[]): ProjectGroup[] {
  const projects = idx.projects;
  const partition = new Partition();
  const seedProjects = seeds.map(seed => {
    const found = new Set<string>();
    for (const obj of identifyingObjects(seed)) {
      const project = projects.projectOf(obj);
      if (project) found.add(project);
    }
    return found;
  });
  seeds.forEach((seed, i) => {
    const id = `seed:${i}`;
    partition.union(id, id);
    for (const key of seed.mergeKeys) partition.union(`key:${key}`, id);
    for (const project of seedProjects[i])
      partition.union(`project:${project}`, id);
    // extensions run by the same workload or Service are one (CRDs a CNI agent serves)
    for (const obj of identifyingObjects(seed)) {
      if (isWorkload(obj) || obj.kind === 'Service')
        partition.union(`object:${objectIdentity(obj)}`, id);
    }
  });
  const byRoot = new Map<string, number[]>();
  seeds.forEach((_, i) => {
    const root = partition.find(`seed:${i}`);
    byRoot.set(root, [...(byRoot.get(root) ?? []), i]);
  });

  return [...byRoot.values()].map(indexes => {
    const groupSeedList = indexes.map(i => seeds[i]);
    const groupProjects = new Set(indexes.flatMap(i => [...seedProjects[i]]));
    const builder = new InstanceBuilder(idx.cluster);
    const primaries = new Set<string>();
    for (const seed of groupSeedList) {
      builder.merge(seed.builder);
      for (const obj of seed.primary) primaries.add(objectIdentity(obj));
    }
    const members: KubeObject[] = [];
    const keys = new Set(groupSeedList.flatMap(s => s.mergeKeys));
    let projectName: string | undefined;
    for (const project of [...groupProjects].sort()) {
      for (const obj of projects.members(project)) {
        if (builder.has(obj)) continue; // a seed found it, with its closure
        members.push(obj);
        addWithClosure(builder, idx, obj);
      }
      portableKeys(projects.keys(project)).forEach(k => keys.add(k));
      projectName ??= projects.name(project);
    }
    return {
      cluster: idx.cluster,
      seeds: groupSeedList,
      projects: groupProjects,
      keys: [...keys].sort(),
      ...(projectName ? { projectName } : {}),
      members,
      builder,
      primaries,
    };
  });
}
