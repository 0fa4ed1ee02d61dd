import type {
  AccountDraft,
  AccountStatus,
  AccountUpdate,
  AccountView,
  ConnectionReport,
} from '../../../preload/contract';
import type { QuotingClient } from '../api/types';

export type AccountsEvent =
  | { type: 'changed'; accounts: AccountView[] }
  | { type: 'status'; accountId: string; status: AccountStatus; message: string | null };

/**
 * The accounts an account manager works with. Credentials go in and never come out:
 * views only say whether they are set.
 */
export interface AccountsService {
  list(): Promise<AccountView[]>;
  add(draft: AccountDraft): Promise<AccountView>;
  /** A memory-only account over the embedded service (demo mode); dropped when a real account is added. */
  addDemo(draft: AccountDraft): Promise<AccountView>;
  update(update: AccountUpdate): Promise<AccountView>;
  remove(id: string): Promise<void>;
  test(id: string): Promise<ConnectionReport>;
  testDraft(draft: AccountDraft): Promise<ConnectionReport>;
  /**
   * The API client bound to one account. Throws an AppError with code
   * 'account-not-found', or 'needs-credentials' once the account's credentials were refused.
   */
  client(id: string): Promise<QuotingClient>;
  onEvent(listener: (event: AccountsEvent) => void): () => void;
  close(): Promise<void>;
}
