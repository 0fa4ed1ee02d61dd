import type {
  AccountDraft,
  AccountUpdate,
  AccountView,
  BridgeApi,
  BridgeError,
  ConnectionReport,
  RemoveOutcome,
  Result,
} from '../../../../preload/contract';
import type { SelectionStorage } from '../selection-storage';

/** The account list, which one is selected, and the account use cases of the bridge. */
export class AccountsState {
  accounts = $state<AccountView[]>([]);
  selectedId = $state<string | null>(null);
  loading = $state(true);
  loadError = $state<BridgeError | null>(null);
  selected = $derived(this.accounts.find((account) => account.id === this.selectedId) ?? null);
  /** Ids of the saved accounts whose connection test is running. */
  testingIds = $state<string[]>([]);

  readonly #api: BridgeApi;
  readonly #storage: SelectionStorage;
  /**
   * Bumped by every load and every change that arrives by other means (pushes, own edits):
   * a list() answer carrying an older number was read before that change and is dropped.
   */
  #version = 0;
  #latestLoad = 0;

  constructor(api: BridgeApi, storage: SelectionStorage) {
    this.#api = api;
    this.#storage = storage;
  }

  async load(): Promise<void> {
    const version = ++this.#version;
    this.#latestLoad = version;
    this.loading = true;
    const result = await this.#api.accounts.list();
    if (version === this.#latestLoad) this.loading = false;
    if (version !== this.#version) return;
    if (!result.ok) {
      this.loadError = result.error;
      return;
    }
    this.loadError = null;
    this.#replace(result.value);
  }

  /** Subscribes to main's account events; returns the unsubscribe function. */
  listen(): () => void {
    const offChanged = this.#api.events['accounts.changed'](({ accounts }) => {
      this.#version++;
      // A push is the whole list: whatever failed to load before is now known.
      this.loadError = null;
      this.loading = false;
      this.#replace(accounts);
    });
    const offStatus = this.#api.events['accounts.statusChanged'](({ accountId, status, message }) => {
      this.#version++;
      this.accounts = this.accounts.map((account) =>
        account.id === accountId ? { ...account, status, statusMessage: message } : account,
      );
    });
    return () => {
      offChanged();
      offStatus();
    };
  }

  select(id: string): void {
    if (!this.accounts.some((account) => account.id === id)) return;
    this.selectedId = id;
    this.#storage.write(id);
  }

  async add(draft: AccountDraft): Promise<Result<AccountView>> {
    const result = await this.#api.accounts.add(draft);
    if (result.ok) {
      this.#upsert(result.value);
      this.select(result.value.id);
    }
    return result;
  }

  async update(update: AccountUpdate): Promise<Result<AccountView>> {
    const result = await this.#api.accounts.update(update);
    if (result.ok) this.#upsert(result.value);
    return result;
  }

  async remove(id: string): Promise<Result<RemoveOutcome>> {
    const result = await this.#api.accounts.remove({ id });
    if (result.ok) {
      this.#version++;
      this.#replace(this.accounts.filter((account) => account.id !== id));
    }
    return result;
  }

  isTesting(id: string): boolean {
    return this.testingIds.includes(id);
  }

  /** Tests a saved account; the account shows as testing until the answer arrives. */
  async test(id: string): Promise<Result<ConnectionReport>> {
    this.testingIds = [...this.testingIds, id];
    try {
      return await this.#api.accounts.test({ id });
    } finally {
      const index = this.testingIds.indexOf(id);
      if (index >= 0) this.testingIds = this.testingIds.toSpliced(index, 1);
    }
  }

  testDraft(draft: AccountDraft): Promise<Result<ConnectionReport>> {
    return this.#api.accounts.testDraft(draft);
  }

  #upsert(view: AccountView): void {
    this.#version++;
    const exists = this.accounts.some((account) => account.id === view.id);
    this.#replace(
      exists ? this.accounts.map((account) => (account.id === view.id ? view : account)) : [...this.accounts, view],
    );
  }

  /** Keeps the selection when it still exists; else the remembered one; else the first. */
  #replace(accounts: AccountView[]): void {
    this.accounts = accounts;
    const exists = (id: string | null) => id !== null && accounts.some((account) => account.id === id);
    if (exists(this.selectedId)) return;
    const remembered = this.#storage.read();
    const next = exists(remembered) ? remembered : (accounts[0]?.id ?? null);
    this.selectedId = next;
    if (next !== null) this.#storage.write(next);
  }
}
