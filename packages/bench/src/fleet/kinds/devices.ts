/**
 * Devices: kubelet device plugins (a DaemonSet on the device-plugins socket directory
 * and the extended resource it advertises in Node capacity) and DRA drivers
 * (DeviceClass, one ResourceSlice per node, the kubelet plugin DaemonSet), in the
 * resource.k8s.io version the cluster serves.
 */
import type { KubeObject } from '@extension-scorecard/plugin-extension-scorecard-node';
import { objectMeta } from '../kubeObjects';
import {
  buildBackend,
  image,
  KindBuilder,
  labelsFor,
  namespaceOf,
} from './backend';
import { agentNodes, HOST } from './nodeAgents';

/** The extended resource a device plugin of the fleet advertises. */
export function deviceResourceOf(slug: string): string {
  return `${slug}.io/accelerator`;
}

export function draDriverOf(slug: string): string {
  return `${slug}.dra.fleet.io`;
}

/** resource.k8s.io version served by default in a Kubernetes minor (DRA API history). */
export function draVersionFor(minor: number): string {
  if (minor >= 34) return 'v1';
  if (minor === 33) return 'v1beta2';
  if (minor === 32) return 'v1beta1';
  return 'v1alpha3';
}

export const buildDevicePlugin: KindBuilder = build => {
  const { plan, nodes } = build;
  const t = plan.traits;
  const resource = deviceResourceOf(plan.slug);
  const selected = agentNodes(build);
  nodes.addDeviceCapacity(resource, selected, 4, t.unhealthyDevices);
  const plugin = buildBackend(build, {
    name: `${plan.slug}-device-plugin`,
    component: 'device-plugin',
    workload: 'DaemonSet',
    image: image(build, `${plan.slug}-device-plugin`),
    args: [
      `--resource-name=${resource}`,
      '--pass-device-specs=true',
      '--fail-on-init-error=false',
    ],
    env: { DEVICE_DISCOVERY_STRATEGY: 'auto', MIG_STRATEGY: 'none' },
    privileged: true,
    nodes: selected,
    volumes: [
      HOST('device-plugin', '/var/lib/kubelet/device-plugins', 'Directory'),
      HOST('dev', '/dev', 'Directory'),
    ],
    mounts: [
      { name: 'device-plugin', mountPath: '/var/lib/kubelet/device-plugins' },
      { name: 'dev', mountPath: '/dev' },
    ],
    rules: [
      {
        apiGroups: [''],
        resources: ['nodes'],
        verbs: ['get', 'list', 'watch'],
      },
    ],
  });
  return [namespaceOf(build), ...plugin.objects];
};

export const buildDraDriver: KindBuilder = build => {
  const { plan, inst, cluster } = build;
  const driver = draDriverOf(plan.slug);
  const version = draVersionFor(cluster.minor);
  const apiVersion = `resource.k8s.io/${version}`;
  const selected = agentNodes(build);
  const plugin = buildBackend(build, {
    name: `${plan.slug}-dra-kubeletplugin`,
    component: 'kubeletplugin',
    workload: 'DaemonSet',
    image: image(build, `${plan.slug}-dra-driver`),
    args: [`--driver-name=${driver}`, '--cdi-root=/var/run/cdi', '--v=4'],
    env: { NODE_NAME: '$(POD_NAME)', DEVICE_COUNT: '4' },
    privileged: true,
    nodes: selected,
    volumes: [
      HOST('plugins-registry', '/var/lib/kubelet/plugins_registry'),
      HOST('plugins', `/var/lib/kubelet/plugins/${driver}`),
      HOST('cdi', '/var/run/cdi'),
    ],
    mounts: [
      {
        name: 'plugins-registry',
        mountPath: '/var/lib/kubelet/plugins_registry',
      },
      { name: 'plugins', mountPath: `/var/lib/kubelet/plugins/${driver}` },
      { name: 'cdi', mountPath: '/var/run/cdi' },
    ],
    rules: [
      {
        apiGroups: ['resource.k8s.io'],
        resources: ['resourceslices'],
        verbs: ['get', 'list', 'watch', 'create', 'update', 'delete'],
      },
      {
        apiGroups: ['resource.k8s.io'],
        resources: ['resourceclaims'],
        verbs: ['get'],
      },
      { apiGroups: [''], resources: ['nodes'], verbs: ['get'] },
    ],
  });
  const labels = labelsFor(
    build,
    `${plan.slug}-dra-kubeletplugin`,
    'deviceclass',
  );
  const deviceClass: KubeObject = {
    apiVersion,
    kind: 'DeviceClass',
    metadata: objectMeta(inst, `${plan.slug}-gpu`, { labels, generation: 1 }),
    spec: {
      selectors: [{ cel: { expression: `device.driver == "${driver}"` } }],
    },
  };
  const structured = version === 'v1beta1' || version === 'v1alpha3';
  const slices: KubeObject[] = selected.map(nodeName => ({
    apiVersion,
    kind: 'ResourceSlice',
    metadata: {
      ...objectMeta(
        inst,
        `${nodeName}-${driver}-${inst.rng.int(1e4, 9e4).toString(36)}`,
        { managedBy: `${plan.slug}-kubeletplugin` },
      ),
      generateName: `${nodeName}-${driver}-`,
      ownerReferences: [
        {
          apiVersion: 'v1',
          controller: true,
          kind: 'Node',
          name: nodeName,
          uid: inst.rng.uid(),
        },
      ],
    },
    spec: {
      driver,
      nodeName,
      pool: { generation: 1, name: nodeName, resourceSliceCount: 1 },
      devices: Array.from({ length: 4 }, (_, d) => {
        const attributes = {
          driverVersion: { version: '1.0.0' },
          index: { int: d },
          model: { string: 'LATEST-GPU-MODEL' },
          uuid: { string: `gpu-${inst.rng.uid()}` },
        };
        const capacity = { memory: { value: '80Gi' } };
        return structured
          ? { name: `gpu-${d}`, basic: { attributes, capacity } }
          : { name: `gpu-${d}`, attributes, capacity };
      }),
    },
  }));
  return [namespaceOf(build), ...plugin.objects, deviceClass, ...slices];
};
