/**
 * Time to first table render of the platform page in headless Chromium (Debian's
 * /usr/bin/chromium through playwright-core), against the real backend serving the
 * production build of the app and the benchmark's snapshot. The page records, from
 * navigation start, when the first row of the component table is in the DOM.
 */
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import type { BenchPortal } from '../portal/benchPortal';

export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the time of one visit went (ms since navigation start). */
export interface VisitTimeline {
  firstRowMs: number;
  domContentLoadedMs: number;
  /** The page's first component-list request: sent and answered. */
  listRequestStartMs: number;
  listResponseEndMs: number;
}

export interface UiFigures {
  /** Navigation start → first component row, with the browser cache emptied first. */
  coldMs: number;
  cold: VisitTimeline;
  /** The same with the app's assets cached (median of the runs). */
  warmMs: number;
  rows: number;
  runs: number;
}

/** Records when the first component row appears (ms since navigation start). */
const FIRST_ROW_PROBE = `
  (() => {
    const seen = () => document.querySelector('[data-testid="component-row"]');
    const mark = () => { if (window.__firstRowMs === undefined && seen()) window.__firstRowMs = performance.now(); };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
  })();
`;

/**
 * Measures the platform page. With `timelinePath`, the cold visit's resource timings
 * (scripts, API calls: start and end since navigation) are written there as JSON.
 */
export async function benchmarkUi(
  portal: BenchPortal,
  options: { runs: number; timelinePath?: string },
): Promise<UiFigures> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    const pageUrl = `${portal.url}/extension-scorecard`;

    // sign in as a guest once (untimed), as a user would before opening the page
    await page.goto(pageUrl);
    const enter = page.getByRole('button', { name: /enter/i });
    await enter.waitFor({ timeout: 120_000 });
    await enter.click();
    await page
      .getByTestId('component-row')
      .first()
      .waitFor({ timeout: 120_000 });

    await context.addInitScript(FIRST_ROW_PROBE);
    const cdp = await context.newCDPSession(page);
    const visit = async (cold: boolean) => {
      if (cold) await cdp.send('Network.clearBrowserCache');
      await page.goto(pageUrl, { waitUntil: 'commit' });
      await page
        .getByTestId('component-row')
        .first()
        .waitFor({ timeout: 60_000 });
      const timeline = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as
          | PerformanceNavigationTiming
          | undefined;
        const list = (
          performance.getEntriesByType(
            'resource',
          ) as PerformanceResourceTiming[]
        ).find(r => r.name.includes('/api/extension-scorecard/components?'));
        return {
          firstRowMs: (window as any).__firstRowMs as number,
          domContentLoadedMs: nav?.domContentLoadedEventEnd ?? NaN,
          listRequestStartMs: list?.startTime ?? NaN,
          listResponseEndMs: list?.responseEnd ?? NaN,
        };
      });
      if (timeline.firstRowMs === undefined)
        throw new Error('the first-row probe did not fire');
      return timeline;
    };
    const cold = await visit(true);
    if (options.timelinePath) {
      const entries = await page.evaluate(() =>
        (
          performance.getEntriesByType(
            'resource',
          ) as PerformanceResourceTiming[]
        ).map(r => ({
          name: r.name.replace(location.origin, ''),
          startMs: Math.round(r.startTime),
          endMs: Math.round(r.responseEnd),
          bytes: r.transferSize,
        })),
      );
      fs.writeFileSync(
        options.timelinePath,
        JSON.stringify({ cold, entries }, null, 2),
      );
    }
    const warm: number[] = [];
    for (let i = 0; i < options.runs; i++)
      warm.push((await visit(false)).firstRowMs);
    warm.sort((a, b) => a - b);
    const rows = await page.getByTestId('component-row').count();
    return {
      coldMs: cold.firstRowMs,
      cold,
      warmMs: warm[Math.floor(warm.length / 2)],
      rows,
      runs: options.runs,
    };
  } finally {
    await browser.close();
  }
}
