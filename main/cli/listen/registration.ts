// `quotedesk listen`'s registration: the service keeps one URL per API key, so listening means
// taking the key's registration for a while (its secret is what verifies the deliveries) and
// putting things back afterwards. Another installation's URL is replaced only when the person
// says so; this installation's own (the app's, from the data folder) is restored with the new
// secret stored where the app finds it.
import type { QuotingClient } from '../../core/api';
import { DEFAULT_SECRET_GRACE_MS } from '../../core/webhooks';
import type { WebhookKeyring } from '../../core/webhooks';

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
    throw new ReplaceDeclined(
      `This API key's events go to ${previous.url}, which this installation did not register. Nothing was changed. Give --replace to take the registration over while listening (see --on-exit for what happens afterwards).`,
    );
  }
  const { secret } = await deps.client.webhooks.register(url);
  return { url, secret, previous };
}

/** The session's URL moved (a quick tunnel restarted): registers the new one; answers its secret. */
export async function moveRegistration(deps: RegistrationDeps, session: Session, url: string): Promise<string> {
  if (url === session.url) return session.secret;
  const current = await deps.client.webhooks.get();
  // Someone registered another URL meanwhile: theirs now, not ours to overwrite.
  if (current?.url !== session.url) throw new Error(current === null ? 'the registration was deleted meanwhile' : `the registration was changed meanwhile to ${current.url}`);
  const { secret } = await deps.client.webhooks.register(url);
  session.url = url;
  session.secret = secret;
  return secret;
}

/** Puts the registration back as asked; answers what happened, in words for the person. */
export async function endRegistration(deps: RegistrationDeps, session: Session, onExit: OnExit): Promise<string> {
  if (onExit === 'keep') return `The registration stays: events keep going to ${session.url}.`;
  const current = await deps.client.webhooks.get();
  if (current?.url !== session.url) {
    return current === null ? 'The registration was already deleted.' : `Left as it is: the registration was changed meanwhile (events go to ${current.url}).`;
  }
  const { previous } = session;
  if (onExit === 'delete' || previous === null) {
    await deps.client.webhooks.remove();
    // The app's own registration was replaced and is now gone: it shows as unregistered, not as lost.
    if (previous?.owner === 'this-installation') await deps.keyring?.unregistered(deps.accountId!);
    return previous === null ? 'The registration was deleted (none existed before).' : `The registration was deleted (it had been ${previous.url}).`;
  }
  const { secret } = await deps.client.webhooks.register(previous.url);
  if (previous.owner === 'this-installation') {
    await deps.keyring!.registered(deps.accountId!, previous.url, secret, DEFAULT_SECRET_GRACE_MS);
    return `The registration was restored to ${previous.url}; this installation's app verifies deliveries with its new secret.`;
  }
  return `The registration was restored to ${previous.url}. The service gave it a new signing secret, so that installation must register again before it can verify deliveries.`;
}
