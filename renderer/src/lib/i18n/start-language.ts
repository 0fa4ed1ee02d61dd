// The language the window opens in, read from what the host wrote into the page's <html>
// element (main/core/hosting/page-language.ts) before the first paint. "system" in browser
// mode is the browser's own languages; a page served without the host's attributes (the
// renderer's dev server, the test harness) follows the browser too.
import { isLocale, type Locale } from '../../../../i18n/paraglide/runtime.js';
import { negotiate, type LanguageChoice } from '../../../../i18n/locale';

export interface StartLanguage {
  choice: LanguageChoice;
  locale: Locale;
  /** The pseudo-locale en-XA is offered in Settings. */
  pseudo: boolean;
  /** "system" follows the page's own languages (browser mode), not the host's. */
  systemFromBrowser: boolean;
}

export function startLanguage(root: HTMLElement, browserLanguages: readonly string[]): StartLanguage {
  const { languageChoice, languageSystem, languagePseudo } = root.dataset;
  const pseudo = languagePseudo === '1';
  const choice: LanguageChoice = languageChoice && (languageChoice === 'system' || isLocale(languageChoice)) ? languageChoice : 'system';
  const systemFromBrowser = languageSystem !== 'host';
  if (choice !== 'system') return { choice, locale: choice, pseudo, systemFromBrowser };
  const hostLocale = isLocale(root.lang) && !systemFromBrowser ? root.lang : null;
  return { choice, locale: hostLocale ?? negotiate(browserLanguages), pseudo, systemFromBrowser };
}
