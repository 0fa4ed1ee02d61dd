// The CLI's language: --lang, else the POSIX variables in their order of precedence (LC_ALL,
// LC_MESSAGES, LANG; C and POSIX mean English), negotiated against the catalogue. Each run
// speaks its own language through an AsyncLocalStorage the compiled messages read, so tests
// that call runCli many times in one process never see one run's language leak into another.
import { AsyncLocalStorage } from 'node:async_hooks';
import { baseLocale, getLocale, getTextDirection, locales, overwriteServerAsyncLocalStorage } from '../../i18n/paraglide/runtime.js';
import type { Locale } from '../../i18n/paraglide/runtime.js';
import { negotiate, posixToBcp47 } from '../../i18n/locale';

type LocaleStore = { locale?: Locale; origin?: string; messageCalls?: Set<string> };

const storage = new AsyncLocalStorage<LocaleStore>();
overwriteServerAsyncLocalStorage(storage);

/** A --lang no language of the catalogue answers to (de-AT is German; xx is nothing). */
export class UnknownLanguageError extends Error {
  constructor(readonly tag: string) {
    super(tag);
  }
}

/** The languages a person may name with --lang, for the error that lists them (not the pseudo-locale en-XA, a tool for testers). */
export const KNOWN_LANGUAGES: readonly string[] = locales.filter((locale) => !locale.includes('-'));

/** The catalogue's language for a BCP 47 tag, or null when it has none. */
function localeOf(tag: string): Locale | null {
  const found = negotiate([tag]);
  if (found !== baseLocale) return found;
  try {
    return new Intl.Locale(tag).language === baseLocale ? baseLocale : null;
  } catch {
    return null;
  }
}

/** The language of the environment: the first POSIX variable set, as a person's terminal would. */
export function environmentLocale(env: Record<string, string | undefined>): Locale {
  const posix = env.LC_ALL || env.LC_MESSAGES || env.LANG;
  const tag = posixToBcp47(posix);
  return tag ? (localeOf(tag) ?? baseLocale) : baseLocale;
}

/**
 * --lang (as `--lang TAG` or `--lang=TAG`, anywhere on the line) taken out of argv, so each
 * command's own parser never sees it. `lang` is undefined when it was not given, '' when it was
 * given without a value.
 */
export function takeLangOption(argv: readonly string[]): { argv: string[]; lang: string | undefined } {
  const at = argv.findIndex((arg) => arg === '--lang' || arg.startsWith('--lang='));
  if (at === -1) return { argv: [...argv], lang: undefined };
  const inline = argv[at]!.startsWith('--lang=');
  const lang = inline ? argv[at]!.slice('--lang='.length) : (argv[at + 1] ?? '');
  return { argv: [...argv.slice(0, at), ...argv.slice(at + (inline ? 1 : 2))], lang };
}

/** The language --lang names; throws UnknownLanguageError for one the catalogue lacks. */
export function requestedLocale(lang: string): Locale {
  const found = lang.trim() ? localeOf(lang.trim()) : null;
  if (!found) throw new UnknownLanguageError(lang);
  return found;
}

/** Runs `work` with every message in `locale`. */
export function inLocale<T>(locale: Locale, work: () => T): T {
  return storage.run({ locale }, work);
}

/**
 * A quote number, amount, ID or path inside a sentence, isolated left to right (LRI … PDI) when
 * the sentence is right to left, so a terminal does not reorder "Q-2024-0001" in Arabic text.
 */
export function ltr(text: string): string {
  return getTextDirection(getLocale()) === 'rtl' ? `\u2066${text}\u2069` : text;
}
