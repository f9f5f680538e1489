/**
 * "N more you may not see": through the real plugin wiring over the demo clusters,
 * the component list, team summaries, heat map and audit report count the components
 * hidden from the caller (orphans without the orphans permission, catalog entities the
 * caller may not read), never name them, and add up to what a full reader sees. Also
 * the `componentId` filter of the component list (a System's extensions).
 */
import path from 'node:path';
import { mockCredentials } from '@backstage/backend-test-utils';
import { startScorecardBackend } from '../__faults__/__testUtils__/inProcessBackend';

jest.setTimeout(120_000);

const EXAMPLES = path.resolve(__dirname, '../../../../examples');
const ORPHANS = 'extension-scorecard.orphans.read';
const CATALOG_READ = 'catalog.entity.read';
const TEAM = 'group:default/team-api-platform';

const as = (user: string) =>
  mockCredentials.user.header(`user:default/${user}`);

describe('components hidden by visibility', () => {
  let scorecard: Awaited<ReturnType<typeof startScorecardBackend>>;
  let quarter: string;
  const get = async (u: string, user: string) => {
    const response = await scorecard.api
      .get(`${scorecard.base}${u}`)
      .set('authorization', as(user));
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    scorecard = await startScorecardBackend({
      clusters: [],
      // `reader` may read but not see orphans; `outsider` may read no catalog entity
      allow: (user, permission) =>
        !(
          (user === 'user:default/reader' && permission === ORPHANS) ||
          (user === 'user:default/outsider' && permission === CATALOG_READ)
        ),
      config: {
        extensionScorecard: {
          dumps: ['prod-eu', 'staging-us'].map(name => ({
            name,
            directory: path.join(EXAMPLES, 'clusters', name),
          })),
        },
      },
    });
    await scorecard.refresh(as('hana.sato'));
    quarter = (await get('/audit/quarters', 'hana.sato')).items[0].quarter;
  });

  afterAll(() => scorecard?.stop());

  it('hides nothing from a caller who may see everything', async () => {
    expect((await get('/components', 'hana.sato')).hiddenByVisibility).toBe(0);
    expect(
      (await get('/summaries/teams', 'hana.sato')).hiddenByVisibility,
    ).toBe(0);
    expect(
      (await get('/summaries/heatmap', 'hana.sato')).hiddenByVisibility,
    ).toBe(0);
    expect(
      (await get(`/audit/${quarter}`, 'hana.sato')).hiddenByVisibility,
    ).toBe(0);
  });

  it('counts the orphans hidden from a reader without the orphans permission, without naming them', async () => {
    const all = await get('/components?limit=200', 'hana.sato');
    const orphans = all.items.filter((c: { orphan: boolean }) => c.orphan);
    expect(orphans.length).toBeGreaterThan(0);

    const list = await get('/components?limit=200', 'reader');
    expect(list.hiddenByVisibility).toBe(orphans.length);
    expect(list.total + list.hiddenByVisibility).toBe(all.total);
    const body = JSON.stringify(list);
    for (const orphan of orphans) {
      expect(body).not.toContain(orphan.componentId);
    }

    // a filter narrows the count: none of a team's components is an orphan
    const team = await get(
      `/components?owner=${encodeURIComponent(TEAM)}`,
      'reader',
    );
    expect(team.hiddenByVisibility).toBe(0);
    expect(
      (await get('/components?orphan=true', 'reader')).hiddenByVisibility,
    ).toBe(orphans.length);

    const teams = await get('/summaries/teams', 'reader');
    expect(teams.hiddenByVisibility).toBe(orphans.length);
    expect(teams.items.some((t: { owner: string | null }) => !t.owner)).toBe(
      false,
    );
    expect(
      (
        await get(
          `/summaries/teams?owner=${encodeURIComponent(TEAM)}`,
          'reader',
        )
      ).hiddenByVisibility,
    ).toBe(0);

    const heatmap = await get('/summaries/heatmap', 'reader');
    expect(heatmap.hiddenByVisibility).toBe(orphans.length);
    const mapped = heatmap.kinds.reduce(
      (sum: number, k: { components: number }) => sum + k.components,
      0,
    );
    expect(mapped + heatmap.hiddenByVisibility).toBe(all.total);
  });

  it('says how many components the audit report leaves out for the reader', async () => {
    const full = await get(`/audit/${quarter}`, 'hana.sato');
    const report = await get(`/audit/${quarter}`, 'reader');
    expect(full.orphans.length).toBeGreaterThan(0);
    expect(report.orphans).toEqual([]);
    expect(report.hiddenByVisibility).toBe(full.orphans.length);
    expect(report.totals.components + report.hiddenByVisibility).toBe(
      full.totals.components,
    );
  });

  it('counts catalog components hidden from a caller who may read no entity', async () => {
    const all = await get('/components?limit=200', 'hana.sato');
    const linked = all.items.filter(
      (c: { orphan: boolean }) => !c.orphan,
    ).length;
    const list = await get('/components?limit=200', 'outsider');
    expect(list.hiddenByVisibility).toBe(linked);
    expect(list.items.every((c: { orphan: boolean }) => c.orphan)).toBe(true);
    const team = await get(
      `/summaries/teams?owner=${encodeURIComponent(TEAM)}`,
      'outsider',
    );
    expect(team.items).toEqual([]);
    expect(team.hiddenByVisibility).toBe(
      all.items.filter((c: { owner: string | null }) => c.owner === TEAM)
        .length,
    );
  });

  it('lists only the components asked for by id', async () => {
    const all = await get('/components?limit=200', 'hana.sato');
    const [first, second] = all.items
      .filter((c: { orphan: boolean }) => !c.orphan)
      .map((c: { componentId: string }) => c.componentId);
    const list = await get(
      `/components?componentId=${encodeURIComponent(
        first,
      )}&componentId=${encodeURIComponent(
        second,
      )}&componentId=${encodeURIComponent(
        'component:default/not-an-extension',
      )}`,
      'hana.sato',
    );
    expect(
      list.items.map((c: { componentId: string }) => c.componentId).sort(),
    ).toEqual([first, second].sort());
  });
});
