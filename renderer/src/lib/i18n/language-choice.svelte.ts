// Settings -> Language: the choice ("system" or one language), kept by main. Choosing switches
// the window at once (in place: the open quote and anything typed stay) and then asks main to
// keep it and speak it too; main's answer is the last word on what "system" means.
import type { BridgeApi, LanguageChoice, UiLocale } from '../../../../preload/contract';
import { negotiate } from '../../../../i18n/locale';
import { switchLocale, uiLocale } from './locale.svelte';
import type { StartLanguage } from './start-language';

type LanguageApi = { app: Pick<BridgeApi['app'], 'language' | 'setLanguage'> };

class LanguageChoiceState {
  choice = $state<LanguageChoice>('system');
  /** What "system" means now: the browser's languages (browser mode) or the OS's (the desktop app, as main says). */
  systemLocale = $state<UiLocale>('en');
  pseudo = $state(false);
  /** Why the last choice could not be kept; null when it was. */
  problem = $state<string | null>(null);
  #systemFromBrowser = true;
  #api: LanguageApi | null = null;

  /** The window's start (from the page) and the bridge to keep choices with. */
  start(start: StartLanguage, api: LanguageApi | null, browserLanguages: readonly string[] = navigator.languages): void {
    this.choice = start.choice;
    this.pseudo = start.pseudo;
    this.#systemFromBrowser = start.systemFromBrowser;
    this.systemLocale = start.systemFromBrowser ? negotiate(browserLanguages) : start.choice === 'system' ? start.locale : this.systemLocale;
    this.#api = api;
    void api?.app.language().then((result) => {
      if (!result.ok) return;
      this.pseudo = result.value.pseudo;
      if (!this.#systemFromBrowser) this.systemLocale = result.value.system;
      // Browser mode: main guessed "system" from the computer's LANG; the browser's languages win.
      if (this.choice === 'system' && result.value.locale !== uiLocale()) void api.app.setLanguage({ choice: 'system', locale: uiLocale() });
    });
  }

  async choose(choice: LanguageChoice, reason: (message: string) => string): Promise<void> {
    this.choice = choice;
    switchLocale(choice === 'system' ? this.systemLocale : choice);
    if (!this.#api) return;
    const result = await this.#api.app.setLanguage({ choice, locale: uiLocale() });
    if (!result.ok) {
      // The window keeps speaking it; only keeping it for the next start failed.
      this.problem = reason(result.error.message);
      return;
    }
    this.problem = null;
    if (result.value.locale !== uiLocale()) switchLocale(result.value.locale);
  }
}

export const languageChoice = new LanguageChoiceState();

export function rememberStartLanguage(start: StartLanguage, api: LanguageApi | null, browserLanguages: readonly string[] = navigator.languages): void {
  languageChoice.start(start, api, browserLanguages);
}
