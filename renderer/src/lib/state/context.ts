import { getContext, setContext } from 'svelte';
import type { AppState } from './app-state.svelte';

// The one way app-wide state reaches a component (docs/renderer.md): the shell provides the
// window's AppState, a component takes what it needs with appState(). Per-instance data (a
// row, an account, a quote) and callbacks stay props.
const KEY = Symbol('quotedesk-app-state');

/** A component asked for the app's state outside the shell that provides it. */
export class MissingAppStateError extends Error {
  constructor() {
    super('No app state in this component tree: render it inside the app shell, or provide one with appStateContext() in a test.');
    this.name = 'MissingAppStateError';
  }
}

/** Called once, by the shell, while it is created. */
export function provideAppState(app: AppState): AppState {
  return setContext(KEY, app);
}

/** The window's state objects; call while the component is created. */
export function appState(): AppState {
  const app = getContext<AppState | undefined>(KEY);
  if (!app) throw new MissingAppStateError();
  return app;
}

/** The context a test renders a component with: `render(Component, { props, context: appStateContext(app) })`. */
export function appStateContext(app: AppState): Map<symbol, AppState> {
  return new Map([[KEY, app]]);
}

/** The window's state where a component may also stand alone (a benchmark's static rows): undefined outside the shell. */
export function optionalAppState(): AppState | undefined {
  return getContext<AppState | undefined>(KEY);
}
