/**
 * Everything checks look up across a whole cluster, indexed once per
 * collection (not once per component): namespaces with their labels, nodes,
 * RBAC bindings by subject, PodDisruptionBudgets and monitors by namespace,
 * policy bindings by policy, EndpointSlices by Service.
 */
import { specForObject } from '../collect/resources';
import type {
  ClusterCollection,
  KubeObject,
  ReadStatus,
  ResourceKey,
} from '../collect/types';
import { derivedValue } from '../inventory/derivedValues';
import type { ComponentInstance, InstanceObjects } from '../inventory/model';
import {
  LIST_PARTS,
  readsClusterList,
  readsClusterListPart,
} from './clusterReads';
import { LabelIndex } from './kubernetes/labelSelectors';
import { RbacIndex } from './kubernetes/rbacAuthorizer';
import { type Release, serverRelease } from './kubernetes/releases';

/**
 * Values derived from one object, per collection's objects (the indexes of one
 * collection, its read view's aside, share them): value name → object → value.
 */
const objectMemos = new WeakMap<
  ClusterCollection['objects'],
  Map<string, Map<KubeObject, unknown>>
>();

function groupBy(
  objects: readonly KubeObject[] | undefined,
  key: (o: KubeObject) => string | undefined,
): Map<string, KubeObject[]> {
  const map = new Map<string, KubeObject[]>();
  for (const object of objects ?? []) {
    const k = key(object);
    if (k === undefined) continue;
    const list = map.get(k);
    if (list) list.push(object);
    else map.set(k, [object]);
  }
  return map;
}

/** Resources of optional CRDs or API groups: `not-served` means "none in this cluster". */
export const OPTIONAL_RESOURCES: ReadonlySet<ResourceKey> =
  new Set<ResourceKey>([
    'certificates',
    'servicemonitors',
    'podmonitors',
    'prometheusrules',
    'chaosmesh',
    'chaosresults',
  ]);

export class ClusterIndex {
  readonly name: string;
  readonly release: Release | null;
  private readonly labelsByNamespace: Map<string, Record<string, string>>;
  private namespaceIndex?: LabelIndex;
  /** Resources whose read was not ok (the collection never changes). */
  private unreadKeys?: ReadonlySet<ResourceKey>;
  private rbacIndex?: RbacIndex;
  private pdbs?: Map<string, KubeObject[]>;
  private policyBindings?: Map<string, KubeObject[]>;
  private endpointSlices?: Map<string, KubeObject[]>;
  private services?: Map<string, KubeObject[]>;
  private serviceMonitors?: Map<string, KubeObject[]>;
  private podMonitors?: Map<string, KubeObject[]>;
  private view?: ClusterIndex;
  /** A plain map: it lives as long as this index, which holds the instances anyway (see derivedValue). */
  private viewInstances?: Map<ComponentInstance, ComponentInstance>;

  constructor(readonly collection: ClusterCollection) {
    this.name = collection.cluster;
    this.release =
      collection.versionStatus?.state === 'ok'
        ? serverRelease(collection.version)
        : null;
    this.labelsByNamespace = new Map();
    for (const ns of collection.objects.namespaces ?? []) {
      this.labelsByNamespace.set(ns.metadata.name, {
        ...ns.metadata.labels,
        'kubernetes.io/metadata.name': ns.metadata.name,
      });
    }
  }

  /** Namespace name → labels, including the immutable `kubernetes.io/metadata.name`. */
  get namespaceLabels(): ReadonlyMap<string, Record<string, string>> {
    this.reads('namespaces');
    return this.labelsByNamespace;
  }

  /** The Namespaces indexed by label, for matching selectors against all of them. */
  get namespaceLabelIndex(): LabelIndex {
    this.reads('namespaces');
    this.namespaceIndex ??= new LabelIndex(this.labelsByNamespace);
    return this.namespaceIndex;
  }

  /** Reports a read of the whole list `key` (see checks/clusterReads). */
  reads(key: ResourceKey): void {
    readsClusterList(this.name, key);
  }

  objects(key: ResourceKey): KubeObject[] {
    this.reads(key);
    return this.collection.objects[key] ?? [];
  }

  readStatus(key: ResourceKey): ReadStatus | undefined {
    return this.collection.reads[key];
  }

  /**
   * Why the cluster's data cannot be trusted at all (unreachable, or stale data
   * from an earlier run); undefined when it is current.
   */
  unusable(): string | undefined {
    const c = this.collection;
    if (c.error) return `cluster ${c.cluster} could not be read: ${c.error}`;
    if (c.stale) {
      return `data for cluster ${c.cluster} is stale (last successful read ${c.stale.lastSuccessAt}; this run failed: ${c.stale.reason})`;
    }
    return undefined;
  }

  /** Why `key` was not read completely; undefined when it was (or, for optional resources, when not installed). */
  unreadable(
    key: ResourceKey,
    optional = OPTIONAL_RESOURCES.has(key),
  ): string | undefined {
    const status = this.collection.reads[key];
    if (!status) return `${key} were not collected in cluster ${this.name}`;
    switch (status.state) {
      case 'ok':
        return undefined;
      case 'not-served':
        return optional
          ? undefined
          : `${key} are not served in cluster ${this.name} (${status.reason})`;
      case 'forbidden':
        return `reading ${key} in cluster ${this.name} was forbidden (${status.reason})`;
      default:
        return `reading ${key} in cluster ${this.name} failed (${status.reason})`;
    }
  }

  /** Resources whose read in this collection was not ok and that still hold objects (kept from an earlier read). */
  private keptFromEarlier(): ResourceKey[] {
    return (Object.keys(this.collection.objects) as ResourceKey[]).filter(
      key =>
        this.collection.reads[key]?.state !== 'ok' &&
        (this.collection.objects[key]?.length ?? 0) > 0,
    );
  }

  /**
   * This cluster as far as it was read in this collection: objects of resources whose
   * read was not ok (kept from an earlier read by the store) are left out. Itself when
   * there are none. Checks that judge on what was read (`failStandsWithout`) run on it.
   */
  readView(): ClusterIndex {
    if (this.view) return this.view;
    const unread = this.keptFromEarlier();
    if (!unread.length) return (this.view = this);
    const objects = { ...this.collection.objects };
    for (const key of unread) objects[key] = [];
    this.view = new ClusterIndex({ ...this.collection, objects });
    this.view.view = this.view;
    return this.view;
  }

  /**
   * A value derived from one object of this cluster (`compute` is a function of the
   * object alone), computed once per collection: plain maps (see derivedValue) under
   * one WeakMap entry per collection's objects.
   */
  memo<V>(
    name: string,
    object: KubeObject,
    compute: (object: KubeObject) => V,
  ): V {
    let byName = objectMemos.get(this.collection.objects);
    if (!byName) {
      byName = new Map();
      objectMemos.set(this.collection.objects, byName);
    }
    return derivedValue(byName, name, object, () => compute(object));
  }

  /** The instance as far as this cluster was read (see readView); the instance itself when nothing is left out. */
  readInstance(instance: ComponentInstance): ComponentInstance {
    const unread = (this.unreadKeys ??= new Set(
      (Object.keys(this.collection.reads) as ResourceKey[]).filter(
        key => this.collection.reads[key]?.state !== 'ok',
      ),
    ));
    if (!unread.size) return instance;
    this.viewInstances ??= new Map();
    let view = this.viewInstances.get(instance);
    if (!view) {
      const isRead = (o: KubeObject) => {
        const key = specForObject(o.apiVersion, o.kind)?.spec.key;
        return !key || !unread.has(key);
      };
      let objects: InstanceObjects | undefined;
      for (const field of Object.keys(instance.objects) as Array<
        keyof InstanceObjects
      >) {
        const list = instance.objects[field] ?? [];
        if (list.every(isRead)) continue;
        objects ??= { ...instance.objects };
        objects[field] = list.filter(isRead);
      }
      view = objects ? { ...instance, objects } : instance;
      this.viewInstances.set(instance, view);
    }
    return view;
  }

  /** True when an optional resource's API is not installed in the cluster. */
  notServed(key: ResourceKey): boolean {
    return this.collection.reads[key]?.state === 'not-served';
  }

  get rbac(): RbacIndex {
    this.reads('roles');
    this.reads('clusterroles');
    this.reads('rolebindings');
    this.reads('clusterrolebindings');
    if (!this.rbacIndex) {
      this.rbacIndex = new RbacIndex({
        roles: this.collection.objects.roles,
        clusterRoles: this.collection.objects.clusterroles,
        roleBindings: this.collection.objects.rolebindings,
        clusterRoleBindings: this.collection.objects.clusterrolebindings,
      });
    }
    return this.rbacIndex;
  }

  podDisruptionBudgetsIn(namespace: string): KubeObject[] {
    readsClusterListPart(this.name, 'poddisruptionbudgets', namespace);
    this.pdbs ??= groupBy(
      this.collection.objects.poddisruptionbudgets,
      LIST_PARTS.poddisruptionbudgets!,
    );
    return this.pdbs.get(namespace) ?? [];
  }

  bindingsOfPolicy(policyName: string): KubeObject[] {
    this.reads('validatingadmissionpolicybindings');
    this.policyBindings ??= groupBy(
      this.collection.objects.validatingadmissionpolicybindings,
      o => o.spec?.policyName,
    );
    return this.policyBindings.get(policyName) ?? [];
  }

  service(namespace: string, name: string): KubeObject | undefined {
    this.reads('services');
    this.services ??= groupBy(
      this.collection.objects.services,
      o => `${o.metadata.namespace}/${o.metadata.name}`,
    );
    return this.services.get(`${namespace}/${name}`)?.[0];
  }

  endpointSlicesOf(namespace: string, service: string): KubeObject[] {
    const part = `${namespace}/${service}`;
    readsClusterListPart(this.name, 'endpointslices', part);
    this.endpointSlices ??= groupBy(
      this.collection.objects.endpointslices,
      LIST_PARTS.endpointslices!,
    );
    return this.endpointSlices.get(part) ?? [];
  }

  /**
   * ServiceMonitors (or PodMonitors) that can select objects in `namespace`:
   * their own namespace, `namespaceSelector.matchNames`, or `namespaceSelector.any`.
   */
  monitorsTargeting(
    key: 'servicemonitors' | 'podmonitors',
    namespace: string,
  ): KubeObject[] {
    this.reads(key);
    let index =
      key === 'servicemonitors' ? this.serviceMonitors : this.podMonitors;
    if (!index) {
      index = new Map();
      for (const monitor of this.collection.objects[key] ?? []) {
        const selector = monitor.spec?.namespaceSelector ?? {};
        let targets: string[] = [monitor.metadata.namespace ?? ''];
        if (selector.any) targets = ['*'];
        else if (selector.matchNames?.length) targets = selector.matchNames;
        for (const target of targets) {
          const list = index.get(target) ?? [];
          list.push(monitor);
          index.set(target, list);
        }
      }
      if (key === 'servicemonitors') this.serviceMonitors = index;
      else this.podMonitors = index;
    }
    return [...(index.get(namespace) ?? []), ...(index.get('*') ?? [])];
  }
}
