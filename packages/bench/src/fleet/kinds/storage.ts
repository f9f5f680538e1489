/**
 * CSI drivers: the CSIDriver object, the node plugin DaemonSet with the
 * node-driver-registrar (and liveness) sidecars, the controller Deployment with the
 * kubernetes-csi sidecars, and the CSINode entries of the nodes it registered on.
 */
import type { KubeObject } from '@extension-scorecard/plugin-extension-scorecard-node';
import { container, objectMeta } from '../kubeObjects';
import {
  buildBackend,
  image,
  KindBuilder,
  labelsFor,
  namespaceOf,
} from './backend';
import { agentNodes, HOST } from './nodeAgents';

/** kubernetes-csi sidecar versions seen in fleets, oldest first. */
const SIDECAR_VERSIONS = {
  provisioner: ['v3.6.4', 'v5.1.0', 'v5.2.0', 'v5.3.0'],
  attacher: ['v4.4.3', 'v4.6.1', 'v4.8.1'],
  resizer: ['v1.9.4', 'v1.11.2', 'v1.13.2'],
};

export const buildCsi: KindBuilder = build => {
  const { plan, inst, nodes } = build;
  const t = plan.traits;
  const driver = `${plan.slug}.csi.fleet.io`;
  const registered = agentNodes(build);
  nodes.registerCsiDriver(driver, registered);
  const endpoint = {
    CSI_ENDPOINT: 'unix:///csi/csi.sock',
    CSI_DRIVER_NAME: driver,
  };

  const nodePlugin = buildBackend(build, {
    name: `${plan.slug}-csi-node`,
    component: 'csi-node',
    workload: 'DaemonSet',
    image: image(build, `${plan.slug}-csi-driver`),
    args: [
      'node',
      '--endpoint=$(CSI_ENDPOINT)',
      '--logging-format=text',
      '--v=2',
    ],
    env: endpoint,
    privileged: true,
    nodes: registered,
    sidecars: [
      container({
        name: 'node-driver-registrar',
        image: 'registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.13.0',
        args: [
          '--csi-address=/csi/csi.sock',
          `--kubelet-registration-path=/var/lib/kubelet/plugins/${driver}/csi.sock`,
          '--v=2',
        ],
        mounts: [
          { name: 'plugin-dir', mountPath: '/csi' },
          { name: 'registration-dir', mountPath: '/registration' },
        ],
      }),
      ...(t.probes
        ? [
            container({
              name: 'liveness-probe',
              image: 'registry.k8s.io/sig-storage/livenessprobe:v2.15.0',
              args: ['--csi-address=/csi/csi.sock'],
              mounts: [{ name: 'plugin-dir', mountPath: '/csi' }],
            }),
          ]
        : []),
    ],
    volumes: [
      HOST('kubelet-dir', '/var/lib/kubelet', 'Directory'),
      HOST('plugin-dir', `/var/lib/kubelet/plugins/${driver}/`),
      HOST(
        'registration-dir',
        '/var/lib/kubelet/plugins_registry/',
        'Directory',
      ),
      HOST('device-dir', '/dev', 'Directory'),
    ],
    mounts: [
      { name: 'kubelet-dir', mountPath: '/var/lib/kubelet' },
      { name: 'plugin-dir', mountPath: '/csi' },
      { name: 'device-dir', mountPath: '/dev' },
    ],
    rules: [{ apiGroups: [''], resources: ['nodes'], verbs: ['get'] }],
  });

  const pick = (versions: string[]) =>
    versions[(plan.index >> 2) % versions.length];
  const sidecar = (name: string, repo: string, version: string) =>
    container({
      name,
      image: `registry.k8s.io/sig-storage/${repo}:${version}`,
      args: [
        '--csi-address=$(ADDRESS)',
        '--v=2',
        '--leader-election=true',
        '--timeout=60s',
      ],
      env: { ADDRESS: '/var/lib/csi/sockets/pluginproxy/csi.sock' },
      mounts: [
        { name: 'socket-dir', mountPath: '/var/lib/csi/sockets/pluginproxy/' },
      ],
    });
  const controller = buildBackend(build, {
    name: `${plan.slug}-csi-controller`,
    component: 'csi-controller',
    workload: 'Deployment',
    image: image(build, `${plan.slug}-csi-driver`),
    args: ['controller', '--endpoint=$(CSI_ENDPOINT)', '--v=2'],
    env: {
      ...endpoint,
      CSI_ENDPOINT: 'unix:///var/lib/csi/sockets/pluginproxy/csi.sock',
    },
    sidecars: [
      sidecar(
        'csi-provisioner',
        'csi-provisioner',
        pick(SIDECAR_VERSIONS.provisioner),
      ),
      sidecar('csi-attacher', 'csi-attacher', pick(SIDECAR_VERSIONS.attacher)),
      sidecar('csi-resizer', 'csi-resizer', pick(SIDECAR_VERSIONS.resizer)),
    ],
    volumes: [{ name: 'socket-dir', emptyDir: {} }],
    mounts: [
      { name: 'socket-dir', mountPath: '/var/lib/csi/sockets/pluginproxy/' },
    ],
    rules: [
      {
        apiGroups: [''],
        resources: ['persistentvolumes'],
        verbs: ['get', 'list', 'watch', 'create', 'patch', 'delete'],
      },
      {
        apiGroups: [''],
        resources: ['persistentvolumeclaims', 'persistentvolumeclaims/status'],
        verbs: ['get', 'list', 'watch', 'update', 'patch'],
      },
      {
        apiGroups: ['storage.k8s.io'],
        resources: ['storageclasses', 'csinodes', 'volumeattachments'],
        verbs: ['get', 'list', 'watch'],
      },
      {
        apiGroups: ['storage.k8s.io'],
        resources: ['volumeattachments/status'],
        verbs: ['patch'],
      },
    ],
  });

  const csiDriver: KubeObject = {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'CSIDriver',
    metadata: objectMeta(inst, driver, {
      labels: labelsFor(build, `${plan.slug}-csi-controller`, 'csidriver'),
    }),
    spec: {
      attachRequired: true,
      fsGroupPolicy: 'File',
      podInfoOnMount: false,
      requiresRepublish: false,
      seLinuxMount: false,
      storageCapacity: false,
      volumeLifecycleModes: ['Persistent'],
    },
  };
  return [
    namespaceOf(build),
    ...nodePlugin.objects,
    ...controller.objects,
    csiDriver,
  ];
};
