import type { SecretStore } from '../ports';

/** Secrets held in memory only: for tests and the CLI's one-shot use. */
export function createMemorySecretStore(initial: Record<string, string> = {}): SecretStore {
  const values = new Map(Object.entries(initial));
  return {
    get: async (name) => values.get(name) ?? null,
    set: async (name, value) => {
      values.set(name, value);
    },
    delete: async (name) => {
      values.delete(name);
    },
    names: async () => [...values.keys()],
    problems: () => [],
    describe: () => ({ backend: 'memory', weak: false, message: 'Credentials are kept in memory only and forgotten on exit.' }),
  };
}
