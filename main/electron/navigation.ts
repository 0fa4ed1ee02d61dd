import { isHttpsLink } from '../core/links/external-links';

/**
 * What to do when the page tries to leave itself (a link, window.open, a redirect): the
 * window never navigates; https links go to the opener, which opens only the accounts'
 * hosts and the allow-list (main/core/links); anything else is dropped.
 */
export function navigationDecision(url: string): 'open-externally' | 'deny' {
  return isHttpsLink(url) ? 'open-externally' : 'deny';
}

/** The CSP set on every response the app's session receives (the page also carries it as a meta tag). */
export const ELECTRON_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
