// Which links the app may hand to the system browser. Anything that can put a link in front
// of the person (a quote's text, a service's answer, a compromised page) must not be able to
// send them to a look-alike site or to a local handler (file:, smb:, custom schemes).
import { m } from '../../../i18n/paraglide/messages.js';

/**
 * Sites the app may open besides the accounts' own: the service vendor's site, where its
 * portal (API keys, client credentials) and documentation live. Matched with subdomains.
 */
export const EXTERNAL_LINK_ALLOW_LIST: readonly string[] = ['locaria.com'];

/** `reason` is said in main's language, for the person who clicked. */
export type LinkDecision = { allowed: true } | { allowed: false; reason: string };

export interface LinkContext {
  /** The base URLs of the configured accounts: their hosts may be opened. */
  accountBaseUrls: readonly string[];
  allowList?: readonly string[];
}

/** True for a well-formed https link without a user name or password: the only kind that ever leaves the app. */
export function isHttpsLink(url: string): boolean {
  const parsed = parse(url);
  return parsed !== null && parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
}

/** Whether `url` may be opened in the system browser, and if not, why in plain words. */
export function externalLinkDecision(url: string, context: LinkContext): LinkDecision {
  const parsed = parse(url);
  if (!parsed) return { allowed: false, reason: m.core_link_invalid() };
  if (parsed.protocol !== 'https:') return { allowed: false, reason: m.core_link_not_https({ scheme: parsed.protocol }) };
  if (parsed.username !== '' || parsed.password !== '') return { allowed: false, reason: m.core_link_credentials() };
  const host = parsed.hostname.toLowerCase();
  const accountHosts = context.accountBaseUrls.map((baseUrl) => parse(baseUrl)?.hostname.toLowerCase()).filter((name): name is string => Boolean(name));
  if (accountHosts.includes(host)) return { allowed: true };
  const allowList = context.allowList ?? EXTERNAL_LINK_ALLOW_LIST;
  if (allowList.some((site) => host === site || host.endsWith(`.${site}`))) return { allowed: true };
  return { allowed: false, reason: m.core_link_not_allowed({ host, sites: allowList.join(', ') }) };
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
