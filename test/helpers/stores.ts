import { createMemorySecretStore, createMemorySettingsStore } from '../../main/core/settings-and-secrets';
import type { DataFileProblem, SecretStore, SettingsStore } from '../../main/core/ports';

export { createMemorySecretStore, createMemorySettingsStore };

type SecretOperation = 'get' | 'set' | 'delete' | 'names';
type SettingsOperation = 'set' | 'delete';

/**
 * A memory secret store whose next operations can be made to fail, as a full disk or a
 * locked keychain would, and whose values a test can read back directly.
 */
export interface ControlledSecretStore extends SecretStore {
  /** The stored values, as the store holds them. */
  values(): Record<string, string>;
  /** The next `times` calls of `operation` reject with `error`. */
  failNext(operation: SecretOperation, error?: Error, times?: number): void;
}

export function createControlledSecretStore(initial: Record<string, string> = {}, options: { problems?: DataFileProblem[] } = {}): ControlledSecretStore {
  const inner = createMemorySecretStore(initial, options);
  const failures = new Map<SecretOperation, { error: Error; left: number }>();
  const copy = { ...initial };
  const failIfArmed = (operation: SecretOperation) => {
    const armed = failures.get(operation);
    if (!armed || armed.left <= 0) return;
    armed.left -= 1;
    throw armed.error;
  };
  return {
    ...inner,
    get: async (name) => {
      failIfArmed('get');
      return inner.get(name);
    },
    set: async (name, value) => {
      failIfArmed('set');
      await inner.set(name, value);
      copy[name] = value;
    },
    delete: async (name) => {
      failIfArmed('delete');
      await inner.delete(name);
      delete copy[name];
    },
    names: async () => {
      failIfArmed('names');
      return inner.names();
    },
    values: () => ({ ...copy }),
    failNext: (operation, error = new Error(`${operation} failed: no space left on device (ENOSPC)`), times = 1) => {
      failures.set(operation, { error, left: times });
    },
  };
}

/** A memory settings store whose next writes can be made to fail. */
export interface ControlledSettingsStore extends SettingsStore {
  failNext(operation: SettingsOperation, error?: Error, times?: number): void;
}

export function createControlledSettingsStore(initial: Record<string, unknown> = {}, options: { problems?: DataFileProblem[] } = {}): ControlledSettingsStore {
  const inner = createMemorySettingsStore(initial, options);
  const failures = new Map<SettingsOperation, { error: Error; left: number }>();
  const failIfArmed = (operation: SettingsOperation) => {
    const armed = failures.get(operation);
    if (!armed || armed.left <= 0) return;
    armed.left -= 1;
    throw armed.error;
  };
  return {
    ...inner,
    set: (key, value) => {
      failIfArmed('set');
      inner.set(key, value);
    },
    delete: (key) => {
      failIfArmed('delete');
      inner.delete(key);
    },
    failNext: (operation, error = new Error(`${operation} failed: no space left on device (ENOSPC)`), times = 1) => {
      failures.set(operation, { error, left: times });
    },
  };
}

/** A problem as the file-backed stores report one when they set an unreadable file aside. */
export function dataFileProblem(file: DataFileProblem['file'], overrides: Partial<DataFileProblem> = {}): DataFileProblem {
  return {
    file,
    path: `/home/someone/.config/Quotedesk/${file}.json`,
    keptAt: `/home/someone/.config/Quotedesk/${file}.json.unreadable-2026-11-22T21-00-00Z`,
    reason: 'The file was cut short (truncated).',
    ...overrides,
  };
}
