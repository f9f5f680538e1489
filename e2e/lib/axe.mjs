/**
 * axe-core scans of a page, split into what the plugin renders and what the app's
 * chrome around it renders.
 *
 * The plugin marks its part of the DOM with `data-extension-scorecard="<view>"`
 * (src/components/shared/ScorecardRegion.tsx). A scan covers the whole document, so a
 * rule that needs context (landmarks, heading order, duplicate ids) sees the page as a
 * reader does; each node of a violation is then attributed to the plugin when it sits
 * inside a plugin region, to the chrome (sidebar, catalog header, app layout)
 * otherwise.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = join(dirname(require.resolve('axe-core')), 'axe.min.js');
let axeText;
const axeSource = () => (axeText ??= readFileSync(AXE_SCRIPT, 'utf8'));

/** WCAG 2.0 / 2.1 A and AA plus axe's best practices. */
export const AXE_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'best-practice',
];

/** Where the plugin's own DOM is: the regions its extensions render. */
export const PLUGIN_REGION = '[data-extension-scorecard]';

/**
 * Scans the document and returns the violations per owner:
 * `{ plugin: Violation[], chrome: Violation[], regions }`, where a Violation is
 * `{ id, impact, help, count, nodes: [{ target, html, summary }] }`.
 * Fails when no plugin region is on the page (nothing of the plugin was scanned).
 */
export async function scanAccessibility(page) {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated through the DevTools protocol, not added as a <script>: the portal's
    // Content-Security-Policy (script-src 'self') stays in force for the app.
    await page.evaluate(axeSource());
  }
  const result = await page.evaluate(
    async ({ tags, region }) => {
      const regions = document.querySelectorAll(region).length;
      const { violations } = await window.axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      const owners = { plugin: [], chrome: [] };
      for (const violation of violations) {
        const split = { plugin: [], chrome: [] };
        for (const node of violation.nodes) {
          // Targets inside iframes or shadow roots are arrays of selectors.
          const selector = node.target
            .map(t => (Array.isArray(t) ? t.join(' ') : t))
            .join(' ');
          let element = null;
          try {
            element = document.querySelector(node.target[0]);
          } catch {
            element = null;
          }
          const owner = element?.closest(region) ? 'plugin' : 'chrome';
          split[owner].push({
            target: selector,
            html: node.html.slice(0, 160),
            summary: (node.failureSummary ?? '')
              .replace(/\s+/g, ' ')
              .slice(0, 400),
          });
        }
        for (const owner of ['plugin', 'chrome']) {
          if (split[owner].length === 0) continue;
          owners[owner].push({
            id: violation.id,
            impact: violation.impact,
            help: violation.help,
            count: split[owner].length,
            nodes: split[owner],
          });
        }
      }
      return { ...owners, regions };
    },
    { tags: AXE_TAGS, region: PLUGIN_REGION },
  );
  if (result.regions === 0) {
    throw new Error(
      `no plugin region (${PLUGIN_REGION}) on ${page.url()}: nothing of the plugin was scanned`,
    );
  }
  return result;
}

/**
 * One line per rule: `rule-id ×count (impact): help — first targets`, to read in a
 * failure message or a note.
 */
export function describeViolations(violations, { targets = 3 } = {}) {
  return violations.map(v => {
    const shown = v.nodes
      .slice(0, targets)
      .map(n => n.target)
      .join(' | ');
    const more = v.count > targets ? ` | … ${v.count - targets} more` : '';
    // what axe measured on the first node (colours and ratio, for color-contrast)
    const first = v.nodes[0]?.summary ? ` [${v.nodes[0].summary}]` : '';
    return `${v.id} ×${v.count} (${v.impact}): ${v.help} — ${shown}${more}${first}`;
  });
}
