// The message catalogue as files: one folder per area of the app (i18n/messages/<area>), each
// with a JSON file per language and notes.json (for translators: where each message appears).
// Read by the compile step (scripts/i18n.ts) and by the catalogue test, so both judge the same
// files the same way. Node only: the apps import the compiled output, never this.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const messagesRoot = join(import.meta.dirname, 'messages');
/** The languages written by hand; en-XA (pseudo) is generated from en. */
export const shippedLocales = ['en', 'de', 'fr', 'es', 'ja', 'ar'] as const;
export const pseudoLocale = 'en-XA';

/** A simple message is a string; a message with variants (plurals) is a one-element array. */
export type MessageValue = string | Array<{ declarations?: string[]; selectors?: string[]; match: Record<string, string> }>;
export type Catalogue = Record<string, MessageValue>;

export function areas(): string[] {
  return readdirSync(messagesRoot, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

export function readCatalogue(area: string, locale: string): Catalogue {
  const path = join(messagesRoot, area, `${locale}.json`);
  if (!existsSync(path)) return {};
  const { $schema: _schema, ...messages } = JSON.parse(readFileSync(path, 'utf8')) as Catalogue & { $schema?: string };
  return messages;
}

export function readNotes(area: string): Record<string, string> {
  const path = join(messagesRoot, area, 'notes.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {};
}

/** Every language's messages over every area, keyed by message. */
export function readAll(locale: string): Catalogue {
  return Object.assign({}, ...areas().map((area) => readCatalogue(area, locale))) as Catalogue;
}

/** The texts a message can show: the string, or each variant of its match. */
export function texts(value: MessageValue): string[] {
  return typeof value === 'string' ? [value] : value.flatMap((variant) => Object.values(variant.match));
}

/** The `{name}` placeholders a text uses (markup like {#b} and escaped braces excluded). */
export function placeholders(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.replace(/\\[{}]/g, '').matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) found.add(match[1]!);
  return [...found].sort();
}

/** The inputs a message takes: its placeholders, or the `input x` declarations of a variant. */
export function inputs(value: MessageValue): string[] {
  if (typeof value === 'string') return placeholders(value);
  const declared = value.flatMap((variant) => (variant.declarations ?? []).filter((line) => line.startsWith('input ')).map((line) => line.slice(6).trim()));
  return [...new Set(declared)].sort();
}

/**
 * Problems with one language against English: missing or extra messages, different inputs,
 * empty texts, plural categories of the language left uncovered, notes missing. Arabic writes
 * all six of its plural forms out: a catch-all there hides a wrong form.
 */
export function problems(locale: string): string[] {
  const found: string[] = [];
  const plural = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  for (const area of areas()) {
    const english = readCatalogue(area, 'en');
    const translated = readCatalogue(area, locale);
    const notes = readNotes(area);
    for (const key of Object.keys(english)) {
      if (!key.startsWith(`${area}_`)) found.push(`${area}: "${key}" should start with "${area}_"`);
      if (locale === 'en' && !notes[key]?.trim()) found.push(`${area}: "${key}" has no note for translators in notes.json`);
      const value = translated[key];
      if (value === undefined) { found.push(`${area}/${locale}: "${key}" is missing`); continue; }
      if (typeof value !== typeof english[key]) { found.push(`${area}/${locale}: "${key}" is ${typeof value === 'string' ? 'simple' : 'with variants'} but English is not`); continue; }
      if (texts(value).some((text) => !text.trim())) found.push(`${area}/${locale}: "${key}" has an empty text`);
      if (inputs(value).join() !== inputs(english[key]!).join()) found.push(`${area}/${locale}: "${key}" takes {${inputs(value).join(', ')}} where English takes {${inputs(english[key]!).join(', ')}}`);
      if (typeof value !== 'string') {
        for (const variant of value) {
          const keys = Object.keys(variant.match);
          const pluralKeys = keys.map((match) => match.split('=')[1]);
          if (!(variant.selectors ?? []).length) continue;
          const missing = plural.filter((category) => !pluralKeys.includes(category) && (locale === 'ar' || !pluralKeys.includes('*')));
          if (missing.length && keys.some((match) => /Plural=/.test(match))) found.push(`${area}/${locale}: "${key}" lacks the plural forms ${missing.join(', ')}`);
        }
      }
    }
    for (const key of Object.keys(translated)) if (!(key in english)) found.push(`${area}/${locale}: "${key}" is not an English message`);
    if (locale === 'en') for (const key of Object.keys(notes)) if (!(key in english)) found.push(`${area}: notes.json has "${key}", which is no message`);
  }
  return found;
}
