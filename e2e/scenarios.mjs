/**
 * The browser scenarios: what a platform engineer, an extension owner, a team lead and
 * an auditor do in the portal. Each returns details for the report or throws.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvRecords } from './lib/csv.mjs';

const SCORECARD = '/api/extension-scorecard';

/**
 * The top of the page in a tall viewport: what a reader sees first, at a readable size
 * (Backstage pages scroll inside their content area, so a full-page capture would not
 * show more anyway).
 */
async function screenshot(page, dir, name) {
  const path = join(dir, `${name}.png`);
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1440, height: 1500 });
  await page.waitForTimeout(300); // let charts re-measure
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
  return path;
}

/** Waits until no progress bar is left on the page (data arrived). */
async function settled(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .locator('[data-testid="progress"]')
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => {});
}

export async function signIn({ page, portal }) {
  await page.goto(`${portal.appUrl}/extension-scorecard`);
  const enter = page.getByRole('button', { name: /enter/i });
  await enter.waitFor({ timeout: 180_000 });
  await enter.click();
  const navItem = page
    .locator('nav')
    .getByRole('link', { name: 'Extension Scorecard' });
  await navItem.waitFor({ timeout: 60_000 });
  return { navItem: await navItem.getAttribute('href') };
}

export async function platformPage({ page, portal, screenshots }) {
  await page.goto(`${portal.appUrl}/extension-scorecard`);
  await page.getByText('Kind × dimension').waitFor();
  await page.locator('[data-testid^="heatmap-cell-"]').first().waitFor();
  await page.getByTestId('component-row').first().waitFor();
  await settled(page);
  const snapshotLine = await page
    .getByText(/Last snapshot/)
    .first()
    .textContent();
  const rows = await page.getByTestId('component-row').count();
  // The guest sees what the API gives the guest (orphans only go to the admin group).
  const visible = await portal.apiJson(`${SCORECARD}/components?limit=1`);
  assert.ok(rows > 0, 'the component table has rows');
  assert.equal(
    rows,
    Math.min(25, visible.total),
    'the first page shows up to 25 components',
  );
  await page.getByText(`${visible.total} matching components`).waitFor();
  const shot = await screenshot(page, screenshots, 'platform-page');

  // The same page in the dark theme (the app keeps the choice in localStorage).
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await page.locator('[data-testid^="heatmap-cell-"]').first().waitFor();
  await settled(page);
  const mode = await page.evaluate(() => document.body.dataset.themeMode);
  const dark = await screenshot(page, screenshots, 'platform-page-dark');
  await page.evaluate(() => localStorage.removeItem('theme'));
  assert.equal(mode, 'dark', 'the dark theme is applied');
  return { snapshotLine, rows, screenshot: shot, dark };
}

export async function refreshNow({ page, portal }) {
  await page.goto(`${portal.appUrl}/extension-scorecard`);
  const before = (await portal.apiJson(`${SCORECARD}/snapshots?limit=1`))
    .items[0].id;
  const button = page.getByRole('button', { name: /Refresh now/ });
  await button.waitFor();
  await settled(page);
  await button.click();
  // Live progress while the run collects, then the new snapshot on the page.
  const status = page.getByRole('status');
  await status.waitFor();
  const progress = await status.textContent();
  await page
    .getByText(`Collection finished: snapshot #${before + 1}`)
    .waitFor({ timeout: 120_000 });
  await page.getByText(new RegExp(`Last snapshot #${before + 1} `)).waitFor();
  return { progress, snapshot: before + 1 };
}

/** Reads "N of T fail (x%), W warn (y%)" from a heat-map cell's aria-label. */
function cellCounts(label) {
  const match = /: (\d+) of (\d+) fail .*?, (\d+) warn/.exec(label ?? '');
  if (!match) throw new Error(`unexpected heat-map label: ${label}`);
  return {
    fail: Number(match[1]),
    total: Number(match[2]),
    warn: Number(match[3]),
  };
}

export async function heatmapFilter({ page, portal }) {
  await page.goto(`${portal.appUrl}/extension-scorecard`);
  const cells = page.locator('[data-testid^="heatmap-cell-"]');
  await cells.first().waitFor();
  await settled(page);
  // The cell with the most fails: the one a platform engineer would click first.
  const candidates = [];
  for (const cell of await cells.all()) {
    const label = await cell.getAttribute('aria-label');
    candidates.push({
      cell,
      testId: await cell.getAttribute('data-testid'),
      label,
      ...cellCounts(label),
    });
  }
  candidates.sort((a, b) => b.fail - a.fail || b.warn - a.warn);
  const chosen = candidates[0];
  assert.ok(
    chosen.fail + chosen.warn > 0,
    'some heat-map cell has a fail or a warn',
  );

  const request = page.waitForRequest(
    r =>
      r.url().includes(`${SCORECARD}/components?`) &&
      r.url().includes('warningDimension='),
  );
  await chosen.cell.click();
  const sent = new URL((await request).url());
  const kind = sent.searchParams.getAll('kind');
  const dimension = sent.searchParams.getAll('warningDimension');
  assert.equal(kind.length, 1, 'the request carries the kind');
  assert.equal(dimension.length, 1, 'the request carries the dimension');
  assert.equal(
    chosen.testId,
    `heatmap-cell-${kind[0]}-${dimension[0]}`,
    'the filter is the chosen cell',
  );
  assert.equal(sent.searchParams.get('offset'), '0');

  const expected = chosen.fail + chosen.warn;
  await page
    .getByText(`${expected} matching component${expected === 1 ? '' : 's'}`)
    .waitFor();
  await settled(page);
  const rows = await page.getByTestId('component-row').count();
  assert.equal(
    rows,
    Math.min(expected, 25),
    'the table lists the components of the cell',
  );
  assert.equal(await chosen.cell.getAttribute('aria-pressed'), 'true');
  assert.ok(
    page.url().includes('warningDimension='),
    'the filter is in the page URL',
  );
  return { cell: chosen.label, rows, request: sent.search };
}

export async function entityTab({ page, portal, screenshots }) {
  await page.goto(
    `${portal.appUrl}/catalog/default/component/kyverno/extension-scorecard`,
  );
  await page.getByText('Checks by dimension').waitFor({ timeout: 90_000 });
  await page.getByText('Blast radius').first().waitFor();
  await page.getByText('Fault experiments').waitFor();
  await settled(page);
  const level = await page
    .getByText(/^L\d (unowned|owned and declared|safe boundary|proven)$/)
    .first()
    .textContent();
  return {
    level,
    screenshot: await screenshot(page, screenshots, 'entity-tab'),
  };
}

export async function teamView({ page, portal, screenshots }) {
  await page.goto(
    `${portal.appUrl}/catalog/default/group/team-security/extension-scorecard`,
  );
  await page
    .getByText('Extensions and what blocks the next level')
    .waitFor({ timeout: 90_000 });
  await page.getByTestId('component-row').first().waitFor();
  await page.getByText('Missing responsibilities').waitFor();
  await page.getByText('Coming expiries and deadlines').waitFor();
  await settled(page);
  const rows = await page.getByTestId('component-row').count();
  const summaries = await portal.apiJson(
    `${SCORECARD}/summaries/teams?owner=${encodeURIComponent(
      'group:default/team-security',
    )}`,
  );
  assert.equal(
    rows,
    summaries.items[0].components,
    'one row per extension of the team',
  );
  const shot = await screenshot(page, screenshots, 'team-view');

  await page.goto(`${portal.appUrl}/catalog/default/group/team-security`);
  await page
    .getByText('Furthest from the next level')
    .waitFor({ timeout: 90_000 });
  return { rows, screenshot: shot };
}

export async function auditPage({ page, portal, screenshots, workDir }) {
  await page.goto(`${portal.appUrl}/extension-scorecard/audit`);
  await page.getByText('Quarterly audit').waitFor();
  await page.getByText(/^Levels at the end of \d{4}-Q[1-4]$/).waitFor();
  await settled(page);
  const quarter = /\d{4}-Q[1-4]/.exec(
    await page.getByText(/^Levels at the end of/).textContent(),
  )[0];
  const shot = await screenshot(page, screenshots, 'audit-page');

  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloadEvent;
  assert.equal(
    download.suggestedFilename(),
    `extension-scorecard-audit-${quarter}.csv`,
  );
  const csvPath = join(workDir, download.suggestedFilename());
  await download.saveAs(csvPath);
  const { header, records } = csvRecords(readFileSync(csvPath, 'utf8'));
  assert.ok(
    header.includes('component_id') && header.includes('check_id'),
    `CSV header: ${header}`,
  );

  // One row per component and check: the same pairs the JSON export's results have.
  const exported = await portal.apiJson(
    `${SCORECARD}/audit/${quarter}/export?format=json`,
  );
  const expected = new Set(
    exported.components.flatMap(c =>
      c.results.map(r => `${c.componentId}|${r.checkId}`),
    ),
  );
  const seen = records.map(r => `${r.component_id}|${r.check_id}`);
  assert.equal(
    new Set(seen).size,
    seen.length,
    'no component and check appears twice',
  );
  assert.deepEqual(
    [...new Set(seen)].sort(),
    [...expected].sort(),
    'the CSV covers every component and check',
  );
  const components = new Set(records.map(r => r.component_id));
  assert.equal(
    components.size,
    exported.components.length,
    'every component is in the CSV',
  );
  return {
    quarter,
    rows: records.length,
    components: components.size,
    screenshot: shot,
  };
}
