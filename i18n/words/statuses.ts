// The words an account manager uses for statuses and key kinds, not the service's enum names
// (the lists and rules are preload/contract/plain/statuses.ts). Tables are objects of getters,
// so each word is looked up when read and follows a language switch.
import { m } from '../paraglide/messages.js';
import { inPreparation, type KeyAccess, type QuoteStatus, type StatusSubject } from '../../preload/contract/plain/statuses';
import { stageWords } from './stages';

/** The key kinds' names, as the account form and the connection test's explanations say them. */
export const KEY_ACCESS_LABELS: Readonly<Record<KeyAccess, string>> = {
  get client() { return m.common_key_client(); },
  get internal() { return m.common_key_internal(); },
};

/** The same inside a sentence, with its article: "this looks like an internal (admin) key". */
export const KEY_ACCESS_IN_SENTENCE: Readonly<Record<KeyAccess, string>> = {
  get client() { return m.common_key_client_in_sentence(); },
  get internal() { return m.common_key_internal_in_sentence(); },
};

/** A stored status in words. */
export function statusWords(status: QuoteStatus): string {
  switch (status) {
    case 'PENDING': return m.common_status_pending();
    case 'SENT': return m.common_status_sent();
    case 'SENT_PENDING': return m.common_status_awaiting_client();
    case 'REVISED': return stageWords('revised');
    case 'SENT_REVISED': return m.common_status_revised_awaiting_client();
    case 'ACCEPTED': return stageWords('accepted');
    case 'REJECTED': return stageWords('declined');
    case 'EXPIRED': return stageWords('expired');
    case 'CANCELLED': return stageWords('cancelled');
    case 'CHANGED_TO_PROJECT': return stageWords('in-project');
  }
}

/** Words an account manager uses, not the service's enum names. */
export const STATUS_LABELS: Readonly<Record<QuoteStatus, string>> = {
  get PENDING() { return statusWords('PENDING'); },
  get SENT() { return statusWords('SENT'); },
  get SENT_PENDING() { return statusWords('SENT_PENDING'); },
  get REVISED() { return statusWords('REVISED'); },
  get SENT_REVISED() { return statusWords('SENT_REVISED'); },
  get ACCEPTED() { return statusWords('ACCEPTED'); },
  get REJECTED() { return statusWords('REJECTED'); },
  get EXPIRED() { return statusWords('EXPIRED'); },
  get CANCELLED() { return statusWords('CANCELLED'); },
  get CHANGED_TO_PROJECT() { return statusWords('CHANGED_TO_PROJECT'); },
};

export function statusLabel(quote: StatusSubject, access: KeyAccess): string {
  return inPreparation(quote, access) ? stageWords('in-preparation') : statusWords(quote.status);
}
