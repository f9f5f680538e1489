import { TestDatabases } from '@backstage/backend-test-utils';
import {
  migrateScorecardDatabase,
  rollbackScorecardDatabase,
} from './database';
import { SCORECARD_TABLES } from './__testUtils__/databases';

jest.setTimeout(60_000);

const TABLES = SCORECARD_TABLES;

describe('migrations', () => {
  const databases = TestDatabases.create({ ids: ['SQLITE_3', 'POSTGRES_15'] });

  it.each(databases.eachSupportedId())(
    'step up and down on %p',
    async databaseId => {
      const knex = await databases.init(databaseId);

      await migrateScorecardDatabase(knex);
      for (const table of TABLES) {
        expect(await knex.schema.hasTable(table)).toBe(true);
      }
      await knex('snapshots').insert({
        taken_at: '2025-01-01T00:00:00.000Z',
        day: '2025-01-01',
        quarter: '2025-Q1',
        trigger: 'schedule',
        component_count: 0,
        clusters: '[]',
        stale_clusters: '[]',
        summary: '{}',
      });

      expect(await knex.schema.hasColumn('snapshot_clusters', 'upgrade')).toBe(
        true,
      );

      // one step down: component states without the countdown mark
      expect(
        await knex.schema.hasColumn('component_states', 'relative_days'),
      ).toBe(true);
      await rollbackScorecardDatabase(knex);
      expect(
        await knex.schema.hasColumn('component_states', 'relative_days'),
      ).toBe(false);

      // one step down: snapshot clusters without their upgrade report
      await rollbackScorecardDatabase(knex);
      expect(await knex.schema.hasColumn('snapshot_clusters', 'upgrade')).toBe(
        false,
      );
      // forward again over the data written by the older schema: nothing lost
      await migrateScorecardDatabase(knex);
      const [{ kept }] = await knex('snapshots').count({ kept: '*' });
      expect(Number(kept)).toBe(1);
      await rollbackScorecardDatabase(knex); // the countdown mark
      await rollbackScorecardDatabase(knex); // the upgrade report

      // one step down: the list sort indexes without the tie-breaker
      await rollbackScorecardDatabase(knex);
      for (const table of TABLES) {
        expect(await knex.schema.hasTable(table)).toBe(true);
      }
      // another: the first layout, with evaluation_results and no result dedup
      await rollbackScorecardDatabase(knex);
      expect(await knex.schema.hasTable('evaluation_results')).toBe(true);
      expect(await knex.schema.hasTable('check_results')).toBe(false);
      expect(
        await knex.schema.hasColumn('component_states', 'facet_set_id'),
      ).toBe(false);
      // and down to nothing
      await rollbackScorecardDatabase(knex);
      for (const table of [...TABLES, 'evaluation_results']) {
        expect(await knex.schema.hasTable(table)).toBe(false);
      }

      await migrateScorecardDatabase(knex);
      const [{ n }] = await knex('snapshots').count({ n: '*' });
      expect(Number(n)).toBe(0);
      await knex.destroy();
    },
  );
});
