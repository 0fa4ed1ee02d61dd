const KEY = 'quotedesk.selectedAccountId';

/**
 * Remembers the selected account across launches. Storage can be missing or refuse writes
 * (private modes, quotas): the app then simply starts on the first account.
 */
export interface SelectionStorage {
  read(): string | null;
  write(id: string | null): void;
}

export function localSelectionStorage(storage: Storage | undefined = globalThis.localStorage): SelectionStorage {
  return {
    read() {
      try {
        return storage?.getItem(KEY) ?? null;
      } catch {
        return null;
      }
    },
    write(id) {
      try {
        if (id === null) storage?.removeItem(KEY);
        else storage?.setItem(KEY, id);
      } catch {
        // Not remembering the selection is harmless.
      }
    },
  };
}
