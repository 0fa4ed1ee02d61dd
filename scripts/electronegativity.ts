// `npm run scan`: electronegativity over the built app (out/: main, preload and the renderer's
// page), offline, judged by scripts/electronegativity-report.ts. The scanner itself exits 0
// whatever it finds, so this script is what fails the build. Needs `electron-vite build` first.
//   tsx scripts/electronegativity.ts [--input out] [--waivers .electronegativity-waivers.json]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeVerdict, judge, parseFindings, waiversSchema } from './electronegativity-report';

const electronVersion = (JSON.parse(readFileSync(resolve('node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const scanner = resolve('node_modules/@doyensec/electronegativity/dist/index.js');
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

const work = mkdtempSync(join(tmpdir(), 'quotedesk-electronegativity-'));
try {
  const report = join(work, 'report.csv');
  const run = spawnSync(process.execPath, ['--import', pathToFileURL(offline).href, scanner, '-i', input, '-o', report, '-r', '-e', electronVersion], {
    encoding: 'utf8',
    env: { ...process.env, LANG: 'en-US' },
  });
  if (run.status !== 0 || !existsSync(report)) {
    console.error(`electronegativity did not run (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
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
