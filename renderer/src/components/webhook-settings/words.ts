import type { TeamRelayView, WebhookCheck, WebhookStatus } from '../../../../preload/contract';
import { describeFailure } from '../../lib/error-words';

/** The most a public address may be (as the bridge accepts it). */
const MAX_URL_LENGTH = 2000;

/**
 * Checks the manual tunnel's address before it is saved: the service delivers only over
 * HTTPS, to a public host. Answers the problem in plain words, or null when it is fine.
 */
export function manualUrlProblem(value: string): string | null {
  const text = value.trim();
  if (text === '') return 'Enter the public https:// address of your tunnel.';
  if (text.length > MAX_URL_LENGTH) return `The address is too long (at most ${MAX_URL_LENGTH} characters).`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'That is not a web address. It looks like https://example.ngrok.app';
  }
  if (url.protocol !== 'https:') return 'The public address must start with https:// (the service delivers only over HTTPS).';
  if (url.username || url.password) return 'The address must not contain a user name or password.';
  return null;
}

/** Checks the local port a manual tunnel forwards to: answers the problem in plain words, or null. */
export function portProblem(value: string): string | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return 'Enter the port as a whole number, such as 45481.';
  const port = Number(text);
  if (port < 1024 || port > 65535) return 'Choose a port from 1024 to 65535.';
  return null;
}

/** One account's registration in plain words. */
export function registrationWords(status: WebhookStatus): string {
  switch (status.state) {
    case 'registered':
      return 'Registered: the Quoting Service delivers this account’s changes here.';
    case 'taken-over':
      return 'Another installation took over: the Quoting Service now delivers this account’s changes somewhere else, so this computer hears of them only at the next sync.';
    case 'missing':
      return 'The registration is gone from the Quoting Service: nothing is delivered here until you register again.';
    case 'unregistered':
      return 'Not registered: changes arrive with the regular sync.';
    case 'unknown':
      return neverRead(status)
        ? 'Not checked yet: Quotedesk has not read this registration from the Quoting Service.'
        : 'Quotedesk could not read the registration from the Quoting Service.';
  }
}

/** Nothing has been read or tried for the account yet: no check, no failure. */
function neverRead(status: WebhookStatus): boolean {
  return status.lastCheckedAt === null && !status.error && status.problem === null;
}

/**
 * Why the last read or registration failed, in the app's error words (the typed failure
 * when main sent one, its plain text otherwise); null when nothing failed.
 */
export function registrationReason(status: WebhookStatus): string | null {
  return status.error ? describeFailure(status.error).message : status.problem;
}

/** The same failure in a few words (for the delivery-path check, under the reason), or null. */
export function registrationReasonTitle(status: WebhookStatus): string | null {
  return status.error ? describeFailure(status.error).title : null;
}

/** The retry's label: a first read, or a read again after a failure. */
export function checkAgainLabel(status: WebhookStatus): string {
  return neverRead(status) ? 'Check now' : 'Check again';
}

/**
 * Why Register cannot work now, in plain words, or null when it can: it needs a public
 * address to register, and the Quoting Service to answer (register reads the current one
 * first). A failure worth retrying waits for the service; any other, for the person.
 */
export function registerBlockedWords(status: WebhookStatus): string | null {
  if (status.publicUrl === null) return 'Register needs a public address: choose above how deliveries reach this computer.';
  if (status.state !== 'unknown' || !status.error) return null;
  return status.error.retryable
    ? 'Register needs the Quoting Service to answer: check again once it is back.'
    : 'Register needs the Quoting Service to accept this account: deal with the reason above, then check again.';
}

/** What re-reading the registration found, for the delivery-path check. */
export function checkedRegistrationWords(registration: WebhookCheck['registration'], reasonTitle: string | null = null): string {
  switch (registration.state) {
    case 'registered':
      return 'read again from the Quoting Service: it points at this computer.';
    case 'taken-over':
      return `read again from the Quoting Service: it points at ${registration.registeredUrl ?? 'another address'}, which this installation did not set.`;
    case 'missing':
      return 'read again from the Quoting Service: it has no registration for this key any more.';
    case 'unregistered':
      return registration.registeredUrl
        ? `not registered by this installation (the Quoting Service delivers to ${registration.registeredUrl}).`
        : 'not registered: nothing is delivered for this key.';
    case 'unknown':
      // The typed reason in a few words (the card says it in full just above), before main's plain text.
      if (reasonTitle) return `could not be read: ${reasonTitle}.`;
      return `could not be read${registration.problem ? `: ${registration.problem}` : '.'}`;
  }
}

/** The team relay's connection in plain words. */
export function relayStateWords(state: TeamRelayView['state']): string {
  switch (state) {
    case 'connected':
      return 'Connected: this computer receives the key’s events through the team relay.';
    case 'connecting':
      return 'Connecting to the team relay…';
    case 'unreachable':
      return 'The team relay cannot be reached.';
    case 'off':
      return 'Not in use: this computer does not read a team relay.';
  }
}
