/**
 * The backend workloads of an instance (Deployments, StatefulSets and DaemonSets)
 * and what their pod templates say: containers, service account, probes,
 * scheduling; replica counts of the replicated ones.
 */
import type { KubeObject } from '../../collect/types';
import type { ComponentInstance } from '../../inventory/model';

export type WorkloadKind = 'Deployment' | 'StatefulSet' | 'DaemonSet';

export interface Workload {
  object: KubeObject;
  kind: WorkloadKind;
  /** `Deployment/<namespace>/<name>` */
  ref: string;
  namespace: string;
  name: string;
  podSpec: any;
  templateLabels: Record<string, string>;
  templateAnnotations: Record<string, string>;
}

export interface WorkloadContainer {
  workload: Workload;
  container: any;
  init: boolean;
}

function toWorkload(object: KubeObject, kind: Workload['kind']): Workload {
  const namespace = object.metadata.namespace ?? 'default';
  const template = object.spec?.template ?? {};
  return {
    object,
    kind,
    ref: `${kind}/${namespace}/${object.metadata.name}`,
    namespace,
    name: object.metadata.name,
    podSpec: template.spec ?? {},
    templateLabels: template.metadata?.labels ?? {},
    templateAnnotations: template.metadata?.annotations ?? {},
  };
}

/** Deployments first, then StatefulSets, then DaemonSets. */
export function workloadsOf(instance: ComponentInstance): Workload[] {
  return [
    ...instance.objects.deployments.map(d => toWorkload(d, 'Deployment')),
    ...(instance.objects.statefulSets ?? []).map(s =>
      toWorkload(s, 'StatefulSet'),
    ),
    ...instance.objects.daemonSets.map(d => toWorkload(d, 'DaemonSet')),
  ];
}

/** Deployments and StatefulSets: the workloads with a replica count. */
export function isReplicated(workload: Workload): boolean {
  return workload.kind !== 'DaemonSet';
}

export function containersOf(
  workloads: readonly Workload[],
  options: { init?: boolean } = {},
): WorkloadContainer[] {
  const out: WorkloadContainer[] = [];
  for (const workload of workloads) {
    for (const container of workload.podSpec.containers ?? []) {
      out.push({ workload, container, init: false });
    }
    if (options.init) {
      for (const container of workload.podSpec.initContainers ?? []) {
        out.push({ workload, container, init: true });
      }
    }
  }
  return out;
}

/** The service account a pod template runs as (`default` when unset). */
export function serviceAccountName(podSpec: any): string {
  return podSpec?.serviceAccountName || podSpec?.serviceAccount || 'default';
}

/** `spec.replicas` of a Deployment or StatefulSet (the API defaults it to 1). */
export function desiredReplicas(workload: KubeObject): number {
  const replicas = workload.spec?.replicas;
  return typeof replicas === 'number' ? replicas : 1;
}

/** `status.readyReplicas` of a Deployment or StatefulSet (absent while none is ready). */
export function readyReplicas(workload: KubeObject): number {
  const ready = workload.status?.readyReplicas;
  return typeof ready === 'number' ? ready : 0;
}

/**
 * StatefulSets that run a node agent: those with a CSI node-driver-registrar or a
 * hostPath under the kubelet's directory (the CSI hostpath driver runs its node plugin
 * in one StatefulSet).
 */
export function isNodeAgent(workload: Workload): boolean {
  if (workload.kind === 'DaemonSet') return true;
  const containers: any[] = workload.podSpec.containers ?? [];
  const registrar = containers.some(
    c =>
      /node-driver-registrar/.test(String(c.image ?? '')) ||
      /node-driver-registrar/.test(String(c.name ?? '')),
  );
  const kubeletPath = (workload.podSpec.volumes ?? []).some((v: any) =>
    String(v?.hostPath?.path ?? '').startsWith('/var/lib/kubelet'),
  );
  return registrar || kubeletPath;
}
