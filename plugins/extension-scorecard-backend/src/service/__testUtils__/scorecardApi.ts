/**
 * The whole API over a real (test) database with a fake permission policy, an
 * in-memory catalog and a fake refresh runner, for router and action tests.
 */
import {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockErrorHandler,
  mockServices,
} from '@backstage/backend-test-utils';
import { Entity } from '@backstage/catalog-model';
import { ConflictError } from '@backstage/errors';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type {
  CheckDefinition,
  RefreshStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import express from 'express';
import type { RawDatabase } from '../../store/__testUtils__/rawDatabase';
import { createScorecardStores, type ScorecardStores } from '../../store';
import { ScorecardAccess } from '../access';
import { AuditService } from '../audit/AuditService';
import { UpgradeReadinessService } from '../UpgradeReadinessService';
import { ReferenceDataService } from '../referenceData';
import { readChecksConfig } from '../../checks';
import { ConfigReader } from '@backstage/config';
import { EvidenceService } from '../EvidenceService';
import { RefreshService, type RefreshRunner } from '../RefreshService';
import { createRouter } from '../router';
import { ScorecardService } from '../ScorecardService';
import { WaiverService } from '../WaiverService';
import { CampaignService } from '../CampaignService';
import { SavedFilterService } from '../SavedFilterService';
import { EXTENSION_KINDS } from '@extension-scorecard/plugin-extension-scorecard-common';

/** Users of the fixture organisation. */
export const USERS = {
  /** member of team-a (owns alpha) */
  ana: 'user:default/ana',
  /** member of team-a-oncall, a child group of team-a */
  dave: 'user:default/dave',
  /** platform admin: sees orphans, approves waivers, manages campaigns */
  carla: 'user:default/carla',
  /** may request waivers but not approve them */
  bob: 'user:default/bob',
  /** no permission at all */
  eve: 'user:default/eve',
  /** may read only some catalog entities (conditional decision) */
  finn: 'user:default/finn',
} as const;

/** A Group with the relations the catalog's processing adds (childOf and parentOf). */
const group = (
  name: string,
  parent?: string,
  children: string[] = [],
): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Group',
  metadata: { name, namespace: 'default' },
  spec: { type: 'team', children },
  relations: [
    ...(parent
      ? [{ type: 'childOf', targetRef: `group:default/${parent}` }]
      : []),
    ...children.map(child => ({
      type: 'parentOf',
      targetRef: `group:default/${child}`,
    })),
  ],
});

const user = (name: string, groups: string[]): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'User',
  metadata: { name, namespace: 'default' },
  spec: { memberOf: groups },
  relations: groups.map(g => ({
    type: 'memberOf',
    targetRef: `group:default/${g}`,
  })),
});

const component = (name: string): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: { name, namespace: 'default' },
  spec: {
    type: 'kubernetes-extension',
    owner: 'team-a',
    lifecycle: 'production',
  },
});

/** The fixture catalog. */
export const ENTITIES: Entity[] = [
  group('team-a', undefined, ['team-a-oncall']),
  group('team-a-oncall', 'team-a'),
  group('team-b'),
  group('platform-admins'),
  user('ana', ['team-a']),
  user('dave', ['team-a-oncall']),
  user('carla', ['platform-admins']),
  user('bob', ['team-b']),
  user('eve', []),
  user('finn', ['team-b']),
  component('alpha'),
  component('beta'),
  component('gamma'),
];

/** Entities finn may read. */
const FINN_READABLE = new Set(['component:default/beta']);

/** Permission names each user is denied. */
const DENIED: Record<string, string[] | 'all'> = {
  [USERS.eve]: 'all',
  [USERS.bob]: [
    'extension-scorecard.waiver.approve',
    'extension-scorecard.campaign.manage',
  ],
  [USERS.ana]: ['extension-scorecard.campaign.manage'],
};

/** Orphans are shown to platform admins only. */
const ORPHANS_READ = 'extension-scorecard.orphans.read';

function userOf(credentials: BackstageCredentials): string | undefined {
  return (credentials.principal as { userEntityRef?: string }).userEntityRef;
}

function isDenied(who: string | undefined, permission: string): boolean {
  const denied = DENIED[who ?? ''] ?? [];
  if (denied === 'all' || denied.includes(permission)) return true;
  return permission === ORPHANS_READ && who !== USERS.carla;
}

function fakePermissions(): PermissionsService {
  return {
    async authorize(requests, { credentials }) {
      const who = userOf(credentials);
      return requests.map(r => ({
        result: isDenied(who, r.permission.name)
          ? AuthorizeResult.DENY
          : AuthorizeResult.ALLOW,
      })) as any;
    },
    async authorizeConditional(requests, { credentials }) {
      const who = userOf(credentials);
      return requests.map(r => {
        if (isDenied(who, r.permission.name)) {
          return { result: AuthorizeResult.DENY };
        }
        if (who === USERS.finn && r.permission.name === 'catalog.entity.read') {
          return {
            result: AuthorizeResult.CONDITIONAL,
            pluginId: 'catalog',
            resourceType: 'catalog-entity',
            conditions: {
              rule: 'IS_ENTITY_OWNER',
              resourceType: 'catalog-entity',
              params: {},
            },
          };
        }
        return { result: AuthorizeResult.ALLOW };
      }) as any;
    },
  };
}

/** A refresh runner that records its calls; `busy` makes it refuse. */
export class FakeRefreshRunner implements RefreshRunner {
  busy = false;
  calls: Array<Parameters<RefreshRunner['start']>[0]> = [];
  constructor(private readonly stores: ScorecardStores) {}
  async start(
    request: Parameters<RefreshRunner['start']>[0],
  ): Promise<RefreshStatus> {
    if (this.busy)
      throw new ConflictError('A collection run is already in progress');
    this.calls.push(request);
    return this.stores.runs.create({
      trigger: 'manual',
      scope: request.scope,
      target: request.target,
      requestedBy: request.requestedBy,
      clusters: request.clusters,
      now: new Date().toISOString(),
    });
  }
}

/** Checks the fixture API knows. */
export const CHECKS: CheckDefinition[] = [
  {
    id: 'ownership.owner-exists',
    dimension: 'ownership',
    severity: 'critical',
    title: 'Owner exists',
  },
  {
    id: 'webhook.timeout',
    dimension: 'failure-boundary',
    severity: 'high',
    title: 'Webhook timeout',
    kinds: ['admission-webhook'],
  },
  {
    id: 'cert.expiry',
    dimension: 'certificates',
    severity: 'critical',
    title: 'Certificate expiry',
  },
  {
    id: 'rbac.wildcards',
    dimension: 'rbac',
    severity: 'high',
    title: 'RBAC wildcards',
  },
];

/** Builds the API over a migrated database. */
export async function createTestApi(
  knex: RawDatabase,
  options: { now?: () => Date } = {},
) {
  const stores = createScorecardStores(knex, { now: options.now });
  const baseCatalog = catalogServiceMock({ entities: ENTITIES });
  // the in-memory catalog ignores permissions; finn's conditional access is applied here
  const catalog = {
    getEntityByRef: (ref: string, opts: any) =>
      baseCatalog.getEntityByRef(ref, opts),
    async getEntitiesByRefs(request: any, opts: any) {
      const response = await baseCatalog.getEntitiesByRefs(request, opts);
      if (userOf(opts?.credentials ?? mockCredentials.none()) !== USERS.finn) {
        return response;
      }
      return {
        items: response.items.map((item, i) =>
          FINN_READABLE.has(request.entityRefs[i]) ? item : undefined,
        ),
      };
    },
  } as unknown as CatalogService;
  const access = new ScorecardAccess({
    permissions: fakePermissions(),
    catalog,
    auth: mockServices.auth(),
    knownComponentIds: () => stores.components.catalogComponentIds(),
  });
  const clusters = () => [
    { name: 'prod', type: 'dump' as const },
    { name: 'staging', type: 'dump' as const },
  ];
  const reads = new ScorecardService({
    stores,
    access,
    checks: () => CHECKS,
    clusters,
    now: options.now,
  });
  const runner = new FakeRefreshRunner(stores);
  const upgrade = new UpgradeReadinessService({ stores, reads });
  /** How often a campaign change asked for a snapshot. */
  const verdictChanges = { count: 0 };
  const campaigns = new CampaignService({
    stores,
    access,
    reads,
    checks: () => CHECKS,
    kinds: () => EXTENSION_KINDS,
    onVerdictsChanged: () => {
      verdictChanges.count += 1;
    },
  });
  const audit = new AuditService({
    stores,
    reads,
    access,
    upgrade,
    campaigns,
  });
  const router = await createRouter({
    httpAuth: mockServices.httpAuth({
      defaultCredentials: mockCredentials.none(),
    }),
    reads,
    evidence: new EvidenceService({
      stores,
      access,
      reads,
      scenariosOf: kind =>
        kind === 'admission-webhook'
          ? ['webhook-backend-down']
          : ['node-plugin-unavailable'],
    }),
    waivers: new WaiverService({ stores, access, reads, maxDays: 180 }),
    campaigns,
    savedFilters: new SavedFilterService({ stores, access, reads }),
    audit,
    upgrade,
    referenceData: new ReferenceDataService({
      reads,
      checksConfig: readChecksConfig(new ConfigReader({})),
    }),
    refresh: new RefreshService({ stores, access, reads, runner, clusters }),
  });
  const app = express().use(router).use(mockErrorHandler());
  return {
    app,
    stores,
    runner,
    access,
    reads,
    audit,
    campaigns,
    verdictChanges,
  };
}

/** The Authorization header of a fixture user. */
export function as(userRef: string): string {
  return mockCredentials.user.header(userRef);
}
