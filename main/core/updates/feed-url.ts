import { secureUpdateAddress } from './offer';

/**
 * The update feed's address from configuration: QUOTEDESK_UPDATE_URL when set (an
 * administrator's override, and the tests' loopback server), else null and the packaged
 * app-update.yml (electron-builder's `publish` at release) is used. Only https, or plain
 * http to this machine's loopback address, is accepted: an update is code that will run.
 */
export function updateFeedUrlFrom(env: Record<string, string | undefined>): { url: string } | { url: null; problem: string | null } {
  const raw = env.QUOTEDESK_UPDATE_URL?.trim();
  if (!raw) return { url: null, problem: null };
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return { url: null, problem: `QUOTEDESK_UPDATE_URL is not a URL (${raw.slice(0, 80)}): updates are off.` };
  }
  if (!secureUpdateAddress(parsed)) {
    return { url: null, problem: 'QUOTEDESK_UPDATE_URL must be an https address: updates are off.' };
  }
  if (parsed.username || parsed.password) return { url: null, problem: 'QUOTEDESK_UPDATE_URL must not carry a user name or password: updates are off.' };
  return { url: parsed.href.endsWith('/') ? parsed.href : `${parsed.href}/` };
}
