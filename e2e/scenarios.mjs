/**
 * The browser scenarios: what a platform engineer, an extension owner, a team lead and
 * an auditor do in the portal. Each returns details for the report or throws.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvRecords } from './lib/csv.mjs';

const SCORECARD = '/api/extension-scorecard';

/** Waits until no progress bar is left on the page (data arrived). */
export async function settled(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .locator('[data-testid="progress"]')
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => {});
}

/** Where core-components' SignInPage keeps the provider to sign in with again. */
const PROVIDER_KEY = '@backstage/core:SignInPage:provider';
const GUEST = 'user:default/bilal.haddad';
const LEAD = 'user:default/hana.sato';
const LEAD_CARD = 'Platform lead (Hana Sato, approves waivers)';

/**
 * Signs out whoever is signed in (the sign-in page forgets the provider; a proxy
 * provider keeps no session on the backend) and signs in as the guest (`guest`,
 * bilal.haddad) or the platform lead (`lead`, hana.sato) on the sign-in page.
 */
export async function signInAs(page, portal, provider) {
  await page.goto(`${portal.appUrl}/extension-scorecard`);
  await page.evaluate(key => localStorage.removeItem(key), PROVIDER_KEY);
  await page.reload();
  const button =
    provider === 'lead'
      ? page
          .locator('li', { hasText: LEAD_CARD })
          .getByRole('button', { name: 'Sign In' })
      : page.getByRole('button', { name: /enter/i });
  await button.waitFor({ timeout: 120_000 });
  const refreshed = page.waitForResponse(
    r => r.url().includes(`/api/auth/${provider}/refresh`) && r.ok(),
  );
  await button.click();
  const identity = (await (await refreshed).json()).backstageIdentity.identity;
  await page
    .locator('nav')
    .getByRole('link', { name: 'Extension Scorecard' })
    .waitFor({ timeout: 60_000 });
  return identity.userEntityRef;
}

export async function signIn({ page, portal }) {
  await page.goto(`${portal.appUrl}/`);
  const enter = page.getByRole('button', { name: /enter/i });
  await enter.waitFor({ timeout: 180_000 });
  // Both demo identities are offered.
  await page.getByText(LEAD_CARD).waitFor();
  await page.getByText(/^Guest \(Bilal Haddad, team-api-platform\)/).waitFor();
  await page.screenshot({ path: join(portal.logDir, 'sign-in.png') });
  await enter.click();
  const navItem = page
    .locator('nav')
    .getByRole('link', { name: 'Extension Scorecard' });
  await navItem.waitFor({ timeout: 60_000 });
  // Signed in at `/`, the app opens the scorecard (no "not found" page).
  await page.waitForURL(`${portal.appUrl}/extension-scorecard`);
  await page.getByText('Kind × dimension').waitFor();
  // The sidebar's label fits (the open sidebar cuts labels with an ellipsis); the full
  // name stays the link's accessible name and tooltip.
  const label = await navItem.evaluate(link => {
    const span = [...link.querySelectorAll('span')].find(
      s => s.children.length === 0 && s.textContent.trim(),
    );
    return {
      text: span?.textContent.trim(),
      cut: span ? span.scrollWidth > span.clientWidth : null,
      title: link.getAttribute('title'),
    };
  });
  assert.equal(label.cut, false, `the sidebar label "${label.text}" is cut`);
  assert.equal(label.title, 'Extension Scorecard');
  return { navItem: await navItem.getAttribute('href'), label: label.text };
}

export async function platformPage({ page, portal }) {
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
  // Screenshots (both themes): views.mjs.
  return { snapshotLine, rows };
}

export async function guestCannotRefresh({ page, portal }) {
  const user = await signInAs(page, portal, 'guest');
  assert.equal(user, GUEST);
  await page.goto(`${portal.appUrl}/extension-scorecard`);
  const button = page.getByRole('button', { name: /Refresh now/ });
  await button.waitFor();
  // Disabled from the first render (while the permission is asked) to the answer.
  assert.equal(await button.isEnabled(), false, 'disabled while asking');
  const why = page.getByTestId('refresh-refused');
  await why.waitFor();
  await settled(page);
  assert.equal(await button.isEnabled(), false, 'disabled for the guest');
  const caption = await why.textContent();
  assert.match(caption, /Only platform admins may refresh/);
  // The backend refuses too.
  const response = await portal.api(`${SCORECARD}/refresh`, {
    method: 'POST',
    body: JSON.stringify({ scope: 'all' }),
  });
  assert.equal(response.status, 403, 'the backend refuses the guest');
  return { caption, backend: response.status };
}

export async function refreshNow({ page, portal }) {
  assert.equal(await signInAs(page, portal, 'lead'), LEAD);
  await page.goto(`${portal.appUrl}/extension-scorecard`);
  const before = (await portal.apiJson(`${SCORECARD}/snapshots?limit=1`))
    .items[0].id;
  const button = page.getByRole('button', { name: /Refresh now/ });
  await button.waitFor();
  await settled(page);
  // Enabled once the permission answers (the lead is a platform admin).
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('button')].some(
        b => /Refresh now/.test(b.textContent ?? '') && !b.disabled,
      ),
    undefined,
    { timeout: 30_000 },
  );
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

/**
 * Reads the counts from a heat-map cell's aria-label: "2 fail: Admission webhook,
 * Certificates, 4 components: 2 fail (50%), 1 warn (25%), 1 pass (25%), 0 unknown
 * (0%)"; a cell without results ("no result: …") or with only not-applicable ones
 * ("n/a: …") counts nothing.
 */
function cellCounts(label) {
  if (/^(no result|n\/a): /.test(label ?? '')) {
    return { fail: 0, total: 0, warn: 0 };
  }
  const match = /, (\d+) components?: (\d+) fail \(\d+%\), (\d+) warn /.exec(
    label ?? '',
  );
  if (!match) throw new Error(`unexpected heat-map label: ${label}`);
  return {
    fail: Number(match[2]),
    total: Number(match[1]),
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
  // the heat map is a grid: the chosen cell is its selected one
  assert.equal(await chosen.cell.getAttribute('aria-selected'), 'true');
  assert.ok(
    page.url().includes('warningDimension='),
    'the filter is in the page URL',
  );
  return { cell: chosen.label, rows, request: sent.search };
}

export async function entityTab({ page, portal }) {
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
  return { level };
}

export async function teamView({ page, portal }) {
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

  await page.goto(`${portal.appUrl}/catalog/default/group/team-security`);
  await page
    .getByText('Furthest from the next level')
    .waitFor({ timeout: 90_000 });
  return { rows };
}

export async function auditPage({ page, portal, workDir }) {
  // Downloading the audit export is for platform admins: the lead.
  assert.equal(await signInAs(page, portal, 'lead'), LEAD);
  await page.goto(`${portal.appUrl}/extension-scorecard/audit`);
  await page.getByText('Quarterly audit').waitFor();
  await page.getByText(/^Levels at the end of \d{4}-Q[1-4]$/).waitFor();
  await settled(page);
  const quarter = /\d{4}-Q[1-4]/.exec(
    await page.getByText(/^Levels at the end of/).textContent(),
  )[0];

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
    { as: 'lead' },
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
  };
}

/** The columns of a finding row of the upgrade panel, by name. */
const FINDING_COLUMNS = [
  'severity',
  'what',
  'object',
  'apiVersion',
  'removedIn',
  'source',
  'component', // and its team below
];

/**
 * "Ready for the next minor" on the platform page (as the lead, who sees every
 * component): the first blocked cluster, expanded with the keyboard, lists findings
 * that say where they were seen (kubectl annotation, field manager, API server metric)
 * and when the API goes; the panel fits a 1280 px window without scrolling the page
 * sideways. Screenshot of the panel: docs/screenshots/upgrade-readiness.png.
 */
export async function upgradeReadiness({ page, portal, screenshots }) {
  assert.equal(await signInAs(page, portal, 'lead'), LEAD);
  await page.goto(`${portal.appUrl}/extension-scorecard`);
  const panel = page.getByTestId('upgrade-readiness-panel');
  await page.getByText('Ready for the next minor').waitFor();
  await panel.locator('[data-testid^="upgrade-cluster-"]').first().waitFor();
  await settled(page);
  // What the API tells the lead, to compare the panel with.
  const report = await portal.apiJson(`${SCORECARD}/upgrade-readiness`, {
    as: 'lead',
  });
  assert.ok(report.snapshot !== null, 'the API has an upgrade report');
  assert.ok(
    report.clusters.some(c => c.state === 'blocked'),
    `some cluster is blocked: ${report.clusters
      .map(c => `${c.cluster} ${c.state}`)
      .join(', ')}`,
  );
  const card = page.getByTestId('upgrade-readiness-card');

  // The first blocked cluster on the panel (blocked clusters come first).
  const blocked = panel
    .locator('[data-testid^="upgrade-cluster-"]')
    .filter({ hasText: 'Blocked' })
    .first();
  const cluster = (await blocked.getAttribute('data-testid')).replace(
    'upgrade-cluster-',
    '',
  );
  const shown = report.clusters.find(c => c.cluster === cluster);
  assert.equal(shown?.state, 'blocked', `${cluster} is blocked in the API`);
  const toggle = blocked.locator('button[aria-expanded]').first();
  const heading = (await toggle.textContent()).replace(/\s+/g, ' ').trim();
  assert.ok(
    heading.includes(
      `${cluster} ${shown.currentVersion} → ${shown.targetVersion}`,
    ),
    `the header names the minors: ${heading}`,
  );
  assert.match(
    heading,
    new RegExp(`${shown.blockers} blockers?`),
    `the header counts the blockers: ${heading}`,
  );
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');

  // Expand it with the keyboard.
  await toggle.focus();
  await page.keyboard.press('Enter');
  const table = panel.locator(
    `table[aria-label="Upgrade findings in ${cluster}"]`,
  );
  await table.waitFor();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  const showAll = blocked.getByRole('button', {
    name: /^Show all \d+ findings$/,
  });
  if (await showAll.count()) await showAll.click();
  const rows = [];
  for (const row of await table
    .locator('[data-testid="upgrade-finding-row"]')
    .all()) {
    const cells = (await row.locator('td').allTextContents()).map(text =>
      text.replace(/\s+/g, ' ').trim(),
    );
    rows.push(Object.fromEntries(FINDING_COLUMNS.map((c, i) => [c, cells[i]])));
  }
  assert.equal(
    rows.length,
    shown.findings.length,
    'one row per finding of the cluster',
  );
  const sourced = rows.find(
    row =>
      /last-applied|field manager|API server metric/.test(row.source) &&
      /^\d+\.\d+/.test(row.removedIn),
  );
  assert.ok(
    sourced,
    `a finding says where it was seen and when its API goes: ${JSON.stringify(
      rows.slice(0, 5),
    )}`,
  );
  // Words, never slugs.
  for (const row of rows) {
    assert.doesNotMatch(
      `${row.what} ${row.source}`,
      /^(removed-api|deprecated-api|requested-api|last-applied-configuration|managed-fields|apiserver-metric)\b/,
    );
  }

  // Readable at 1280 px: the panel fits, the page does not scroll sideways (the
  // findings table may scroll inside itself).
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.waitForTimeout(300);
  const box = await card.boundingBox();
  const overflow = await card.evaluate(e => e.scrollWidth - e.clientWidth);
  await page.setViewportSize(viewport);
  assert.ok(
    box && box.x >= 0 && box.x + box.width <= 1280,
    `the panel fits 1280 px: ${JSON.stringify(box)}`,
  );
  assert.ok(overflow <= 1, `the panel does not overflow (${overflow} px)`);

  const shot = await panelScreenshot(
    page,
    card,
    screenshots,
    'upgrade-readiness',
  );
  return {
    cluster: heading,
    findings: rows.length,
    example: sourced,
    hiddenFindings: report.hiddenFindings,
    screenshot: shot,
  };
}

/** One card of a page in a tall window, clipped to the card. */
async function panelScreenshot(page, locator, dir, name) {
  const path = join(dir, `${name}.png`);
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1440, height: 2000 });
  await page.waitForTimeout(300);
  await locator.scrollIntoViewIfNeeded();
  await locator.screenshot({ path });
  await page.setViewportSize(viewport);
  return path;
}

/** The Waivers card of an entity tab, for the run's log folder. */
async function waiversCardShot(page, portal, name) {
  const path = join(portal.logDir, `${name}.png`);
  await page
    .locator('.MuiCard-root', {
      has: page.locator('table[aria-label="Waivers"]'),
    })
    .screenshot({ path });
  return path;
}

/** `YYYY-MM-DD`, some days from now, as a date input takes it. */
function dayFromNow(days) {
  return new Date(Date.now() + days * 24 * 3600 * 1000)
    .toISOString()
    .slice(0, 10);
}

/**
 * An extension team-api-platform owns (a catalog Component, so it has an entity page)
 * with a failing check no open waiver covers.
 */
export async function failingTeamComponent(portal) {
  const owner = 'group:default/team-api-platform';
  const { items } = await portal.apiJson(
    `${SCORECARD}/components?owner=${encodeURIComponent(owner)}&limit=100`,
  );
  for (const component of items) {
    if (!component.componentId.startsWith('component:')) continue;
    const detail = await portal.apiJson(
      `${SCORECARD}/components/${encodeURIComponent(component.componentId)}`,
    );
    const covered = new Set(
      detail.waivers
        .filter(w => w.state === 'requested' || w.state === 'approved')
        .map(w => w.checkId),
    );
    const result = detail.scorecard.results.find(
      r => r.status === 'fail' && !r.waiver && !covered.has(r.checkId),
    );
    if (result) return { componentId: component.componentId, result };
  }
  throw new Error(`no extension of ${owner} has a failing check to waive`);
}

export async function waiverFourEyes({ page, portal }) {
  const { componentId, result } = await failingTeamComponent(portal);
  const [, name] = /^component:default\/(.+)$/.exec(componentId);
  const tab = `${portal.appUrl}/catalog/default/component/${name}/extension-scorecard`;
  const reason = `e2e: ${result.checkId} is fixed in the next release`;

  // 1. The guest, a member of the owning team, requests a waiver on the failing check.
  assert.equal(await signInAs(page, portal, 'guest'), GUEST);
  await page.goto(tab);
  await page.getByText('Checks by dimension').waitFor({ timeout: 90_000 });
  const check = page.getByTestId(`check-${result.checkId}`).first();
  const request = check.getByRole('button', { name: 'Request waiver' });
  await request.waitFor();
  await request.click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.locator('#waiver-reason').fill(reason);
  await dialog.locator('#waiver-expires').fill(dayFromNow(30));
  const posted = page.waitForResponse(
    r =>
      r.url().endsWith(`${SCORECARD}/waivers`) &&
      r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Request waiver' }).click();
  const created = await posted;
  assert.equal(created.status(), 201, await created.text());
  const waiver = await created.json();
  assert.equal(waiver.requestedBy, GUEST);
  await dialog.waitFor({ state: 'detached' });

  // 2. The guest sees the request, and no approve action on it, with the reason why.
  const row = page.getByTestId(`waiver-${waiver.id}`);
  await row.waitFor();
  const refusal = row.getByTestId('waiver-approve-refused');
  await refusal.waitFor();
  const guestSees = await refusal.textContent();
  assert.match(guestSees, /Approvers outside the owning team approve waivers/);
  assert.equal(
    await row.getByRole('button', { name: /Approve|Reject/ }).count(),
    0,
    'the guest has no approve or reject action',
  );
  const guestShot = await waiversCardShot(page, portal, 'waiver-requested');
  // Nor does the backend let him approve.
  const selfApproval = await portal.api(
    `${SCORECARD}/waivers/${encodeURIComponent(waiver.id)}/approve`,
    { method: 'POST', body: JSON.stringify({}) },
  );
  assert.equal(selfApproval.status, 403, 'the backend refuses the guest');

  // 3. The lead signs in and approves it in the UI.
  assert.equal(await signInAs(page, portal, 'lead'), LEAD);
  await page.goto(tab);
  await page.getByText('Checks by dimension').waitFor({ timeout: 90_000 });
  const leadRow = page.getByTestId(`waiver-${waiver.id}`);
  const approve = leadRow.getByRole('button', { name: 'Approve' });
  await approve.waitFor({ timeout: 30_000 });
  // The lead is outside the owning team: she may not request waivers on it.
  await page.getByTestId('waiver-request-refused').waitFor();
  await approve.click();
  const decision = page.getByRole('dialog');
  await decision
    .getByText(`records ${LEAD} as the one who approved it`)
    .waitFor();
  const approved = page.waitForResponse(
    r =>
      r.url().includes(`/waivers/${encodeURIComponent(waiver.id)}/approve`) &&
      r.request().method() === 'POST',
  );
  await decision.getByRole('button', { name: 'Approve waiver' }).click();
  assert.equal((await approved).status(), 200);
  await decision.waitFor({ state: 'detached' });
  await leadRow.getByText(/approved by hana\.sato/).waitFor();
  const leadShot = await waiversCardShot(page, portal, 'waiver-approved');

  // 4. The trail names both: bilal requested, hana approved.
  const detail = await portal.apiJson(
    `${SCORECARD}/waivers/${encodeURIComponent(waiver.id)}`,
    { as: 'lead' },
  );
  assert.equal(detail.waiver.state, 'approved');
  assert.equal(detail.waiver.requestedBy, GUEST);
  assert.equal(detail.waiver.decidedBy, LEAD);
  const trail = detail.trail.map(e => `${e.action} by ${e.actor}`);
  assert.ok(
    trail.includes(`requested by ${GUEST}`),
    `the trail names the requester: ${trail.join('; ')}`,
  );
  assert.ok(
    trail.includes(`approved by ${LEAD}`),
    `the trail names the approver: ${trail.join('; ')}`,
  );
  return {
    componentId,
    checkId: result.checkId,
    waiver: waiver.id,
    guestSees,
    trail,
    screenshots: [guestShot, leadShot],
  };
}

/**
 * The demo's two campaigns as a newcomer (the guest) finds them on first start: the
 * Campaigns tab lists both, one announced and one enforced, each with the progress
 * the API counts; the enforced one's page has its burn-down and progress per team;
 * team-security's view lists its open items; kyverno's tab shows the campaigns it is
 * in, its announced results saying when they fail. Screenshots: campaigns.png,
 * campaign.png, team-campaign-items.png, entity-campaigns.png.
 */
export async function campaigns({ page, portal, screenshots }) {
  assert.equal(await signInAs(page, portal, 'guest'), GUEST);
  const api = await portal.apiJson(`${SCORECARD}/campaigns`);
  const byId = new Map(api.items.map(c => [c.id, c]));
  for (const [id, enforcement] of [
    ['webhooks-out-of-kube-system', 'announced'],
    ['replicas-and-pdb-in-production', 'enforced'],
  ]) {
    assert.equal(
      byId.get(id)?.enforcement,
      enforcement,
      `${id} is ${enforcement}`,
    );
    assert.ok(
      byId.get(id).progress?.inScope > 0,
      `${id} has components in scope`,
    );
  }

  await page.goto(`${portal.appUrl}/extension-scorecard/campaigns`);
  await page.getByTestId('campaign-row').first().waitFor({ timeout: 90_000 });
  await settled(page);
  const rows = page.getByTestId('campaign-row');
  assert.equal(
    await rows.count(),
    api.items.length,
    'one row per open campaign',
  );
  for (const campaign of api.items) {
    const row = rows.filter({ hasText: campaign.title });
    const { done, waived, open, inScope } = campaign.progress;
    await row
      .getByRole('img', {
        name: `${done} of ${inScope} done · ${waived} waived · ${open} open`,
      })
      .waitFor();
    assert.equal(
      (await row.getByTestId('campaign-enforcement').textContent()).trim(),
      campaign.enforcement,
    );
  }

  // the enforced campaign's page: burn-down and teams
  await rows
    .filter({ hasText: byId.get('replicas-and-pdb-in-production').title })
    .getByRole('link')
    .click();
  const burndown = page.getByTestId('campaign-burndown');
  await burndown.waitFor({ timeout: 60_000 });
  await settled(page);
  const detail = await portal.apiJson(
    `${SCORECARD}/campaigns/replicas-and-pdb-in-production`,
  );
  // the demo's history: eight earlier readings (examples/history.yaml) and today's
  assert.ok(
    detail.burndown.length >= 9,
    `the burn-down has a point per imported reading and today's (${detail.burndown.length})`,
  );
  assert.deepEqual(
    detail.burndown.slice(0, 3).map(p => p.done),
    [1, 1, 2],
    'the oldest readings count what was done then',
  );
  const label = await burndown.getAttribute('aria-label');
  const last = detail.burndown[detail.burndown.length - 1];
  assert.ok(
    label.includes(
      `${last.open} open, ${last.waived} waived, ${last.done} done`,
    ),
    `the chart shows the API's last point: ${label}`,
  );
  assert.equal(
    await page.getByTestId('campaign-team').count(),
    detail.teams.length,
    'one row per team',
  );
  await page.getByTestId('campaign-item').first().waitFor();
  const detailShot = await screenshotOf(
    page,
    page.locator('main'),
    screenshots,
    'campaign',
  );

  // team-security's open items
  await page.goto(
    `${portal.appUrl}/catalog/default/group/team-security/extension-scorecard`,
  );
  const teamCard = page.locator('.MuiCard-root', {
    has: page.locator('table[aria-label="Open campaign items"]'),
  });
  await teamCard.waitFor({ timeout: 90_000 });
  await settled(page);
  const teamItems = await portal.apiJson(
    `${SCORECARD}/campaign-items?team=${encodeURIComponent(
      'group:default/team-security',
    )}&status=open`,
  );
  assert.equal(
    await teamCard.getByTestId('campaign-item').count(),
    Math.min(teamItems.total, 10),
    'the card lists the API’s open items',
  );
  const teamShot = await panelScreenshot(
    page,
    teamCard,
    screenshots,
    'team-campaign-items',
  );

  // kyverno's tab: its campaigns, the announced results saying when they fail
  await page.goto(
    `${portal.appUrl}/catalog/default/component/kyverno/extension-scorecard`,
  );
  const entityCard = page.locator('.MuiCard-root', {
    has: page.locator('table[aria-label="Campaigns"]'),
  });
  await entityCard.waitFor({ timeout: 90_000 });
  await settled(page);
  const kyvernoItems = await portal.apiJson(
    `${SCORECARD}/campaign-items?component=${encodeURIComponent(
      'component:default/kyverno',
    )}`,
  );
  assert.equal(
    await entityCard.getByTestId('campaign-item').count(),
    kyvernoItems.total,
  );
  assert.ok(
    kyvernoItems.items.some(i => i.todo.some(t => t.announced)),
    'kyverno has an announced result',
  );
  await entityCard
    .getByText(/counts as warn until/)
    .first()
    .waitFor();
  await page.getByTestId('announced-note').first().waitFor();
  const entityShot = await panelScreenshot(
    page,
    entityCard,
    screenshots,
    'entity-campaigns',
  );
  // the lead may start one: suggestions from the latest snapshot, as the API gives them
  assert.equal(await signInAs(page, portal, 'lead'), LEAD);
  const suggested = await portal.apiJson(`${SCORECARD}/campaign-suggestions`, {
    as: 'lead',
  });
  await page.goto(`${portal.appUrl}/extension-scorecard/campaigns`);
  await page.getByTestId('campaign-row').first().waitFor({ timeout: 90_000 });
  if (suggested.items.length) {
    await page.getByTestId('campaign-suggestion').first().waitFor();
  }
  await settled(page);
  assert.equal(
    await page.getByTestId('campaign-suggestion').count(),
    suggested.items.length,
    'one row per suggestion',
  );
  assert.ok(
    await page.getByRole('button', { name: 'Start a campaign' }).isEnabled(),
    'the lead may start a campaign',
  );
  const listShot = await screenshotOf(
    page,
    page.locator('main'),
    screenshots,
    'campaigns',
  );
  // back to the guest for the scenarios after this one
  assert.equal(await signInAs(page, portal, 'guest'), GUEST);
  return {
    suggestions: suggested.items.map(
      i => `${i.source}: ${i.draft.title} (${i.teams} teams)`,
    ),
    campaigns: api.items.map(
      c =>
        `${c.id}: ${c.enforcement}, ${c.progress.done}/${c.progress.inScope} done`,
    ),
    burndownPoints: detail.burndown.length,
    teamItems: teamItems.total,
    kyvernoItems: kyvernoItems.total,
    screenshots: [listShot, detailShot, teamShot, entityShot],
  };
}

/**
 * Saved filters as a reader (the guest) uses them: the table's filters saved under a
 * name, chosen back from the list on an unfiltered table (the same request and count
 * as the filters typed in the URL), a campaign scoped to it by the lead through the
 * API refusing its deletion, then deleted by its creator once that campaign names
 * another scope. Screenshot: saved-filters.png.
 */
export async function savedFilters({
  page,
  portal,
  screenshots,
  expectConsole,
}) {
  const name = 'Webhooks in prod-eu';
  const query = 'kind=admission-webhook&cluster=prod-eu';
  const expected = await portal.apiJson(
    `${SCORECARD}/components?${query}&limit=1`,
  );
  assert.ok(expected.total > 0, 'the demo has webhooks in prod-eu');

  await page.goto(`${portal.appUrl}/extension-scorecard?${query}`);
  await page
    .getByText(`${expected.total} matching component`, { exact: false })
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Save filters…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog
    .getByLabel('Description (optional)')
    .fill('Admission webhooks of the EU production cluster');
  const created = page.waitForResponse(
    r =>
      r.url().endsWith(`${SCORECARD}/saved-filters`) &&
      r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  const saved = await (await created).json();
  assert.deepEqual(saved.filters, {
    kind: ['admission-webhook'],
    cluster: ['prod-eu'],
  });
  await dialog.waitFor({ state: 'detached' });
  const select = page
    .locator('[aria-haspopup="listbox"]')
    .and(page.getByRole('button', { name: /Saved filters/ }));
  await select.filter({ hasText: name }).waitFor();

  // an unfiltered table, the saved filter chosen from the list
  await page.goto(`${portal.appUrl}/extension-scorecard`);
  await page.getByTestId('component-row').first().waitFor();
  await settled(page);
  const filtered = page.waitForRequest(
    r =>
      r.url().includes(`${SCORECARD}/components?`) &&
      r.url().includes('cluster=prod-eu'),
  );
  await select.click();
  await page.getByRole('option', { name }).click();
  const sent = new URL((await filtered).url());
  assert.deepEqual(sent.searchParams.getAll('kind'), ['admission-webhook']);
  assert.deepEqual(sent.searchParams.getAll('cluster'), ['prod-eu']);
  await page
    .getByText(`${expected.total} matching component`, { exact: false })
    .first()
    .waitFor();
  await settled(page);
  assert.ok(page.url().includes('cluster=prod-eu'), 'the filter is in the URL');
  const shot = await screenshotOf(
    page,
    page.getByTestId('saved-filters'),
    screenshots,
    'saved-filters',
  );

  // the lead scopes a campaign to it: the filter cannot go while it is named
  const campaign = await portal.apiJson(`${SCORECARD}/campaigns`, {
    as: 'lead',
    method: 'POST',
    body: JSON.stringify({
      title: 'EU production webhooks time out within 10 s',
      why: '',
      goal: { checks: ['webhook.timeout'] },
      scope: { savedFilter: saved.id },
      startsAt: new Date().toISOString(),
      deadline: new Date(Date.now() + 60 * 86_400_000).toISOString(),
    }),
  });
  // the lead also sees orphans: the campaign counts what the lead's table shows
  const leadView = await portal.apiJson(
    `${SCORECARD}/components?${query}&limit=1`,
    { as: 'lead' },
  );
  assert.ok(
    campaign.progress.inScope > 0 &&
      campaign.progress.inScope <= leadView.total,
    `the campaign takes what the filter shows (${campaign.progress.inScope} of ${leadView.total})`,
  );
  // the refused DELETE: the browser logs the 409 itself; the dialog says why
  expectConsole(/status of 409 \(Conflict\).*\/saved-filters\//);
  await page.getByRole('button', { name: 'Delete saved filter' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('dialog')
    .getByText(/is the scope of campaign "EU production webhooks/)
    .waitFor();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Cancel' })
    .click();
  await portal.apiJson(`${SCORECARD}/campaigns/${campaign.id}`, {
    as: 'lead',
    method: 'PATCH',
    body: JSON.stringify({ scope: { kinds: ['admission-webhook'] } }),
  });
  await portal.apiJson(`${SCORECARD}/campaigns/${campaign.id}/close`, {
    as: 'lead',
    method: 'POST',
    body: JSON.stringify({ comment: 'a browser test drive' }),
  });
  await page.getByRole('button', { name: 'Delete saved filter' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const left = await portal.apiJson(`${SCORECARD}/saved-filters`);
  assert.ok(
    !left.items.some(f => f.id === saved.id),
    'the saved filter is gone',
  );
  return {
    saved: saved.id,
    components: expected.total,
    campaignInScope: campaign.progress.inScope,
    screenshot: shot,
  };
}

/** A part of the page in a tall window. */
async function screenshotOf(page, locator, dir, name) {
  const path = join(dir, `${name}.png`);
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1440, height: 1600 });
  await page.waitForTimeout(400); // let the chart re-measure
  await locator.screenshot({ path });
  await page.setViewportSize(viewport);
  return path;
}
