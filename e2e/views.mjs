/**
 * Every view of the plugin at the window sizes people read it in (1440 × 900 and
 * 1280 × 720), in the light and the dark theme: axe-core finds no violation in the
 * plugin's own DOM, nothing of the plugin sticks out of the window or is cut off by
 * a card that does not scroll, the platform
 * page's component table fits its card at 1440, and the README screenshots are taken.
 *
 * Each view scenario checks everything before it fails, and fails with one line per
 * problem (theme, window, rule id, count, targets). Violations of the app's chrome
 * (sidebar, catalog header) are returned as notes, never hidden among the plugin's.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describeViolations, scanAccessibility } from './lib/axe.mjs';
import { clippedTables, outOfWindow, tableFit } from './lib/layout.mjs';
import { settled } from './scenarios.mjs';

const SCORECARD = '/api/extension-scorecard';

export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

/** The app's themes, as core's AppThemeSelector keeps the choice in localStorage. */
export const THEMES = ['light', 'dark'];
const THEME_KEY = 'theme';

const REGION = view => `[data-extension-scorecard="${view}"]`;

/** The views, where they are, when they have loaded, and their screenshot. */
export const VIEWS = {
  platform: {
    title: 'platform page',
    path: '/extension-scorecard',
    region: 'page',
    screenshot: 'platform-page',
    mainTable: 'table[aria-label="Extension components"]',
    ready: async page => {
      await page.locator('[data-testid^="heatmap-cell-"]').first().waitFor();
      await page.getByTestId('component-row').first().waitFor();
    },
  },
  entityTab: {
    title: 'entity tab (kyverno)',
    path: '/catalog/default/component/kyverno/extension-scorecard',
    region: 'component-tab',
    screenshot: 'entity-tab',
    ready: async page => {
      await page.getByText('Checks by dimension').waitFor({ timeout: 90_000 });
      await page.getByText('Blast radius').first().waitFor();
    },
  },
  teamView: {
    title: 'team view (team-security)',
    path: '/catalog/default/group/team-security/extension-scorecard',
    region: 'team-tab',
    screenshot: 'team-view',
    ready: async page => {
      await page.getByTestId('component-row').first().waitFor({
        timeout: 90_000,
      });
    },
  },
  parentGroup: {
    title: 'team view of the parent group (platform)',
    path: '/catalog/default/group/platform/extension-scorecard',
    region: 'team-tab',
    screenshot: 'team-view-rollup',
    ready: async page => {
      await page
        .locator(
          `${REGION('team-tab')} h1, ${REGION('team-tab')} h2, ${REGION(
            'team-tab',
          )} h3, ${REGION('team-tab')} [data-testid="component-row"]`,
        )
        .first()
        .waitFor({ timeout: 90_000 });
    },
  },
  teamCard: {
    title: 'team card (team-security overview)',
    path: '/catalog/default/group/team-security',
    region: 'team-card',
    ready: async page => {
      await page
        .locator(REGION('team-card'))
        .getByText('Furthest from the next level')
        .waitFor({ timeout: 90_000 });
    },
  },
  campaigns: {
    title: 'campaigns tab',
    path: '/extension-scorecard/campaigns',
    region: 'page',
    ready: async page => {
      await page
        .getByTestId('campaign-row')
        .first()
        .waitFor({ timeout: 90_000 });
    },
  },
  campaign: {
    title: 'one campaign (replicas and PDBs)',
    path: '/extension-scorecard/campaigns/replicas-and-pdb-in-production',
    region: 'page',
    ready: async page => {
      await page.getByTestId('campaign-burndown').waitFor({ timeout: 90_000 });
      await page.getByTestId('campaign-item').first().waitFor();
    },
  },
  audit: {
    title: 'audit page',
    path: '/extension-scorecard/audit',
    region: 'page',
    screenshot: 'audit-page',
    // the figures by team and by kind and the lists fit the page at 1440 px
    mainTable: `${REGION('page')} table:has(> thead th)`,
    ready: async page => {
      await page.getByText('Quarterly audit').waitFor();
      await page.getByText(/^Levels at the end of \d{4}-Q[1-4]$/).waitFor();
    },
  },
};

/** Sets the theme the way the user settings' switch does, and reloads into it. */
async function useTheme(page, theme) {
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [THEME_KEY, theme],
  );
}

/** The screenshot of a view: the top of the page in a tall window. */
async function screenshot(page, dir, name) {
  const path = join(dir, `${name}.png`);
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1440, height: 1500 });
  await page.waitForTimeout(300); // let charts re-measure
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
  return path;
}

/**
 * Opens one view in both themes and both window sizes; collects every problem, then
 * fails with all of them. Returns the axe notes about the app's chrome and what was
 * measured.
 */
export async function checkView(key, { page, portal, screenshots }) {
  const view = VIEWS[key];
  const problems = [];
  const chrome = [];
  const measured = [];
  const shots = [];
  const original = page.viewportSize();
  try {
    for (const theme of THEMES) {
      await page.goto(`${portal.appUrl}${view.path}`);
      await useTheme(page, theme);
      await page.setViewportSize(VIEWPORTS[0]);
      await page.reload();
      await view.ready(page);
      await settled(page);
      const mode = await page.evaluate(() => document.body.dataset.themeMode);
      if (mode !== theme) {
        problems.push(`${theme}: the page is in the ${mode} theme`);
      }
      for (const viewport of VIEWPORTS) {
        const where = `${theme} ${viewport.width}×${viewport.height}`;
        await page.setViewportSize(viewport);
        await page.waitForTimeout(300); // let tables and charts re-measure

        const scan = await scanAccessibility(page);
        for (const line of describeViolations(scan.plugin)) {
          problems.push(`${where} axe: ${line}`);
        }
        for (const line of describeViolations(scan.chrome, { targets: 2 })) {
          if (!chrome.includes(line)) chrome.push(line);
        }

        const layout = await outOfWindow(page, REGION(view.region));
        if (layout.total > 0) {
          problems.push(
            `${where} layout: ${
              layout.total
            } element(s) of the plugin reach past the ${
              layout.windowWidth
            } px window where nothing scrolls them: ${layout.elements
              .map(e => `${e.element} (right edge ${e.right} px)`)
              .join('; ')}`,
          );
        }
        for (const table of await clippedTables(page, REGION(view.region))) {
          problems.push(
            `${where} layout: the table ${table} by a container that does not scroll`,
          );
        }
        const entry = {
          where,
          pluginViolations: scan.plugin.reduce((n, v) => n + v.count, 0),
          chromeViolations: scan.chrome.reduce((n, v) => n + v.count, 0),
          documentOverflow: layout.documentOverflow,
        };
        if (view.mainTable && viewport.width === 1440) {
          // every table the selector matches (the audit page has several)
          entry.mainTable = [];
          for (const table of await page.locator(view.mainTable).all()) {
            const fit = await tableFit(table);
            entry.mainTable.push(fit);
            if (fit.overflow > 1) {
              problems.push(
                `${where} layout: ${fit.label ?? 'the main table'} is ${
                  fit.tableWidth
                } px wide in a ${fit.containerWidth} px container (scrolls ${
                  fit.overflow
                } px sideways)`,
              );
            }
          }
        }
        measured.push(entry);
      }
      if (view.screenshot) {
        const name =
          theme === 'dark' ? `${view.screenshot}-dark` : view.screenshot;
        shots.push(await screenshot(page, screenshots, name));
      }
    }
  } finally {
    await page.evaluate(key => localStorage.removeItem(key), THEME_KEY);
    await page.setViewportSize(original);
  }
  if (problems.length > 0) {
    const error = new Error(
      `${view.title}: ${problems.length} problem(s)\n${problems.join('\n')}${
        chrome.length
          ? `\n(app chrome, not the plugin's: ${chrome.join('; ')})`
          : ''
      }`,
    );
    throw error;
  }
  return { measured, chromeViolations: chrome, screenshots: shots };
}

/** Components (distinct ids) a group and its descendants own, as the guest sees them. */
async function ownedByDescendants(portal, groupRef) {
  const [, namespace, name] = /^group:([^/]+)\/(.+)$/.exec(groupRef);
  const group = await portal.apiJson(
    `/api/catalog/entities/by-name/group/${namespace}/${name}`,
  );
  const ids = new Set();
  const { items } = await portal.apiJson(
    `${SCORECARD}/components?owner=${encodeURIComponent(groupRef)}&limit=100`,
  );
  for (const item of items) ids.add(item.componentId);
  for (const child of group.spec?.children ?? []) {
    const childRef = child.includes(':')
      ? child
      : `group:${namespace}/${child}`;
    for (const id of await ownedByDescendants(portal, childRef)) ids.add(id);
  }
  return ids;
}

/**
 * The parent group (Platform Engineering) rolls up what its child teams own: one row
 * per extension of the group and its descendants, no "owns no extension" message.
 */
export async function parentGroupRollup({ page, portal }) {
  const expected = await ownedByDescendants(portal, 'group:default/platform');
  assert.ok(expected.size > 0, 'the child teams of platform own extensions');
  await page.goto(`${portal.appUrl}${VIEWS.parentGroup.path}`);
  await VIEWS.parentGroup.ready(page);
  await settled(page);
  const region = page.locator(REGION('team-tab'));
  const empty = await region.getByText(/owns no extension/).count();
  const rows = region.getByTestId('component-row');
  const count = await rows.count();
  assert.equal(
    empty,
    0,
    `the parent group says it owns no extension (its child teams own ${expected.size})`,
  );
  assert.equal(
    count,
    expected.size,
    'one row per extension of the group and its child teams',
  );
  return { rows: count };
}
