import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from '../store/__testUtils__/databases';
import { as, createTestApi, USERS } from './__testUtils__/scorecardApi';
import { readInitialSavedFilters } from './savedFilterConfig';
import { parseInitialCampaign } from './campaignConfig';
import { SavedFilterService } from './SavedFilterService';
import request from 'supertest';

jest.setTimeout(120_000);

const config = (initial: any) =>
  new ConfigReader({ extensionScorecard: { savedFilters: { initial } } });

const PROD_ADMISSION = {
  id: 'admission-in-production',
  name: 'Admission in production',
  description: 'Admission webhooks and policies of production extensions',
  filters: {
    kind: ['admission-webhook', 'admission-policy'],
    lifecycle: ['production'],
  },
};

/** A configured campaign whose scope names PROD_ADMISSION. */
const ADMISSION_CAMPAIGN = {
  id: 'admission-timeouts',
  title: 'Admission webhooks time out within 10 s',
  goal: { checks: ['webhook.timeout'] },
  scope: { savedFilter: 'admission-in-production' },
  startsAt: '2025-04-01T00:00:00Z',
  deadline: '2025-06-30T00:00:00Z',
};

describe('saved filters of the configuration', () => {
  it('reads them, and none when the key is absent', () => {
    expect(readInitialSavedFilters(new ConfigReader({}))).toEqual([]);
    expect(
      readInitialSavedFilters(
        config([
          PROD_ADMISSION,
          {
            id: 'failing-availability',
            name: 'Failing availability',
            filters: { failingDimension: ['availability'], orphan: false },
          },
        ]),
      ),
    ).toEqual([
      PROD_ADMISSION,
      {
        id: 'failing-availability',
        name: 'Failing availability',
        description: '',
        filters: { failingDimension: ['availability'], orphan: false },
      },
    ]);
  });

  it('refuses a definition that does not hold together, naming where and why', () => {
    const at = 'extensionScorecard.savedFilters.initial[0]';
    for (const [definition, message] of [
      ['prod', 'expected an object'],
      [{ ...PROD_ADMISSION, id: 'Prod Admission' }, 'id must be lower-case'],
      [{ ...PROD_ADMISSION, name: 3 }, 'name must be text'],
      [{ ...PROD_ADMISSION, colour: 'red' }, 'unknown fields colour'],
      [{ ...PROD_ADMISSION, filters: ['csi'] }, 'filters must be an object'],
      [
        { ...PROD_ADMISSION, filters: { kind: ['teapot'] } },
        'filters.kind must be a list of crd-controller',
      ],
      [
        { ...PROD_ADMISSION, filters: { level: ['2'] } },
        'filters.level must be a list of 0, 1, 2, 3',
      ],
      [
        { ...PROD_ADMISSION, filters: { status: 'broken' } },
        'filters.status must be one of pass',
      ],
      [
        { ...PROD_ADMISSION, filters: { orphan: 'yes' } },
        'filters.orphan must be true or false',
      ],
      [
        { ...PROD_ADMISSION, filters: { owner: [''] } },
        'filters.owner must be a list of names',
      ],
      [
        { ...PROD_ADMISSION, filters: { colour: ['red'] } },
        'unknown filter colour',
      ],
    ] as const) {
      expect(() => readInitialSavedFilters(config([definition]))).toThrow(
        `Invalid saved filter at ${at}: ${message}`,
      );
    }
    expect(() =>
      readInitialSavedFilters(
        config([
          PROD_ADMISSION,
          {
            ...PROD_ADMISSION,
            id: 'another',
            name: ' admission IN production',
          },
        ]),
      ),
    ).toThrow(/name admission in production is configured twice/);
  });

  it('lets a configured campaign name a saved filter, and nothing else than its id', () => {
    const campaign = ADMISSION_CAMPAIGN;
    expect(parseInitialCampaign(campaign, 'here').scope).toEqual({
      savedFilter: 'admission-in-production',
    });
    expect(() =>
      parseInitialCampaign(
        { ...campaign, scope: { savedFilter: ['admission-in-production'] } },
        'here',
      ),
    ).toThrow('scope.savedFilter must be the id of a saved filter');
  });
});

describe.each(scorecardTestDatabases().ids)(
  'seeding saved filters on %p',
  databaseId => {
    const databases = scorecardTestDatabases();
    const database = useMigratedDatabase(databases, databaseId);

    async function setUp() {
      const api = await createTestApi(database.get(), {
        now: () => new Date('2025-05-02T00:00:00.000Z'),
      });
      const service = new SavedFilterService({
        stores: api.stores,
        access: api.access,
        reads: api.reads,
      });
      return { api, service, logger: mockServices.logger.mock() };
    }

    it('creates each once, keeps one deleted since deleted, and skips a name a user took', async () => {
      const { api, service, logger } = await setUp();
      const taken = await request(api.app)
        .post('/saved-filters')
        .set('Authorization', as(USERS.bob))
        .send({ name: 'Node agents', filters: { kind: ['cni'] } });
      expect(taken.status).toBe(201);
      const definitions = readInitialSavedFilters(
        config([
          PROD_ADMISSION,
          {
            id: 'node-agents',
            name: 'node agents',
            filters: { kind: ['csi'] },
          },
        ]),
      );
      expect(await service.seed(definitions, logger)).toEqual([
        'admission-in-production',
      ]);
      expect(logger.warn).toHaveBeenCalledWith(
        expect.stringContaining(
          `saved filter 'node-agents' of the configuration not created: A saved filter is named "Node agents" already`,
        ),
      );
      const stored = await api.stores.savedFilters.get(
        'admission-in-production',
      );
      expect(stored).toMatchObject({
        name: 'Admission in production',
        createdBy: 'extension-scorecard:config',
        filters: PROD_ADMISSION.filters,
      });
      // a second start creates nothing
      expect(await service.seed(definitions, logger)).toEqual([]);
      // deleted through the API (as a campaign manager), it stays deleted
      const deleted = await request(api.app)
        .delete('/saved-filters/admission-in-production')
        .set('Authorization', as(USERS.carla));
      expect(deleted.status).toBe(204);
      expect(await service.seed(definitions, logger)).toEqual([]);
      expect(
        await api.stores.savedFilters.get('admission-in-production'),
      ).toBeUndefined();
    });

    it('stops the start on a definition the API would refuse', async () => {
      const { service, logger } = await setUp();
      await expect(
        service.seed(
          [
            {
              id: 'nothing',
              name: 'Nothing at all',
              description: '',
              filters: {},
            },
          ],
          logger,
        ),
      ).rejects.toThrow(
        "Invalid saved filter 'nothing' in extensionScorecard.savedFilters: filters must hold at least one filter",
      );
    });

    it('seeds before the campaigns, whose scope may name one', async () => {
      const { api, service, logger } = await setUp();
      await service.seed(
        readInitialSavedFilters(config([PROD_ADMISSION])),
        logger,
      );
      const created = await api.campaigns.seed(
        [parseInitialCampaign(ADMISSION_CAMPAIGN, 'here')],
        logger,
      );
      expect(created).toEqual(['admission-timeouts']);
      const listed = await request(api.app)
        .get('/saved-filters')
        .set('Authorization', as(USERS.ana));
      expect(listed.body.items[0]).toMatchObject({
        id: 'admission-in-production',
        campaigns: ['admission-timeouts'],
      });
    });
  },
);
