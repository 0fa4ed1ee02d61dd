// The renderer's language as Svelte state. Paraglide's messages ask the runtime for the locale
// on every call; the custom strategy answers from this $state, so every m.*() called in a
// template or $derived redraws in place when the language changes: no reload, no remount, the
// open quote and whatever is typed stay. The rule that follows (a lint rule keeps it): call
// messages where Svelte tracks them, never once into a constant.
import { pseudoText } from '../../../../i18n/pseudo';
import { baseLocale, defineCustomClientStrategy, getTextDirection, overwriteGetLocale, setLocale, type Locale } from '../../../../i18n/paraglide/runtime.js';

let current = $state<Locale>(baseLocale);

defineCustomClientStrategy('custom-quotedesk', {
  getLocale: () => current,
  // The runtime echoes the first resolved locale back through setLocale from inside a render;
  // writing the same value to $state there would be an unsafe mutation, so only changes write.
  setLocale: (locale) => {
    if (locale !== current) current = locale as Locale;
  },
});
// Every m.*() asks the runtime for the locale, and the runtime's own answer reads location.href
// and walks the strategies each time (about 3 ms of a reading pane's render on a loaded
// machine). The renderer has one answer, this state: setLocale still goes through the strategy.
overwriteGetLocale(() => current);

export function uiLocale(): Locale {
  return current;
}

/** The window's writing direction: drawings that place text by coordinates (SVG) mirror by it themselves. */
export function uiDirection(): 'ltr' | 'rtl' {
  return getTextDirection(current);
}

/** Speaks `locale` from now on and marks the document's language and direction for it. */
export function switchLocale(locale: Locale, root: HTMLElement | undefined = globalThis.document?.documentElement): void {
  void setLocale(locale, { reload: false });
  if (root) {
    root.lang = locale;
    root.dir = getTextDirection(locale);
  }
}

/** The pseudo-locale: English from the catalogue, accented and bracketed (i18n/pseudo.ts). */
const PSEUDO_LOCALE = 'en-XA';

/**
 * Words Intl wrote in the UI language ("in 3 days", "German (Germany)"). Intl has no pseudo-locale
 * and writes en-XA as English, so there they get the catalogue's pseudo transform, and any
 * English left on screen still means a string not taken from the catalogue. (Text already
 * pseudo, a message such as "just now", has no plain letters left and comes back as it is.)
 */
export function inUiLanguage(text: string): string {
  if (current !== PSEUDO_LOCALE) return text;
  return pseudoText(text);
}
