import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import { ConfigReader } from '@backstage/config';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { EXTENSION_KINDS } from '@extension-scorecard/plugin-extension-scorecard-common';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readChecksConfig } from '../checks';
import { checkDefinitions } from '../service/checkCatalogue';
import { readCatalogFiles } from '../collect/catalog';
import { readClusterDump } from '../collect/dumps';
import { createScorecardStores, type ScorecardStores } from '../store';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from '../store/__testUtils__/databases';
import { ScorecardAccess } from '../service/access';
import { readInitialCampaigns } from '../service/campaignConfig';
import { CampaignService } from '../service/CampaignService';
import { ScorecardService } from '../service/ScorecardService';
import { assembleSnapshot } from './assembleSnapshot';
import {
  historyImporter,
  importHistory,
  readHistoryImports,
  type HistoryReading,
} from './importHistory';

jest.setTimeout(180_000);

const REPO = path.resolve(__dirname, '../../../..');
const EXAMPLES = path.join(REPO, 'examples');
const DAY = 86_400_000;

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'scorecard-history-'));
}

function write(dir: string, file: string, text: string) {
  fs.writeFileSync(path.join(dir, file), text);
  return path.join(dir, file);
}

const configOf = (...files: string[]) =>
  new ConfigReader({
    extensionScorecard: { history: { importFiles: files } },
  });

describe('readHistoryImports', () => {
  const now = new Date('2026-12-05T08:00:00Z');
  let dir: string;

  beforeEach(() => {
    dir = tempDir();
    for (const d of ['old/prod', 'old/staging', 'new/prod']) {
      fs.mkdirSync(path.join(dir, d), { recursive: true });
    }
  });

  it('reads the readings oldest first, dump directories from the file', async () => {
    const file = write(
      dir,
      'history.yaml',
      [
        '- takenAt: 2026-11-28T08:00:00Z',
        '  dumps: [{ name: prod, directory: new/prod }]',
        '- takenAt: 2026-11-21T08:00:00.000Z',
        '  dumps:',
        '    - { name: prod, directory: old/prod }',
        '    - { name: staging, directory: old/staging }',
      ].join('\n'),
    );
    const readings = await readHistoryImports(configOf(file), now);
    expect(readings).toEqual([
      {
        takenAt: '2026-11-21T08:00:00.000Z',
        dumps: [
          { name: 'prod', directory: path.join(dir, 'old/prod') },
          { name: 'staging', directory: path.join(dir, 'old/staging') },
        ],
        source: `${file}[1]`,
      },
      {
        takenAt: '2026-11-28T08:00:00.000Z',
        dumps: [{ name: 'prod', directory: path.join(dir, 'new/prod') }],
        source: `${file}[0]`,
      },
    ]);
    expect(await readHistoryImports(new ConfigReader({}), now)).toEqual([]);
  });

  it.each([
    ['a map', 'takenAt: 2026-11-21T08:00:00Z', /must hold a YAML list/],
    [
      'a date without time',
      '- { takenAt: 2026-11-21, dumps: [{ name: prod, directory: old/prod }] }',
      /\[0\]: takenAt must be an RFC 3339 date-time, got "2026-11-21"/,
    ],
    [
      'a reading in the future',
      '- { takenAt: "2026-12-06T00:00:00Z", dumps: [{ name: prod, directory: old/prod }] }',
      /\[0\]: takenAt 2026-12-06T00:00:00Z is in the future/,
    ],
    [
      'no dumps',
      '- { takenAt: "2026-11-21T08:00:00Z", dumps: [] }',
      /dumps must be a non-empty list/,
    ],
    [
      'a dump without directory',
      '- { takenAt: "2026-11-21T08:00:00Z", dumps: [{ name: prod }] }',
      /dumps\[0\] must have a name and a directory/,
    ],
    [
      'a cluster twice',
      '- { takenAt: "2026-11-21T08:00:00Z", dumps: [{ name: prod, directory: old/prod }, { name: prod, directory: new/prod }] }',
      /dumps\[1\]: cluster prod is listed twice/,
    ],
    [
      'a missing directory',
      '- { takenAt: "2026-11-21T08:00:00Z", dumps: [{ name: prod, directory: gone/prod }] }',
      /dumps\[0\]: .*gone\/prod is not a directory/,
    ],
    [
      'two readings at one time',
      [
        '- { takenAt: "2026-11-21T08:00:00Z", dumps: [{ name: prod, directory: old/prod }] }',
        '- { takenAt: "2026-11-21T08:00:00.000Z", dumps: [{ name: prod, directory: new/prod }] }',
      ].join('\n'),
      /\[1\]: another reading .*\[0\]\) is at the same time/,
    ],
  ])('refuses %s with a message naming the item', async (_, text, message) => {
    const file = write(dir, 'history.yaml', text);
    await expect(readHistoryImports(configOf(file), now)).rejects.toThrow(
      message,
    );
  });

  it('names a file it cannot read', async () => {
    await expect(
      readHistoryImports(configOf(path.join(dir, 'none.yaml')), now),
    ).rejects.toThrow(
      /Cannot read .*none\.yaml \(extensionScorecard\.history\.importFiles\)/,
    );
  });
});

/**
 * The demo's history (examples/history.yaml) imported as the demo's first start does,
 * then the first collection's snapshot. The burn-downs below are read by hand off
 * examples/history.yaml and today's verdicts of the demo (examples/README.md):
 *
 * "Two replicas and a PodDisruptionBudget" (9 production components of the platform
 * group's teams; today cert-manager, cert-manager-webhook, ebs-csi-driver and
 * gatekeeper pass both checks): cert-manager-webhook had one replica in staging-us
 * until 33 days ago, ebs-csi-driver no PodDisruptionBudget until 20 days ago,
 * gatekeeper one replica until 9 days ago. So done 1, 1, 2, 2, 3, 4, 4, 4, 4 at the
 * readings of 42, 35, 28, 21, 14, 7, 3 and 1 days ago and today.
 *
 * "Scope admission webhooks out of kube-system" (started 7 days ago; the 5 admission
 * webhooks, the unowned Vault injector among them; today podpreset-webhook and Vault's
 * pass): podpreset-webhook failed closed until 4 days ago. So done 1, 2, 2, 2 at 7, 3
 * and 1 days ago and today.
 */
const databases = scorecardTestDatabases();

/** The groups' parentOf and childOf relations, as the catalog's processing adds them. */
function withGroupRelations(entities: Entity[]): Entity[] {
  const ref = (name: string) => `group:default/${name}`;
  return entities.map(entity => {
    if (entity.kind !== 'Group') return entity;
    const spec = entity.spec as { parent?: string; children?: string[] };
    return {
      ...entity,
      relations: [
        ...(spec.parent
          ? [{ type: 'childOf', targetRef: ref(spec.parent) }]
          : []),
        ...(spec.children ?? []).map(child => ({
          type: 'parentOf',
          targetRef: ref(child),
        })),
      ],
    };
  });
}

describe.each(databases.ids)('the demo history imported on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);
  let demo: string;
  let stores: ScorecardStores;

  beforeAll(() => {
    demo = tempDir();
    execFileSync(
      process.execPath,
      [path.join(EXAMPLES, 'scripts', 'prepare-demo.mjs'), demo],
      { cwd: REPO, stdio: 'pipe' },
    );
  });

  afterAll(() => fs.rmSync(demo, { recursive: true, force: true }));

  async function setUp() {
    stores = createScorecardStores(database.get());
    const entities = await readCatalogFiles([
      path.join(EXAMPLES, 'org.yaml'),
      path.join(EXAMPLES, 'entities.yaml'),
    ]);
    const catalog = catalogServiceMock({
      entities: withGroupRelations(entities),
    });
    const checksConfig = readChecksConfig(new ConfigReader({}));
    const access = new ScorecardAccess({
      permissions: mockServices.permissions(),
      catalog,
      auth: mockServices.auth(),
      knownComponentIds: () => stores.components.catalogComponentIds(),
    });
    const definitions = checkDefinitions(checksConfig);
    const reads = new ScorecardService({
      stores,
      access,
      checks: () => definitions,
      clusters: () => [
        { name: 'prod-eu', type: 'dump' as const },
        { name: 'staging-us', type: 'dump' as const },
      ],
    });
    const campaigns = new CampaignService({
      stores,
      access,
      reads,
      checks: () => definitions,
      kinds: () => EXTENSION_KINDS,
      onVerdictsChanged: () => {},
    });
    const logger = mockServices.logger.mock();
    await campaigns.seed(
      await readInitialCampaigns(
        new ConfigReader({
          extensionScorecard: {
            campaigns: { initialFiles: [path.join(demo, 'campaigns.yaml')] },
          },
        }),
      ),
      logger,
    );
    const deps = {
      stores,
      catalog,
      auth: mockServices.auth(),
      logger,
      checksConfig,
      clusterNames: () => ['prod-eu', 'staging-us'],
      retention: { keepAllHours: 48, dailyDays: 90 },
      teamsBelow: (team: string) => access.groupWithDescendants(team),
    };
    const readings = await readHistoryImports(
      configOf(path.join(demo, 'history.yaml')),
    );
    return { deps, readings, campaigns, logger };
  }

  /** The first collection's snapshot: today's demo clusters. */
  async function collectToday(deps: Awaited<ReturnType<typeof setUp>>['deps']) {
    const now = new Date();
    const collections = await Promise.all(
      ['prod-eu', 'staging-us'].map(name =>
        readClusterDump({ name, directory: path.join(demo, name) }),
      ),
    );
    return assembleSnapshot(deps, {
      trigger: 'startup',
      refreshId: null,
      now,
      collections,
    });
  }

  it('takes each reading as a snapshot at its time, and the burn-downs count them', async () => {
    const { deps, readings, campaigns } = await setUp();
    const ages = readings.map(r =>
      Math.round((Date.now() - Date.parse(r.takenAt)) / DAY),
    );
    expect(ages).toEqual([42, 35, 28, 21, 14, 7, 3, 1]);

    const imported = await importHistory(deps, readings);
    expect(imported.map(s => s.takenAt)).toEqual(readings.map(r => r.takenAt));
    await collectToday(deps);

    const listed = await stores.snapshots.listSnapshots({
      offset: 0,
      limit: 20,
    });
    expect(listed.total).toBe(9);
    expect(
      listed.items.map(s => s.trigger).sort((a, b) => a.localeCompare(b)),
    ).toEqual([...Array(8).fill('import'), 'startup']);

    const user = mockCredentials.user('user:default/guest');
    const pdb = await campaigns.get(user, 'replicas-and-pdb-in-production');
    expect(
      pdb.burndown.map(p => [p.inScope, p.done, p.waived, p.open]),
    ).toEqual([1, 1, 2, 2, 3, 4, 4, 4, 4].map(done => [9, done, 0, 9 - done]));
    expect(pdb.campaign.progress).toMatchObject({
      inScope: 9,
      done: 4,
      open: 5,
    });

    const webhooks = await campaigns.get(user, 'webhooks-out-of-kube-system');
    expect(webhooks.burndown.map(p => [p.inScope, p.done, p.open])).toEqual([
      [5, 1, 4],
      [5, 2, 3],
      [5, 2, 3],
      [5, 2, 3],
    ]);
  });

  it('imports nothing into a database that holds snapshots, and runs once', async () => {
    const { deps, readings, logger } = await setUp();
    await collectToday(deps);
    expect(await importHistory(deps, readings)).toEqual([]);
    expect(logger.info).toHaveBeenCalledWith(
      expect.stringMatching(/history import skipped/),
    );

    const once = historyImporter(deps, readings);
    await Promise.all([once(), once()]);
    const { total } = await stores.snapshots.listSnapshots({
      offset: 0,
      limit: 1,
    });
    expect(total).toBe(1);
  });

  it('logs a failed import and lets the collection go on', async () => {
    const { deps, logger } = await setUp();
    const broken: HistoryReading[] = [
      {
        takenAt: new Date(Date.now() - DAY).toISOString(),
        dumps: [{ name: 'prod-eu', directory: path.join(demo, 'prod-eu') }],
        source: 'test',
      },
    ];
    const failing = {
      ...deps,
      catalog: {
        ...deps.catalog,
        getEntities: async () => {
          throw new Error('catalog unavailable');
        },
      } as typeof deps.catalog,
    };
    await historyImporter(failing, broken)();
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringMatching(/history import failed: .*catalog unavailable/),
    );
  });
});
