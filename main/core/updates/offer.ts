// What the core accepts from an update feed, whatever the engine found: only a version newer
// than the running one (a beta build moving to the stable channel waits until stable passes it,
// rather than installing an older release), and only installers fetched over https. An update
// is code that will run, and the feed's metadata names the installer's address.
import { compareVersions } from './version-order';
import { m } from '../../../i18n/paraglide/messages.js';

/** What a check found: the version and the addresses its installer files are downloaded from, resolved against the feed. */
export interface UpdateOffer {
  version: string;
  installerUrls: readonly string[];
}

/** Whether an address may carry an update: https, or plain http to this computer (a feed served on loopback, as in tests, never crosses a network). */
export function secureUpdateAddress(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]' || url.hostname === 'localhost');
}

/** Why the offer is refused, in words; null when it may be downloaded. 'not-newer' is no update at all, not a failure. */
export function offerProblem(currentVersion: string, offer: UpdateOffer): { kind: 'not-newer' } | { kind: 'refused'; message: string } | null {
  const order = compareVersions(offer.version, currentVersion);
  if (order === null) return { kind: 'refused', message: m.core_update_bad_version({ version: offer.version.slice(0, 40) }) };
  if (order <= 0) return { kind: 'not-newer' };
  if (offer.installerUrls.length === 0) return { kind: 'refused', message: m.core_update_no_installer({ version: offer.version }) };
  for (const address of offer.installerUrls) {
    const url = URL.parse(address);
    if (!url || !secureUpdateAddress(url) || url.username || url.password) {
      const shown = url ? `${url.protocol}//${url.host}` : address.slice(0, 80);
      return { kind: 'refused', message: m.core_update_insecure_installer({ address: shown }) };
    }
  }
  return null;
}
