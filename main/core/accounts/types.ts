import type { AccountDraft, AccountUpdate, AccountView, ConnectionReport, RemoveOutcome } from '../../../preload/contract';
import type { QuotingClient } from '../api/types';
import type { UnreadableAccounts } from './registry';

export interface BeforeRemoveStep {
  /** What it does, as the start of a sentence ("Deleting the webhook registration at the service"). */
  what: string;
  /** Returns a note for the person, or null. The signal aborts once the removal goes on without it. */
  run(accountId: string, signal: AbortSignal): Promise<string | null>;
}

/**
 * The accounts an account manager works with. Credentials go in and never come out:
 * views only say whether they are set. Changes are published on the domain bus
 * ('accounts.changed', 'account.status', 'account.removed').
 */
export interface AccountsService {
  list(): Promise<AccountView[]>;
  /** One account; an AppError 'account-not-found' when there is no such account. */
  get(id: string): Promise<AccountView>;
  add(draft: AccountDraft): Promise<AccountView>;
  /** A memory-only account over the embedded service (demo mode); dropped when a real account is added. */
  addDemo(draft: AccountDraft): Promise<AccountView>;
  /**
   * Changes an account. A new base URL origin (scheme, host or port) without new credentials
   * deletes the stored ones: the account then needs credentials entered for the new address.
   */
  update(update: AccountUpdate): Promise<AccountView>;
  /**
   * Runs the about-to-remove steps (each bounded; none can stop the removal), then removes.
   * Rejects, with the account still listed, only when the removal could not be made durable.
   * Answers what the steps want the person to know (e.g. a webhook left at the service).
   */
  remove(id: string): Promise<RemoveOutcome>;
  /**
   * Work that needs the account's client, run before its credentials are deleted (e.g.
   * deleting its webhook registration at the service). Returns a note for the person, or null.
   * Returns the unsubscribe.
   */
  onBeforeRemove(step: BeforeRemoveStep): () => void;
  test(id: string): Promise<ConnectionReport>;
  testDraft(draft: AccountDraft): Promise<ConnectionReport>;
  /**
   * The API client bound to one account. Throws an AppError with code
   * 'account-not-found', or 'needs-credentials' once the account's credentials were refused.
   */
  client(id: string): Promise<QuotingClient>;
  /** What could not be read at start: accounts may exist that the list does not show. */
  unreadable(): Promise<UnreadableAccounts>;
  close(): Promise<void>;
}
