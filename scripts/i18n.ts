// `npm run i18n`: writes the pseudo-locale, compiles the catalogue with Paraglide into
// i18n/paraglide (generated, never committed) and checks what the compiler lets through
// silently: a plugin that failed to load (it compiles nothing and exits 0), a language missing
// a message (it falls back to English unseen), a plural form left out (it prints the key), a
// message no code uses. Exits non-zero on any of them. Run by `prepare` (so a fresh `npm ci`
// has the output) and first in `npm test`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compile } from '@inlang/paraglide-js';
import { areas, messagesRoot, problems, pseudoLocale, readAll, readCatalogue, shippedLocales } from '../i18n/catalogue.ts';
import { pseudoCatalogue } from '../i18n/pseudo.ts';
import { physicalCss } from './i18n-rtl.ts';

const root = join(import.meta.dirname, '..');
const outdir = join(root, 'i18n', 'paraglide');
const failures: string[] = [];

for (const area of areas()) {
  const pseudo = pseudoCatalogue(readCatalogue(area, 'en'));
  writeFileSync(join(messagesRoot, area, `${pseudoLocale}.json`), `${JSON.stringify({ $schema: 'https://inlang.com/schema/inlang-message-format', ...pseudo }, null, 2)}\n`);
}

await compile({
  project: join(root, 'i18n', 'project.inlang'),
  outdir,
  strategy: ['custom-quotedesk', 'globalVariable', 'baseLocale'],
  emitTsDeclarations: true,
  emitReadme: false,
});

// Every plural message asks the registry for the count's form, and Paraglide's registry builds
// a new Intl.PluralRules on each call: a list of counts redrawn in a new language (a language
// switch redraws every message at once) built hundreds. One rules object per locale and options
// answers the same; the rewrite fails loudly if a Paraglide upgrade changed the function.
const registryFile = join(outdir, 'registry.js');
const registry = readFileSync(registryFile, 'utf8');
const generatedPlural = /export function plural\(locale, input, options\) \{\s*return new Intl\.PluralRules\(locale, options\)\.select\(Number\(input\)\)\s*\};?/;
if (generatedPlural.test(registry)) {
  const cachedPlural = [
    'const pluralRules = new Map();',
    'export function plural(locale, input, options) {',
    '\tconst key = options && Object.keys(options).length > 0 ? `${locale}|${JSON.stringify(options)}` : locale;',
    '\tlet rules = pluralRules.get(key);',
    '\tif (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, options)));',
    '\treturn rules.select(Number(input));',
    '}',
  ].join('\n');
  writeFileSync(registryFile, registry.replace(generatedPlural, cachedPlural));
} else failures.push(`${relative(root, registryFile)}: Paraglide's plural() is not the one this script caches (a Paraglide upgrade?): check the rewrite`);

// The compiler exports one module per message; fewer than English has means the plugin or a
// message file did not load.
const english = Object.keys(readAll('en')).sort();
const compiled = readFileSync(join(outdir, 'messages', '_index.js'), 'utf8');
const exported = [...compiled.matchAll(/export \* from ['"]\.\/(.+?)\.js['"]/g)].map((match) => match[1]!).sort();
const missing = english.filter((key) => !exported.includes(key));
if (missing.length) failures.push(`compiled without ${missing.length} messages (the message-format plugin did not load?): ${missing.slice(0, 5).join(', ')}`);

for (const locale of shippedLocales) failures.push(...problems(locale));

// A message no code calls is dead weight for six translators.
const sources = ['main', 'renderer', 'preload', 'bin', 'i18n/words'].flatMap((folder) => files(join(root, folder)));
const used = new Set<string>();
for (const file of sources) for (const match of readFileSync(file, 'utf8').matchAll(/\bm\.([a-z][a-z0-9_]*)\b/g)) used.add(match[1]!);
const unused = english.filter((key) => !used.has(key));
if (unused.length) failures.push(`${unused.length} messages no code uses: ${unused.join(', ')}`);

// Right to left: the layout mirrors through logical properties, so a physical left/right in
// the renderer's CSS fails (a line that must stay physical says why with `rtl: physical`).
for (const use of physicalCss(root).filter((each) => !each.text.includes('rtl: physical'))) failures.push(`${use.file}:${use.line} uses physical CSS (${use.text}): use the logical property (margin-inline-start, inset-inline-end, text-align: start...)`);

if (failures.length) {
  console.error(`i18n: ${failures.length} problem(s)\n${failures.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`i18n: ${english.length} messages in ${shippedLocales.length} languages (+${pseudoLocale}), compiled to ${relative(root, outdir)}`);

function files(dir: string): string[] {
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return []; }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'paraglide' ? [] : files(path);
    return /\.(ts|svelte|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}
