import type { SettingsStore } from '../ports';

/** Settings held in memory only: for tests and the CLI's one-shot use. */
export function createMemorySettingsStore(initial: Record<string, unknown> = {}): SettingsStore {
  const values = new Map(Object.entries(initial));
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
    problems: () => [],
  };
}
