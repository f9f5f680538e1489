/**
 * Secondary schedulers built from the scheduler framework (the scheduler-plugins way):
 * a kube-scheduler Deployment with its own name, and Pending Pods that name it.
 */
import type { KubeObject } from '@extension-scorecard/plugin-extension-scorecard-node';
import { objectMeta } from '../kubeObjects';
import { buildBackend, KindBuilder, namespaceOf } from './backend';

export function schedulerNameOf(slug: string): string {
  return `${slug}-scheduler`;
}

export const buildSchedulerPlugin: KindBuilder = build => {
  const { plan, inst } = build;
  const t = plan.traits;
  const name = schedulerNameOf(plan.slug);
  const backend = buildBackend(build, {
    name,
    component: 'scheduler',
    workload: 'Deployment',
    image: `registry.k8s.io/scheduler-plugins/kube-scheduler:v0.${
      build.cluster.minor - 1
    }.${t.imageVersion.split('.')[2]}`,
    command: [
      '/bin/kube-scheduler',
      '--config=/etc/kubernetes/scheduler-config.yaml',
      '--leader-elect=true',
      '--v=3',
    ],
    mounts: [
      {
        name: 'scheduler-config',
        mountPath: '/etc/kubernetes',
        readOnly: true,
      },
    ],
    volumes: [
      {
        name: 'scheduler-config',
        configMap: { defaultMode: 420, name: `${name}-config` },
      },
    ],
    bindClusterRoles: ['system:kube-scheduler', 'system:volume-scheduler'],
    rules: [
      {
        apiGroups: ['scheduling.x-k8s.io'],
        resources: ['podgroups', 'elasticquotas'],
        verbs: ['get', 'list', 'watch', 'update', 'patch'],
      },
    ],
  });
  const pods: KubeObject[] = Array.from({ length: t.pendingPods }, (_, p) => {
    const podName = `${plan.slug}-batch-${p}-${inst.rng
      .int(1e6, 9e6)
      .toString(36)}`;
    return {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        ...objectMeta(inst, podName, {
          namespace: plan.namespace,
          labels: {
            'app.kubernetes.io/name': `${plan.slug}-batch`,
            'scheduling.x-k8s.io/pod-group': `${plan.slug}-group`,
          },
          managedBy: 'kube-controller-manager',
        }),
        generateName: `${plan.slug}-batch-${p}-`,
      },
      spec: {
        containers: [
          {
            name: 'worker',
            image: `ghcr.io/fleet-extensions/${plan.slug}-batch:${t.imageVersion}`,
            resources: { requests: { cpu: '2', memory: '4Gi' } },
          },
        ],
        enableServiceLinks: true,
        preemptionPolicy: 'PreemptLowerPriority',
        priority: 0,
        restartPolicy: 'Never',
        schedulerName: name,
        serviceAccountName: 'default',
        terminationGracePeriodSeconds: 30,
      },
      status: {
        conditions: [
          {
            lastProbeTime: null,
            lastTransitionTime: inst.createdAt,
            message: `0/${build.nodes.size} nodes are available: pod group ${plan.slug}-group is not ready.`,
            reason: 'Unschedulable',
            status: 'False',
            type: 'PodScheduled',
          },
        ],
        phase: 'Pending',
        qosClass: 'Burstable',
      },
    };
  });
  return [namespaceOf(build), ...backend.objects, ...pods];
};
