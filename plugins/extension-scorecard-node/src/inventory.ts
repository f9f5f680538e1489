/**
 * The normalized inventory: extension components built from cluster objects and
 * catalog entities. Produced by the backend's inventory/ (pure functions), consumed by
 * its checks/ and by backend modules that add checks. The backend re-exports them from
 * `inventory/model.ts`.
 */
import type {
  ExtensionKind,
  PathClass,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ClusterCollection, KubeObject } from './collection';

/** The six-question design record and declarations a team writes in `spec.extension`. @public */
export interface ExtensionDescriptor {
  kind: ExtensionKind;
  design: {
    /** Q1: why a built-in API, policy or controller cannot express the need. */
    whyNotBuiltIn?: string;
    /** Aggregated APIs: why not a CRD + CEL + controller. */
    whyNotCrd?: string;
    /** Q2: the path it sits on. */
    path?: PathClass;
    /** Q3: whether a failure blocks new changes or hurts running workloads. */
    failureImpact?: string;
    /** Q4: how status, Events, metrics and logs locate the failing stage. */
    observability?: string;
    /** Q5: canary, side-by-side, rollback and version compatibility. */
    rollout?: string;
  };
  /** Q6: named owners (entity refs) per responsibility. */
  responsibilities: Partial<Record<Responsibility, string>>;
  /** Supported Kubernetes versions, a semver range such as `>=1.29.0 <1.36.0`. */
  kubernetesVersions?: string;
  /** ISO date the component version stops being supported. */
  supportEnds?: string;
  migration?: {
    replacement?: string;
    owner?: string;
    targetDate?: string;
  };
  scheduler?: {
    schedulerName?: string;
    extensionPoints: SchedulerExtensionPoint[];
    permitTimeoutSeconds?: number;
    unreserve?: boolean;
  };
  /** RBAC the extension declares it needs; dangerous grants inside these are accepted. */
  declaredPermissions: DeclaredPermission[];
  alerts: AlertRule[];
  /** Extended resources a device plugin advertises, e.g. `nvidia.com/gpu`. */
  deviceResources?: string[];
  /** Node extensions rolled out with OnDelete: how nodes are updated one by one. */
  rolloutPlan?: string;
}

/** @public */
export const RESPONSIBILITIES = [
  'certificates',
  'rbac',
  'capacity',
  'upgrades',
  'retirement',
] as const;
/** @public */
export type Responsibility = (typeof RESPONSIBILITIES)[number];

/** @public */
export const SCHEDULER_EXTENSION_POINTS = [
  'PreEnqueue',
  'QueueSort',
  'PreFilter',
  'Filter',
  'PostFilter',
  'PreScore',
  'Score',
  'NormalizeScore',
  'Reserve',
  'Unreserve',
  'Permit',
  'PreBind',
  'Bind',
  'PostBind',
] as const;
/** @public */
export type SchedulerExtensionPoint =
  (typeof SCHEDULER_EXTENSION_POINTS)[number];

/** @public */
export interface DeclaredPermission {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
  /** Limits the permission to these object names, as in an RBAC rule. */
  resourceNames?: string[];
  reason?: string;
}

/** @public */
export interface AlertRule {
  name: string;
  expr?: string;
  /** Where the rule lives (PrometheusRule name, URL…). */
  source?: string;
}

/** A mistake in a component's catalog declarations. Becomes a finding, never a crash. @public */
export interface DescriptorFinding {
  /** JSON path inside the entity, e.g. `spec.extension.migration.targetDate`. */
  path: string;
  message: string;
}

/** @public */
export interface Contact {
  type: 'email' | 'chat' | 'oncall' | 'link';
  value: string;
  title?: string;
}

/** @public */
export interface OwnerInfo {
  /** Full entity ref, e.g. `group:default/team-security`. */
  ref: string;
  /** Kind of the owner entity when it resolves (`Group`, `User`), else the ref's kind. */
  kind: string;
  /** True when the owner entity exists in the catalog. */
  resolved: boolean;
  displayName?: string;
  contacts: Contact[];
}

/** The catalog side of a component. @public */
export interface CatalogLink {
  entityRef: string;
  title?: string;
  description?: string;
  owner: OwnerInfo | null;
  lifecycle?: string;
  system?: string;
  /** Null when the entity has no usable `spec.extension` block. */
  descriptor: ExtensionDescriptor | null;
  /** How cluster objects are matched to the entity. */
  selector: { kubernetesId?: string; labelSelector?: string };
}

/** The objects making up one extension in one cluster. @public */
export interface InstanceObjects {
  validatingWebhookConfigurations: KubeObject[];
  mutatingWebhookConfigurations: KubeObject[];
  validatingAdmissionPolicies: KubeObject[];
  validatingAdmissionPolicyBindings: KubeObject[];
  customResourceDefinitions: KubeObject[];
  apiServices: KubeObject[];
  runtimeClasses: KubeObject[];
  csiDrivers: KubeObject[];
  csiNodes: KubeObject[];
  deviceClasses: KubeObject[];
  resourceSlices: KubeObject[];
  deployments: KubeObject[];
  daemonSets: KubeObject[];
  statefulSets: KubeObject[];
  services: KubeObject[];
  endpointSlices: KubeObject[];
  podDisruptionBudgets: KubeObject[];
  /** HorizontalPodAutoscalers whose `scaleTargetRef` is one of the workloads. */
  horizontalPodAutoscalers: KubeObject[];
  /** FlowSchemas (API Priority and Fairness) whose subjects name one of `serviceAccounts`. */
  flowSchemas: KubeObject[];
  serviceAccounts: KubeObject[];
  /** RoleBindings naming one of `serviceAccounts` as a subject, and the Roles they grant. */
  roleBindings: KubeObject[];
  roles: KubeObject[];
  /**
   * ClusterRoleBindings naming one of `serviceAccounts`, and the ClusterRoles granted to them
   * (through a ClusterRoleBinding or a RoleBinding), plus the ClusterRoles an aggregated one selects.
   */
  clusterRoleBindings: KubeObject[];
  clusterRoles: KubeObject[];
  /**
   * Nodes this instance lands on or advertises on: Nodes a RuntimeClass's
   * `scheduling.nodeSelector` matches, Nodes with the device plugin's extended resource
   * in capacity, Nodes with a CSINode entry or ResourceSlice of the driver.
   */
  nodes: KubeObject[];
  /** cert-manager Certificates serving this extension. */
  certificates: KubeObject[];
  serviceMonitors: KubeObject[];
  podMonitors: KubeObject[];
  prometheusRules: KubeObject[];
  /** Pending Pods naming this extension's scheduler (scheduler plugins). */
  pendingPods: KubeObject[];
  /** Chaos Mesh experiments and LitmusChaos ChaosResults mapped to this component. */
  chaosResults: KubeObject[];
}

/** One extension in one cluster. @public */
export interface ComponentInstance {
  cluster: string;
  objects: InstanceObjects;
  /** Extended resources advertised by this instance (device plugins), e.g. `nvidia.com/gpu`. */
  advertisedResources: string[];
  /** Names of schedulers this instance runs (scheduler plugins). */
  schedulerNames: string[];
}

/** A Kubernetes extension as the scorecard sees it: one per catalog entity or orphan. @public */
export interface ExtensionComponent {
  /** Stable id: the entity ref when linked, else `orphan:<cluster-independent object id>`. */
  id: string;
  /** Display name: the entity name, or for orphans a name derived from their objects. */
  name: string;
  kind: ExtensionKind;
  /**
   * Every kind of extension found among the component's objects, its own `kind` first
   * (a CNI project that also ships CRDs and a webhook: `['cni', 'admission-webhook',
   * 'crd-controller']`). Checks of any of these kinds apply to the component. Absent on
   * components built before it existed: then only `kind`.
   */
  facets?: ExtensionKind[];
  /** Null for orphans: extension objects no catalog entity claims. */
  catalog: CatalogLink | null;
  instances: ComponentInstance[];
  descriptorFindings: DescriptorFinding[];
}

/** The whole inventory of one collection run. @public */
export interface Inventory {
  /** ISO time the inventory was assembled. */
  generatedAt: string;
  clusters: ClusterCollection[];
  components: ExtensionComponent[];
}

/** @public */
export function emptyInstanceObjects(): InstanceObjects {
  return {
    validatingWebhookConfigurations: [],
    mutatingWebhookConfigurations: [],
    validatingAdmissionPolicies: [],
    validatingAdmissionPolicyBindings: [],
    customResourceDefinitions: [],
    apiServices: [],
    runtimeClasses: [],
    csiDrivers: [],
    csiNodes: [],
    deviceClasses: [],
    resourceSlices: [],
    deployments: [],
    daemonSets: [],
    statefulSets: [],
    services: [],
    endpointSlices: [],
    podDisruptionBudgets: [],
    horizontalPodAutoscalers: [],
    flowSchemas: [],
    serviceAccounts: [],
    roleBindings: [],
    roles: [],
    clusterRoleBindings: [],
    clusterRoles: [],
    nodes: [],
    certificates: [],
    serviceMonitors: [],
    podMonitors: [],
    prometheusRules: [],
    pendingPods: [],
    chaosResults: [],
  };
}
