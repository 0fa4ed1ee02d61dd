import { isAppPage } from './app-protocol';

/**
 * What to do when a page tries to go somewhere (a link, window.open, a redirect): the window
 * may only (re)load the app's own page on app://quotedesk/; https links open in the system
 * browser; anything else (file:, http:, other schemes, other app:// paths) is dropped.
 */
export function navigationDecision(url: string): 'stay' | 'open-externally' | 'deny' {
  if (isAppPage(url)) return 'stay';
  try {
    return new URL(url).protocol === 'https:' ? 'open-externally' : 'deny';
  } catch {
    return 'deny';
  }
}
