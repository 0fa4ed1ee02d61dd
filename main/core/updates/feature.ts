// The desktop app's own settings and updates: the Electron host passes its handlers; browser
// mode and the CLI answer that these are desktop-only.
import { NO_DESKTOP_HANDLERS } from './desktop-handlers';
import type { DesktopHandlers } from './desktop-handlers';
import type { Feature } from '../bridge/feature';

export function createDesktopFeature(handlers: DesktopHandlers | undefined): Feature {
  return { name: 'desktop', handlers: handlers ?? NO_DESKTOP_HANDLERS };
}
