/**
 * Facts about how node extensions show up in a cluster, kept as data: the kubelet
 * directories each kind of node agent mounts, CSI sidecar images, and the extended
 * resources of well-known device plugins.
 */

/** kubelet's device plugin socket directory (Device Plugins docs). */
export const KUBELET_DEVICE_PLUGINS_DIR = '/var/lib/kubelet/device-plugins';
/** kubelet's plugin registration directory (CSI node plugins, DRA kubelet plugins). */
export const KUBELET_PLUGINS_REGISTRY_DIR = '/var/lib/kubelet/plugins_registry';
/** Per-driver socket directories live below this. */
export const KUBELET_PLUGINS_DIR = '/var/lib/kubelet/plugins';
/** CNI configuration and binaries: a DaemonSet mounting these installs a network plugin. */
export const CNI_HOST_PATHS = ['/etc/cni/net.d', '/opt/cni/bin'];

/**
 * The kubernetes-csi node sidecar that registers a driver with kubelet: image names as
 * registry.k8s.io/sig-storage and the EKS mirrors publish them, and the usual container name.
 */
export const CSI_NODE_REGISTRAR_IMAGES = [
  'csi-node-driver-registrar',
  'node-driver-registrar',
];
/** kubernetes-csi controller-side sidecars (image or container names). */
export const CSI_CONTROLLER_SIDECAR_IMAGES = [
  'csi-provisioner',
  'csi-attacher',
  'csi-resizer',
  'csi-snapshotter',
  'csi-external-health-monitor-controller',
  'external-provisioner',
  'external-attacher',
  'external-resizer',
  'external-snapshotter',
];

/** The default scheduler's name: Pods naming it are not about a scheduler plugin. */
export const DEFAULT_SCHEDULER = 'default-scheduler';

/**
 * Extended resources advertised by well-known device plugins, matched on the image
 * repository or workload name. Used when the descriptor has no `deviceResources`.
 */
export const WELL_KNOWN_DEVICE_PLUGINS: Array<{
  match: string;
  resources: string[];
}> = [
  { match: 'nvidia/k8s-device-plugin', resources: ['nvidia.com/gpu'] },
  { match: 'nvidia-device-plugin', resources: ['nvidia.com/gpu'] },
  { match: 'rocm/k8s-device-plugin', resources: ['amd.com/gpu'] },
  { match: 'amdgpu-device-plugin', resources: ['amd.com/gpu'] },
  {
    match: 'intel-gpu-plugin',
    resources: ['gpu.intel.com/i915', 'gpu.intel.com/xe'],
  },
  {
    match: 'intel-sgx-plugin',
    resources: ['sgx.intel.com/epc', 'sgx.intel.com/enclave'],
  },
  { match: 'intel-fpga-plugin', resources: ['fpga.intel.com/region'] },
  {
    match: 'neuron-device-plugin',
    resources: ['aws.amazon.com/neuron', 'aws.amazon.com/neuroncore'],
  },
  { match: 'habanalabs', resources: ['habana.ai/gaudi'] },
  { match: 'smarter-device-manager', resources: ['smarter-devices/*'] },
  { match: 'generic-device-plugin', resources: ['squat.ai/*'] },
  { match: 'k8s-rdma-shared-dev-plugin', resources: ['rdma/*'] },
];

/** Node resources that are not extended resources. */
export function isExtendedResource(name: string): boolean {
  if (!name.includes('/')) return false;
  if (name.startsWith('hugepages-') || name.startsWith('requests.'))
    return false;
  const domain = name.split('/')[0];
  return domain !== 'kubernetes.io' && !domain.endsWith('.kubernetes.io');
}

/** Domain labels too generic to tie a resource to a workload name. */
export const GENERIC_NAME_TOKENS = new Set([
  'com',
  'io',
  'org',
  'net',
  'ai',
  'dev',
  'k8s',
  'x-k8s',
  'sigs',
  'kubernetes',
  'driver',
  'plugin',
  'csi',
  'dra',
  'kubeletplugin',
  'daemonset',
  'node',
  'controller',
]);
