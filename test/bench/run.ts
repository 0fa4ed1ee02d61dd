// `npm run bench [-- NAME...] [--quick] [--publish]`: runs every test/bench/*.bench.ts (or
// the named ones), each in its own process, prints a table, and writes reports/bench.json
// and reports/bench.svg. --publish also writes docs/bench.svg and the results section of
// BENCHMARKS.md (for a full run on purpose, not for CI).
import { fork } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ChildReply, ChildRequest } from './harness/child';
import { markdownTable, textTable } from './harness/format';
import { judge } from './harness/judge';
import { describeMachine } from './harness/machine';
import { renderChart } from './harness/svg-chart';
import type { Benchmark, BenchmarkResult } from './harness/types';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH_DIR, '../..');
const SUFFIX = '.bench.ts';
// Time for a forked process to load TypeScript and the code under test, on top of the budget.
const STARTUP_GRACE_MS = 20_000;
const RESULTS_START = '<!-- bench:results:start -->';
const RESULTS_END = '<!-- bench:results:end -->';

interface Options {
  names: string[];
  quick: boolean;
  publish: boolean;
}

function parseArgs(args: string[]): Options {
  const options: Options = { names: [], quick: false, publish: false };
  for (const arg of args) {
    if (arg === '--quick') options.quick = true;
    else if (arg === '--publish') options.publish = true;
    else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else options.names.push(arg);
  }
  if (options.publish && (options.quick || options.names.length)) throw new UsageError('--publish is for a full run of every benchmark');
  return options;
}

class UsageError extends Error {}

async function benchmarkFiles(): Promise<Map<string, string>> {
  const files = (await readdir(BENCH_DIR)).filter((file) => file.endsWith(SUFFIX)).sort();
  return new Map(files.map((file) => [file.slice(0, -SUFFIX.length), join(BENCH_DIR, file)]));
}

/** Reads the benchmark's budget and title without running it (the child does the running). */
async function describe(file: string): Promise<Pick<Benchmark, 'title' | 'budgetMs'>> {
  const { default: benchmark } = (await import(pathToFileURL(file).href)) as { default?: Partial<Benchmark> };
  if (typeof benchmark?.title !== 'string' || typeof benchmark.budgetMs?.full !== 'number' || typeof benchmark.budgetMs.quick !== 'number') {
    throw new Error(`${file} does not default-export a benchmark (use defineBenchmark)`);
  }
  return { title: benchmark.title, budgetMs: benchmark.budgetMs };
}

function runInChild(name: string, file: string, quick: boolean, killAfterMs: number): Promise<ChildReply> {
  return new Promise((resolveReply) => {
    const child = fork(join(BENCH_DIR, 'harness/child.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let settled = false;
    const settle = (reply: ChildReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(killer);
      resolveReply(reply);
    };
    const killer = setTimeout(() => {
      child.kill('SIGKILL');
      settle({ ok: false, error: `${name} overran its budget: killed after ${Math.round(killAfterMs / 1000)} s` });
    }, killAfterMs);
    child.on('message', (reply: ChildReply) => settle(reply));
    child.on('error', (error) => settle({ ok: false, error: error.message }));
    child.on('exit', (code, signal) => settle({ ok: false, error: `exited (${signal ?? code}) without a result` }));
    const request: ChildRequest = { file, quick };
    child.send(request);
  });
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const available = await benchmarkFiles();
  const unknown = options.names.filter((name) => !available.has(name));
  if (unknown.length) throw new UsageError(`no benchmark called ${unknown.join(', ')}; there are: ${[...available.keys()].join(', ')}`);
  const selected = options.names.length ? options.names.map((name) => [name, available.get(name) as string] as const) : [...available];

  const machine = describeMachine();
  console.log(`Benchmarks${options.quick ? ' (quick: small sizes, one round)' : ''} on ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}`);
  const results: BenchmarkResult[] = [];
  for (const [name, file] of selected) {
    let meta: Pick<Benchmark, 'title' | 'budgetMs'>;
    try {
      meta = await describe(file);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`  ${name} FAILED to load: ${message}`);
      results.push({ name, title: name, durationMs: 0, figures: [], error: message });
      continue;
    }
    const budgetMs = options.quick ? meta.budgetMs.quick : meta.budgetMs.full;
    console.log(`- ${name}: ${meta.title} (budget ${Math.round(budgetMs / 1000)} s)`);
    const started = performance.now();
    const reply = await runInChild(name, file, options.quick, budgetMs + STARTUP_GRACE_MS);
    const durationMs = Math.round(performance.now() - started);
    results.push(
      reply.ok
        ? { name, title: meta.title, durationMs, figures: reply.figures.map(judge) }
        : { name, title: meta.title, durationMs, figures: [], error: reply.error },
    );
    if (!reply.ok) console.error(`  ${name} FAILED: ${reply.error}`);
  }

  const date = new Date().toISOString();
  console.log(`\n${textTable(results)}\n`);
  const report = { date, quick: options.quick, machine, results };
  const chart = renderChart(results, { machine, date: date.slice(0, 16).replace('T', ' ') + ' UTC', quick: options.quick });
  await mkdir(join(ROOT, 'reports'), { recursive: true });
  await writeFile(join(ROOT, 'reports/bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(ROOT, 'reports/bench.svg'), chart);
  console.log('Wrote reports/bench.json and reports/bench.svg');
  if (options.publish) await publish(chart, results, report);

  const failures = results.filter((result) => result.error);
  if (failures.length) console.error(`${failures.length} benchmark(s) failed to run: ${failures.map((result) => result.name).join(', ')}`);
  return failures.length ? 1 : 0;
}

/** Commits-ready copies: the chart beside the docs, and the table and machine in BENCHMARKS.md. */
async function publish(chart: string, results: BenchmarkResult[], report: { date: string; machine: ReturnType<typeof describeMachine> }): Promise<void> {
  await mkdir(join(ROOT, 'docs'), { recursive: true });
  await writeFile(join(ROOT, 'docs/bench.svg'), chart);
  const path = join(ROOT, 'BENCHMARKS.md');
  const text = await readFile(path, 'utf8');
  const start = text.indexOf(RESULTS_START);
  const end = text.indexOf(RESULTS_END);
  if (start < 0 || end < start) throw new Error(`BENCHMARKS.md has no ${RESULTS_START} ... ${RESULTS_END} section to fill`);
  const { machine } = report;
  const section = [
    RESULTS_START,
    `Full run of ${report.date.slice(0, 16).replace('T', ' ')} UTC on ${machine.cpu} (${machine.cores} cores, ${machine.memoryGb} GB, ${machine.os}), Node ${machine.node}.`,
    '',
    markdownTable(results),
    '',
    '![Benchmark chart](docs/bench.svg)',
    RESULTS_END,
  ].join('\n');
  await writeFile(path, text.slice(0, start) + section + text.slice(end + RESULTS_END.length));
  console.log('Published docs/bench.svg and the results section of BENCHMARKS.md');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`npm run bench: ${error.message}\nusage: npm run bench [-- NAME...] [--quick] [--publish]`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
