// Prints the closing line `N passed, N failed[, N skipped]` summed over every runner
// (vitest and Playwright JSON reports, and the benchmarks' quick run: each benchmark that
// produced its figures is one pass, each that did not one failure), and exits non-zero
// when anything failed. A step that fails before its runner writes a report (lint,
// typecheck, build, the bench runner) counts as one failure, so a red run can never print
// "0 failed".
import { existsSync, readFileSync } from 'node:fs';

const npmStatus = Number(process.argv[2] ?? 1);
// Absent when the benchmarks were not run (a caller other than .ci/run).
const benchStatus = process.argv[3] === undefined ? null : Number(process.argv[3]);
let passed = 0;
let failed = 0;
let skipped = 0;

/** The end of a log, without terminal colours, for a failure no runner reported. */
function lastLines(path, count) {
  if (!existsSync(path)) return '(no log kept)';
  const plain = readFileSync(path, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
  return plain.trimEnd().split('\n').slice(-count).map((line) => `  | ${line}`).join('\n');
}

function read(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  if (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0) failed += vitest.numFailedTestSuites;
  // Vitest exits non-zero on an error outside any test (an unhandled rejection, say) while
  // every test passed: that is a failure of its own, named here.
  else if (vitest.success === false && vitest.numFailedTests === 0) {
    console.error('vitest reported an error outside the tests (see "Unhandled Errors" in its output).');
    failed += 1;
  }
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

if (benchStatus !== null) {
  const bench = read('reports/bench.json');
  let benchFailed = 0;
  for (const result of bench?.results ?? []) {
    if (result.error || result.figures.length === 0) {
      console.error(`benchmark ${result.name} did not run: ${result.error ?? 'no figures'}`);
      benchFailed += 1;
    } else {
      passed += 1;
    }
  }
  if (benchFailed === 0 && (benchStatus !== 0 || !bench)) {
    console.error('npm run bench -- --quick failed before reporting its benchmarks.');
    benchFailed = 1;
  }
  failed += benchFailed;
}

if (npmStatus !== 0 && failed === 0) {
  console.error('npm test failed outside a test runner (lint, typecheck, build, or a runner crash). Its last lines:');
  console.error(lastLines('reports/npm-test.log', 40));
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
process.exit(failed > 0 || npmStatus !== 0 || (benchStatus ?? 0) !== 0 ? 1 : 0);
