import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n/paraglide/runtime.js';
import { createMemorySettingsStore } from '../../../main/core/settings-and-secrets';
import { createSilentLogger } from '../../../main/core/log';
import type { UpdateService } from '../../../main/core/updates';
import { createDesktopPreferenceStore } from '../../../main/electron/desktop-preferences';
import { createDesktopSettings } from '../../../main/electron/desktop-settings';

function refusingSettings() {
  return createDesktopSettings({
    platform: 'win32',
    preferences: createDesktopPreferenceStore(createMemorySettingsStore(), createSilentLogger()),
    loginItem: { supported: true, enabled: () => false, set: () => { throw new Error('Access is denied.'); } },
    updates: () => ({ state: () => ({ phase: 'disabled' }) }) as unknown as UpdateService,
    logger: createSilentLogger(),
    emit: () => undefined,
  });
}

describe('a desktop setting the system refuses', () => {
  afterEach(() => void setLocale('en', { reload: false }));

  it('says so in the app language, quoting the system’s own words', async () => {
    const settings = refusingSettings();
    await expect(settings.handlers['desktop.setPreferences']({ openAtLogin: true })).rejects.toThrow('Quotedesk could not add itself to the programs that start at login: Access is denied.');
    setLocale('fr', { reload: false });
    await expect(settings.handlers['desktop.setPreferences']({ openAtLogin: false })).rejects.toThrow('Quotedesk n’a pas pu se retirer des programmes lancés à l’ouverture de session\u00a0: Access is denied.');
  });
});
