/**
 * The Nodes of one synthetic cluster, and what node extensions add to them: extended
 * resources in capacity/allocatable (device plugins), labels (runtime classes), CSINode
 * driver entries (CSI drivers). Materialized once every component is built.
 */
import type { KubeObject } from '@extension-scorecard/plugin-extension-scorecard-node';
import type { SeededRandom } from './random';

const INSTANCE_TYPES = [
  'm6i.xlarge',
  'm6i.2xlarge',
  'c6i.4xlarge',
  'r6i.2xlarge',
  'g5.2xlarge',
];

interface NodeState {
  name: string;
  zone: string;
  uid: string;
  instanceType: string;
  labels: Record<string, string>;
  capacity: Record<string, string>;
  allocatable: Record<string, string>;
  csiDrivers: Array<{ name: string; nodeID: string; topologyKeys: string[] }>;
}

export class NodePool {
  private readonly nodes: NodeState[];

  constructor(
    readonly cluster: string,
    count: number,
    private readonly createdAt: string,
    private readonly kubeletVersion: string,
    private readonly rng: SeededRandom,
  ) {
    this.nodes = Array.from({ length: count }, (_, i) => {
      const zone = `${cluster}-${'abc'[i % 3]}`;
      const name = `ip-10-${(i >> 8) % 256}-${i % 256}-${rng.int(
        1,
        254,
      )}.${cluster}.compute.internal`;
      const instanceType = rng.pick(INSTANCE_TYPES);
      return {
        name,
        zone,
        uid: rng.uid(),
        instanceType,
        labels: {
          'beta.kubernetes.io/arch': 'amd64',
          'beta.kubernetes.io/instance-type': instanceType,
          'beta.kubernetes.io/os': 'linux',
          'kubernetes.io/arch': 'amd64',
          'kubernetes.io/hostname': name,
          'kubernetes.io/os': 'linux',
          'node.kubernetes.io/instance-type': instanceType,
          'topology.kubernetes.io/region': cluster,
          'topology.kubernetes.io/zone': zone,
          ...(i < 3 ? { 'node-role.kubernetes.io/control-plane': '' } : {}),
        },
        capacity: {
          cpu: '8',
          'ephemeral-storage': '203070420Ki',
          'hugepages-1Gi': '0',
          'hugepages-2Mi': '0',
          memory: '32561280Ki',
          pods: '110',
        },
        allocatable: {
          cpu: '7910m',
          'ephemeral-storage': '187149699072',
          'hugepages-1Gi': '0',
          'hugepages-2Mi': '0',
          memory: '31410304Ki',
          pods: '110',
        },
        csiDrivers: [],
      };
    });
  }

  get names(): string[] {
    return this.nodes.map(n => n.name);
  }

  get size(): number {
    return this.nodes.length;
  }

  /** `count` worker nodes (never the three control-plane nodes unless there are too few). */
  pickWorkers(rng: SeededRandom, count: number): string[] {
    const workers = this.nodes.length > 3 ? this.nodes.slice(3) : this.nodes;
    return rng.sample(workers, count).map(n => n.name);
  }

  /** An extended resource on some nodes; `unhealthy` devices are in capacity but not allocatable. */
  addDeviceCapacity(
    resource: string,
    nodes: string[],
    perNode: number,
    unhealthy: number,
  ) {
    for (const n of this.pick(nodes)) {
      n.capacity[resource] = String(perNode);
      n.allocatable[resource] = String(Math.max(0, perNode - unhealthy));
    }
  }

  label(nodes: string[], key: string, value: string) {
    for (const n of this.pick(nodes)) n.labels[key] = value;
  }

  registerCsiDriver(driver: string, nodes: string[]) {
    for (const n of this.pick(nodes)) {
      n.csiDrivers.push({
        name: driver,
        nodeID: `i-${n.uid.replace(/-/g, '').slice(0, 17)}`,
        topologyKeys: ['kubernetes.io/os', 'topology.kubernetes.io/zone'],
      });
    }
  }

  nodeObjects(): KubeObject[] {
    return this.nodes.map(n => ({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: n.name,
        uid: n.uid,
        resourceVersion: String(this.rng.int(1_000_000, 99_999_999)),
        creationTimestamp: this.createdAt,
        labels: n.labels,
        annotations: {
          'node.alpha.kubernetes.io/ttl': '0',
          'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
          ...(n.csiDrivers.length
            ? {
                'csi.volume.kubernetes.io/nodeid': JSON.stringify(
                  Object.fromEntries(n.csiDrivers.map(d => [d.name, d.nodeID])),
                ),
              }
            : {}),
        },
      },
      spec: {
        podCIDR: `10.244.${this.nodes.indexOf(n) % 256}.0/24`,
        providerID: `aws:///${n.zone}/i-${n.uid.slice(0, 17)}`,
        ...(n.labels['node-role.kubernetes.io/control-plane'] !== undefined
          ? {
              taints: [
                {
                  effect: 'NoSchedule',
                  key: 'node-role.kubernetes.io/control-plane',
                },
              ],
            }
          : {}),
      },
      status: {
        addresses: [
          {
            address: n.name
              .split('.')[0]
              .replace(/^ip-/, '')
              .replace(/-/g, '.'),
            type: 'InternalIP',
          },
          { address: n.name, type: 'Hostname' },
        ],
        allocatable: n.allocatable,
        capacity: n.capacity,
        conditions: [
          ['MemoryPressure', 'False', 'KubeletHasSufficientMemory'],
          ['DiskPressure', 'False', 'KubeletHasNoDiskPressure'],
          ['PIDPressure', 'False', 'KubeletHasSufficientPID'],
          ['Ready', 'True', 'KubeletReady'],
        ].map(([type, status, reason]) => ({
          lastHeartbeatTime: this.createdAt,
          lastTransitionTime: this.createdAt,
          message: `kubelet reports ${type}=${status}`,
          reason,
          status,
          type,
        })),
        daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
        nodeInfo: {
          architecture: 'amd64',
          bootID: n.uid,
          containerRuntimeVersion: 'containerd://1.7.27',
          kernelVersion: '6.1.141-155.222.amzn2023.x86_64',
          kubeProxyVersion: '',
          kubeletVersion: this.kubeletVersion,
          machineID: n.uid.replace(/-/g, ''),
          operatingSystem: 'linux',
          osImage: 'Amazon Linux 2023.8.20250818',
          systemUUID: n.uid,
        },
      },
    }));
  }

  csiNodeObjects(): KubeObject[] {
    return this.nodes.map(n => ({
      apiVersion: 'storage.k8s.io/v1',
      kind: 'CSINode',
      metadata: {
        name: n.name,
        uid: this.rng.uid(),
        resourceVersion: String(this.rng.int(1_000_000, 99_999_999)),
        creationTimestamp: this.createdAt,
        ownerReferences: [
          { apiVersion: 'v1', kind: 'Node', name: n.name, uid: n.uid },
        ],
      },
      spec: {
        drivers: n.csiDrivers.map(d => ({ ...d, allocatable: { count: 26 } })),
      },
    }));
  }

  private pick(names: string[]): NodeState[] {
    const wanted = new Set(names);
    return this.nodes.filter(n => wanted.has(n.name));
  }
}
