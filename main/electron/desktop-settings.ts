// The desktop namespace of the bridge: staying in the tray, starting at login (with its
// one-time offer after the first account), and updates. The state goes out as
// 'desktop.changed' whenever any part of it moves.
import { m } from '../../i18n/paraglide/messages.js';
import type { DesktopState } from '../../preload/contract';
import { AppError, errorText } from '../core/errors';
import type { Logger } from '../core/ports';
import type { DesktopHandlers, UpdateService } from '../core/updates';
import type { DesktopPreferenceStore } from './desktop-preferences';
import { residentByDefault } from './desktop-preferences';
import type { LoginItem } from './login-item';

export interface DesktopSettingsOptions {
  platform: NodeJS.Platform;
  preferences: DesktopPreferenceStore;
  loginItem: LoginItem;
  updates: () => UpdateService;
  logger: Logger;
  /** Pushes the state to the window (the core's event hub, once there is one). */
  emit(state: DesktopState): void;
}

export interface DesktopSettings {
  handlers: DesktopHandlers;
  state(): DesktopState;
  /** Something in the state moved (the update's progress): tell the window. */
  changed(): void;
  /** The accounts now: the first real one brings the login offer, once. */
  accountsChanged(accounts: ReadonlyArray<{ demo?: boolean }>): void;
  resident(): boolean;
}

const platformWord = (platform: NodeJS.Platform): DesktopState['platform'] => (platform === 'linux' || platform === 'win32' || platform === 'darwin' ? platform : 'other');

export function createDesktopSettings(options: DesktopSettingsOptions): DesktopSettings {
  const { preferences, loginItem, platform, logger } = options;
  const residentSupported = platform !== 'darwin';
  const resident = () => residentSupported && (preferences.get().resident ?? residentByDefault(platform));

  const readLoginItem = () => {
    try {
      return loginItem.enabled();
    } catch (error) {
      logger.warn('the login item could not be read', { error: errorText(error) });
      return false;
    }
  };
  const state = (): DesktopState => ({
    platform: platformWord(platform),
    resident: { supported: residentSupported, enabled: resident() },
    openAtLogin: { supported: loginItem.supported, enabled: loginItem.supported && readLoginItem() },
    loginOffer: loginItem.supported && preferences.get().loginOffer === 'pending',
    update: options.updates().state(),
  });
  const changed = () => options.emit(state());

  const setOpenAtLogin = (enabled: boolean) => {
    try {
      loginItem.set(enabled);
    } catch (error) {
      logger.warn('the login item could not be changed', { error: errorText(error) });
      throw new AppError('internal', enabled ? m.main_login_item_add_failed({ reason: errorText(error) }) : m.main_login_item_remove_failed({ reason: errorText(error) }));
    }
  };
  /** Settings are written through the atomic store, which throws a clear error when the disk refuses. */
  const save = (patch: Parameters<DesktopPreferenceStore['update']>[0]) => {
    try {
      preferences.update(patch);
    } catch (error) {
      throw new AppError('internal', error instanceof Error ? error.message : m.main_setting_not_saved());
    }
  };

  const handlers: DesktopHandlers = {
    'desktop.state': async () => state(),
    async 'desktop.setPreferences'(input) {
      if (input.resident !== undefined && residentSupported) save({ resident: input.resident });
      if (input.openAtLogin !== undefined && loginItem.supported) {
        setOpenAtLogin(input.openAtLogin);
        save({ loginOffer: 'answered' });
      }
      // The check on the new channel runs in the background; its progress arrives as events.
      if (input.updateChannel !== undefined) {
        // Saved here first, so a disk that refuses is a clear answer rather than a lost promise.
        save({ updateChannel: input.updateChannel });
        options
          .updates()
          .setChannel(input.updateChannel)
          .catch((error: unknown) => logger.warn('the update channel could not be switched', { error: errorText(error) }));
      }
      changed();
      return state();
    },
    async 'desktop.answerLoginOffer'({ startAtLogin }) {
      if (startAtLogin && loginItem.supported) setOpenAtLogin(true);
      save({ loginOffer: 'answered' });
      changed();
      return state();
    },
    async 'desktop.checkForUpdates'() {
      void options.updates().check();
      return state();
    },
    'desktop.restartToUpdate': async () => options.updates().restart(),
  };

  return {
    handlers,
    state,
    changed,
    resident,
    accountsChanged(accounts) {
      if (!loginItem.supported || preferences.get().loginOffer !== 'not-yet') return;
      if (!accounts.some((account) => !account.demo)) return;
      try {
        // Someone who already starts it at login needs no offer.
        preferences.update({ loginOffer: readLoginItem() ? 'answered' : 'pending' });
      } catch (error) {
        logger.warn('the login offer could not be recorded', { error: errorText(error) });
        return;
      }
      changed();
    },
  };
}
