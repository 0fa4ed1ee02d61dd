import type { TeamRelayView, WebhookCheck, WebhookStatus } from '../../../../preload/contract';
import { m } from '../../../../i18n/paraglide/messages.js';
import { describeFailure } from '../../lib/error-words';

/** The most a public address may be (as the bridge accepts it). */
const MAX_URL_LENGTH = 2000;

/**
 * Checks the manual tunnel's address before it is saved: the service delivers only over
 * HTTPS, to a public host. Answers the problem in plain words, or null when it is fine.
 */
export function manualUrlProblem(value: string): string | null {
  const text = value.trim();
  if (text === '') return m.activity_webhook_url_empty();
  if (text.length > MAX_URL_LENGTH) return m.activity_webhook_url_too_long({ max: MAX_URL_LENGTH });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return m.activity_webhook_url_not_address();
  }
  if (url.protocol !== 'https:') return m.activity_webhook_url_not_https();
  if (url.username || url.password) return m.activity_webhook_url_credentials();
  return null;
}

/** Checks the local port a manual tunnel forwards to: answers the problem in plain words, or null. */
export function portProblem(value: string): string | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return m.activity_webhook_port_not_number();
  const port = Number(text);
  if (port < 1024 || port > 65535) return m.activity_webhook_port_out_of_range();
  return null;
}

/** One account's registration in plain words. */
export function registrationWords(status: WebhookStatus): string {
  switch (status.state) {
    case 'registered':
      return m.activity_webhook_state_registered();
    case 'taken-over':
      return m.activity_webhook_state_taken_over();
    case 'missing':
      return m.activity_webhook_state_missing();
    case 'unregistered':
      return m.activity_webhook_state_unregistered();
    case 'unknown':
      return neverRead(status) ? m.activity_webhook_state_not_checked() : m.activity_webhook_state_unreadable();
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
  return neverRead(status) ? m.activity_webhook_check_now() : m.activity_webhook_check_again();
}

/** The check button's name while the registration is unread: its label, then whose. */
export function checkRegistrationName(status: WebhookStatus, name: string): string {
  return neverRead(status) ? m.activity_webhook_check_now_named({ name }) : m.activity_webhook_check_again_named({ name });
}

/**
 * What probing the public address found. Reached and not tried are said from the code; an
 * unexpected answer or none keeps main's detail, which carries the status or network problem.
 */
export function publicUrlWords(publicUrl: WebhookCheck['publicUrl']): string {
  switch (publicUrl.result) {
    case 'reached':
      return m.activity_webhook_probe_reached();
    case 'not-tried':
      return m.activity_webhook_probe_not_tried();
    case 'other':
    case 'unreachable':
      return publicUrl.detail;
  }
}

/**
 * Why Register cannot work now, in plain words, or null when it can: it needs a public
 * address to register, and the Quoting Service to answer (register reads the current one
 * first). A failure worth retrying waits for the service; any other, for the person.
 */
export function registerBlockedWords(status: WebhookStatus): string | null {
  if (status.publicUrl === null) return m.activity_webhook_register_needs_address();
  if (status.state !== 'unknown' || !status.error) return null;
  return status.error.retryable ? m.activity_webhook_register_needs_service() : m.activity_webhook_register_needs_acceptance();
}

/**
 * What re-reading the registration found, for the delivery-path check: the whole line
 * ("Registration read again…"), since languages place the subject differently.
 */
export function checkedRegistrationWords(registration: WebhookCheck['registration'], reasonTitle: string | null = null): string {
  switch (registration.state) {
    case 'registered':
      return m.activity_webhook_checked_registered();
    case 'taken-over':
      return registration.registeredUrl
        ? m.activity_webhook_checked_taken_over({ url: registration.registeredUrl })
        : m.activity_webhook_checked_taken_over_elsewhere();
    case 'missing':
      return m.activity_webhook_checked_missing();
    case 'unregistered':
      return registration.registeredUrl
        ? m.activity_webhook_checked_unregistered_elsewhere({ url: registration.registeredUrl })
        : m.activity_webhook_checked_unregistered();
    case 'unknown': {
      // The typed reason in a few words (the card says it in full just above), before main's plain text.
      if (reasonTitle) return m.activity_webhook_checked_unreadable_reason({ reason: reasonTitle });
      return registration.problem ? m.activity_webhook_checked_unreadable_problem({ problem: registration.problem }) : m.activity_webhook_checked_unreadable();
    }
  }
}

/** The team relay's connection in plain words. */
export function relayStateWords(state: TeamRelayView['state']): string {
  switch (state) {
    case 'connected':
      return m.activity_relay_state_connected();
    case 'connecting':
      return m.activity_relay_state_connecting();
    case 'unreachable':
      return m.activity_relay_state_unreachable();
    case 'off':
      return m.activity_relay_state_off();
  }
}
