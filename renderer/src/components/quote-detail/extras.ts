// Small presentation helpers of the quote detail (the extras' recognition lives in main/core/quotes/extras.ts).
import { inUiLanguage } from '../../lib/i18n/locale.svelte';

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[1]![0]] : [words[0]?.[0], words[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** "DE" -> "Germany" in the user's language (Intl's words: inUiLanguage); the code itself when unknown. */
export function countryName(code: string | null, locale?: string): string | null {
  if (!code) return null;
  const key = locale ?? '';
  if (!regionNames.has(key)) {
    try {
      regionNames.set(key, new Intl.DisplayNames(locale, { type: 'region' }));
    } catch {
      regionNames.set(key, null);
    }
  }
  try {
    const name = regionNames.get(key)?.of(code.toUpperCase());
    return name === undefined ? code : inUiLanguage(name);
  } catch {
    return code;
  }
}
