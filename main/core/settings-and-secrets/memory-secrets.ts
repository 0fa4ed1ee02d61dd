import { m } from '../../../i18n/paraglide/messages.js';
import type { DataFileProblem, SecretStore } from '../ports';

/**
 * Secrets held in memory only: for tests and the CLI's one-shot use. `problems` lets a test
 * stand in for a file-backed store that had to set an unreadable file aside.
 */
export function createMemorySecretStore(initial: Record<string, string> = {}, options: { problems?: DataFileProblem[] } = {}): SecretStore {
  const values = new Map(Object.entries(initial));
  const problems = [...(options.problems ?? [])];
  return {
    get: async (name) => values.get(name) ?? null,
    set: async (name, value) => {
      values.set(name, value);
    },
    delete: async (name) => {
      values.delete(name);
    },
    names: async () => [...values.keys()],
    problems: () => [...problems],
    describe: () => ({ backend: 'memory', weak: false, message: m.main_secrets_memory_only() }),
  };
}
