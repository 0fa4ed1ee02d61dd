// The languages the UI speaks, as the bridge carries them (the catalogue's own list is
// i18n/project.inlang; a test keeps the two equal). en-XA is the pseudo-locale: accented,
// longer English that shows untranslated or clipped text, offered only when the host runs
// with QUOTEDESK_PSEUDO=1 or QUOTEDESK_LANG=en-XA.
export const UI_LOCALES = ['en', 'de', 'fr', 'es', 'ja', 'ar', 'en-XA'] as const;
export const PSEUDO_LOCALE = 'en-XA' satisfies (typeof UI_LOCALES)[number];

/** The setting: follow the system's languages, or one language chosen in Settings. */
export const LANGUAGE_CHOICES = ['system', ...UI_LOCALES] as const;
