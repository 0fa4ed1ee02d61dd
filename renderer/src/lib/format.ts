// The renderer's formatting is the one shared with main and the CLI (preload/contract/plain/format, with its words from i18n/words/format).
// The few results Intl writes in the UI language ("in 3 days", "5 minutes ago", "German (Germany)")
// pass through inUiLanguage here, in this one place: in the pseudo-locale, Intl falls back to
// English, and they get the same accents and brackets as the messages around them.
import {
  formatDaysFromNow as daysFromNowWords,
  formatLanguageTag as languageTagWords,
  formatTimeAgo as timeAgoWords,
} from '../../../i18n/words/format';
import { inUiLanguage } from './i18n/locale.svelte';

export * from '../../../i18n/words/format';

/** "in 3 days", "yesterday", in the UI language. */
export function formatDaysFromNow(value: string | null | undefined, now: number, regionLocale?: string): string | null {
  const words = daysFromNowWords(value, now, regionLocale);
  return words === null ? null : inUiLanguage(words);
}

/** "de-DE" -> "German (Germany)", in the UI language. */
export function formatLanguageTag(tag: string, regionLocale?: string): string {
  return inUiLanguage(languageTagWords(tag, regionLocale));
}

/** "just now", "2 minutes ago", else the date and time, in the UI language. */
export function formatTimeAgo(moment: number, now: number, locale?: string): string {
  return inUiLanguage(timeAgoWords(moment, now, locale));
}
