// What each language costs the renderer: the catalogue compiled by Paraglide twice into
// temporary folders (English only, then the six shipped languages, both from the real message
// files), the renderer built by Vite against each, and the JS it ships measured raw and
// gzipped. The issue (#28) allows the bundle to grow by at most 15% per added language:
// (six − en) ÷ 5 ÷ en ≤ 0.15. One build each: a size is a count, not a timing, so quick and
// full runs do the same work.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { compile } from '@inlang/paraglide-js';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build, type Plugin } from 'vite';
import { readAll, shippedLocales } from '../../i18n/catalogue';
import { round } from './harness/stats';
import type { Figure } from './harness/types';
import { defineBenchmark } from './harness/types';

const ROOT = resolve(import.meta.dirname, '../..');
const PROJECT = join(ROOT, 'i18n', 'project.inlang');
const PARAGLIDE = join(ROOT, 'i18n', 'paraglide');
const BUDGET_PER_LANGUAGE = 0.15;

interface BundleSize {
  bytes: number;
  gzipBytes: number;
  files: number;
}

/**
 * A copy of the project's settings with only `locales` changed and every path made absolute,
 * so the temporary project reads the real plugin and message files.
 */
function writeProject(dir: string, locales: readonly string[]): string {
  const settings = JSON.parse(readFileSync(join(PROJECT, 'settings.json'), 'utf8')) as {
    locales: string[];
    modules: string[];
    'plugin.inlang.messageFormat': { pathPattern: string[] };
  };
  settings.locales = [...locales];
  // Inlang reads these relative to the folder holding project.inlang, not to project.inlang.
  settings.modules = settings.modules.map((path) => resolve(dirname(PROJECT), path));
  const format = settings['plugin.inlang.messageFormat'];
  format.pathPattern = format.pathPattern.map((path) => resolve(dirname(PROJECT), path));
  const project = join(dir, 'project.inlang');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'settings.json'), JSON.stringify(settings, null, 2));
  return project;
}

/** Sends the renderer's imports of i18n/paraglide/* to the same file in `outdir`. */
function redirectParaglide(outdir: string): Plugin {
  return {
    name: 'quotedesk-bench-paraglide-outdir',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      const target = resolve(dirname(importer.split('?')[0]!), source);
      if (!target.startsWith(PARAGLIDE + sep)) return null;
      return join(outdir, relative(PARAGLIDE, target));
    },
  };
}

/** The renderer as electron-vite builds it (not minified, one entry), into `outDir`. */
async function buildRenderer(paraglideOut: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: join(ROOT, 'renderer'),
    logLevel: 'silent',
    plugins: [redirectParaglide(paraglideOut), svelte()],
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      reportCompressedSize: false,
      modulePreload: { polyfill: false },
      rollupOptions: { input: { index: join(ROOT, 'renderer', 'index.html') } },
    },
  });
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

function measure(dir: string): BundleSize & { text: string } {
  const files = jsFiles(dir);
  if (!files.length) throw new Error(`the renderer build in ${dir} produced no JS`);
  const contents = files.map((file) => readFileSync(file));
  return {
    bytes: contents.reduce((sum, bytes) => sum + bytes.length, 0),
    gzipBytes: contents.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0),
    files: files.length,
    text: contents.map((bytes) => bytes.toString('utf8')).join('\n'),
  };
}

/** A German text that is not also an English one: present only when German was compiled in. */
function germanOnlyText(): string {
  const english = new Set(Object.values(readAll('en')).filter((value) => typeof value === 'string'));
  const german = Object.values(readAll('de')).find((value): value is string => typeof value === 'string' && value.length > 20 && !value.includes('{') && !english.has(value));
  if (!german) throw new Error('no German message to tell the two builds apart');
  return JSON.stringify(german).slice(1, -1);
}

async function bundleWith(dir: string, name: string, locales: readonly string[]): Promise<BundleSize & { text: string }> {
  const paraglideOut = join(dir, `paraglide-${name}`);
  await compile({
    project: writeProject(join(dir, `project-${name}`), locales),
    outdir: paraglideOut,
    // The strategy scripts/i18n.ts compiles with: the runtime is the app's.
    strategy: ['custom-quotedesk', 'globalVariable', 'baseLocale'],
    emitTsDeclarations: false,
    emitReadme: false,
  });
  const outDir = join(dir, `renderer-${name}`);
  await buildRenderer(paraglideOut, outDir);
  return measure(outDir);
}

function sizeFigure(id: string, label: string, value: number, details: Record<string, string | number>): Figure {
  return { id, label, unit: 'count', value, rounds: 1, details };
}

export default defineBenchmark({
  name: 'i18n-bundle',
  title: 'Renderer JS per added language (Paraglide catalogue, en only vs six languages)',
  // Two renderer builds: about 45 s with the 2 cores shared, 80 s at a load average of 12.
  budgetMs: { full: 150_000, quick: 100_000 },
  async run(ctx) {
    const dir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-i18n-bundle-'));
    try {
      const english = await bundleWith(dir, 'en', ['en']);
      ctx.log(`en only: ${english.bytes} bytes (${english.gzipBytes} gzipped)`);
      const six = await bundleWith(dir, 'six', shippedLocales);
      ctx.log(`${shippedLocales.length} languages: ${six.bytes} bytes (${six.gzipBytes} gzipped)`);

      // Without this the redirect could silently build both against i18n/paraglide.
      const marker = germanOnlyText();
      if (english.text.includes(marker) || !six.text.includes(marker)) {
        throw new Error(`the builds did not use their own catalogues (German text "${marker}" in en: ${english.text.includes(marker)}, in six: ${six.text.includes(marker)})`);
      }

      const added = shippedLocales.length - 1;
      const growth = (big: number, small: number) => round((big - small) / added / small);
      const details = { languages: shippedLocales.join(', '), addedLanguages: added, jsFiles: six.files, minified: 'no (as electron-vite builds the renderer)' };
      return [
        sizeFigure('i18n-bundle.en-bytes', 'Renderer JS, English only (bytes)', english.bytes, { gzipBytes: english.gzipBytes }),
        sizeFigure('i18n-bundle.six-bytes', `Renderer JS, ${shippedLocales.length} languages (bytes)`, six.bytes, { gzipBytes: six.gzipBytes }),
        {
          id: 'i18n-bundle.growth-per-language',
          label: 'Renderer JS growth per added language: (six − en) ÷ 5 ÷ en',
          unit: 'x',
          value: growth(six.bytes, english.bytes),
          rounds: 1,
          target: { op: '<=', value: BUDGET_PER_LANGUAGE },
          details: { ...details, enBytes: english.bytes, sixBytes: six.bytes },
        },
        {
          id: 'i18n-bundle.growth-per-language-gzip',
          label: 'Renderer JS growth per added language, gzipped: (six − en) ÷ 5 ÷ en',
          unit: 'x',
          value: growth(six.gzipBytes, english.gzipBytes),
          rounds: 1,
          target: { op: '<=', value: BUDGET_PER_LANGUAGE },
          details: { ...details, enGzipBytes: english.gzipBytes, sixGzipBytes: six.gzipBytes },
        },
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
});
