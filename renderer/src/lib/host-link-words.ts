// What the page says while its link to the app host (browser mode's `npm run web`) is down.
// The transport (lib/bridge.ts) fails calls with these messages and the connection banner
// (components/host-link-banner) says the same, so an action and the banner never tell two
// different stories about one outage; error-words.ts gives them their own heading.

export const HOST_RECONNECTING_MESSAGE = 'Reconnecting to Quotedesk… Try again once it is back.';
export const HOST_UNREACHABLE_MESSAGE = "Can't reach Quotedesk: is `npm run web` still running? Try again once it is back.";
export const HOST_REFUSED_MESSAGE = 'This link is from an earlier launch of Quotedesk: open the new link that `npm run web` printed.';

const TITLES = new Map([
  [HOST_RECONNECTING_MESSAGE, 'Reconnecting to Quotedesk'],
  [HOST_UNREACHABLE_MESSAGE, "Can't reach Quotedesk"],
  [HOST_REFUSED_MESSAGE, 'This link is from an earlier launch'],
]);

/** The heading for a failure the transport made up because the host is away; null for any other failure. */
export function hostLinkTitle(message: string): string | null {
  return TITLES.get(message) ?? null;
}
