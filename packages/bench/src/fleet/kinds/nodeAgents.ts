/**
 * Node agents: network plugins (a DaemonSet writing CNI config and binaries on every
 * node, with a controllers Deployment of the same product) and container runtimes
 * behind a RuntimeClass (an installer DaemonSet and labelled nodes).
 */
import type { KubeObject } from '@extension-scorecard/plugin-extension-scorecard-node';
import { objectMeta } from '../kubeObjects';
import {
  buildBackend,
  ComponentBuild,
  image,
  KindBuilder,
  labelsFor,
  namespaceOf,
} from './backend';

/** Nodes a node agent runs on: every node, or a share of the workers. */
export function agentNodes(build: ComponentBuild): string[] {
  const share = build.plan.traits.nodeShare;
  if (share >= 1) return build.nodes.names;
  return build.nodes.pickWorkers(
    build.inst.rng,
    Math.max(1, Math.round(build.nodes.size * share)),
  );
}

export const HOST = (
  name: string,
  path: string,
  type = 'DirectoryOrCreate',
) => ({ name, hostPath: { path, type } });

export const buildCni: KindBuilder = build => {
  const { plan } = build;
  const node = buildBackend(build, {
    name: `${plan.slug}-cni-node`,
    component: 'agent',
    workload: 'DaemonSet',
    image: image(build, `${plan.slug}-cni-agent`),
    env: {
      CNI_CONF_NAME: `10-${plan.slug}.conflist`,
      CNI_MTU: '1450',
      IP_AUTODETECTION_METHOD: 'first-found',
    },
    hostNetwork: true,
    privileged: true,
    nodes: build.nodes.names,
    volumes: [
      HOST('cni-net-dir', '/etc/cni/net.d'),
      HOST('cni-bin-dir', '/opt/cni/bin'),
      HOST('xtables-lock', '/run/xtables.lock', 'FileOrCreate'),
    ],
    mounts: [
      { name: 'cni-net-dir', mountPath: '/host/etc/cni/net.d' },
      { name: 'cni-bin-dir', mountPath: '/host/opt/cni/bin' },
      { name: 'xtables-lock', mountPath: '/run/xtables.lock' },
    ],
    rules: [
      {
        apiGroups: [''],
        resources: ['pods', 'nodes', 'namespaces'],
        verbs: ['get', 'list', 'watch'],
      },
      {
        apiGroups: [''],
        resources: ['nodes/status'],
        verbs: ['patch', 'update'],
      },
      {
        apiGroups: ['networking.k8s.io'],
        resources: ['networkpolicies'],
        verbs: ['get', 'list', 'watch'],
      },
    ],
  });
  const controllers = buildBackend(build, {
    name: `${plan.slug}-cni-controllers`,
    component: 'controllers',
    workload: 'Deployment',
    image: image(build, `${plan.slug}-cni-controllers`),
    rules: [
      {
        apiGroups: [''],
        resources: ['nodes', 'pods'],
        verbs: ['get', 'list', 'watch'],
      },
    ],
  });
  return [namespaceOf(build), ...node.objects, ...controllers.objects];
};

export const buildCriRuntime: KindBuilder = build => {
  const { plan, inst, nodes } = build;
  const t = plan.traits;
  const handler = `${plan.slug}-kata`;
  const nodeLabel = `${plan.slug}.fleet.io/runtime`;
  const selected = agentNodes(build);
  if (t.runtimeNodesLabelled) nodes.label(selected, nodeLabel, 'true');
  const installer = buildBackend(build, {
    name: `${plan.slug}-deploy`,
    component: 'installer',
    workload: 'DaemonSet',
    image: image(build, `${plan.slug}-deploy`),
    command: [
      'bash',
      '-c',
      '/opt/kata-artifacts/scripts/kata-deploy.sh install',
    ],
    env: {
      SHIMS: 'qemu clh',
      DEFAULT_SHIM: 'qemu',
      CREATE_RUNTIMECLASSES: 'false',
    },
    privileged: true,
    nodeSelector: { [nodeLabel]: 'true' },
    nodes: t.runtimeNodesLabelled ? selected : [],
    volumes: [
      HOST('crio-conf', '/etc/crio/'),
      HOST('containerd-conf', '/etc/containerd/'),
      HOST('host', '/'),
    ],
    mounts: [
      { name: 'crio-conf', mountPath: '/etc/crio/' },
      { name: 'containerd-conf', mountPath: '/etc/containerd/' },
      { name: 'host', mountPath: '/host/' },
    ],
    rules: [{ apiGroups: [''], resources: ['nodes'], verbs: ['get', 'patch'] }],
  });
  const runtimeClass: KubeObject = {
    apiVersion: 'node.k8s.io/v1',
    kind: 'RuntimeClass',
    handler,
    metadata: objectMeta(inst, handler, {
      labels: labelsFor(build, `${plan.slug}-deploy`, 'runtimeclass'),
    }),
    ...(t.runtimeOverhead
      ? { overhead: { podFixed: { cpu: '250m', memory: '160Mi' } } }
      : {}),
    scheduling: {
      nodeSelector: { [nodeLabel]: 'true' },
      tolerations: [
        {
          effect: 'NoSchedule',
          key: `${plan.slug}.fleet.io/sandboxed`,
          operator: 'Exists',
        },
      ],
    },
  };
  return [namespaceOf(build), ...installer.objects, runtimeClass];
};
