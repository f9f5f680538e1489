import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Collects step results and writes the JSON report scripts/test sums up. */
export class Report {
  constructor(path) {
    this.path = path;
    this.tests = [];
    this.notes = [];
    this.timings = {};
  }

  pass(name, ms, details) {
    this.tests.push({
      name,
      status: 'passed',
      ms,
      ...(details ? { details } : {}),
    });
    console.log(`  ✓ ${name} (${ms} ms)`);
  }

  fail(name, ms, error) {
    const message =
      error instanceof Error ? error.stack ?? error.message : String(error);
    this.tests.push({ name, status: 'failed', ms, error: message });
    console.log(`  ✗ ${name} (${ms} ms)\n${indent(message)}`);
  }

  skip(name, reason) {
    this.tests.push({ name, status: 'skipped', reason });
    console.log(`  - ${name}: skipped (${reason})`);
  }

  note(text) {
    this.notes.push(text);
    console.log(`[e2e] ${text}`);
  }

  counts() {
    const count = status => this.tests.filter(t => t.status === status).length;
    return {
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
    };
  }

  write() {
    const body = {
      ...this.counts(),
      tests: this.tests,
      notes: this.notes,
      timings: this.timings,
    };
    if (this.path) {
      mkdirSync(dirname(this.path), { recursive: true });
      writeFileSync(this.path, `${JSON.stringify(body, null, 2)}\n`);
    }
    return body;
  }
}

function indent(text) {
  return text
    .split('\n')
    .slice(0, 12)
    .map(line => `      ${line}`)
    .join('\n');
}

/**
 * A runner's command line: `--report <file.json>` (the report), `--keep` and
 * `--reuse <url>` (a portal left running by `--keep`).
 */
export function runnerOptions(args = process.argv.slice(2)) {
  const value = flag =>
    args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined;
  const reportPath = value('--report');
  return {
    report: new Report(reportPath ? resolve(reportPath) : undefined),
    keep: args.includes('--keep'),
    reuse: value('--reuse'),
  };
}
