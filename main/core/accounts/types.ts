import type { AccountDraft, AccountUpdate, AccountView, ConnectionReport } from '../../../preload/contract';
import type { QuotingClient } from '../api/types';
import type { UnreadableAccounts } from './registry';

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
  /** Rejects, with the account still listed, when the removal could not be made durable. */
  remove(id: string): Promise<void>;
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
