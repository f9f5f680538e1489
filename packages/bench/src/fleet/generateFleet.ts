/**
 * A synthetic fleet: N clusters × M extension components with every object a real
 * cluster returns for them, plus the catalog entities that own them. Deterministic for
 * a seed (certificates come from a pool generated once and passed in).
 */
import type { Entity } from '@backstage/catalog-model';
import type {
  KubeObject,
  ServerVersion,
} from '@extension-scorecard/plugin-extension-scorecard-node';
import { catalogEntities } from './catalog';
import type { PoolCertificate } from './certificates';
import { clusterBaseObjects } from './clusterBase';
import { KIND_BUILDERS } from './kinds';
import type { Installation } from './kubeObjects';
import { NodePool } from './nodePool';
import { ClusterPlan, FleetOptions, FleetPlan, planFleet } from './plan';
import { SeededRandom } from './random';

/** One generated cluster: what its API server would serve. */
export interface GeneratedCluster {
  name: string;
  version: ServerVersion;
  objects: KubeObject[];
}

export interface Fleet {
  plan: FleetPlan;
  entities: Entity[];
  /** Clusters are generated on demand: a 20 × 500 fleet holds ~1 GB of objects. */
  cluster(name: string): GeneratedCluster;
}

/** Plans the fleet; clusters are built when asked for. */
export function generateFleet(
  options: FleetOptions,
  certs: readonly PoolCertificate[],
): Fleet {
  const plan = planFleet(options);
  return {
    plan,
    entities: catalogEntities(plan),
    cluster(name) {
      const cluster = plan.clusters.find(c => c.name === name);
      if (!cluster) throw new Error(`no cluster ${name} in this fleet`);
      return generateCluster(plan, cluster, certs);
    },
  };
}

/** Builds every object of one cluster. */
export function generateCluster(
  plan: FleetPlan,
  cluster: ClusterPlan,
  certs: readonly PoolCertificate[],
): GeneratedCluster {
  const { options } = plan;
  const root = new SeededRandom(options.seed).fork(`cluster-${cluster.name}`);
  const now = options.now;
  const createdAt = isoSeconds(new Date(now.getTime() - 400 * 86_400_000));
  const gitVersion = `v1.${cluster.minor}.${cluster.patch}`;
  const nodes = new NodePool(
    cluster.name,
    options.nodesPerCluster,
    createdAt,
    gitVersion,
    root.fork('nodes'),
  );

  const objects: KubeObject[] = clusterBaseObjects({
    cluster: cluster.name,
    appWorkloads: options.appWorkloadsPerCluster,
    nodes: nodes.names,
    createdAt,
    rng: root.fork('base'),
  });
  for (const component of cluster.components) {
    const rng = root.fork(`component-${component.index}`);
    const inst: Installation = {
      release: component.slug,
      partOf: component.slug,
      version: component.traits.imageVersion,
      kubernetesId: component.linked ? component.name : undefined,
      createdAt: isoSeconds(
        new Date(now.getTime() - rng.int(20, 700) * 86_400_000),
      ),
      rng,
    };
    objects.push(
      ...KIND_BUILDERS[component.kind]({
        plan: component,
        cluster,
        nodes,
        inst,
        certs,
        now,
      }),
    );
  }
  objects.push(...nodes.nodeObjects(), ...nodes.csiNodeObjects());
  return {
    name: cluster.name,
    version: {
      major: '1',
      minor: String(cluster.minor),
      gitVersion,
      platform: 'linux/amd64',
    },
    objects,
  };
}

function isoSeconds(d: Date): string {
  return d.toISOString().replace(/\.\d+Z$/, 'Z');
}
