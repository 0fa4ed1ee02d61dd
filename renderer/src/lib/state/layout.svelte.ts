import type { Density, PreferenceStorage } from '../preferences';

/** From this window width the list and the selected quote stand side by side. */
export const READING_PANE_MIN_WIDTH = 1200;

/** Whether a media query matches, and a way to follow it; window.matchMedia in the app. */
export type MediaMatcher = (query: string) => Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;

function browserMatcher(): MediaMatcher | null {
  return typeof globalThis.matchMedia === 'function' ? (query) => globalThis.matchMedia(query) : null;
}

/**
 * The inbox's layout: rows comfortable or compact, and the reading pane beside the list in
 * wide windows (narrower ones open a quote in the full view, as they always did). The
 * person's choices are remembered; the width is followed as the window is resized.
 */
export class LayoutState {
  density = $state<Density>('comfortable');
  /** The person wants the reading pane (it shows only where the window is wide enough). */
  readingPane = $state(true);
  /** The window is wide enough for the pane. */
  wide = $state(false);
  /** The list and the selected quote are side by side now. */
  split = $derived(this.wide && this.readingPane);

  readonly #storage: PreferenceStorage;
  readonly #stopWatching: () => void;

  constructor(storage: PreferenceStorage, matcher: MediaMatcher | null = browserMatcher()) {
    this.#storage = storage;
    const stored = storage.read();
    this.density = stored.density;
    this.readingPane = stored.readingPane;
    if (!matcher) {
      this.#stopWatching = () => {};
      return;
    }
    const query = matcher(`(min-width: ${READING_PANE_MIN_WIDTH}px)`);
    this.wide = query.matches;
    const follow = (event: MediaQueryListEvent) => (this.wide = event.matches);
    query.addEventListener('change', follow);
    this.#stopWatching = () => query.removeEventListener('change', follow);
  }

  setDensity(density: Density): void {
    this.density = density;
    this.#save({ density });
  }

  setReadingPane(shown: boolean): void {
    this.readingPane = shown;
    this.#save({ readingPane: shown });
  }

  #save(change: Partial<ReturnType<PreferenceStorage['read']>>): void {
    this.#storage.write({ ...this.#storage.read(), ...change });
  }

  dispose(): void {
    this.#stopWatching();
  }
}
