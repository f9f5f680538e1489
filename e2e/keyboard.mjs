/**
 * Keyboard paths through the plugin, as someone without a mouse takes them: the heat
 * map (one tab stop, arrow keys, Enter filters), a sort header of the component table
 * (a visible focus indicator, Enter sorts), a filter (opened, chosen and applied from
 * the keyboard) and the waiver dialog (opens, keeps focus inside, Escape closes it and
 * focus returns to the button that opened it).
 */
import assert from 'node:assert/strict';
import { failingTeamComponent, settled, signInAs } from './scenarios.mjs';

const SCORECARD = '/api/extension-scorecard';
const CELLS = '[data-testid^="heatmap-cell-"]';

/** The `data-testid` of the focused element (or its tag when it has none). */
function focused(page) {
  return page.evaluate(() => {
    const e = document.activeElement;
    return e?.getAttribute('data-testid') ?? e?.tagName.toLowerCase() ?? null;
  });
}

/**
 * Whether focusing `locator` from the keyboard changes how it looks: outline, box
 * shadow, border or background differ from the unfocused element (a focus ring the
 * eye can find). Focus arrives by Tab from the element before it, so `:focus-visible`
 * applies as it does for a keyboard user.
 */
async function focusIndicator(page, locator) {
  const look = () =>
    locator.evaluate(e => {
      const s = getComputedStyle(e);
      return [
        s.outlineStyle === 'none'
          ? 'none'
          : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
        s.boxShadow,
        s.borderColor,
        s.backgroundColor,
        s.textDecorationLine,
      ].join(' | ');
    });
  await locator.evaluate(e => e.blur());
  const idle = await look();
  await locator.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const isFocused = await locator.evaluate(e => e === document.activeElement);
  const visible = await locator.evaluate(e => e.matches(':focus-visible'));
  const active = await look();
  return { isFocused, visible, changed: idle !== active, idle, active };
}

export async function heatmapKeyboard({ page, portal }) {
  assert.equal(
    await signInAs(page, portal, 'guest'),
    'user:default/bilal.haddad',
  );
  await page.goto(`${portal.appUrl}/extension-scorecard`);
  const cells = page.locator(CELLS);
  await cells.first().waitFor();
  await settled(page);

  // One tab stop: a single cell is in the tab order (roving tabindex).
  const tabbable = await page.evaluate(
    selector =>
      [...document.querySelectorAll(selector)].filter(e => e.tabIndex >= 0)
        .length,
    CELLS,
  );
  assert.equal(
    tabbable,
    1,
    `the heat map is one tab stop (${tabbable} of ${await cells.count()} cells are tabbable)`,
  );
  const grid = page.locator(`[role="grid"]:has(${CELLS})`);
  assert.equal(await grid.count(), 1, 'the heat map is one grid (role="grid")');

  // Into the grid with Tab, then the arrow keys move between cells.
  const entry = page.locator(CELLS).and(page.locator('[tabindex="0"]'));
  await entry.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const first = await focused(page);
  assert.match(first ?? '', /^heatmap-cell-/, `Tab reaches a cell: ${first}`);
  await page.keyboard.press('ArrowRight');
  const right = await focused(page);
  assert.match(right ?? '', /^heatmap-cell-/, 'ArrowRight stays in the grid');
  assert.notEqual(right, first, 'ArrowRight moves to another cell');
  await page.keyboard.press('ArrowDown');
  const down = await focused(page);
  assert.notEqual(down, right, 'ArrowDown moves to another cell');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focused(page), first, 'Left then Up comes back');

  // Enter on a cell with results filters the table on the server.
  const target = await page.evaluate(selector => {
    const withResults = [...document.querySelectorAll(selector)].find(
      e => !/no results/.test(e.getAttribute('aria-label') ?? ''),
    );
    return withResults?.getAttribute('data-testid');
  }, CELLS);
  assert.ok(target, 'some heat-map cell has results');
  // Walk there with the arrow keys: right along the row, down the rows.
  const position = testId =>
    page.evaluate(
      ([selector, id]) => {
        const rows = [
          ...document.querySelectorAll(`[role="grid"] [role="row"]`),
        ].filter(r => r.querySelector(selector));
        for (const [r, row] of rows.entries()) {
          const c = [...row.querySelectorAll(selector)].findIndex(
            e => e.getAttribute('data-testid') === id,
          );
          if (c >= 0) return [r, c];
        }
        return null;
      },
      [CELLS, testId],
    );
  const [toRow, toCol] = (await position(target)) ?? [0, 0];
  const [fromRow, fromCol] = (await position(first)) ?? [0, 0];
  for (let i = fromRow; i < toRow; i++) await page.keyboard.press('ArrowDown');
  for (let i = fromCol; i < toCol; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await focused(page), target, 'the arrow keys reach the cell');
  const request = page.waitForRequest(
    r =>
      r.url().includes(`${SCORECARD}/components?`) &&
      r.url().includes('warningDimension='),
  );
  await page.keyboard.press('Enter');
  const sent = new URL((await request).url());
  assert.equal(
    target,
    `heatmap-cell-${sent.searchParams.get('kind')}-${sent.searchParams.get(
      'warningDimension',
    )}`,
    'Enter filters by the focused cell',
  );
  return { tabStops: tabbable, path: [first, right, down], filtered: target };
}

export async function sortAndFilterKeyboard({ page, portal }) {
  await page.goto(`${portal.appUrl}/extension-scorecard`);
  const table = page.locator('table[aria-label="Extension components"]');
  await table.getByTestId('component-row').first().waitFor();
  await settled(page);

  // The "Component" sort header: a visible focus indicator, Enter sorts.
  const header = table.locator('th').filter({ hasText: /^Component/ });
  const button = header.getByRole('button');
  const focus = await focusIndicator(page, button);
  assert.ok(focus.isFocused, 'Tab reaches the Component sort header');
  assert.ok(
    focus.changed,
    `the focused sort header looks different from the idle one (idle: ${focus.idle}; focused: ${focus.active})`,
  );
  const before = await header.getAttribute('aria-sort');
  const sorted = page.waitForRequest(
    r =>
      r.url().includes(`${SCORECARD}/components?`) &&
      r.url().includes('sort=name'),
  );
  await page.keyboard.press('Enter');
  await sorted;
  await page.waitForFunction(
    ([th, was]) => {
      const e = [...document.querySelectorAll(th)].find(h =>
        /^Component/.test(h.textContent ?? ''),
      );
      return (
        e && e.getAttribute('aria-sort') && e.getAttribute('aria-sort') !== was
      );
    },
    ['table[aria-label="Extension components"] th', before],
    { timeout: 15_000 },
  );
  const after = await header.getAttribute('aria-sort');

  // A filter from the keyboard: the Kind select, opened with Enter, an option chosen
  // with the arrow keys and Enter, applied on the server.
  const kind = page
    .locator('[aria-haspopup="listbox"]')
    .and(page.getByRole('button', { name: /^Kind\b/ }));
  await kind.waitFor();
  const filterFocus = await focusIndicator(page, kind);
  assert.ok(filterFocus.isFocused, 'Tab reaches the Kind filter');
  assert.ok(
    filterFocus.changed,
    `the focused Kind filter looks different from the idle one (idle: ${filterFocus.idle}; focused: ${filterFocus.active})`,
  );
  // the button itself: its name changes with the choice (it shows the chosen kind)
  const kindButton = await kind.elementHandle();
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const filtered = page.waitForRequest(
    r =>
      r.url().includes(`${SCORECARD}/components?`) && r.url().includes('kind='),
  );
  // The first option is "any": the next one is a kind.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const sent = new URL((await filtered).url());
  // the Kind filter takes several kinds: the list stays open until Escape
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'detached' });
  assert.ok(
    await kindButton.evaluate(e => e === document.activeElement),
    'focus is back on the Kind filter after choosing',
  );
  return {
    sort: { before, after },
    kind: sent.searchParams.getAll('kind'),
  };
}

export async function waiverDialogKeyboard({ page, portal }) {
  const { componentId, result } = await failingTeamComponent(portal);
  const [, name] = /^component:default\/(.+)$/.exec(componentId);
  await page.goto(
    `${portal.appUrl}/catalog/default/component/${name}/extension-scorecard`,
  );
  await page.getByText('Checks by dimension').waitFor({ timeout: 90_000 });
  await settled(page);
  const opener = page
    .getByTestId(`check-${result.checkId}`)
    .first()
    .getByRole('button', { name: 'Request waiver' });
  await opener.waitFor();
  const focus = await focusIndicator(page, opener);
  assert.ok(focus.isFocused, 'Tab reaches "Request waiver"');
  assert.ok(
    focus.changed,
    `the focused "Request waiver" looks different from the idle one (idle: ${focus.idle}; focused: ${focus.active})`,
  );
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await page.waitForFunction(() =>
    document.querySelector('[role="dialog"]')?.contains(document.activeElement),
  );

  // Focus stays inside: once round all its controls and further, forwards and back.
  const stops = await dialog.evaluate(
    d =>
      d.querySelectorAll(
        'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
      ).length,
  );
  const escaped = [];
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate(d =>
        d.contains(document.activeElement),
      );
      if (!inside) escaped.push(`${key} ×${i + 1}`);
    }
  }
  assert.deepEqual(escaped, [], 'focus never leaves the open dialog');

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.ok(
    await opener.evaluate(e => e === document.activeElement),
    `focus returns to "Request waiver" (now on ${await focused(page)})`,
  );
  return { componentId, checkId: result.checkId, stops };
}
