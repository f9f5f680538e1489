/**
 * Accumulates the objects of one extension in one cluster, without duplicates.
 */
import type { ClusterCollection, KubeObject } from '../collect/types';
import {
  ComponentInstance,
  emptyInstanceObjects,
  InstanceObjects,
} from './model';

/** Which InstanceObjects list an object of a kind goes to. */
const FIELD_BY_KIND: Record<string, keyof InstanceObjects> = {
  ValidatingWebhookConfiguration: 'validatingWebhookConfigurations',
  MutatingWebhookConfiguration: 'mutatingWebhookConfigurations',
  ValidatingAdmissionPolicy: 'validatingAdmissionPolicies',
  ValidatingAdmissionPolicyBinding: 'validatingAdmissionPolicyBindings',
  CustomResourceDefinition: 'customResourceDefinitions',
  APIService: 'apiServices',
  RuntimeClass: 'runtimeClasses',
  CSIDriver: 'csiDrivers',
  CSINode: 'csiNodes',
  DeviceClass: 'deviceClasses',
  ResourceSlice: 'resourceSlices',
  Deployment: 'deployments',
  DaemonSet: 'daemonSets',
  StatefulSet: 'statefulSets',
  Service: 'services',
  EndpointSlice: 'endpointSlices',
  PodDisruptionBudget: 'podDisruptionBudgets',
  HorizontalPodAutoscaler: 'horizontalPodAutoscalers',
  FlowSchema: 'flowSchemas',
  ServiceAccount: 'serviceAccounts',
  RoleBinding: 'roleBindings',
  Role: 'roles',
  ClusterRoleBinding: 'clusterRoleBindings',
  ClusterRole: 'clusterRoles',
  Node: 'nodes',
  Certificate: 'certificates',
  ServiceMonitor: 'serviceMonitors',
  PodMonitor: 'podMonitors',
  PrometheusRule: 'prometheusRules',
  Pod: 'pendingPods',
  ChaosResult: 'chaosResults',
  PodChaos: 'chaosResults',
  NetworkChaos: 'chaosResults',
  StressChaos: 'chaosResults',
  IOChaos: 'chaosResults',
  TimeChaos: 'chaosResults',
  HTTPChaos: 'chaosResults',
  DNSChaos: 'chaosResults',
};

/**
 * Identity of an object within one cluster. Not cached per object in a WeakMap (see
 * derivedValue): building it costs about as much as the lookup.
 */
export function objectIdentity(obj: KubeObject): string {
  return `${obj.kind}/${obj.metadata.namespace ?? ''}/${obj.metadata.name}`;
}

export class InstanceBuilder {
  readonly objects: InstanceObjects = emptyInstanceObjects();
  readonly advertisedResources = new Set<string>();
  readonly schedulerNames = new Set<string>();
  private readonly seen = new Set<string>();
  private readonly expanded = new Set<string>();

  constructor(readonly cluster: string) {}

  /** Adds an object to the list of its kind; false when already there or of an unknown kind. */
  add(obj: KubeObject): boolean {
    const field = FIELD_BY_KIND[obj.kind];
    if (!field) return false;
    const id = objectIdentity(obj);
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    this.objects[field].push(obj);
    return true;
  }

  /**
   * True the first time it is asked about an object: lets closures (workload → RBAC…)
   * run once per object even when the object itself was added earlier.
   */
  expandOnce(obj: KubeObject): boolean {
    const id = objectIdentity(obj);
    if (this.expanded.has(id)) return false;
    this.expanded.add(id);
    return true;
  }

  /** Drops the objects of one list that match the predicate. */
  removeWhere(
    field: keyof InstanceObjects,
    predicate: (obj: KubeObject) => boolean,
  ): void {
    const keep: KubeObject[] = [];
    for (const obj of this.objects[field]) {
      if (predicate(obj)) this.seen.delete(objectIdentity(obj));
      else keep.push(obj);
    }
    this.objects[field] = keep;
  }

  /** Drops one object (by identity). */
  remove(obj: KubeObject): void {
    const field = FIELD_BY_KIND[obj.kind];
    const id = objectIdentity(obj);
    if (!field || !this.seen.delete(id)) return;
    this.objects[field] = this.objects[field].filter(
      o => objectIdentity(o) !== id,
    );
  }

  /** Drops the objects of every list that match the predicate. */
  removeAll(predicate: (obj: KubeObject) => boolean): void {
    for (const field of Object.keys(this.objects) as Array<
      keyof InstanceObjects
    >) {
      if (this.objects[field].some(predicate))
        this.removeWhere(field, predicate);
    }
  }

  /** Every object held, of every list. */
  allObjects(): KubeObject[] {
    return Object.values(this.objects).flat();
  }

  has(obj: KubeObject): boolean {
    return this.seen.has(objectIdentity(obj));
  }

  merge(other: InstanceBuilder): void {
    for (const list of Object.values(other.objects))
      for (const obj of list) this.add(obj);
    other.expanded.forEach(id => this.expanded.add(id));
    other.advertisedResources.forEach(r => this.advertisedResources.add(r));
    other.schedulerNames.forEach(n => this.schedulerNames.add(n));
  }

  isEmpty(): boolean {
    return this.seen.size === 0;
  }

  /**
   * The same builder over another read of its cluster (see {@link rebasedObjects}), or
   * undefined when one of its objects is not there.
   */
  rebased(
    resolve: (obj: KubeObject) => KubeObject | undefined,
  ): InstanceBuilder | undefined {
    const objects = rebasedObjects(this.objects, resolve);
    if (!objects) return undefined;
    const out = new InstanceBuilder(this.cluster);
    Object.assign(out.objects, objects);
    this.seen.forEach(id => out.seen.add(id));
    this.expanded.forEach(id => out.expanded.add(id));
    this.advertisedResources.forEach(r => out.advertisedResources.add(r));
    this.schedulerNames.forEach(n => out.schedulerNames.add(n));
    return out;
  }

  build(): ComponentInstance {
    const objects = emptyInstanceObjects();
    for (const [field, list] of Object.entries(this.objects) as Array<
      [keyof InstanceObjects, KubeObject[]]
    >) {
      objects[field] = [...list].sort(byNamespaceAndName);
    }
    return {
      cluster: this.cluster,
      objects,
      advertisedResources: [...this.advertisedResources].sort(),
      schedulerNames: [...this.schedulerNames].sort(),
    };
  }
}

/**
 * An instance's object lists over another read of its cluster: every object replaced by
 * the one `resolve` gives for it (the same object as read again), in the same order, or
 * undefined when one is not there.
 */
export function rebasedObjects(
  objects: InstanceObjects,
  resolve: (obj: KubeObject) => KubeObject | undefined,
): InstanceObjects | undefined {
  const out = emptyInstanceObjects();
  for (const field of Object.keys(objects) as Array<keyof InstanceObjects>) {
    const list = objects[field];
    const mapped: KubeObject[] = new Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const current = resolve(list[i]);
      if (!current) return undefined;
      mapped[i] = current;
    }
    out[field] = mapped;
  }
  return out;
}

function byNamespaceAndName(a: KubeObject, b: KubeObject): number {
  return (
    (a.metadata.namespace ?? '').localeCompare(b.metadata.namespace ?? '') ||
    a.metadata.name.localeCompare(b.metadata.name) ||
    a.kind.localeCompare(b.kind)
  );
}

/**
 * Instances of a component in the order the clusters were given, empty ones left out;
 * `built`: instances already built, by cluster.
 */
export function instancesInClusterOrder(
  builders: ReadonlyMap<string, InstanceBuilder>,
  clusters: ClusterCollection[],
  built?: ReadonlyMap<string, ComponentInstance>,
): ComponentInstance[] {
  const out: ComponentInstance[] = [];
  for (const { cluster } of clusters) {
    const instance = built?.get(cluster);
    if (instance) {
      out.push(instance);
      continue;
    }
    const b = builders.get(cluster);
    if (b && !b.isEmpty()) out.push(b.build());
  }
  return out;
}
