// Adds up the results of every suite scripts/test ran and prints "N passed, N failed".
// Exits non-zero when anything failed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
const lines = [];

const steps = existsSync(join(dir, 'steps.jsonl'))
  ? readFileSync(join(dir, 'steps.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(l => JSON.parse(l))
  : [];

for (const step of steps) {
  const report = {
    'unit-and-integration': 'jest.json',
    packaging: 'packaging.json',
    browser: 'e2e.json',
  }[step.name];
  const file = report && join(dir, report);
  if (file && existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    // jest: numPassedTests/numFailedTests; suites that crashed before running count as failures
    const p = r.numPassedTests ?? r.passed ?? 0;
    const f =
      (r.numFailedTests ?? r.failed ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
    const s = r.numPendingTests ?? r.skipped ?? 0;
    passed += p;
    failed += f;
    if (step.rc !== 0 && f === 0) failed += 1; // the runner failed without a failing test
    lines.push(
      `${step.name}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''} (${
        step.seconds
      }s)`,
    );
    // database tests are named after the database they ran on (TestDatabases ids)
    const onPostgres = (r.testResults ?? [])
      .flatMap(suite => suite.assertionResults ?? [])
      .filter(t => /POSTGRES_\d+/.test(t.fullName ?? ''));
    if (onPostgres.length) {
      const ok = onPostgres.filter(t => t.status === 'passed').length;
      lines.push(
        `  of which on PostgreSQL: ${ok} passed, ${
          onPostgres.length - ok
        } not passed`,
      );
    }
  } else if (step.rc === 0) {
    passed += 1;
    lines.push(`${step.name}: ok (${step.seconds}s)`);
  } else {
    failed += 1;
    lines.push(`${step.name}: FAILED (${step.seconds}s)`);
  }
}

console.log('');
for (const l of lines) console.log(`  ${l}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || steps.length === 0 ? 1 : 0);
