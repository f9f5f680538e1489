#!/usr/bin/env node
/**
 * Browser tests of Extension Scorecard against the real demo portal.
 *
 *   node e2e/run.mjs [--report test-results/e2e.json] [--keep] [--reuse <url>]
 *
 * Builds the app when its sources changed, starts the demo backend (which serves the
 * app) on a free port with its own SQLite directory (.demo/e2e-sqlite) and cluster
 * dumps (.demo/e2e-clusters), waits until it serves a snapshot, drives
 * Debian's Chromium (/usr/bin/chromium) through playwright-core, saves screenshots to
 * docs/screenshots/, writes the JSON report and stops everything it started, also on
 * failure. Without Chromium the tests are skipped, unless
 * EXTENSION_SCORECARD_REQUIRE_BROWSER is set, which makes a missing browser a failure.
 *
 * Every view is also checked at 1440 × 900 and 1280 × 720 in the light and dark themes
 * (axe-core, layout, screenshots: views.mjs), the keyboard paths are walked
 * (keyboard.mjs), and what the pages print to their console is watched: a warning or
 * error from the plugin fails the run (lib/console.mjs).
 *
 * While developing: `--keep` leaves the portal running, `--reuse <url>` runs against
 * it (no build, no start, no stop), and `E2E_ONLY=<text>` runs only the scenarios whose
 * name contains the text (after the guest's sign-in, which every other scenario needs).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConsoleWatch, describeMessages } from './lib/console.mjs';
import { runnerOptions } from './lib/report.mjs';
import { Portal, waitFor } from './lib/stack.mjs';
import * as keyboard from './keyboard.mjs';
import * as scenarios from './scenarios.mjs';
import { checkView, parentGroupRollup, VIEWS } from './views.mjs';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** A view in both themes and both window sizes (views.mjs). */
const viewScenario = key => [
  `${VIEWS[key].title}: 1440×900 and 1280×720, light and dark: no axe-core violation in the plugin, nothing past the window`,
  context => checkView(key, context),
];

// The guest (bilal.haddad, team-api-platform) first; then the scenarios that need the
// platform lead (hana.sato: approver and admin), who signs in with the other provider.
const SIGN_IN =
  'sign in as guest at /: the scorecard opens, the sidebar links it';
const SCENARIOS = [
  [SIGN_IN, scenarios.signIn],
  [
    'a guest never sees Refresh now enabled, and is told why',
    scenarios.guestCannotRefresh,
  ],
  [
    'platform page: snapshot, counts, levels, heat map, first page of components',
    scenarios.platformPage,
  ],
  [
    'heat-map cell filters the component table on the server',
    scenarios.heatmapFilter,
  ],
  ['entity tab of an extension Component', scenarios.entityTab],
  ['team view: tab and card on a Group page', scenarios.teamView],
  [
    'campaigns on first start: both demo campaigns with their progress, a burn-down, a team’s open items, an entity’s campaigns',
    scenarios.campaigns,
  ],
  [
    'saved filters: the guest saves the table’s filters, chooses them back, cannot delete one a campaign names, then deletes it',
    scenarios.savedFilters,
  ],
  [
    'parent group (platform): the team view rolls up its child teams',
    parentGroupRollup,
  ],
  viewScenario('platform'),
  viewScenario('entityTab'),
  viewScenario('teamView'),
  viewScenario('parentGroup'),
  viewScenario('teamCard'),
  viewScenario('campaigns'),
  viewScenario('campaign'),
  [
    'keyboard: the heat map is one tab stop, arrow keys move, Enter filters',
    keyboard.heatmapKeyboard,
  ],
  [
    'keyboard: the sort header shows focus and Enter sorts; a filter is chosen from the keyboard',
    keyboard.sortAndFilterKeyboard,
  ],
  [
    'keyboard: the waiver dialog opens, keeps focus, closes on Escape and gives focus back',
    keyboard.waiverDialogKeyboard,
  ],
  [
    "four eyes: the guest requests a waiver on his team's extension and cannot approve it; the lead approves it; the trail names both",
    scenarios.waiverFourEyes,
  ],
  [
    'refresh now (as the lead): live progress, then the new snapshot',
    scenarios.refreshNow,
  ],
  [
    'audit page and CSV download (as the lead): one row per component and check',
    scenarios.auditPage,
  ],
  viewScenario('audit'),
  [
    'ready for the next minor (as the lead): a blocked cluster expanded, findings with their source and removal release',
    scenarios.upgradeReadiness,
  ],
];

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { report, keep, reuse } = runnerOptions();
const CONSOLE_TEST =
  'console: no warning or error from the plugin during the scenarios';

function finish(code) {
  report.write();
  const { passed, failed, skipped } = report.counts();
  console.log(`[e2e] ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(code);
}

async function loadPlaywright() {
  const { chromium } = await import('playwright-core');
  return chromium;
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    const reason = `${CHROMIUM} not found (apt-get install chromium)`;
    if (process.env.EXTENSION_SCORECARD_REQUIRE_BROWSER) {
      report.fail(
        'Chromium is installed',
        0,
        new Error(`${reason}; EXTENSION_SCORECARD_REQUIRE_BROWSER is set`),
      );
      return finish(1);
    }
    report.note(`skipping the browser tests: ${reason}`);
    for (const [name] of SCENARIOS) report.skip(name, reason);
    report.skip(CONSOLE_TEST, reason);
    return finish(0);
  }

  const workDir = mkdtempSync(join(tmpdir(), 'extension-scorecard-e2e-'));
  const screenshots = join(repoRoot, 'docs', 'screenshots');
  mkdirSync(screenshots, { recursive: true });
  const portal = new Portal({
    repoRoot,
    workDir,
    logDir: join(repoRoot, 'test-results', 'e2e-logs'),
  });
  let context;
  const onSignal = signal => {
    report.note(`${signal}: stopping the portal`);
    report.fail('e2e runner', 0, new Error(`interrupted by ${signal}`));
    portal.killNow();
    report.write();
    process.exit(1);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const watch = new ConsoleWatch();
  try {
    const t0 = Date.now();
    if (reuse) {
      portal.attach(reuse);
      report.note(`--reuse: testing the portal running at ${portal.appUrl}`);
    } else {
      await portal.configure();
      await portal.prepareDemo();
      const built = await portal.buildApp();
      report.timings.appBuildMs = Date.now() - t0;
      report.note(
        built
          ? `built the app in ${Math.round(report.timings.appBuildMs / 1000)} s`
          : 'the app build is up to date',
      );
      portal.start();
      report.note(
        `starting the portal at ${portal.appUrl} (log: ${portal.logPath})`,
      );
    }
    const alive = () => portal.assertAlive();

    await waitFor(
      'the backend',
      async () => {
        alive();
        return (
          await fetch(`${portal.backendUrl}/api/extension-scorecard/health`)
        ).ok;
      },
      { timeoutMs: 240_000 },
    );
    report.timings.backendReadyMs = Date.now() - t0;

    await waitFor(
      'the catalog to hold the demo entities and people',
      async () => {
        alive();
        for (const path of [
          'component/default/kyverno',
          'user/default/bilal.haddad',
          'user/default/hana.sato',
        ]) {
          if (!(await portal.api(`/api/catalog/entities/by-name/${path}`)).ok)
            return false;
        }
        return true;
      },
      { timeoutMs: 180_000 },
    );
    // Tokens asked before the catalog held the users carry no group memberships.
    portal.forgetTokens();

    let asked = false;
    const waitStarted = Date.now();
    await waitFor(
      'a snapshot',
      async () => {
        alive();
        const page = await portal.apiJson(
          '/api/extension-scorecard/snapshots?limit=1',
        );
        if (page.total > 0) return true;
        // The startup collection should get there by itself; ask once if it does not.
        if (!asked && Date.now() - waitStarted > 20_000) {
          asked = true;
          // Refreshing is for platform admins: the lead asks.
          const response = await portal.api(
            '/api/extension-scorecard/refresh',
            {
              as: 'lead',
              method: 'POST',
              body: JSON.stringify({ scope: 'all' }),
            },
          );
          report.note(`asked for a collection: ${response.status}`);
        }
        return false;
      },
      { timeoutMs: 240_000, intervalMs: 2000 },
    );
    report.timings.snapshotReadyMs = Date.now() - t0;

    await waitFor(
      'the app',
      async () => {
        alive();
        const response = await fetch(portal.appUrl);
        return response.ok && (await response.text()).includes('id="root"');
      },
      { timeoutMs: 120_000, intervalMs: 2000 },
    );
    report.timings.appReadyMs = Date.now() - t0;
    report.note(`portal ready in ${Math.round((Date.now() - t0) / 1000)} s`);

    const chromium = await loadPlaywright();
    const userDataDir = mkdtempSync(join(workDir, 'chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      acceptDownloads: true,
      viewport: { width: 1440, height: 1000 },
    });
    context.setDefaultTimeout(60_000);
    watch.attach(context);
    const page = context.pages()[0] ?? (await context.newPage());

    // E2E_ONLY=<text>: run only the scenarios whose name contains it (while developing
    // one), after the sign-in the others need.
    const only = process.env.E2E_ONLY;
    const suiteStarted = Date.now();
    for (const [name, scenario] of SCENARIOS) {
      if (only && !name.includes(only) && name !== SIGN_IN) {
        report.skip(name, `E2E_ONLY=${only}`);
        continue;
      }
      watch.scenario = name;
      const started = Date.now();
      try {
        const details = await scenario({
          page,
          portal,
          screenshots,
          workDir,
          expectConsole: pattern => watch.expect(pattern),
        });
        report.pass(name, Date.now() - started, details);
      } catch (error) {
        report.fail(name, Date.now() - started, error);
        await page
          .screenshot({
            path: join(
              portal.logDir,
              `failed-${SCENARIOS.findIndex(s => s[0] === name)}.png`,
            ),
            fullPage: true,
          })
          .catch(() => {});
      }
    }
    watch.scenario = undefined;
    report.timings.scenariosMs = Date.now() - suiteStarted;
    const messages = watch.summary();
    if (messages.other.length > 0) {
      report.note(
        `console messages not from the plugin:\n${describeMessages(
          messages.other,
        ).join('\n')}`,
      );
    }
    if (messages.expected.length > 0) {
      report.note(
        `console messages the scenarios provoked on purpose:\n${describeMessages(
          messages.expected,
        ).join('\n')}`,
      );
    }
    if (messages.plugin.length > 0) {
      report.fail(
        CONSOLE_TEST,
        0,
        new Error(
          `${
            messages.plugin.length
          } distinct message(s) from the plugin:\n${describeMessages(
            messages.plugin,
          ).join('\n')}`,
        ),
      );
    } else {
      report.pass(CONSOLE_TEST, 0, { otherMessages: messages.other.length });
    }
  } catch (error) {
    report.fail('start the demo portal', 0, error);
    report.note(`portal log tail:\n${portal.logTail()}`);
  } finally {
    await context?.close().catch(() => {});
    if (keep) {
      report.note(
        `--keep: portal left running at ${portal.appUrl} (process group ${portal.children[0]?.pid})`,
      );
    } else {
      await portal.stop();
      rmSync(workDir, { recursive: true, force: true });
    }
  }
  return finish(report.counts().failed > 0 ? 1 : 0);
}

main().catch(error => {
  report.fail('e2e runner', 0, error);
  finish(1);
});
