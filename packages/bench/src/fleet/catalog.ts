/**
 * The catalog side of a fleet: owning Groups (most with contacts), a few Users, and one
 * Component per linked extension with its `spec.extension` descriptor, written with
 * the same mixed quality real teams produce (missing answers, unowned responsibilities,
 * deprecated components without a migration plan).
 */
import type { Entity } from '@backstage/catalog-model';
import { createHash } from 'node:crypto';
import type { JsonObject } from '@backstage/types';
import { deviceResourceOf, schedulerNameOf } from './kinds';
import type { ComponentPlan, FleetPlan } from './plan';
import { SeededRandom } from './random';

const RESPONSIBILITIES = [
  'certificates',
  'rbac',
  'capacity',
  'upgrades',
  'retirement',
] as const;

const PATH_OF: Record<string, string> = {
  'crd-controller': 'async-control',
  'admission-webhook': 'sync-api',
  'admission-policy': 'sync-api',
  'aggregated-api': 'sync-api',
  'scheduler-plugin': 'scheduling',
  'cri-runtime': 'node',
  cni: 'node',
  csi: 'data-plane',
  'device-plugin': 'node',
  'dra-driver': 'node',
};

export const FLEET_SYSTEM = 'fleet-extensions';

export function catalogEntities(plan: FleetPlan): Entity[] {
  const rng = new SeededRandom(plan.options.seed).fork('catalog');
  const entities: Entity[] = [];
  entities.push({
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'System',
    metadata: { name: FLEET_SYSTEM, title: 'Fleet extensions' },
    spec: { owner: 'group:default/platform' },
  });
  entities.push(group('platform', 'department', rng, true, plan.teams));
  for (const team of plan.teams)
    entities.push(group(team, 'team', rng, rng.chance(0.9)));
  const users = Array.from(
    { length: Math.min(10, plan.teams.length) },
    (_, i) => `user-${i}`,
  );
  for (const [i, name] of users.entries()) {
    entities.push({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'User',
      metadata: { name },
      spec: {
        profile: {
          displayName: `Engineer ${i}`,
          email: `${name}@fleet.example`,
        },
        memberOf: [plan.teams[i]],
      },
    });
  }
  for (const c of plan.components) {
    if (c.linked) entities.push(componentEntity(c, users));
  }
  return entities.map(stamped);
}

/**
 * The entity as the catalog API returns it: with the `uid` and `etag` the catalog
 * stamps on every entity it stores (the etag changes whenever the entity does).
 */
function stamped(entity: Entity): Entity {
  const content = JSON.stringify(entity);
  const digest = createHash('sha256').update(content).digest('hex');
  return {
    ...entity,
    metadata: {
      ...entity.metadata,
      uid: `${digest.slice(0, 8)}-${digest.slice(8, 12)}-${digest.slice(
        12,
        16,
      )}-${digest.slice(16, 20)}-${digest.slice(20, 32)}`,
      etag: digest.slice(32, 64),
    },
  };
}

function group(
  name: string,
  type: string,
  rng: SeededRandom,
  contacts: boolean,
  children: string[] = [],
): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Group',
    metadata: {
      name,
      title: name.replace(/-/g, ' '),
      ...(contacts
        ? {
            annotations: {
              'pagerduty.com/service-id': `P${rng.int(100000, 999999)}`,
            },
            links: [
              {
                url: `https://chat.fleet.example/channels/${name}`,
                title: `#${name}`,
                icon: 'chat',
              },
            ],
          }
        : {}),
    },
    spec: {
      type,
      profile: {
        displayName: name,
        ...(contacts ? { email: `${name}@fleet.example` } : {}),
      },
      ...(type === 'team' ? { parent: 'platform' } : {}),
      children,
    },
  };
}

function componentEntity(c: ComponentPlan, users: string[]): Entity {
  const t = c.traits;
  const owner =
    t.ownerIsUser && users.length
      ? `user:default/${users[c.index % users.length]}`
      : c.owner;
  const owned = {
    all: RESPONSIBILITIES,
    some: RESPONSIBILITIES.slice(0, 3),
    none: [],
  }[t.responsibilities];
  const design = t.designComplete
    ? {
        whyNotBuiltIn: `No built-in API or policy can express what ${c.name} does for its tenants; it was compared with CEL validation and built-in controllers first.`,
        ...(c.kind === 'aggregated-api' && c.index % 2 === 0
          ? {
              whyNotCrd:
                'Serves metrics computed on read; storing them as custom resources would overload etcd.',
            }
          : {}),
        path: PATH_OF[c.kind],
        failureImpact: `When ${c.name} is down, ${
          PATH_OF[c.kind] === 'sync-api'
            ? 'matching API requests fail or slow down'
            : 'its resources stop converging until it recovers'
        }.`,
        observability: `Conditions and Events on its resources, ${c.slug}_* metrics scraped by Prometheus, structured logs.`,
        rollout:
          'Staging first, then one production cluster, then the rest; rollback to the previous chart version.',
      }
    : { path: PATH_OF[c.kind] };
  const extension: JsonObject = {
    kind: c.kind,
    design,
    responsibilities: Object.fromEntries(owned.map(r => [r, c.owner])),
    kubernetesVersions: '>=1.30.0 <1.36.0',
    supportEnds:
      c.traits.lifecycle === 'deprecated' ? '2025-06-30' : '2028-12-31',
    ...(t.migrationPlan
      ? {
          migration: {
            replacement: `component:default/${c.slug}-next`,
            owner: c.owner,
            targetDate: '2027-03-31',
          },
        }
      : {}),
    ...(t.alerts
      ? {
          alerts: [
            {
              name: `${c.slug}Unavailable`,
              expr: `absent(up{job="${c.slug}"} == 1)`,
            },
          ],
        }
      : {}),
    ...(c.kind === 'scheduler-plugin'
      ? {
          scheduler: {
            schedulerName: schedulerNameOf(c.slug),
            extensionPoints: [
              'PreFilter',
              'Filter',
              'Score',
              'Reserve',
              'Unreserve',
              'Permit',
            ],
            permitTimeoutSeconds: 60,
            unreserve: true,
          },
        }
      : {}),
    ...(c.kind === 'device-plugin'
      ? { deviceResources: [deviceResourceOf(c.slug)] }
      : {}),
    ...(t.nodeRollout === 'on-delete' && c.index % 2 === 0
      ? {
          rolloutPlan:
            'Nodes are drained and updated one at a time by the node lifecycle job.',
        }
      : {}),
  };
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name: c.name,
      title: `${c.slug} ${c.kind}`,
      description: `The ${c.kind} ${c.name}, owned by ${c.team}.`,
      annotations: { 'backstage.io/kubernetes-id': c.name },
      tags: [c.kind],
    },
    spec: {
      type: 'kubernetes-extension',
      lifecycle: t.lifecycle,
      owner,
      system: FLEET_SYSTEM,
      extension,
    },
  };
}
