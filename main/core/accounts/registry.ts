import type { Credentials } from '../../../preload/contract';
import { errorText, saidError } from '../errors';
import type { AppError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import { getLocale } from '../../../i18n/paraglide/runtime.js';
import { registerSecret } from '../log/logger';
import type { DataFileProblem, Logger, SecretStore, SettingsStore } from '../ports';
import { accountIdOfSecret, loadAccounts, parseStoredCredentials, saveAccounts, secretName } from './records';
import type { StoredAccount } from './records';

/** One account as the registry keeps it: its record and whether credentials are at hand. */
export interface RegistryEntry {
  readonly record: StoredAccount;
  readonly demo: boolean;
  readonly credentialsSet: boolean;
}

/** Why accounts may be missing: the app must not pretend there are none (no demo mode in their place). */
export interface UnreadableAccounts {
  /** Data files the stores had to set aside at start. */
  files: DataFileProblem[];
  /** The account list in the settings could be read only in part, or not at all. */
  damagedList: boolean;
  /** Ids whose credentials are stored but whose record could not be read: kept, not swept. */
  keptCredentials: string[];
}

/**
 * The accounts' records (settings) and credentials (secret store), kept consistent across a
 * crash at any point: credentials are written before the record that uses them and deleted
 * after it, so a crash leaves at worst credentials of no account, which the start-up sweep
 * removes. A write that fails leaves things as they were and says so with an AppError.
 */
export interface AccountRegistry {
  /** Resolves once the records are loaded and the sweep has run. */
  readonly ready: Promise<void>;
  all(): RegistryEntry[];
  find(id: string): RegistryEntry | undefined;
  credentials(id: string): Promise<Credentials | null>;
  add(record: StoredAccount, credentials: Credentials): Promise<void>;
  /** Demo accounts live in memory only, credentials included. */
  addDemo(record: StoredAccount, credentials: Credentials): void;
  /** Forgets every demo account; returns their ids. */
  dropDemo(): string[];
  /**
   * Replaces a record. `credentials` replace the stored ones; `dropCredentials` deletes them
   * first (an address change without new credentials: they must not follow to the new address).
   */
  update(next: StoredAccount, change: { credentials?: Credentials; dropCredentials: boolean }): Promise<void>;
  remove(id: string): Promise<void>;
  /** Persists why an account needs new credentials (so a restart does not hammer the service); best effort. */
  setNeedsCredentials(id: string, message: string | null): void;
  unreadable(): UnreadableAccounts;
}

interface Entry {
  record: StoredAccount;
  demo: boolean;
  demoCredentials: Credentials | null;
  credentialsSet: boolean;
}

export function createAccountRegistry(deps: { settings: SettingsStore; secrets: SecretStore; logger: Logger; nowIso: () => string }): AccountRegistry {
  const { settings, secrets, logger } = deps;
  const entries = new Map<string, Entry>();
  let unreadable: UnreadableAccounts = { files: [], damagedList: false, keptCredentials: [] };

  const ready = (async () => {
    const loaded = loadAccounts(settings, logger, deps.nowIso());
    for (const record of loaded.accounts) {
      let credentialsSet = false;
      try {
        credentialsSet = (await secrets.get(secretName(record.id))) !== null;
      } catch (error) {
        logger.error('credentials could not be read', { accountId: record.id, error: errorText(error) });
      }
      entries.set(record.id, { record, demo: false, demoCredentials: null, credentialsSet });
    }
    const settingsUnreadable = settings.problems().length > 0 || loaded.damaged;
    unreadable = {
      files: [...settings.problems(), ...secrets.problems()],
      damagedList: loaded.damaged,
      keptCredentials: await sweep(settingsUnreadable),
    };
  })();

  /** Deletes credentials whose account is gone, unless the account list itself could not be read. */
  async function sweep(settingsUnreadable: boolean): Promise<string[]> {
    let names: string[];
    try {
      names = await secrets.names();
    } catch (error) {
      logger.warn('stored credentials could not be listed; none swept', { error: errorText(error) });
      return [];
    }
    const orphans = names.map(accountIdOfSecret).filter((id): id is string => id !== null && !entries.has(id));
    if (orphans.length === 0) return [];
    if (settingsUnreadable) {
      logger.warn('credentials kept for accounts that could not be read from the settings', { accounts: orphans.length });
      return orphans;
    }
    for (const id of orphans) {
      try {
        await secrets.delete(secretName(id));
        logger.info('deleted the credentials of an account that no longer exists', { accountId: id });
      } catch (error) {
        logger.warn('credentials of a removed account could not be deleted; trying again at next start', { accountId: id, error: errorText(error) });
      }
    }
    return [];
  }

  function stored(): StoredAccount[] {
    return [...entries.values()].filter((entry) => !entry.demo).map((entry) => entry.record);
  }

  /** Writes the given list; an AppError (saying nothing changed) when the settings refuse it. */
  function persist(records: StoredAccount[], whatFailed: string): void {
    try {
      saveAccounts(settings, records);
    } catch (error) {
      logger.error('the account list could not be saved', { error: errorText(error) });
      throw storageError(m.core_registry_list_failed({ what: whatFailed, cause: errorText(error) }), error);
    }
  }

  function replaced(next: StoredAccount): StoredAccount[] {
    return stored().map((record) => (record.id === next.id ? next : record));
  }

  async function storeSecret(id: string, credentials: Credentials, whatFailed: string): Promise<void> {
    registerSecret(logger, credentials.mechanism === 'api-key' ? credentials.apiKey : credentials.clientSecret);
    try {
      await secrets.set(secretName(id), JSON.stringify(credentials));
    } catch (error) {
      logger.error('credentials could not be stored', { accountId: id, error: errorText(error) });
      throw storageError(m.core_registry_store_failed({ what: whatFailed, cause: errorText(error) }), error);
    }
  }

  async function deleteSecret(id: string, whatFailed: string): Promise<void> {
    try {
      await secrets.delete(secretName(id));
    } catch (error) {
      logger.error('credentials could not be deleted', { accountId: id, error: errorText(error) });
      throw storageError(m.core_registry_delete_failed({ what: whatFailed, cause: errorText(error) }), error);
    }
  }

  function entry(id: string): Entry {
    const found = entries.get(id);
    if (!found) throw saidError('account-not-found', m.core_account_gone());
    return found;
  }

  async function updateStored(current: Entry, next: StoredAccount, change: { credentials?: Credentials; dropCredentials: boolean }): Promise<void> {
    const id = next.id;
    if (change.dropCredentials) {
      // Never old credentials with a new address, not even after a crash: the credentials go
      // first, then the new address is saved (still needing credentials), then any new ones.
      await deleteSecret(id, m.core_registry_address_not_changed());
      current.credentialsSet = false;
      const waiting = { ...next, needsCredentials: next.needsCredentials ?? m.core_account_enter_for_new_address() };
      try {
        persist(replaced(waiting), m.core_registry_new_address_not_saved());
      } catch (error) {
        current.record = { ...current.record, needsCredentials: m.core_account_deleted_before_address_change() };
        throw saidError('internal', sentences((error as Error).message, m.core_registry_deleted_first()), { retryable: true, cause: error });
      }
      current.record = waiting;
      if (!change.credentials) return;
      await storeSecret(id, change.credentials, m.core_registry_credentials_not_saved());
      current.credentialsSet = true;
      try {
        persist(replaced(next), m.core_registry_list_not_updated());
      } catch (error) {
        // Safe as it is on disk (the account asks for credentials at next start); usable now.
        logger.warn('account kept in memory with its new credentials', { accountId: id, error: errorText(error) });
      }
      current.record = next;
      return;
    }
    let previous: string | null = null;
    if (change.credentials) {
      previous = await secrets.get(secretName(id)).catch(() => null);
      await storeSecret(id, change.credentials, m.core_registry_account_not_changed());
    }
    try {
      persist(replaced(next), m.core_registry_account_not_changed());
    } catch (error) {
      if (change.credentials) await restoreSecret(id, previous);
      throw error;
    }
    current.record = next;
    if (change.credentials) current.credentialsSet = true;
  }

  async function restoreSecret(id: string, previous: string | null): Promise<void> {
    try {
      if (previous === null) await secrets.delete(secretName(id));
      else await secrets.set(secretName(id), previous);
    } catch (error) {
      logger.error('the previous credentials could not be put back', { accountId: id, error: errorText(error) });
    }
  }

  return {
    ready,
    all: () => [...entries.values()].map(snapshot),
    find: (id) => {
      const found = entries.get(id);
      return found ? snapshot(found) : undefined;
    },

    async credentials(id) {
      const found = entry(id);
      if (found.demo) return found.demoCredentials;
      return parseStoredCredentials(await secrets.get(secretName(id)));
    },

    async add(record, credentials) {
      await storeSecret(record.id, credentials, m.core_registry_account_not_added());
      try {
        persist([...stored(), record], m.core_registry_account_not_added());
      } catch (error) {
        await restoreSecret(record.id, null);
        throw error;
      }
      entries.set(record.id, { record, demo: false, demoCredentials: null, credentialsSet: true });
    },

    addDemo(record, credentials) {
      registerSecret(logger, credentials.mechanism === 'api-key' ? credentials.apiKey : credentials.clientSecret);
      entries.set(record.id, { record, demo: true, demoCredentials: credentials, credentialsSet: true });
    },

    dropDemo() {
      const ids = [...entries.values()].filter((candidate) => candidate.demo).map((candidate) => candidate.record.id);
      for (const id of ids) entries.delete(id);
      return ids;
    },

    async update(next, change) {
      const current = entry(next.id);
      if (!current.demo) return updateStored(current, next, change);
      if (change.credentials) registerSecret(logger, change.credentials.mechanism === 'api-key' ? change.credentials.apiKey : change.credentials.clientSecret);
      current.demoCredentials = change.credentials ?? (change.dropCredentials ? null : current.demoCredentials);
      current.credentialsSet = current.demoCredentials !== null;
      current.record = next;
    },

    async remove(id) {
      const current = entry(id);
      if (current.demo) {
        entries.delete(id);
        return;
      }
      // The record goes first: a crash after it leaves credentials of no account, which the
      // next start sweeps; the other way round would leave an account without credentials.
      const others = stored().filter((record) => record.id !== id);
      persist(others, m.core_registry_account_not_removed());
      try {
        await deleteSecret(id, m.core_registry_account_not_removed());
      } catch (error) {
        try {
          persist(stored(), m.core_registry_account_not_removed());
        } catch {
          // Logged by persist. The account stays listed in this session; at the next start the
          // sweep removes the credentials of the account the user wanted gone.
        }
        throw error;
      }
      entries.delete(id);
    },

    setNeedsCredentials(id, message) {
      const current = entries.get(id);
      if (!current || current.record.needsCredentials === message) return;
      current.record = { ...current.record, needsCredentials: message };
      if (current.demo) return;
      try {
        persist(stored(), m.core_registry_status_not_saved());
      } catch {
        // Logged by persist; the status still holds for this session.
      }
    },

    unreadable: () => ({ ...unreadable, files: [...unreadable.files], keptCredentials: [...unreadable.keptCredentials] }),
  };
}

function snapshot(entry: Entry): RegistryEntry {
  return { record: entry.record, demo: entry.demo, credentialsSet: entry.credentialsSet };
}

function storageError(message: string, cause: unknown): AppError {
  return saidError('internal', sentences(message, m.core_registry_free_space()), { retryable: true, cause });
}

/** Two sentences of main's language one after the other: Japanese sets them side by side, the others with a space. */
function sentences(first: string, second: string): string {
  return `${first}${getLocale() === 'ja' ? '' : ' '}${second}`;
}
