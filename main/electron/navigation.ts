import { isHttpsLink } from '../core/links/external-links';
import { isAppPage } from './app-protocol';

/**
 * What to do when a page tries to go somewhere (a link, window.open, a redirect): the window
 * may only (re)load the app's own page on app://quotedesk/; https links go to the opener, which opens
 * only the accounts' hosts and the allow-list (main/core/links); anything else (file:, http:, other schemes, other app:// paths) is dropped.
 */
export function navigationDecision(url: string): 'stay' | 'open-externally' | 'deny' {
  if (isAppPage(url)) return 'stay';
  return isHttpsLink(url) ? 'open-externally' : 'deny';
}
