import type { ConnectionMonitor, ConnectionState } from '../bridge';

export interface ConnectionStatusOptions {
  /**
   * How long the link may stay down, since the last good connection, before the app host
   * counts as lost. With the bridge's backoff (250 ms doubling up to 5 s) that is several
   * failed attempts. A host restarted with a new token says so at once ('refused'), so this
   * only has to tell a host that is starting again from one that is stopped.
   */
  lostAfterMs?: number;
}

/** The transport's health as reactive state, for the "Reconnecting…" and "lost" notices. */
export class ConnectionStatus {
  state = $state<ConnectionState>('connected');
  reconnecting = $derived(this.state === 'reconnecting' || this.state === 'unreachable' || this.state === 'closed');
  /** The link has been down long enough (or never came up) that waiting will not bring it back. */
  lost = $state(false);
  /** The page was opened without its launch token and will never connect. */
  noAccess = $derived(this.state === 'no-access');
  /** The host answered that this page's token is from an earlier launch: only the new link helps. */
  refused = $derived(this.state === 'refused');

  readonly #monitor: ConnectionMonitor | undefined;
  readonly #lostAfterMs: number;
  #lostTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(monitor: ConnectionMonitor | undefined, options: ConnectionStatusOptions = {}) {
    this.#monitor = monitor;
    this.#lostAfterMs = options.lostAfterMs ?? 12_000;
    this.#apply(monitor?.state ?? 'connected');
  }

  /** Calls `onRestored` each time the connection comes back; returns the unsubscribe function. */
  listen(onRestored: () => void): () => void {
    const unsubscribe =
      this.#monitor?.subscribe((state) => {
        const wasDown = this.state !== 'connected';
        this.#apply(state);
        if (state === 'connected' && wasDown) onRestored();
      }) ?? (() => undefined);
    return () => {
      unsubscribe();
      this.#stopTimer();
    };
  }

  #apply(state: ConnectionState): void {
    this.state = state;
    if (state === 'connected' || state === 'no-access' || state === 'refused') {
      this.#stopTimer();
      this.lost = false;
    } else if (state === 'unreachable' || state === 'closed') {
      // The bridge itself gave up hope (no attempt ever succeeded), or the page closed it.
      this.#stopTimer();
      this.lost = true;
    } else if (this.#lostTimer === undefined && !this.lost) {
      // Counted from the moment the link went down, not from each new attempt.
      this.#lostTimer = setTimeout(() => {
        this.#lostTimer = undefined;
        if (this.state !== 'connected') this.lost = true;
      }, this.#lostAfterMs);
    }
  }

  #stopTimer(): void {
    clearTimeout(this.#lostTimer);
    this.#lostTimer = undefined;
  }
}
