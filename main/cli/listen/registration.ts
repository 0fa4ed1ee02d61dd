// `quotedesk listen`'s registration: the service keeps one URL per API key, so listening means
// taking the key's registration for a while (its secret is what verifies the deliveries) and
// putting things back afterwards. Another installation's URL is replaced only when the person
// says so; this installation's own (the app's, from the data folder) is restored with the new
// secret stored where the app finds it.
import type { QuotingClient } from '../../core/api';
import { DEFAULT_SECRET_GRACE_MS } from '../../core/webhooks';
import type { WebhookKeyring } from '../../core/webhooks';
import { m } from '../../../i18n/paraglide/messages.js';
import { ltr } from '../locale';

/**
 * What ending the session did, in words: in the CLI's language, or with `{ locale: 'en' }` in
 * English for --json, whose output is never translated.
 */
export type Said = (options?: { locale: 'en' }) => string;

/** A sentence about a URL; the URL is isolated left to right only for the person's language. */
function aboutUrl(message: (inputs: { url: string }, options?: { locale?: 'en' }) => string, url: string): Said {
  return (options) => message({ url: options ? url : ltr(url) }, options);
}

export type OnExit = 'restore' | 'delete' | 'keep';

/** What the key had registered before the session. */
export type Previous = { url: string; owner: 'this-installation' | 'another' } | null;

export interface RegistrationDeps {
  client: Pick<QuotingClient, 'webhooks'>;
  /** The data folder's webhook keys (stored accounts), or null (credentials from the environment). */
  keyring: WebhookKeyring | null;
  accountId: string | null;
  /** Whether to replace another installation's URL: asks the person, or answers what --replace said. */
  confirmReplace(currentUrl: string): Promise<boolean>;
}

export interface Session {
  url: string;
  secret: string;
  previous: Previous;
}

/** Replacing another installation's registration was declined. */
export class ReplaceDeclined extends Error {}

export async function takeRegistration(deps: RegistrationDeps, url: string): Promise<Session> {
  const current = await deps.client.webhooks.get();
  let previous: Previous = null;
  if (current !== null && current.url !== url) {
    const ours = deps.keyring !== null && deps.accountId !== null && deps.keyring.isOwnUrl(deps.accountId, current.url);
    previous = { url: current.url, owner: ours ? 'this-installation' : 'another' };
  }
  if (previous?.owner === 'another' && !(await deps.confirmReplace(previous.url))) {
    throw new ReplaceDeclined(m.cli_listen_replace_declined({ url: ltr(previous.url) }));
  }
  const { secret } = await deps.client.webhooks.register(url);
  return { url, secret, previous };
}

/** The session's URL moved (a quick tunnel restarted): registers the new one; answers its secret. */
export async function moveRegistration(deps: RegistrationDeps, session: Session, url: string): Promise<string> {
  if (url === session.url) return session.secret;
  const current = await deps.client.webhooks.get();
  // Someone registered another URL meanwhile: theirs now, not ours to overwrite.
  if (current?.url !== session.url) throw new Error(current === null ? m.cli_listen_registration_gone() : m.cli_listen_registration_changed({ url: ltr(current.url) }));
  const { secret } = await deps.client.webhooks.register(url);
  session.url = url;
  session.secret = secret;
  return secret;
}

/** Puts the registration back as asked; answers what happened, in words for the person. */
export async function endRegistration(deps: RegistrationDeps, session: Session, onExit: OnExit): Promise<Said> {
  if (onExit === 'keep') return aboutUrl(m.cli_listen_kept, session.url);
  const current = await deps.client.webhooks.get();
  if (current?.url !== session.url) {
    return current === null ? (options) => m.cli_listen_already_deleted({}, options) : aboutUrl(m.cli_listen_left_changed, current.url);
  }
  const { previous } = session;
  if (onExit === 'delete' || previous === null) {
    await deps.client.webhooks.remove();
    // The app's own registration was replaced and is now gone: it shows as unregistered, not as lost.
    if (previous?.owner === 'this-installation') await deps.keyring?.unregistered(deps.accountId!);
    return previous === null ? (options) => m.cli_listen_deleted_none_before({}, options) : aboutUrl(m.cli_listen_deleted, previous.url);
  }
  const { secret } = await deps.client.webhooks.register(previous.url);
  if (previous.owner === 'this-installation') {
    await deps.keyring!.registered(deps.accountId!, previous.url, secret, DEFAULT_SECRET_GRACE_MS);
    return aboutUrl(m.cli_listen_restored_own, previous.url);
  }
  return aboutUrl(m.cli_listen_restored_other, previous.url);
}
