// What the page says while its link to the app host (browser mode's `npm run web`) is down.
// The transport (lib/bridge.ts) fails calls with these messages and the connection banner
// (components/host-link-banner) says the same, so an action and the banner never tell two
// different stories about one outage; error-words.ts gives them their own heading.
import { m } from '../../../i18n/paraglide/messages.js';
import { locales } from '../../../i18n/paraglide/runtime.js';

type Words = (inputs?: Record<string, never>, options?: { locale?: (typeof locales)[number] }) => string;

export const hostReconnectingMessage = (): string => m.shell_host_reconnecting_message();
export const hostUnreachableMessage = (): string => m.shell_host_unreachable_message();
export const hostRefusedMessage = (): string => m.shell_host_refused_message();

const KINDS: readonly { message: Words; title: () => string }[] = [
  { message: m.shell_host_reconnecting_message, title: () => m.shell_host_reconnecting_title() },
  { message: m.shell_host_unreachable_message, title: () => m.shell_host_unreachable_title() },
  { message: m.shell_host_refused_message, title: () => m.shell_host_refused_title() },
];

/**
 * The heading for a failure the transport made up because the host is away; null for any
 * other failure. The failure may have been made in another language before a switch, so its
 * message is recognised in any of them, and the heading is in the current one.
 */
export function hostLinkTitle(message: string): string | null {
  const kind = KINDS.find(({ message: words }) => locales.some((locale) => words({}, { locale }) === message));
  return kind ? kind.title() : null;
}
