/**
 * Watches what the pages of a browser context print to their console (warnings and
 * errors) and throw, so the runner can fail on what comes from the plugin and note
 * the rest.
 *
 * A message is the plugin's when it names the plugin (the app names extensions by
 * id: `page:extension-scorecard`, `entity-card:extension-scorecard/team`, …), when it
 * is about a request to the plugin's backend (a failed `/api/extension-scorecard/…`
 * load), or when the script that printed it is one of the plugin's. The app is a
 * production build: React's development-only warnings (missing keys) and the
 * framework's implicit-routing warning are not printed there; the plugin's unit tests
 * (jsdom, development React) catch those.
 */
const PLUGIN_TEXT = /extension-scorecard|Extension ?Scorecard/i;

/** `console` and `pageerror` events of every page of a context, with the scenario. */
export class ConsoleWatch {
  constructor() {
    this.messages = [];
    this.scenario = undefined;
    /** Messages scenarios provoke on purpose: `{ scenario, pattern }`. */
    this.expectations = [];
  }

  /**
   * Declares a message the current scenario provokes on purpose, e.g. the browser's
   * own log line for a request the scenario expects to be refused (it checks the page
   * shows why). `pattern` is tested against `<text> <url>`; such messages are listed
   * apart and fail nothing.
   */
  expect(pattern) {
    this.expectations.push({ scenario: this.scenario, pattern });
  }

  /** Follows every page of `context`, those open now and those opened later. */
  attach(context) {
    for (const page of context.pages()) this.follow(page);
    context.on('page', page => this.follow(page));
  }

  follow(page) {
    page.on('console', message => {
      const type = message.type();
      if (type !== 'warning' && type !== 'error') return;
      const location = message.location();
      this.record({
        type,
        text: message.text(),
        url: location?.url ?? '',
        page: page.url(),
      });
    });
    page.on('pageerror', error => {
      this.record({
        type: 'pageerror',
        text: `${error.name}: ${error.message}`,
        url: error.stack ?? '',
        page: page.url(),
      });
    });
  }

  record(message) {
    const expected = this.expectations.some(
      e =>
        e.scenario === this.scenario &&
        e.pattern.test(`${message.text} ${message.url}`),
    );
    this.messages.push({
      ...message,
      scenario: this.scenario,
      expected,
      plugin:
        !expected &&
        (PLUGIN_TEXT.test(message.text) || PLUGIN_TEXT.test(message.url)),
    });
  }

  /** Messages of the plugin and of the rest, each listed once with a count. */
  summary() {
    const grouped = new Map();
    for (const m of this.messages) {
      const text = m.text.replace(/\s+/g, ' ').slice(0, 300);
      const key = `${m.plugin}|${m.expected}|${m.type}|${text}`;
      const entry = grouped.get(key) ?? {
        plugin: m.plugin,
        expected: m.expected,
        type: m.type,
        text,
        source: m.url.split('\n')[0].slice(0, 160),
        count: 0,
        scenarios: new Set(),
        pages: new Set(),
      };
      entry.count += 1;
      if (m.scenario) entry.scenarios.add(m.scenario);
      entry.pages.add(new URL(m.page || 'about:blank').pathname);
      grouped.set(key, entry);
    }
    const list = [...grouped.values()].map(e => ({
      ...e,
      scenarios: [...e.scenarios],
      pages: [...e.pages],
    }));
    return {
      plugin: list.filter(e => e.plugin),
      expected: list.filter(e => e.expected),
      other: list.filter(e => !e.plugin && !e.expected),
    };
  }
}

/** One line per message: `type ×count: text (pages; source)`. */
export function describeMessages(entries) {
  return entries.map(
    e =>
      `${e.type} ×${e.count}: ${e.text} (on ${e.pages.join(', ')}${
        e.source ? `; from ${e.source}` : ''
      })`,
  );
}
