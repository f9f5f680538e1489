/**
 * An object belongs to at most one component. Components are drafted per cluster; when
 * two drafts hold the same object, the one with the best claim keeps it:
 * 1. the object is one of its extension objects (webhook configuration, CRD, driver…);
 * 2. its catalog entity names the object (Kubernetes plugin annotations);
 * 3. the object belongs to its installation (projects.ts);
 * 4. otherwise the first draft in order.
 * Cluster-shared roles (aggregated, bootstrap) are dropped from every draft; Nodes,
 * CSINodes and Pods are context several components may point at, never owned.
 */
import type { KubeObject } from '../collect/types';
import type { EntityMatcher } from './catalogLink';
import type { ClusterIndex } from './clusterIndex';
import { InstanceBuilder, objectIdentity } from './instance';
import type { ProjectGroup } from './projectGroups';
import { isClusterShared, isContextObject } from './projects';

/** The part of a project group one component takes. */
export interface GroupPart {
  builder: InstanceBuilder;
  primaries: Set<string>;
  projects: Set<string>;
}

export class ComponentDraft {
  readonly builders = new Map<string, InstanceBuilder>();
  private readonly primaries = new Map<string, Set<string>>();
  private readonly projects = new Map<string, Set<string>>();

  /** `order` breaks ties between equal claims; `matcher` is the catalog entity's. */
  constructor(readonly order: string, readonly matcher?: EntityMatcher) {}

  static ofGroup(group: ProjectGroup): ComponentDraft {
    const draft = new ComponentDraft(
      `~orphan:${group.projectName ?? group.seeds[0]?.name ?? ''}`,
    );
    draft.builders.set(group.cluster, group.builder);
    draft.primaries.set(group.cluster, group.primaries);
    draft.projects.set(group.cluster, group.projects);
    return draft;
  }

  builderFor(cluster: string): InstanceBuilder {
    let b = this.builders.get(cluster);
    if (!b) {
      b = new InstanceBuilder(cluster);
      this.builders.set(cluster, b);
    }
    return b;
  }

  add(cluster: string, part: GroupPart) {
    this.builderFor(cluster).merge(part.builder);
    const primaries = this.primaries.get(cluster) ?? new Set();
    part.primaries.forEach(p => primaries.add(p));
    this.primaries.set(cluster, primaries);
    const projects = this.projects.get(cluster) ?? new Set();
    part.projects.forEach(p => projects.add(p));
    this.projects.set(cluster, projects);
  }

  /** How strong this draft's claim on an object is: lower is stronger. */
  claim(idx: ClusterIndex, obj: KubeObject): number {
    if (this.primaries.get(idx.cluster)?.has(objectIdentity(obj))) return 0;
    if (this.matcher?.matches(obj)) return 1;
    const project = idx.projects.projectOf(obj);
    if (project && this.projects.get(idx.cluster)?.has(project)) return 2;
    return 3;
  }
}

/** Leaves every object of the cluster in at most one draft (see the file comment). */
export function keepOneOwner(idx: ClusterIndex, drafts: ComponentDraft[]) {
  const holders = new Map<string, ComponentDraft[]>();
  const objects = new Map<string, KubeObject>();
  for (const draft of drafts) {
    const b = draft.builders.get(idx.cluster);
    if (!b) continue;
    b.removeAll(o => isClusterShared(o) && !isContextObject(o));
    for (const obj of b.allObjects()) {
      if (isContextObject(obj)) continue;
      const id = objectIdentity(obj);
      objects.set(id, obj);
      const list = holders.get(id);
      if (list) list.push(draft);
      else holders.set(id, [draft]);
    }
  }
  for (const [id, list] of holders) {
    if (list.length < 2) continue;
    const obj = objects.get(id)!;
    const ranked = list
      .map(draft => ({ draft, claim: draft.claim(idx, obj) }))
      .sort(
        (a, b) =>
          a.claim - b.claim || a.draft.order.localeCompare(b.draft.order),
      );
    for (const { draft } of ranked.slice(1)) {
      draft.builders.get(idx.cluster)!.remove(obj);
    }
  }
}
