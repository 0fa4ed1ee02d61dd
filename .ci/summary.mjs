// Prints the closing line `N passed, N failed[, N skipped]` summed over every runner
// (vitest and Playwright JSON reports), and exits non-zero when anything failed.
// A step that fails before its runner writes a report (lint, typecheck, build) counts as
// one failure, so a red run can never print "0 failed".
import { existsSync, readFileSync } from 'node:fs';

const npmStatus = Number(process.argv[2] ?? 1);
let passed = 0;
let failed = 0;
let skipped = 0;

function read(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  if (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0) failed += vitest.numFailedTestSuites;
}

const e2e = read('reports/e2e.json');
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
  for (const error of e2e.errors ?? []) {
    console.error(`e2e error: ${error.message ?? error}`);
    failed += 1;
  }
}

if (npmStatus !== 0 && failed === 0) {
  console.error('npm test failed outside a test runner (lint, typecheck, build, or a runner crash).');
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
process.exit(failed > 0 || npmStatus !== 0 ? 1 : 0);
