import type { ConnectionMonitor, ConnectionState } from '../bridge';

/** The transport's health as reactive state, for the "Reconnecting…" indicator. */
export class ConnectionStatus {
  state = $state<ConnectionState>('connected');
  reconnecting = $derived(this.state === 'reconnecting' || this.state === 'unreachable' || this.state === 'closed');
  /** Every attempt so far failed: most likely a tab left over from an earlier launch. */
  unreachable = $derived(this.state === 'unreachable');
  /** The page was opened without its launch token and will never connect. */
  noAccess = $derived(this.state === 'no-access');

  readonly #monitor: ConnectionMonitor | undefined;

  constructor(monitor: ConnectionMonitor | undefined) {
    this.#monitor = monitor;
    this.state = monitor?.state ?? 'connected';
  }

  /** Calls `onRestored` each time the connection comes back; returns the unsubscribe function. */
  listen(onRestored: () => void): () => void {
    return (
      this.#monitor?.subscribe((state) => {
        const wasDown = this.state !== 'connected';
        this.state = state;
        if (state === 'connected' && wasDown) onRestored();
      }) ?? (() => undefined)
    );
  }
}
