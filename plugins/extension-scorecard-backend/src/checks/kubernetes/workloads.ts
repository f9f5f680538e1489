/**
 * The backend workloads of an instance (Deployments and DaemonSets) and what
 * their pod templates say: containers, service account, probes, scheduling.
 */
import type { KubeObject } from '../../collect/types';
import type { ComponentInstance } from '../../inventory/model';

export interface Workload {
  object: KubeObject;
  kind: 'Deployment' | 'DaemonSet';
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

/** Deployments first, then DaemonSets. */
export function workloadsOf(instance: ComponentInstance): Workload[] {
  return [
    ...instance.objects.deployments.map(d => toWorkload(d, 'Deployment')),
    ...instance.objects.daemonSets.map(d => toWorkload(d, 'DaemonSet')),
  ];
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

/** `spec.replicas` of a Deployment (the API defaults it to 1). */
export function desiredReplicas(deployment: KubeObject): number {
  const replicas = deployment.spec?.replicas;
  return typeof replicas === 'number' ? replicas : 1;
}
