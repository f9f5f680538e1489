import path from 'node:path';
import { readCatalogFiles } from '../collect/catalog';
import { buildInventory } from '../inventory/buildInventory';
import type { Inventory } from '../inventory/model';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from '../store/__testUtils__/databases';
import { scorecard } from '../store/__testUtils__/scorecards';
import { createScorecardStores } from '../store';
import { FULL_VISIBILITY } from '../store/types';
import { snapshotInput } from './assembleSnapshot';
import { designRecordOf } from './designRecord';

jest.setTimeout(60_000);

const EXAMPLES = path.resolve(__dirname, '../../../../examples');
const NOW = new Date('2026-04-20T08:00:00Z');
const KYVERNO = 'component:default/kyverno';
const CERT_MANAGER = 'component:default/cert-manager';

/** The demo catalog, as the inventory parses it (no cluster needed for spec.extension). */
async function demoInventory(): Promise<Inventory> {
  const entities = await readCatalogFiles([
    path.join(EXAMPLES, 'org.yaml'),
    path.join(EXAMPLES, 'entities.yaml'),
  ]);
  return buildInventory({ clusters: [], entities, now: NOW });
}

describe('designRecordOf', () => {
  let inventory: Inventory;
  beforeAll(async () => {
    inventory = await demoInventory();
  });
  const byId = (id: string) => inventory.components.find(c => c.id === id);

  it("keeps the team's answers and leaves unanswered questions out", () => {
    const record = designRecordOf(byId(KYVERNO));
    expect(record).toEqual({
      path: 'sync-api',
      failureImpact: expect.stringMatching(
        /^validate\.kyverno\.svc-fail and mutate\.kyverno\.svc-fail fail closed/,
      ),
      observability: expect.stringContaining(
        'kyverno_admission_requests_total',
      ),
      rollout: expect.stringContaining('Audit mode before Enforce'),
      responsibilities: {
        certificates: 'group:default/team-security',
        rbac: 'group:default/team-security',
        upgrades: 'group:default/team-security',
      },
      kubernetesVersions: '>=1.30.0 <1.35.0',
      supportEnds: '2028-01-31',
    });
    // question 1 is not answered in the catalog: absent, not an empty string
    expect(record).not.toHaveProperty('whyNotBuiltIn');
  });

  it('names every responsibility a complete record declares', () => {
    expect(designRecordOf(byId(CERT_MANAGER))?.responsibilities).toEqual({
      certificates: 'group:default/team-security',
      rbac: 'group:default/team-security',
      capacity: 'group:default/team-security',
      upgrades: 'group:default/team-security',
      retirement: 'group:default/team-security',
    });
  });

  it('is null without a catalog entity or a spec.extension block', () => {
    expect(designRecordOf(undefined)).toBeNull();
    const kyverno = byId(KYVERNO)!;
    expect(
      designRecordOf({
        ...kyverno,
        catalog: { ...kyverno.catalog!, descriptor: null },
      }),
    ).toBeNull();
    expect(designRecordOf({ ...byId(KYVERNO)!, catalog: null })).toBeNull();
  });
});

describe('the design record in a snapshot', () => {
  const databases = scorecardTestDatabases();

  describe.each(databases.ids)('on %p', databaseId => {
    const database = useMigratedDatabase(databases, databaseId);

    it('is stored with the evaluation and read back with the component', async () => {
      const inventory = await demoInventory();
      const stores = createScorecardStores(database.get());
      const input = snapshotInput(
        inventory,
        [
          scorecard(KYVERNO),
          scorecard('orphan:prod/ValidatingWebhookConfiguration/stray'),
        ],
        { takenAt: NOW.toISOString(), trigger: 'schedule', refreshId: null },
      );
      await stores.snapshotWriter.writeSnapshot(input);
      const snapshot = (await stores.snapshots.latestSnapshot())!;

      const kyverno = await stores.components.getComponent(
        snapshot,
        KYVERNO,
        FULL_VISIBILITY,
      );
      expect(kyverno?.evaluation.designRecord).toEqual(
        designRecordOf(inventory.components.find(c => c.id === KYVERNO)),
      );
      expect(kyverno?.evaluation.designRecord?.failureImpact).toMatch(
        /fail closed/,
      );
      const orphan = await stores.components.getComponent(
        snapshot,
        'orphan:prod/ValidatingWebhookConfiguration/stray',
        FULL_VISIBILITY,
      );
      expect(orphan?.evaluation.designRecord).toBeUndefined();
    });
  });
});
