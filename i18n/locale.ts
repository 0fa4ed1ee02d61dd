// Which language to speak, shared by the renderer, the main process and the CLI. The compiled
// runtime matches exact tags only (`de-AT` is not `de`), so a preference list is negotiated
// here: each preferred tag exactly, then its language alone, else English.
import { baseLocale, isLocale, locales, type Locale } from './paraglide/runtime.js';

export type { Locale };
export { baseLocale, locales };

/** The setting: follow the system's languages, or one language chosen in Settings. */
export type LanguageChoice = 'system' | Locale;

export function negotiate(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const exact = locales.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    let language: string;
    try { language = new Intl.Locale(tag).language; } catch { continue; }
    if (isLocale(language)) return language;
  }
  return baseLocale;
}

/** A POSIX locale (`de_DE.UTF-8`, `fr_FR@euro`, `C`) as a BCP 47 tag, or undefined for C/POSIX. */
export function posixToBcp47(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const tag = value.split(/[.@]/)[0]!.replace(/_/g, '-');
  return tag === 'C' || tag === 'POSIX' || tag === '' ? undefined : tag;
}

/** The language a choice resolves to, given the system's preference list. */
export function resolveChoice(choice: LanguageChoice | undefined, preferred: readonly string[]): Locale {
  return choice && choice !== 'system' && isLocale(choice) ? choice : negotiate(preferred);
}

/** A language's own name ("Deutsch", "日本語"), for the picker. */
export function nativeName(locale: Locale): string {
  try { return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale; } catch { return locale; }
}
