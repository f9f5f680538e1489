import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { actionsRegistryServiceMock } from '@backstage/backend-test-utils/alpha';
import { createTestApi, USERS } from '../service/__testUtils__/scorecardApi';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from '../store/__testUtils__/databases';
import {
  component,
  result,
  scorecard,
  snapshotOf,
} from '../store/__testUtils__/scorecards';
import { registerScorecardActions } from './scorecardActions';

jest.setTimeout(60_000);

const databases = scorecardTestDatabases();

describe.each(databases.ids)('scorecard actions on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);
  let registry: ReturnType<typeof actionsRegistryServiceMock>;

  let api: Awaited<ReturnType<typeof createTestApi>>;

  beforeEach(async () => {
    api = await createTestApi(database.get(), {
      now: () => new Date('2025-05-02T00:00:00.000Z'),
    });
    await api.stores.snapshotWriter.writeSnapshot(
      snapshotOf('2025-05-01T10:00:00.000Z', [
        component(
          scorecard('component:default/alpha', {
            level: 1,
            results: [
              result('ownership.owner-exists', 'pass'),
              result('cert.expiry', 'fail', {
                cluster: 'prod',
                severity: 'critical',
              }),
              result('webhook.timeout', 'warn', { cluster: 'prod' }),
            ],
          }),
        ),
        component(
          scorecard('component:default/beta', {
            owner: 'group:default/team-b',
          }),
        ),
        component(
          scorecard('orphan:prod/x', {
            results: [result('ownership.owner-exists', 'fail')],
          }),
        ),
      ]),
    );
    registry = actionsRegistryServiceMock({
      logger: mockServices.logger.mock(),
    });
    registerScorecardActions({
      actionsRegistry: registry,
      reads: api.reads,
      audit: api.audit,
      campaigns: api.campaigns,
    });
  });

  it('registers read-only actions behind the read permission', async () => {
    const { actions } = await registry.list();
    expect(actions.map(a => [a.name, a.attributes.readOnly])).toEqual([
      ['get-extension-scorecard', true],
      ['list-team-failing-extensions', true],
      ['get-extension-audit-summary', true],
      ['list-extension-campaigns', true],
      ['list-team-campaign-items', true],
    ]);
  });

  it("returns a component's scorecard", async () => {
    const { output } = await registry.invoke({
      id: 'test:get-extension-scorecard',
      input: { componentId: 'component:default/alpha' },
      credentials: mockCredentials.user(USERS.ana),
    });
    expect(output).toMatchObject({
      componentId: 'component:default/alpha',
      level: 1,
      levelTitle: 'L1 owned and declared',
      hardGates: [{ checkId: 'cert.expiry', cluster: 'prod' }],
      problems: [
        expect.objectContaining({ checkId: 'cert.expiry', status: 'fail' }),
        expect.objectContaining({ checkId: 'webhook.timeout', status: 'warn' }),
      ],
    });
  });

  it("lists a team's failing components", async () => {
    const { output } = await registry.invoke({
      id: 'test:list-team-failing-extensions',
      input: { owner: 'group:default/team-a' },
      credentials: mockCredentials.user(USERS.ana),
    });
    expect(output).toEqual({
      total: 1,
      items: [
        expect.objectContaining({
          componentId: 'component:default/alpha',
          fails: 1,
          hardGates: 1,
        }),
      ],
    });
  });

  it('summarizes a quarter', async () => {
    const { output } = await registry.invoke({
      id: 'test:get-extension-audit-summary',
      input: { quarter: '2025-Q2' },
      credentials: mockCredentials.user(USERS.carla),
    });
    expect(output).toMatchObject({
      quarter: '2025-Q2',
      complete: false,
      totals: { components: 3, orphans: 1, criticalFails: 1 },
    });
  });

  it("lists campaigns with their progress, and a team's open items", async () => {
    await api.campaigns.create(mockCredentials.user(USERS.carla), {
      title: 'Certificates renewed before expiry',
      why: 'An expired serving certificate stops every call.',
      goal: { checks: ['cert.expiry'] },
      scope: { teams: ['group:default/team-a'] },
      startsAt: '2025-04-01T00:00:00Z',
      deadline: '2025-06-30T00:00:00Z',
      enforceFrom: '2025-06-01T00:00:00Z',
    });
    const campaigns = await registry.invoke({
      id: 'test:list-extension-campaigns',
      input: {},
      credentials: mockCredentials.user(USERS.ana),
    });
    // alpha fails cert.expiry; beta has no result for it
    expect(campaigns.output).toEqual({
      total: 1,
      items: [
        expect.objectContaining({
          title: 'Certificates renewed before expiry',
          goalChecks: ['cert.expiry'],
          enforcement: 'announced',
          inScope: 1,
          done: 0,
          open: 1,
        }),
      ],
    });
    const items = await registry.invoke({
      id: 'test:list-team-campaign-items',
      input: { team: 'group:default/team-a' },
      credentials: mockCredentials.user(USERS.ana),
    });
    expect(items.output).toEqual({
      total: 1,
      items: [
        expect.objectContaining({
          componentId: 'component:default/alpha',
          deadline: '2025-06-30T00:00:00.000Z',
          todo: [
            expect.objectContaining({
              checkId: 'cert.expiry',
              cluster: 'prod',
              status: 'fail',
              announced: false,
            }),
          ],
        }),
      ],
    });
  });

  it('applies the same permission and visibility rules', async () => {
    await expect(
      registry.invoke({
        id: 'test:get-extension-scorecard',
        input: { componentId: 'component:default/alpha' },
        credentials: mockCredentials.user(USERS.eve),
      }),
    ).rejects.toThrow(/extension-scorecard.read/);
    await expect(
      registry.invoke({
        id: 'test:get-extension-scorecard',
        input: { componentId: 'component:default/alpha' },
        credentials: mockCredentials.user(USERS.finn),
      }),
    ).rejects.toThrow(/No component/);
    const { output } = await registry.invoke({
      id: 'test:get-extension-audit-summary',
      input: { quarter: '2025-Q2' },
      credentials: mockCredentials.user(USERS.ana),
    });
    expect(output).toMatchObject({ totals: { components: 2, orphans: 0 } });
    await expect(
      registry.invoke({
        id: 'test:get-extension-audit-summary',
        input: { quarter: 'last quarter' },
        credentials: mockCredentials.user(USERS.ana),
      }),
    ).rejects.toThrow();
  });
});
