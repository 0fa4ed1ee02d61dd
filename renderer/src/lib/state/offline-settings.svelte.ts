import type { BridgeApi, BridgeError, OfflineOverview, OfflineSettings } from '../../../../preload/contract';

export type OfflineSettingsBridge = Pick<BridgeApi, 'sync'>;

/**
 * How often sync runs and how much room cached PDFs take (Settings). A change shows at once
 * and goes back when the core refuses it; only the newest answer is kept.
 */
export class OfflineSettingsState {
  overview = $state<OfflineOverview | null>(null);
  loadError = $state<BridgeError | null>(null);
  saveError = $state<BridgeError | null>(null);
  saving = $state(false);

  readonly #api: OfflineSettingsBridge;
  #sequence = 0;

  constructor(api: OfflineSettingsBridge) {
    this.#api = api;
  }

  async load(): Promise<void> {
    const sequence = ++this.#sequence;
    const result = await this.#api.sync.settings();
    if (sequence !== this.#sequence) return;
    this.loadError = result.ok ? null : result.error;
    if (result.ok) this.overview = result.value;
  }

  async change(change: Partial<OfflineSettings>): Promise<void> {
    const before = this.overview;
    if (!before) return;
    const sequence = ++this.#sequence;
    this.overview = { ...before, settings: { ...before.settings, ...change } };
    this.saving = true;
    this.saveError = null;
    const result = await this.#api.sync.setSettings(change);
    if (sequence !== this.#sequence) return;
    this.saving = false;
    if (result.ok) this.overview = result.value;
    else {
      this.overview = before;
      this.saveError = result.error;
    }
  }
}
