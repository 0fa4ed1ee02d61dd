// Light or dark: the system's setting by default, or the person's own choice, kept in the
// browser's storage (a window preference, not app data: it never crosses the bridge).

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const STORAGE_KEY = 'quotedesk.theme';

interface ThemeEnvironment {
  root: { dataset: DOMStringMap };
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  prefersDark: Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'> | null;
}

function browserEnvironment(): ThemeEnvironment {
  let storage: Storage | null = null;
  try {
    storage = globalThis.localStorage ?? null;
  } catch {
    // Site data blocked: the choice lasts for the tab.
  }
  return {
    root: document.documentElement,
    storage,
    prefersDark: typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia('(prefers-color-scheme: dark)') : null,
  };
}

/** The theme of the page: `data-theme` on <html> is what app.css reads. */
export class ThemeState {
  choice = $state<ThemeChoice>('system');
  readonly #env: ThemeEnvironment;
  readonly #onSystemChange = () => this.#apply();

  constructor(env: ThemeEnvironment = browserEnvironment()) {
    this.#env = env;
    const stored = this.#read();
    this.choice = stored;
    env.prefersDark?.addEventListener('change', this.#onSystemChange);
    this.#apply();
  }

  /** What the page shows now. */
  get resolved(): 'light' | 'dark' {
    if (this.choice !== 'system') return this.choice;
    return this.#env.prefersDark?.matches ? 'dark' : 'light';
  }

  set(choice: ThemeChoice): void {
    this.choice = choice;
    try {
      this.#env.storage?.setItem(STORAGE_KEY, choice);
    } catch {
      // Storage full or refused: the choice still holds until the tab closes.
    }
    this.#apply();
  }

  dispose(): void {
    this.#env.prefersDark?.removeEventListener('change', this.#onSystemChange);
  }

  #read(): ThemeChoice {
    try {
      const stored = this.#env.storage?.getItem(STORAGE_KEY);
      return THEME_CHOICES.includes(stored as ThemeChoice) ? (stored as ThemeChoice) : 'system';
    } catch {
      return 'system';
    }
  }

  #apply(): void {
    this.#env.root.dataset.theme = this.resolved;
  }
}
