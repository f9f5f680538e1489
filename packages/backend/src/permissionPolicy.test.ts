/**
 * The permission matrix of the shipped backend, on SQLite and PostgreSQL: the real
 * scorecard plugin, the real permission backend with this package's policy, the real
 * permissions service (asking the permission backend over HTTP) and registry, and the
 * demo organisation of examples/org.yaml. Every identity × operation × component
 * answers as the policy says, and a refused call writes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  coreServices,
  createServiceFactory,
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { permissionsServiceFactory } from '@backstage/backend-defaults/permissions';
import { permissionsRegistryServiceFactory } from '@backstage/backend-defaults/permissionsRegistry';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { Entity, stringifyEntityRef } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { Knex } from 'knex';
import request from 'supertest';
import { parseAllDocuments } from 'yaml';
import permissionPlugin from '@backstage/plugin-permission-backend';
import scorecardPlugin from '@extension-scorecard/plugin-extension-scorecard-backend';
import { permissionPolicyModule } from './permissionPolicy';

jest.setTimeout(180_000);

const EXAMPLES = path.resolve(__dirname, '../../../examples');
const BASE = '/api/extension-scorecard';
/** podpreset-webhook: team-api-platform. kyverno: team-security. */
const A = 'component:default/podpreset-webhook';
const B = 'component:default/kyverno';
const NEVER = {
  frequency: { hours: 24 },
  timeout: { minutes: 10 },
  initialDelay: { hours: 24 },
};

/** The demo organisation and components, with the relations the catalog would add. */
function demoCatalog(): Entity[] {
  const entities = ['org.yaml', 'entities.yaml'].flatMap(file =>
    parseAllDocuments(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')).map(
      doc => doc.toJSON() as Entity,
    ),
  );
  const group = (name: string) =>
    name.includes(':') ? name : `group:default/${name}`;
  const parentOf = new Map<string, string[]>();
  for (const entity of entities) {
    const parent = (entity.spec as any)?.parent;
    if (entity.kind === 'Group' && parent) {
      const list = parentOf.get(group(parent)) ?? [];
      list.push(stringifyEntityRef(entity));
      parentOf.set(group(parent), list);
    }
  }
  return entities.map(entity => {
    const spec = (entity.spec ?? {}) as Record<string, any>;
    const relations = [
      ...((spec.memberOf as string[] | undefined) ?? []).map(g => ({
        type: 'memberOf',
        targetRef: group(g),
      })),
      ...(spec.parent
        ? [{ type: 'childOf', targetRef: group(spec.parent) }]
        : []),
      ...(parentOf.get(stringifyEntityRef(entity)) ?? []).map(child => ({
        type: 'parentOf',
        targetRef: child,
      })),
      ...(spec.owner && entity.kind !== 'Group'
        ? [{ type: 'ownedBy', targetRef: group(spec.owner) }]
        : []),
    ];
    return { ...entity, relations };
  });
}

/** Ownership refs as a catalog sign-in gives them: the user and its direct groups. */
function userInfoFrom(entities: Entity[]) {
  return createServiceFactory({
    service: coreServices.userInfo,
    deps: {},
    factory: () => ({
      async getUserInfo(credentials: any) {
        const userEntityRef = credentials.principal.userEntityRef as string;
        const user = entities.find(
          e => stringifyEntityRef(e) === userEntityRef,
        );
        return {
          userEntityRef,
          ownershipEntityRefs: [
            userEntityRef,
            ...(user?.relations ?? [])
              .filter(r => r.type === 'memberOf')
              .map(r => r.targetRef),
          ],
        };
      },
    }),
  });
}

/**
 * The mock auth service, except that a plugin calling another on a user's behalf
 * sends a user token naming the plugin as actor, as the real auth service does (the
 * permission backend answers conditional decisions only to such calls).
 */
const authWithActors = createServiceFactory({
  service: coreServices.auth,
  deps: { plugin: coreServices.pluginMetadata },
  factory({ plugin }) {
    const auth = mockServices.auth({ pluginId: plugin.getId() });
    return {
      authenticate: (token, options) => auth.authenticate(token, options),
      getNoneCredentials: () => auth.getNoneCredentials(),
      getOwnServiceCredentials: () => auth.getOwnServiceCredentials(),
      isPrincipal: ((credentials: any, type: any) =>
        auth.isPrincipal(credentials, type)) as typeof auth.isPrincipal,
      getLimitedUserToken: credentials => auth.getLimitedUserToken(credentials),
      listPublicServiceKeys: () => auth.listPublicServiceKeys(),
      async getPluginRequestToken(options) {
        const principal = options.onBehalfOf.principal as any;
        if (principal.type === 'user') {
          return {
            token: mockCredentials.user.token(principal.userEntityRef, {
              actor: { subject: `plugin:${plugin.getId()}` },
            }),
          };
        }
        return auth.getPluginRequestToken(options);
      },
    };
  },
});

async function tableRowCounts(knex: Knex): Promise<Record<string, number>> {
  const tables: string[] =
    knex.client.config.client === 'pg'
      ? (
          await knex.raw(
            `select tablename as name from pg_tables where schemaname = current_schema()`,
          )
        ).rows.map((r: any) => r.name)
      : (
          await knex.raw(
            `select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`,
          )
        ).map((r: any) => r.name);
  const counts: Record<string, number> = {};
  for (const table of tables.sort()) {
    const [{ n }] = await knex(table).count({ n: '*' });
    counts[table] = Number(n);
  }
  return counts;
}

type Who = 'bilal' | 'farah' | 'dana' | 'hana' | 'alice' | 'service' | 'nobody';
const USERS: Record<string, string> = {
  bilal: 'user:default/bilal.haddad', // team-api-platform: owns A
  farah: 'user:default/farah.iqbal', // team-security: owns B
  dana: 'user:default/dana.kowalski', // team-node-platform: the approvers here
  hana: 'user:default/hana.sato', // platform-admins (and platform, the parent of all teams)
  alice: 'user:default/alice.nguyen', // platform-admins and team-api-platform
};
function header(who: Who): string | undefined {
  if (who === 'nobody') return undefined;
  if (who === 'service') return mockCredentials.service.header();
  return mockCredentials.user.header(USERS[who]);
}

const databases = TestDatabases.create({ ids: ['SQLITE_3', 'POSTGRES_15'] });

describe.each(databases.eachSupportedId())(
  'permission matrix of the shipped policy on %s',
  databaseId => {
    let knex: Knex;
    let backend: Awaited<ReturnType<typeof startTestBackend>>;
    let api: ReturnType<typeof request>;
    const facts: Record<string, { checkId: string; cluster: string }> = {};

    const call = (
      method: 'get' | 'post',
      url: string,
      who: Who,
      body?: object,
      extra: Record<string, string> = {},
    ) => {
      let req = api[method](`${BASE}${url}`);
      const auth = header(who);
      if (auth) req = req.set('authorization', auth);
      for (const [k, v] of Object.entries(extra)) req = req.set(k, v);
      return body ? req.send(body) : req;
    };

    async function waitForRun(id: string) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const run = await call('get', `/refresh/${id}`, 'hana');
        if (['succeeded', 'failed'].includes(run.body.state)) return run.body;
        if (run.status !== 200 || Date.now() > deadline) {
          throw new Error(
            `refresh ${id}: ${run.status} ${JSON.stringify(run.body)}`,
          );
        }
        await new Promise(r => setTimeout(r, 100));
      }
    }

    async function requestWaiver(component: string): Promise<string> {
      const owner = component === A ? 'bilal' : 'farah';
      const response = await call('post', '/waivers', owner, {
        component,
        ...facts[component],
        reason: 'the fix ships with the next release',
        expiresAt: new Date(Date.now() + 20 * 86400_000).toISOString(),
      });
      expect(response.status).toBe(201);
      return response.body.id;
    }

    beforeAll(async () => {
      knex = await databases.init(databaseId);
      const entities = demoCatalog();
      const scheduler = mockServices.scheduler() as SchedulerService & {
        factory(options: { skipTaskRunOnStartup: boolean }): ServiceFactory;
      };
      backend = await startTestBackend({
        features: [
          scorecardPlugin,
          permissionPlugin,
          permissionPolicyModule,
          permissionsServiceFactory,
          authWithActors,
          permissionsRegistryServiceFactory,
          userInfoFrom(entities),
          catalogServiceMock.factory({ entities }),
          mockServices.database.factory({ knex }),
          scheduler.factory({ skipTaskRunOnStartup: true }),
          mockServices.httpAuth.factory({
            defaultCredentials: mockCredentials.none(),
          }),
          createServiceFactory({
            service: coreServices.rootSystemMetadata,
            deps: {},
            factory: () => ({
              getInstalledPlugins: async () => [
                { pluginId: 'extension-scorecard' },
                { pluginId: 'permission' },
              ],
            }),
          }),
          mockServices.rootConfig.factory({
            data: {
              permission: { enabled: true },
              extensionScorecard: {
                permissions: {
                  admins: ['group:default/platform-admins'],
                  approvers: ['group:default/team-node-platform'],
                },
                schedule: { collect: NEVER, assemble: NEVER },
                dumps: ['prod-eu', 'staging-us'].map(name => ({
                  name,
                  directory: path.join(EXAMPLES, 'clusters', name),
                })),
              },
            },
          }),
        ],
      });
      api = request(backend.server);
      const started = await call('post', '/refresh', 'hana', { scope: 'all' });
      const run = await waitForRun(started.body.id);
      if (run.state !== 'succeeded') {
        throw new Error(`the first collection failed: ${JSON.stringify(run)}`);
      }
      for (const component of [A, B]) {
        const detail = await call(
          'get',
          `/components/${encodeURIComponent(component)}`,
          'hana',
        );
        if (detail.status !== 200) {
          throw new Error(`${component}: ${JSON.stringify(detail.body)}`);
        }
        const result = detail.body.scorecard.results.find(
          (r: any) => r.cluster && r.status !== 'pass',
        );
        facts[component] = { checkId: result.checkId, cluster: result.cluster };
      }
    });

    afterAll(async () => {
      await backend?.stop();
      await knex?.destroy();
    });

    /** Revokes whatever waiver is still open on the component (set-up and clean-up). */
    async function closeWaivers(component: string) {
      const open = await call(
        'get',
        `/waivers?component=${encodeURIComponent(component)}&limit=500`,
        'hana',
      );
      for (const waiver of open.body.items) {
        if (waiver.state === 'requested' || waiver.state === 'approved') {
          await call('post', `/waivers/${waiver.id}/revoke`, 'service', {
            comment: 'cleaned up by the permission matrix',
          });
        }
      }
    }

    type Operation = {
      name: string;
      /** Creates what the operation acts on (a waiver to decide on). */
      setup?(component: string): Promise<string>;
      /** Sends the operation as `who` on a component. */
      send(
        who: Who,
        component: string,
        target?: string,
      ): Promise<request.Response>;
    };
    let evidenceKey = 0;
    const OPERATIONS: Operation[] = [
      {
        name: 'submit evidence',
        send: (who, component) =>
          call(
            'post',
            '/evidence',
            who,
            {
              component,
              cluster: facts[component].cluster,
              scenario: 'webhook-backend-down',
              startedAt: '2026-01-10T10:00:00Z',
              recoveredAt: '2026-01-10T10:04:00Z',
              verdict: 'pass',
            },
            { 'idempotency-key': `matrix-${databaseId}-${evidenceKey++}` },
          ),
      },
      {
        name: 'request a waiver',
        send: (who, component) =>
          call('post', '/waivers', who, {
            component,
            ...facts[component],
            reason: 'the fix ships with the next release',
            expiresAt: new Date(Date.now() + 20 * 86400_000).toISOString(),
          }),
      },
      ...(['approve', 'reject', 'revoke'] as const).map(decision => ({
        name: `${decision} a waiver`,
        setup: requestWaiver,
        send: (who: Who, _component: string, waiverId?: string) =>
          call('post', `/waivers/${waiverId}/${decision}`, who, {
            comment: `${decision}d in the permission matrix`,
          }),
      })),
      {
        name: 'refresh the component',
        send: async (who, component) => {
          const response = await call('post', '/refresh', who, {
            scope: 'component',
            componentId: component,
          });
          if (response.status === 202) await waitForRun(response.body.id);
          return response;
        },
      },
      {
        name: 'export the audit',
        send: async who => {
          const quarters = await call('get', '/audit/quarters', 'hana');
          return call(
            'get',
            `/audit/${quarters.body.items[0].quarter}/export?format=json`,
            who,
          );
        },
      },
      {
        name: 'start a campaign',
        send: (who, component) =>
          call('post', '/campaigns', who, {
            title: 'Webhooks out of kube-system',
            why: 'A webhook that intercepts kube-system can lock the cluster.',
            goal: { checks: ['webhook.scope'] },
            scope: { components: [component] },
            startsAt: '2026-01-01T00:00:00Z',
            deadline: '2026-03-31T00:00:00Z',
          }),
      },
      {
        name: 'read the component',
        send: (who, component) =>
          call('get', `/components/${encodeURIComponent(component)}`, who),
      },
    ];

    /**
     * Expected status per operation and identity, on A (team-api-platform's) and
     * B (team-security's), written from the policy before running it. Revoking: the
     * waiver was requested by the owning team (bilal on A, farah on B).
     */
    const IDENTITIES: Who[] = [
      'bilal',
      'farah',
      'dana',
      'hana',
      'alice',
      'service',
      'nobody',
    ];
    // prettier-ignore
    const MATRIX: Record<string, Array<[number, number]>> = {
      //                        bilal       farah       dana        hana        alice       service     nobody
      'submit evidence':       [[201, 403], [403, 201], [403, 403], [403, 403], [201, 403], [201, 201], [401, 401]],
      'request a waiver':      [[201, 403], [403, 201], [403, 403], [403, 403], [201, 403], [201, 201], [401, 401]],
      'approve a waiver':      [[403, 403], [403, 403], [200, 200], [403, 403], [403, 403], [200, 200], [401, 401]],
      'reject a waiver':       [[403, 403], [403, 403], [200, 200], [403, 403], [403, 403], [200, 200], [401, 401]],
      'revoke a waiver':       [[200, 403], [403, 200], [200, 200], [403, 403], [403, 403], [200, 200], [401, 401]],
      'refresh the component': [[403, 403], [403, 403], [403, 403], [202, 202], [202, 202], [202, 202], [401, 401]],
      'export the audit':      [[403, 403], [403, 403], [403, 403], [200, 200], [200, 200], [200, 200], [401, 401]],
      'start a campaign':      [[403, 403], [403, 403], [403, 403], [201, 201], [201, 201], [201, 201], [401, 401]],
      'read the component':    [[200, 200], [200, 200], [200, 200], [200, 200], [200, 200], [200, 200], [401, 401]],
    };

    it.each(IDENTITIES)(
      'answers %s as the policy says, and a refused call writes nothing',
      async who => {
        const answers: string[] = [];
        const expected: string[] = [];
        for (const operation of OPERATIONS) {
          for (const [index, component] of [A, B].entries()) {
            const want = MATRIX[operation.name][IDENTITIES.indexOf(who)][index];
            // set-up and clean-up writes happen outside the count
            await closeWaivers(component);
            const target = await operation.setup?.(component);
            const before = await tableRowCounts(knex);
            const response = await operation.send(who, component, target);
            // a refusal says why and writes nothing
            const refusal =
              response.status < 400
                ? ''
                : [
                    typeof response.body.error?.message === 'string'
                      ? 'with a message'
                      : 'WITHOUT A MESSAGE',
                    JSON.stringify(await tableRowCounts(knex)) ===
                    JSON.stringify(before)
                      ? 'writing nothing'
                      : 'WRITING ROWS',
                  ].join(', ');
            await closeWaivers(component);
            const label = `${operation.name} on ${component.split('/')[1]}`;
            answers.push(`${label}: ${response.status} ${refusal}`.trim());
            expected.push(
              `${label}: ${want}${
                want >= 400 ? ' with a message, writing nothing' : ''
              }`,
            );
          }
        }
        expect(answers).toEqual(expected);
      },
    );

    it('refuses the decisions of a refused caller without writing anything', async () => {
      const waiverId = await requestWaiver(A);
      for (const who of [
        'bilal',
        'farah',
        'hana',
        'alice',
        'nobody',
      ] as Who[]) {
        for (const decision of ['approve', 'reject']) {
          const before = await tableRowCounts(knex);
          const response = await call(
            'post',
            `/waivers/${waiverId}/${decision}`,
            who,
            { comment: 'not mine to decide' },
          );
          expect({ who, decision, status: response.status }).toEqual({
            who,
            decision,
            status: who === 'nobody' ? 401 : 403,
          });
          expect(await tableRowCounts(knex)).toEqual(before);
        }
      }
      const approved = await call(
        'post',
        `/waivers/${waiverId}/approve`,
        'dana',
        {
          comment: 'outside the team, fine for 20 days',
        },
      );
      expect(approved.status).toBe(200);
      const detail = await call('get', `/waivers/${waiverId}`, 'hana');
      expect(detail.body.trail.map((e: any) => [e.action, e.actor])).toEqual(
        expect.arrayContaining([
          [expect.stringMatching(/request/), USERS.bilal],
          [expect.stringMatching(/approve/), USERS.dana],
        ]),
      );
    });

    it('shows orphans to platform admins only', async () => {
      const orphans = async (who: Who) =>
        (await call('get', '/components?orphan=true&limit=500', who)).body
          .total;
      const seen = await orphans('hana');
      expect(seen).toBeGreaterThan(0);
      expect(await orphans('alice')).toBe(seen);
      expect(await orphans('bilal')).toBe(0);
      expect(await orphans('dana')).toBe(0);
    });

    it('announces a new campaign’s checks at once: a snapshot from the latest collections', async () => {
      const before = (await call('get', '/refresh', 'hana')).body.run;
      const created = await call('post', '/campaigns', 'hana', {
        title: 'Kyverno scoped out of kube-system',
        why: 'A webhook that intercepts kube-system can lock the cluster.',
        goal: { checks: ['webhook.scope'] },
        scope: { components: ['component:default/kyverno'] },
        startsAt: new Date(Date.now() - 86400_000).toISOString(),
        enforceFrom: new Date(Date.now() + 20 * 86400_000).toISOString(),
        deadline: new Date(Date.now() + 40 * 86400_000).toISOString(),
      });
      expect(created.status).toBe(201);
      let run = before;
      const deadline = Date.now() + 60_000;
      while (
        !run ||
        run.id === before?.id ||
        run.state === 'running' ||
        run.state === 'queued'
      ) {
        if (Date.now() > deadline)
          throw new Error('no snapshot after the campaign');
        await new Promise(r => setTimeout(r, 100));
        run = (await call('get', '/refresh', 'hana')).body.run;
      }
      expect(run.state).toBe('succeeded');
      const kyverno = await call(
        'get',
        `/components/${encodeURIComponent('component:default/kyverno')}`,
        'hana',
      );
      const scope = kyverno.body.scorecard.results.filter(
        (r: any) => r.checkId === 'webhook.scope' && r.announced,
      );
      expect(scope.length).toBeGreaterThan(0);
      expect(scope.every((r: any) => r.status === 'warn')).toBe(true);
      expect(scope[0].announced).toMatchObject({
        campaignId: created.body.id,
        enforceFrom: created.body.enforceFrom,
      });
    });

    it('answers the frontend’s conditional questions through the permission backend', async () => {
      const ask = async (who: Who, permission: string, resourceRef: string) => {
        const response = await api
          .post('/api/permission/authorize')
          .set('authorization', header(who)!)
          .send({
            items: [
              {
                id: '1',
                permission: {
                  type: 'resource',
                  name: permission,
                  attributes: { action: 'create' },
                  resourceType: 'extension-scorecard-component',
                },
                resourceRef,
              },
            ],
          });
        expect(response.status).toBe(200);
        return response.body.items[0].result;
      };
      expect(await ask('bilal', 'extension-scorecard.waiver.request', A)).toBe(
        'ALLOW',
      );
      expect(await ask('bilal', 'extension-scorecard.waiver.request', B)).toBe(
        'DENY',
      );
      expect(await ask('dana', 'extension-scorecard.waiver.approve', A)).toBe(
        'ALLOW',
      );
      expect(await ask('alice', 'extension-scorecard.waiver.approve', A)).toBe(
        'DENY',
      );
    });
  },
);
