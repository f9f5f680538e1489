/**
 * Which objects of a cluster were installed together: one upstream project, one install.
 * Read from what real manifests and charts carry, strongest first:
 *
 * 1. Helm's release annotations (`meta.helm.sh/release-namespace` + `release-name`), on
 *    every object Helm installed, cluster-scoped ones included;
 * 2. `helm.sh/chart` (chart name) with `app.kubernetes.io/instance` (release name), on
 *    rendered charts applied without Helm;
 * 3. `app.kubernetes.io/part-of` and `app.kubernetes.io/instance` when the value names the
 *    namespace, name or API group of at least one object carrying it (`part-of: kyverno`
 *    in namespace `kyverno`). Values that name nothing (kubebuilder's per-object
 *    `instance: controller-manager`, a company-wide `part-of: platform`) join nothing;
 * 4. owner references between collected objects, and `app.kubernetes.io/managed-by` naming
 *    a workload of the cluster (objects an operator creates: `managed-by:
 *    prometheus-operator`);
 * 5. a dedicated namespace: every object of a namespace whose labelled objects all belong to
 *    one project joins it (`kube-*` and `default` are never dedicated).
 *
 * Cluster-shared objects are never part of a project: aggregated and bootstrap roles
 * (`aggregate-to-*`, `rbac-defaults`, `system:*`, cluster-admin/admin/edit/view),
 * Namespaces, Nodes, CSINodes and (users') Pods.
 */
import type { KubeObject } from '../collect/types';
import type { ClusterIndex } from './clusterIndex';
import type { Steps } from '../pacing/steps';
import { GENERIC_NAME_TOKENS } from './wellKnown';

/**
 * Words that name no project: kinds, roles and the parts every install has. kubebuilder
 * scaffolds label each object with its own role (`instance: manager-rolebinding`).
 */
const UNTELLING = new Set([
  ...GENERIC_NAME_TOKENS,
  'kube',
  'system',
  'default',
  'app',
  'apps',
  'manager',
  'operator',
  'webhook',
  'webhooks',
  'admission',
  'service',
  'serviceaccount',
  'role',
  'rolebinding',
  'binding',
  'cluster',
  'clusterrole',
  'clusterrolebinding',
  'deployment',
  'statefulset',
  'namespace',
  'metrics',
  'reader',
  'leader',
  'election',
  'proxy',
  'auth',
  'serving',
  'selfsigned',
  'issuer',
  'certificate',
  'validating',
  'mutating',
  'configuration',
  'platform',
  'infra',
  'infrastructure',
  'addons',
  'shared',
]);

const HELM_RELEASE_NAME = 'meta.helm.sh/release-name';
const HELM_RELEASE_NAMESPACE = 'meta.helm.sh/release-namespace';
const HELM_CHART = 'helm.sh/chart';
const INSTANCE = 'app.kubernetes.io/instance';
const PART_OF = 'app.kubernetes.io/part-of';
const MANAGED_BY = 'app.kubernetes.io/managed-by';

/** The roles every cluster has, whoever binds to them. */
const USER_FACING_ROLES = new Set(['cluster-admin', 'admin', 'edit', 'view']);
const RBAC_KINDS = new Set([
  'ClusterRole',
  'ClusterRoleBinding',
  'Role',
  'RoleBinding',
]);
/**
 * Objects that describe the cluster, a node or a user's workload, not an installation:
 * components point at them (a scheduler at the Pods waiting for it), none owns them.
 */
const CONTEXT_KINDS = new Set(['Namespace', 'Node', 'CSINode', 'Pod']);

/** Namespaces shared by the whole cluster: never one project's. */
export function isSystemNamespace(namespace: string): boolean {
  return namespace === 'default' || namespace.startsWith('kube-');
}

/** Namespaces, Nodes, CSINodes and Pods: what components run on or serve, never what they are. */
export function isContextObject(obj: KubeObject): boolean {
  return CONTEXT_KINDS.has(obj.kind);
}

/**
 * True for objects the whole cluster shares: they belong to no component (Nodes and
 * CSINodes may still be pointed at as context), though a component's binding to a shared
 * role still counts for its RBAC.
 */
export function isClusterShared(obj: KubeObject): boolean {
  if (isContextObject(obj)) return true;
  // the API server's own API Priority and Fairness configuration (`exempt`, `catch-all`…)
  if (
    obj.kind === 'FlowSchema' &&
    obj.metadata.annotations?.['apf.kubernetes.io/autoupdate-spec'] === 'true'
  )
    return true;
  if (!RBAC_KINDS.has(obj.kind)) return false;
  const name = obj.metadata.name;
  const labels = obj.metadata.labels ?? {};
  // the API server's own roles and bindings (metrics-server names its own `system:…`,
  // so the name alone says nothing)
  if (labels['kubernetes.io/bootstrapping'] === 'rbac-defaults') return true;
  if (
    obj.metadata.annotations?.[
      'rbac.authorization.kubernetes.io/autoupdate'
    ] === 'true'
  )
    return true;
  if (name.startsWith('system:') && Object.keys(labels).length === 0)
    return true;
  if (obj.kind === 'ClusterRole') {
    if (USER_FACING_ROLES.has(name)) return true;
    if (
      Object.keys(labels).some(k =>
        k.startsWith('rbac.authorization.k8s.io/aggregate-to-'),
      )
    )
      return true;
  }
  return false;
}

/** Words of a name, lower case (`cert-manager.io` → cert, manager, io). */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The first word of a label value that says something (`kube-prometheus` → prometheus). */
function telling(value: string): string | undefined {
  return words(value).find(w => w.length >= 3 && !UNTELLING.has(w));
}

/** The first telling word of a name (`csi-hostpathplugin` → hostpathplugin). */
function firstTelling(text: string | undefined): string[] {
  const word = words(text ?? '').find(w => w.length >= 3 && !UNTELLING.has(w));
  return word ? [word] : [];
}

/** Words naming where an object sits: its namespace, its name, its API group or backend. */
function anchors(obj: KubeObject): string[] {
  const out = [
    ...firstTelling(obj.metadata.namespace),
    ...firstTelling(obj.metadata.name),
  ];
  const spec = obj.spec ?? {};
  if (obj.kind === 'CustomResourceDefinition' && typeof spec.group === 'string')
    out.push(...words(spec.group).filter(w => !UNTELLING.has(w)));
  if (obj.kind === 'APIService' && typeof spec.service?.namespace === 'string')
    out.push(...firstTelling(spec.service.namespace));
  if (Array.isArray(obj.webhooks)) {
    for (const w of obj.webhooks as any[]) {
      out.push(...firstTelling(w?.clientConfig?.service?.namespace));
    }
  }
  return out;
}

/**
 * What label values say, kept while one cluster is grouped: an install's objects
 * repeat the same few values, each read once.
 */
export class LabelWords {
  private readonly tellingWords = new Map<string, string | undefined>();
  private readonly charts = new Map<string, string>();

  telling(value: string): string | undefined {
    if (this.tellingWords.has(value)) return this.tellingWords.get(value);
    const word = telling(value);
    this.tellingWords.set(value, word);
    return word;
  }

  chartName(chart: string): string {
    let name = this.charts.get(chart);
    if (name === undefined) {
      name = chartName(chart);
      this.charts.set(chart, name);
    }
    return name;
  }
}

/** True when a label value names the object: one is a prefix of the other (`istio`, `istiod`). */
function names(
  value: string,
  obj: KubeObject,
  labelWords: LabelWords,
): boolean {
  const word = labelWords.telling(value);
  if (!word) return false;
  return anchors(obj).some(a => a.startsWith(word) || word.startsWith(a));
}

/** `keda-2.16.1` → `keda`; `cert-manager-v1.16.2` → `cert-manager`. */
export function chartName(chart: string): string {
  return chart.replace(/-v?\d+(\.\d+)*([-+][\w.]+)?$/, '');
}

/**
 * The installation keys an object carries, strongest first (see the file comment).
 * `named` says, for the part-of and instance keys, whether the value names this object
 * (or is in `known`, keys already found naming another): such a key joins objects only
 * when it names at least one of them.
 */
export function installationKeys(
  obj: KubeObject,
  known: ReadonlySet<string> = new Set(),
  labelWords: LabelWords = new LabelWords(),
): Array<{ key: string; named: boolean }> {
  const keys: Array<{ key: string; named: boolean }> = [];
  const labels = obj.metadata.labels;
  const release = obj.metadata.annotations?.[HELM_RELEASE_NAME];
  if (release) {
    keys.push({
      key: `helm:${
        obj.metadata.annotations![HELM_RELEASE_NAMESPACE] ?? ''
      }/${release.trim()}`,
      named: true,
    });
  }
  if (!labels) return keys;
  const instance = labels[INSTANCE];
  const chart = labels[HELM_CHART];
  if (instance && chart)
    keys.push({
      key: `chart:${labelWords.chartName(chart)}/${instance}`,
      named: true,
    });
  // a key another object already proved needs no proof here
  const labelKey = (prefix: string, value: string) => {
    const key = `${prefix}:${value}`;
    keys.push({ key, named: known.has(key) || names(value, obj, labelWords) });
  };
  const partOf = labels[PART_OF];
  if (partOf) labelKey('part-of', partOf);
  if (instance && !chart) labelKey('instance', instance);
  return keys;
}

/** Union-find over string ids. */
export class Partition {
  private readonly parent = new Map<string, string>();

  find(id: string): string {
    let root = id;
    for (let p = this.parent.get(root); p !== undefined && p !== root; ) {
      root = p;
      p = this.parent.get(root);
    }
    // path compression
    for (let at = id; at !== root; ) {
      const next = this.parent.get(at)!;
      this.parent.set(at, root);
      at = next;
    }
    return root;
  }

  union(a: string, b: string) {
    if (!this.parent.has(a)) this.parent.set(a, a);
    if (!this.parent.has(b)) this.parent.set(b, b);
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(rb, ra);
  }

  /** Every id ever joined. */
  ids(): IterableIterator<string> {
    return this.parent.keys();
  }
}

/**
 * The projects of one cluster. Objects are grouped once per inventory run (a union-find
 * over object positions, to stay linear at fleet scale); a project is named by its
 * representative's position.
 */
/** Objects of a cluster grouped between two turns of a paced build (see buildSteps). */
const OBJECTS_PER_STEP = 1000;

export class ProjectIndex {
  private readonly slotOf = new Map<KubeObject, number>();
  private readonly rootOf: number[] = [];
  private readonly membersOf = new Map<number, KubeObject[]>();
  private readonly keysOf = new Map<number, string[]>();

  private constructor() {}

  /**
   * Groups a cluster's objects, yielding every {@link OBJECTS_PER_STEP} objects of each
   * pass: a cluster of 500 extensions has about 7,700 objects, and grouping them in one
   * go held a refresh's event loop for 100–200 ms.
   */
  static *buildSteps(idx: ClusterIndex): Steps<ProjectIndex> {
    const index = new ProjectIndex();
    const all = idx.allObjects().filter(o => !isClusterShared(o));
    const parent: number[] = all.map((_, i) => i);
    const keySlots = new Map<string, number>();
    const find = (start: number): number => {
      let root = start;
      while (parent[root] !== root) root = parent[root];
      for (let at = start; parent[at] !== root; ) {
        const next = parent[at];
        parent[at] = root;
        at = next;
      }
      return root;
    };
    const union = (a: number, b: number) => {
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) parent[rb] = ra;
    };
    const keySlot = (key: string): number => {
      let slot = keySlots.get(key);
      if (slot === undefined) {
        slot = parent.length;
        parent.push(slot);
        keySlots.set(key, slot);
      }
      return slot;
    };

    const byUid = new Map<string, number>();
    all.forEach((obj, i) => {
      index.slotOf.set(obj, i);
      if (obj.metadata.uid) byUid.set(obj.metadata.uid, i);
    });
    const workloadsByName = new Map<string, KubeObject[]>();
    for (const w of idx.workloads()) {
      const list = workloadsByName.get(w.metadata.name) ?? [];
      list.push(w);
      workloadsByName.set(w.metadata.name, list);
    }
    yield;
    // a label value joins its bearers when it names at least one of them
    const naming = new Set<string>();
    const labelWords = new LabelWords();
    const keys: ReturnType<typeof installationKeys>[] = [];
    for (let i = 0; i < all.length; i++) {
      const list = installationKeys(all[i], naming, labelWords);
      for (const k of list) if (k.named) naming.add(k.key);
      keys.push(list);
      if ((i + 1) % OBJECTS_PER_STEP === 0) yield;
    }
    yield;
    const strong = new Uint8Array(all.length);
    for (let i = 0; i < all.length; i++) {
      const obj = all[i];
      for (const { key } of keys[i]) {
        if (!naming.has(key)) continue;
        strong[i] = 1;
        union(keySlot(key), i);
      }
      for (const ref of ownerReferences(obj)) {
        const owner = byUid.get(ref);
        if (owner !== undefined) union(owner, i);
      }
      const manager = managingWorkload(obj, workloadsByName);
      const managerSlot = manager && index.slotOf.get(manager);
      if (managerSlot !== undefined && managerSlot !== i) union(managerSlot, i);
      if ((i + 1) % OBJECTS_PER_STEP === 0) yield;
    }
    yield;
    // dedicated namespaces: every labelled object in it belongs to one project
    const byNamespace = new Map<string, number[]>();
    all.forEach((obj, i) => {
      const ns = obj.metadata.namespace;
      // what Kubernetes creates in every namespace is the namespace's, not a project's
      if (!ns || isSystemNamespace(ns) || isNamespaceDefault(obj)) return;
      const list = byNamespace.get(ns);
      if (list) list.push(i);
      else byNamespace.set(ns, [i]);
    });
    for (const [ns, slots] of byNamespace) {
      const roots = new Set(slots.filter(i => strong[i]).map(find));
      if (roots.size > 1) continue;
      const key = keySlot(`namespace:${ns}`);
      for (const i of slots) union(key, i);
    }
    yield;

    all.forEach((obj, i) => {
      const root = find(i);
      index.rootOf[i] = root;
      const list = index.membersOf.get(root);
      if (list) list.push(obj);
      else index.membersOf.set(root, [obj]);
    });
    for (const [key, slot] of keySlots) {
      const root = find(slot);
      const list = index.keysOf.get(root);
      if (list) list.push(key);
      else index.keysOf.set(root, [key]);
    }
    return index;
  }

  /**
   * The project an object belongs to; undefined for cluster-shared objects and for objects
   * that nothing ties to anything else (a project of one).
   */
  projectOf(obj: KubeObject): string | undefined {
    const slot = this.slotOf.get(obj);
    if (slot === undefined) return undefined;
    const root = this.rootOf[slot];
    return (this.membersOf.get(root)?.length ?? 0) > 1
      ? String(root)
      : undefined;
  }

  /** Every object of a project. */
  members(project: string): KubeObject[] {
    return this.membersOf.get(Number(project)) ?? [];
  }

  /**
   * The keys naming a project (`helm:<ns>/<release>`, `part-of:<value>`,
   * `namespace:<ns>`…); all but `namespace:` name it in any cluster.
   */
  keys(project: string): string[] {
    return [...(this.keysOf.get(Number(project)) ?? [])].sort();
  }

  /**
   * A name for the project: its Helm release, part-of or instance value, else its
   * dedicated namespace (`gatekeeper-system` → gatekeeper), if it has one.
   */
  name(project: string): string | undefined {
    const keys = this.keys(project);
    for (const prefix of ['helm:', 'part-of:', 'chart:', 'instance:']) {
      const key = keys.find(k => k.startsWith(prefix));
      if (key) return key.slice(prefix.length).split('/').pop();
    }
    const ns = keys.find(k => k.startsWith('namespace:'));
    return ns?.slice('namespace:'.length).replace(/-system$/, '');
  }
}

/** The one workload named by the object's `app.kubernetes.io/managed-by`, nearest first. */
function managingWorkload(
  obj: KubeObject,
  workloadsByName: Map<string, KubeObject[]>,
): KubeObject | undefined {
  const name = obj.metadata.labels?.[MANAGED_BY];
  const found = name ? workloadsByName.get(name) ?? [] : [];
  if (found.length === 1) return found[0];
  return found.find(w => w.metadata.namespace === obj.metadata.namespace);
}

/** The `default` ServiceAccount the service account controller creates in every namespace. */
function isNamespaceDefault(obj: KubeObject): boolean {
  return obj.kind === 'ServiceAccount' && obj.metadata.name === 'default';
}

function ownerReferences(obj: KubeObject): string[] {
  const refs = (obj.metadata as any).ownerReferences;
  if (!Array.isArray(refs)) return [];
  return refs
    .map((r: any) => r?.uid)
    .filter((u: unknown): u is string => typeof u === 'string' && !!u);
}
