// `npm run scan`: electronegativity over the built app (out/: main, preload and the renderer's
// page), offline, judged by scripts/electronegativity-report.ts. The scanner itself exits 0
// whatever it finds, so this script is what fails the build. Needs `electron-vite build` first.
//   tsx scripts/electronegativity.ts [--input out] [--waivers .electronegativity-waivers.json]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { transformSync } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { describeVerdict, judge, parseFailures, parseFindings, waiversSchema } from './electronegativity-report';

const electronVersion = (JSON.parse(readFileSync(resolve('node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const runner = resolve('scripts/electronegativity-runner.mjs');
const offline = resolve('scripts/electronegativity-offline.mjs');
const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};
const input = resolve(option('--input', 'out'));
const waiversFile = resolve(option('--waivers', '.electronegativity-waivers.json'));

for (const built of input === resolve('out') ? ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'] : [input]) {
  if (!existsSync(built)) {
    console.error(`${built} is missing: run \`electron-vite build\` first.`);
    process.exit(1);
  }
}

/**
 * The scanner's parser knows no syntax newer than ES2020: on a class's `#private` member (which
 * Svelte 5 compiles every `$state` field of a class into) it gives up on the whole file. So it
 * scans a copy of the input whose scripts are lowered to ES2020 (the same calls, the same
 * files, only the syntax down-levelled), and any file it still cannot read fails the scan.
 */
function lowerForScan(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (['.js', '.cjs', '.mjs'].includes(extname(name))) {
        writeFileSync(path, transformSync(readFileSync(path, 'utf8'), { target: 'es2020', format: undefined, legalComments: 'inline' }).code);
      }
    }
  };
  if (statSync(to).isDirectory()) walk(to);
}

const work = mkdtempSync(join(tmpdir(), 'quotedesk-electronegativity-'));
try {
  const scanned = join(work, 'input');
  lowerForScan(input, scanned);
  const report = join(work, 'report.csv');
  const errors = join(work, 'errors.json');
  const run = spawnSync(process.execPath, ['--import', pathToFileURL(offline).href, runner, scanned, report, errors, electronVersion], {
    encoding: 'utf8',
    env: { ...process.env, LANG: 'en-US' },
  });
  if (run.status !== 0 || !existsSync(report) || !existsSync(errors)) {
    console.error(`electronegativity did not run (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
    process.exit(1);
  }
  const unread = parseFailures(readFileSync(errors, 'utf8'));
  if (unread.length > 0) {
    for (const { file, message } of unread) console.error(`electronegativity could not parse ${file.replace(scanned, input)}: ${message}`);
    console.error('electronegativity: failed (a file it cannot parse is a file it did not check; write that code in syntax its parser reads)');
    process.exit(1);
  }
  const findings = parseFindings(readFileSync(report, 'utf8'));
  const waivers = waiversSchema.parse(existsSync(waiversFile) ? JSON.parse(readFileSync(waiversFile, 'utf8')) : []);
  const verdict = judge(findings, waivers);
  console.log(describeVerdict(findings, verdict));
  process.exitCode = verdict.ok ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
