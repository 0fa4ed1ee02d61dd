// The renderer's language as Svelte state. Paraglide's messages ask the runtime for the locale
// on every call; the custom strategy answers from this $state, so every m.*() called in a
// template or $derived redraws in place when the language changes: no reload, no remount, the
// open quote and whatever is typed stay. The rule that follows (a lint rule keeps it): call
// messages where Svelte tracks them, never once into a constant.
import { baseLocale, defineCustomClientStrategy, getTextDirection, setLocale, type Locale } from '../../../../i18n/paraglide/runtime.js';

let current = $state<Locale>(baseLocale);

defineCustomClientStrategy('custom-quotedesk', {
  getLocale: () => current,
  // The runtime echoes the first resolved locale back through setLocale from inside a render;
  // writing the same value to $state there would be an unsafe mutation, so only changes write.
  setLocale: (locale) => {
    if (locale !== current) current = locale as Locale;
  },
});

export function uiLocale(): Locale {
  return current;
}

/** Speaks `locale` from now on and marks the document's language and direction for it. */
export function switchLocale(locale: Locale, root: HTMLElement | undefined = globalThis.document?.documentElement): void {
  void setLocale(locale, { reload: false });
  if (root) {
    root.lang = locale;
    root.dir = getTextDirection(locale);
  }
}
