import type { DataFileProblem, SettingsStore } from '../ports';

/**
 * Settings held in memory only: for tests and the CLI's one-shot use. `problems` lets a test
 * stand in for a file-backed store that had to set an unreadable file aside.
 */
export function createMemorySettingsStore(initial: Record<string, unknown> = {}, options: { problems?: DataFileProblem[] } = {}): SettingsStore {
  const values = new Map(Object.entries(initial));
  const problems = [...(options.problems ?? [])];
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
    problems: () => [...problems],
  };
}
