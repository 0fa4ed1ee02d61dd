import type { z } from 'zod';
import type { desktopMethods } from '../../../preload/contract/bridge/desktop';
import { saidError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';

type Methods = typeof desktopMethods;
/** The use cases behind `desktopMethods`: only the Electron host has them (main/electron/desktop-settings.ts). */
export type DesktopHandlers = {
  [M in keyof Methods]: (input: z.output<Methods[M]['input']>) => Promise<z.output<Methods[M]['output']>>;
};

const desktopOnly = async (): Promise<never> => {
  throw saidError('internal', m.core_desktop_only());
};

/** Browser mode and the CLI: every desktop method says it is desktop-only. */
export const NO_DESKTOP_HANDLERS: DesktopHandlers = {
  'desktop.state': desktopOnly,
  'desktop.setPreferences': desktopOnly,
  'desktop.answerLoginOffer': desktopOnly,
  'desktop.checkForUpdates': desktopOnly,
  'desktop.restartToUpdate': desktopOnly,
};
