// The language setting, kept by main: the window's choice ("system" or one language) is stored
// in the settings, and main speaks it too, so its notifications, exports and dialogs follow
// the window. QUOTEDESK_LANG forces a language for one run (tests, screenshots) over the
// stored choice; QUOTEDESK_PSEUDO=1 (or QUOTEDESK_LANG=en-XA) offers the pseudo-locale.
import type { LanguageChoice, LanguageInput, LanguageState, UiLocale } from '../../../preload/contract';
import { LANGUAGE_CHOICES, PSEUDO_LOCALE } from '../../../preload/contract/plain/languages';
import { resolveChoice } from '../../../i18n/locale';
import type { Feature } from '../bridge/feature';
import type { SettingsStore } from '../ports';

export const LANGUAGE_SETTING = 'language';

export interface LanguageDeps {
  settings: Pick<SettingsStore, 'get' | 'set'>;
  /** The system's languages, most preferred first (Electron: app.getPreferredSystemLanguages(); browser mode and the CLI: LANG). */
  systemLanguages(): readonly string[];
  /** The process environment's QUOTEDESK_LANG and QUOTEDESK_PSEUDO. */
  env?: { QUOTEDESK_LANG?: string; QUOTEDESK_PSEUDO?: string };
  /** Who resolves "system" when the window chooses it: the host (Electron, from the OS) or the window (browser mode, from the browser). */
  systemFrom?: 'host' | 'window';
  /** Makes main speak a language (the compiled runtime's setLocale; a test fake records it). */
  speak(locale: UiLocale): void;
}

export interface Language {
  /** Resolves the language at start and makes main speak it. */
  start(): LanguageState;
  state(): LanguageState;
  choose(input: LanguageInput): LanguageState;
}

export function createLanguage(deps: LanguageDeps): Language {
  const forced = knownChoice(deps.env?.QUOTEDESK_LANG);
  const pseudo = deps.env?.QUOTEDESK_PSEUDO === '1' || forced === PSEUDO_LOCALE;
  const offered = (choice: LanguageChoice | undefined) => (choice === PSEUDO_LOCALE && !pseudo ? undefined : choice);
  let choice: LanguageChoice = offered(forced) ?? offered(knownChoice(deps.settings.get<unknown>(LANGUAGE_SETTING))) ?? 'system';
  let locale: UiLocale = resolveChoice(choice, deps.systemLanguages());

  const system = () => resolveChoice('system', deps.systemLanguages());
  const state = (): LanguageState => ({ choice, locale, system: system(), pseudo });
  return {
    start() {
      deps.speak(locale);
      return state();
    },
    state,
    choose(input) {
      choice = offered(input.choice) ?? 'system';
      // "system" is the host's languages (Electron), or what the window resolved from its own (browser mode).
      const windowLocale = input.locale === PSEUDO_LOCALE && !pseudo ? system() : input.locale;
      locale = choice !== 'system' ? choice : deps.systemFrom === 'host' ? system() : windowLocale;
      deps.settings.set(LANGUAGE_SETTING, choice);
      deps.speak(locale);
      return state();
    },
  };
}

export function createLanguageFeature(language: Language): Feature {
  return {
    name: 'language',
    handlers: {
      'app.language': async () => language.state(),
      'app.setLanguage': async (input) => language.choose(input),
    },
  };
}

function knownChoice(value: unknown): LanguageChoice | undefined {
  return LANGUAGE_CHOICES.find((choice) => choice === value);
}
