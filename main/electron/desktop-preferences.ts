// The desktop app's own preferences, kept under one key of the settings file (the same
// atomic JSON store as every other setting). A damaged value falls back to the defaults.
import { z } from 'zod';
import { UpdateChannel } from '../../preload/contract';
import type { Logger, SettingsStore } from '../core/ports';

const KEY = 'desktop';

const Stored = z.object({
  /** Absent: the platform's default (resident on Windows and Linux). */
  resident: z.boolean().optional(),
  residentNoteShown: z.boolean().default(false),
  /** 'pending' once the first account was added; 'answered' for good. */
  loginOffer: z.enum(['not-yet', 'pending', 'answered']).default('not-yet'),
  updateChannel: UpdateChannel.default('stable'),
});
export type DesktopPreferences = z.infer<typeof Stored>;

export interface DesktopPreferenceStore {
  get(): DesktopPreferences;
  update(patch: Partial<DesktopPreferences>): DesktopPreferences;
}

export function createDesktopPreferenceStore(settings: Pick<SettingsStore, 'get' | 'set'>, logger: Logger): DesktopPreferenceStore {
  const get = (): DesktopPreferences => {
    const parsed = Stored.safeParse(settings.get<unknown>(KEY) ?? {});
    if (parsed.success) return parsed.data;
    logger.warn('desktop preferences unreadable: the defaults apply', { issues: parsed.error.issues.length });
    return Stored.parse({});
  };
  return {
    get,
    update(patch) {
      const next = { ...get(), ...patch };
      settings.set(KEY, next);
      return next;
    },
  };
}

/** Windows and Linux keep running in the tray by default; macOS keeps its dock convention. */
export const residentByDefault = (platform: NodeJS.Platform) => platform !== 'darwin';
