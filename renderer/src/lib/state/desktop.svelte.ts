import { m } from '../../../../i18n/paraglide/messages.js';
import type { BridgeApi, BridgeError, DesktopPreferencesInput, DesktopState, RestartOutcome } from '../../../../preload/contract';

export type DesktopBridge = Pick<BridgeApi, 'desktop' | 'events'>;

/**
 * The desktop app's own settings and its updates (Electron only): the state main pushes as
 * 'desktop.changed', and the person's changes. Started by the first component that shows it.
 */
export class DesktopAppState {
  state = $state<DesktopState | null>(null);
  error = $state<BridgeError | null>(null);
  /** What the last "Restart to update" answered when it did not restart at once. */
  restartNote = $state<string | null>(null);

  readonly #api: DesktopBridge;
  #started = false;

  constructor(api: DesktopBridge) {
    this.#api = api;
  }

  /** Listens and loads, once; returns nothing to undo: it lives as long as the app. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#api.events['desktop.changed']((state) => (this.state = state));
    void this.#apply(this.#api.desktop.state());
  }

  setPreferences(change: DesktopPreferencesInput): Promise<void> {
    return this.#apply(this.#api.desktop.setPreferences(change));
  }

  answerLoginOffer(startAtLogin: boolean): Promise<void> {
    return this.#apply(this.#api.desktop.answerLoginOffer({ startAtLogin }));
  }

  checkForUpdates(): Promise<void> {
    return this.#apply(this.#api.desktop.checkForUpdates());
  }

  async restart(): Promise<void> {
    const result = await this.#api.desktop.restartToUpdate();
    if (!result.ok) {
      this.error = result.error;
      return;
    }
    const outcome: RestartOutcome = result.value;
    this.restartNote = outcome.restarting ? m.shell_update_restarting() : outcome.message;
  }

  async #apply(pending: Promise<{ ok: true; value: DesktopState } | { ok: false; error: BridgeError }>): Promise<void> {
    const result = await pending;
    this.error = result.ok ? null : result.error;
    if (result.ok) this.state = result.value;
  }
}
