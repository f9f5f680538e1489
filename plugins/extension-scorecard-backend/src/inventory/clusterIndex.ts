/**
 * Lookups over one cluster's objects, built once per inventory run so that grouping
 * stays linear in the number of objects.
 */
import type {
  ClusterCollection,
  KubeObject,
  ResourceKey,
} from '../collect/types';
import { objectsByKubernetesId } from './catalogLink';
import { LabelSelector, matchesLabelSelector } from './labels';
import { ProjectIndex } from './projects';
import { runSteps, type Steps } from '../pacing/steps';
import { derivedValue } from './derivedValues';
import { isWorkload, podLabels, serviceAccountName } from './workloads';

/** `namespace/name` (or `name` for cluster-scoped objects). */
export function objectKey(obj: KubeObject): string {
  return obj.metadata.namespace
    ? `${obj.metadata.namespace}/${obj.metadata.name}`
    : obj.metadata.name;
}

/** Verbs a controller uses on the resources it reconciles. */
const CONTROLLER_VERBS = ['list', 'watch', 'update', 'patch'];

export interface RbacGrant {
  /** `namespace/serviceaccount`. */
  serviceAccount: string;
  /** True when the grant includes update/patch on the `status` subresource. */
  writesStatus: boolean;
}

export class ClusterIndex {
  readonly cluster: string;
  private readonly byNamespacedName = new Map<string, KubeObject>();
  private readonly workloadsBySa = new Map<string, KubeObject[]>();
  private readonly workloadsByNs = new Map<string, KubeObject[]>();
  private readonly bindingsBySa = new Map<string, KubeObject[]>();
  private readonly bindingsByGroup = new Map<string, KubeObject[]>();
  private readonly certificatesBySecret = new Map<string, KubeObject[]>();
  private readonly slicesByService = new Map<string, KubeObject[]>();
  private readonly autoscalersByTarget = new Map<string, KubeObject[]>();
  private readonly flowSchemasBySa = new Map<string, KubeObject[]>();
  private grantsByResource?: Map<string, RbacGrant[]>;
  private verbGrants?: Map<string, string[]>;
  private readonly byNamespace = new Map<
    ResourceKey,
    Map<string, KubeObject[]>
  >();
  /** Values derived from this cluster's objects (see derivedValue). */
  private readonly memos = new Map<string, Map<KubeObject, unknown>>();
  private projectIndex?: ProjectIndex;
  private kubernetesIds?: Map<string, KubeObject[]>;
  private byLabel?: Map<string, KubeObject[]>;

  constructor(readonly collection: ClusterCollection) {
    this.cluster = collection.cluster;
    for (const [key, list] of Object.entries(collection.objects)) {
      for (const obj of list ?? [])
        this.byNamespacedName.set(`${key}:${objectKey(obj)}`, obj);
    }
    for (const w of this.workloads()) {
      push(
        this.workloadsBySa,
        `${w.metadata.namespace}/${serviceAccountName(w)}`,
        w,
      );
      push(this.workloadsByNs, w.metadata.namespace ?? '', w);
    }
    for (const b of [
      ...this.list('rolebindings'),
      ...this.list('clusterrolebindings'),
    ]) {
      for (const s of Array.isArray(b.subjects) ? (b.subjects as any[]) : []) {
        if (s?.kind === 'ServiceAccount' && typeof s.name === 'string') {
          const ns = s.namespace || b.metadata.namespace;
          push(this.bindingsBySa, `${ns}/${s.name}`, b);
        } else if (s?.kind === 'Group' && typeof s.name === 'string') {
          push(this.bindingsByGroup, s.name, b);
        }
      }
    }
    for (const c of this.list('certificates')) {
      const secret = c.spec?.secretName;
      if (typeof secret === 'string')
        push(this.certificatesBySecret, `${c.metadata.namespace}/${secret}`, c);
    }
    for (const s of this.list('endpointslices')) {
      const svc = s.metadata.labels?.['kubernetes.io/service-name'];
      if (svc) push(this.slicesByService, `${s.metadata.namespace}/${svc}`, s);
    }
    for (const hpa of this.list('horizontalpodautoscalers')) {
      const ref = hpa.spec?.scaleTargetRef;
      if (typeof ref?.kind !== 'string' || typeof ref?.name !== 'string')
        continue;
      push(
        this.autoscalersByTarget,
        `${hpa.metadata.namespace}/${ref.kind}/${ref.name}`,
        hpa,
      );
    }
    for (const schema of this.list('flowschemas')) {
      const named = new Set<string>();
      for (const rule of asArray(schema.spec?.rules)) {
        for (const s of asArray(rule?.subjects)) {
          const sa = s?.serviceAccount;
          if (
            s?.kind === 'ServiceAccount' &&
            typeof sa?.namespace === 'string' &&
            typeof sa?.name === 'string'
          ) {
            named.add(`${sa.namespace}/${sa.name}`);
          }
        }
      }
      for (const key of named) push(this.flowSchemasBySa, key, schema);
    }
  }

  /** Which objects were installed together (projects.ts), computed on first use. */
  get projects(): ProjectIndex {
    return this.buildProjects();
  }

  /** Computes {@link projects} now, if not yet. */
  buildProjects(): ProjectIndex {
    return runSteps(this.buildProjectsSteps());
  }

  /** {@link buildProjects} in steps (an inventory build's first steps of a cluster). */
  *buildProjectsSteps(): Steps<ProjectIndex> {
    this.projectIndex ??= yield* ProjectIndex.buildSteps(this);
    return this.projectIndex;
  }

  list(key: ResourceKey): KubeObject[] {
    return this.collection.objects[key] ?? [];
  }

  get(
    key: ResourceKey,
    namespace: string | undefined,
    name: string,
  ): KubeObject | undefined {
    return this.byNamespacedName.get(
      `${key}:${namespace ? `${namespace}/${name}` : name}`,
    );
  }

  /** Objects of one resource in one namespace. */
  inNamespace(key: ResourceKey, namespace: string): KubeObject[] {
    let map = this.byNamespace.get(key);
    if (!map) {
      map = new Map();
      for (const obj of this.list(key))
        push(map, obj.metadata.namespace ?? '', obj);
      this.byNamespace.set(key, map);
    }
    return map.get(namespace) ?? [];
  }

  /** A value derived from one object, computed once per cluster (closures, texts). */
  memo<T>(kind: string, obj: KubeObject, compute: () => T): T {
    return derivedValue(this.memos, kind, obj, compute);
  }

  private allWorkloads?: KubeObject[];

  /** Deployments, DaemonSets and StatefulSets. */
  workloads(): KubeObject[] {
    this.allWorkloads ??= [
      ...this.list('deployments'),
      ...this.list('daemonsets'),
      ...this.list('statefulsets'),
    ];
    return this.allWorkloads;
  }

  /** Objects labelled `backstage.io/kubernetes-id: <id>` (own labels or pod template). */
  labelledWith(id: string): KubeObject[] {
    this.kubernetesIds ??= objectsByKubernetesId(this.allObjects());
    return this.kubernetesIds.get(id) ?? [];
  }

  /** Objects carrying the label `key=value` (own labels or a workload's pod template). */
  carrying(label: string): KubeObject[] {
    if (!this.byLabel) {
      this.byLabel = new Map();
      for (const obj of this.allObjects()) {
        const seen = new Set<string>();
        for (const labels of [
          obj.metadata.labels,
          isWorkload(obj) ? podLabels(obj) : undefined,
        ]) {
          for (const [k, v] of Object.entries(labels ?? {})) {
            const key = `${k}=${v}`;
            if (seen.has(key)) continue;
            seen.add(key);
            push(this.byLabel, key, obj);
          }
        }
      }
    }
    return this.byLabel.get(label) ?? [];
  }

  /** Every object of the cluster, of every resource read. */
  allObjects(): KubeObject[] {
    return Object.values(this.collection.objects).flatMap(list => list ?? []);
  }

  workloadsInNamespace(namespace: string): KubeObject[] {
    return this.workloadsByNs.get(namespace) ?? [];
  }

  workloadsForServiceAccount(namespace: string, name: string): KubeObject[] {
    return this.workloadsBySa.get(`${namespace}/${name}`) ?? [];
  }

  /**
   * RoleBindings and ClusterRoleBindings that apply to a service account: naming it, or
   * the groups `system:serviceaccounts` and `system:serviceaccounts:<namespace>`.
   */
  bindingsForServiceAccount(
    namespace: string,
    name: string,
  ): Array<{ binding: KubeObject; viaGroup: boolean }> {
    const groups = [
      ...(this.bindingsByGroup.get('system:serviceaccounts') ?? []),
      ...(
        this.bindingsByGroup.get(`system:serviceaccounts:${namespace}`) ?? []
      ).filter(
        b =>
          b.kind === 'ClusterRoleBinding' || b.metadata.namespace === namespace,
      ),
    ];
    return [
      ...(this.bindingsBySa.get(`${namespace}/${name}`) ?? []).map(binding => ({
        binding,
        viaGroup: false,
      })),
      ...groups.map(binding => ({ binding, viaGroup: true })),
    ];
  }

  /** The Role or ClusterRole a binding refers to. */
  roleOf(binding: KubeObject): KubeObject | undefined {
    const ref = binding.roleRef as { kind?: string; name?: string } | undefined;
    if (!ref?.name) return undefined;
    return ref.kind === 'Role'
      ? this.get('roles', binding.metadata.namespace, ref.name)
      : this.get('clusterroles', undefined, ref.name);
  }

  certificatesForSecret(namespace: string, secretName: string): KubeObject[] {
    return this.certificatesBySecret.get(`${namespace}/${secretName}`) ?? [];
  }

  endpointSlicesForService(namespace: string, name: string): KubeObject[] {
    return this.slicesByService.get(`${namespace}/${name}`) ?? [];
  }

  /**
   * HorizontalPodAutoscalers of the workload's namespace whose `spec.scaleTargetRef`
   * names it: same kind and name, and the same API group when the ref gives an apiVersion.
   */
  autoscalersForWorkload(workload: KubeObject): KubeObject[] {
    const { namespace, name } = workload.metadata;
    const group = apiGroupOf(workload.apiVersion);
    return (
      this.autoscalersByTarget.get(`${namespace}/${workload.kind}/${name}`) ??
      []
    ).filter(hpa => {
      const apiVersion = hpa.spec?.scaleTargetRef?.apiVersion;
      return typeof apiVersion !== 'string' || apiGroupOf(apiVersion) === group;
    });
  }

  /**
   * FlowSchemas (API Priority and Fairness) with a rule whose subjects name the service
   * account itself (`kind: ServiceAccount`, `serviceAccount: {namespace, name}`); subjects
   * matching every service account of a namespace (`name: '*'`) or groups do not count.
   */
  flowSchemasForServiceAccount(namespace: string, name: string): KubeObject[] {
    return this.flowSchemasBySa.get(`${namespace}/${name}`) ?? [];
  }

  /**
   * Service accounts granted controller verbs (or `*`) on `group/resource`, by name or by `*`
   * within that very group (Istio's roles grant `networking.istio.io/*`). Rules for every
   * group (`apiGroups: ['*']`) and roles aggregated to the user-facing view/edit/admin
   * roles do not count: they say nothing about who reconciles the resource.
   */
  controllerGrants(group: string, resource: string): RbacGrant[] {
    if (!this.grantsByResource) this.grantsByResource = this.buildGrants();
    const exact = this.grantsByResource.get(`${group}/${resource}`) ?? [];
    const groupWide = (this.grantsByResource.get(`${group}/*`) ?? []).filter(
      g => !exact.some(e => e.serviceAccount === g.serviceAccount),
    );
    return [...exact, ...groupWide];
  }

  /**
   * Service accounts (`namespace/name`) bound to a role that grants `verb` on
   * `group/resource` by name (wildcards do not count): who binds Pods, who signs
   * certificates. Roles aggregated to the user-facing view/edit/admin do not count.
   */
  serviceAccountsGranted(
    group: string,
    resource: string,
    verb: string,
  ): string[] {
    const key = `${group}/${resource}:${verb}`;
    this.verbGrants ??= new Map();
    let found = this.verbGrants.get(key);
    if (found) return found;
    found = [];
    for (const [sa, bindings] of this.bindingsBySa) {
      const grants = bindings.some(binding => {
        const role = this.roleOf(binding);
        return (
          !!role &&
          !isUserFacingRole(role) &&
          this.effectiveRules(role).some(
            rule =>
              asStrings(rule?.verbs).includes(verb) &&
              asStrings(rule?.apiGroups).includes(group) &&
              asStrings(rule?.resources).includes(resource),
          )
        );
      });
      if (grants) found.push(sa);
    }
    this.verbGrants.set(key, found);
    return found;
  }

  /**
   * A role's rules; for an aggregated ClusterRole also the rules of the ClusterRoles its
   * `aggregationRule` selects (the API server fills them in, but a dump may predate that).
   */
  effectiveRules(role: KubeObject): any[] {
    return this.memo('effective-rules', role, () => this.aggregatedRules(role));
  }

  private aggregatedRules(role: KubeObject): any[] {
    const selectors = (role as any).aggregationRule?.clusterRoleSelectors;
    if (!Array.isArray(selectors)) return rulesOf(role);
    const aggregated = this.list('clusterroles').filter(
      c =>
        c !== role &&
        selectors.some((sel: LabelSelector) =>
          matchesLabelSelector(sel, c.metadata.labels),
        ),
    );
    return [...rulesOf(role), ...aggregated.flatMap(rulesOf)];
  }

  private buildGrants(): Map<string, RbacGrant[]> {
    const out = new Map<string, RbacGrant[]>();
    for (const [sa, bindings] of this.bindingsBySa) {
      for (const binding of bindings) {
        const role = this.roleOf(binding);
        if (!role || isUserFacingRole(role)) continue;
        for (const rule of this.effectiveRules(role)) {
          const verbs: string[] = Array.isArray(rule?.verbs) ? rule.verbs : [];
          // `*` verbs on named resources of one group: a controller's grant all the same
          if (!verbs.some(v => v === '*' || CONTROLLER_VERBS.includes(v)))
            continue;
          const groups: string[] = Array.isArray(rule.apiGroups)
            ? rule.apiGroups
            : [];
          const resources: string[] = Array.isArray(rule.resources)
            ? rule.resources
            : [];
          const writes = verbs.some(
            v => v === '*' || v === 'update' || v === 'patch',
          );
          for (const g of groups) {
            if (g === '*') continue;
            for (const r of resources) {
              if (r !== '*' && r.includes('*')) continue;
              const [plural, sub] = r.split('/');
              const key = `${g}/${plural}`;
              const list = out.get(key) ?? [];
              const existing = list.find(x => x.serviceAccount === sa);
              const writesStatus = writes && sub === 'status';
              if (existing) existing.writesStatus ||= writesStatus;
              else list.push({ serviceAccount: sa, writesStatus });
              out.set(key, list);
            }
          }
        }
      }
    }
    return out;
  }
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value : [];
}

function asArray(value: unknown): any[] {
  return Array.isArray(value) ? value : [];
}

/** The API group of an apiVersion: `apps` for `apps/v1`, empty for `v1`. */
function apiGroupOf(apiVersion: string): string {
  const slash = apiVersion.lastIndexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

function rulesOf(role: KubeObject): any[] {
  return Array.isArray(role.rules) ? (role.rules as any[]) : [];
}

function isUserFacingRole(role: KubeObject): boolean {
  const labels = role.metadata.labels ?? {};
  return Object.keys(labels).some(k =>
    k.startsWith('rbac.authorization.k8s.io/aggregate-to-'),
  );
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
