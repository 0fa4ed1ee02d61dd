import { describe, expect, it } from 'vitest';
import { ThemeState } from '../../renderer/src/lib/theme.svelte';

function environment(options: { stored?: string | null; systemDark?: boolean } = {}) {
  const values = new Map<string, string>(options.stored ? [['quotedesk.theme', options.stored]] : []);
  const listeners = new Set<() => void>();
  const prefersDark = {
    matches: options.systemDark ?? false,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const env = {
    root: { dataset: {} as DOMStringMap },
    storage: { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) },
    prefersDark: prefersDark as unknown as MediaQueryList,
  };
  return { env, values, systemChanges: (dark: boolean) => ((prefersDark.matches = dark), listeners.forEach((listener) => listener())) };
}

describe('the theme', () => {
  it('follows the system by default, also when the system switches', () => {
    const { env, systemChanges } = environment({ systemDark: true });
    expect(new ThemeState(env).resolved).toBe('dark');
    expect(env.root.dataset.theme).toBe('dark');
    systemChanges(false);
    expect(env.root.dataset.theme).toBe('light');
  });

  it('keeps the person\'s choice over the system, across a reload', () => {
    const { env, values, systemChanges } = environment({ systemDark: false });
    new ThemeState(env).set('dark');
    expect(env.root.dataset.theme).toBe('dark');
    expect(values.get('quotedesk.theme')).toBe('dark');
    systemChanges(false);
    expect(env.root.dataset.theme).toBe('dark');
    const again = environment({ stored: 'dark', systemDark: false });
    expect(new ThemeState(again.env).choice).toBe('dark');
    expect(again.env.root.dataset.theme).toBe('dark');
  });

  it('ignores a stored value it does not know', () => {
    const { env } = environment({ stored: 'purple', systemDark: true });
    expect(new ThemeState(env).choice).toBe('system');
    expect(env.root.dataset.theme).toBe('dark');
  });
});
