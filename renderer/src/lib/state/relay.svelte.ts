import type { BridgeApi, BridgeError, Result, TeamRelayInput, TeamRelayTest, TeamRelayView } from '../../../../preload/contract';

export type RelayBridge = Pick<BridgeApi, 'relay'> & { events: Pick<BridgeApi['events'], 'relay.changed'> };

/** The team relay's settings and live status (Settings → Webhooks → Team relay); only the newest answer is kept. */
export class RelayState {
  view = $state<TeamRelayView | null>(null);
  loadError = $state<BridgeError | null>(null);
  busy = $state<'saving' | 'testing' | null>(null);

  readonly #api: RelayBridge;
  #sequence = 0;

  constructor(api: RelayBridge) {
    this.#api = api;
  }

  /** Status pushes from main (connected, unreachable, an event handled). */
  listen(): () => void {
    return this.#api.events['relay.changed']((view) => {
      this.#sequence++;
      this.view = view;
    });
  }

  async load(): Promise<void> {
    const sequence = ++this.#sequence;
    const result = await this.#api.relay.status();
    if (sequence !== this.#sequence) return;
    this.loadError = result.ok ? null : result.error;
    if (result.ok) this.view = result.value;
  }

  async save(input: TeamRelayInput): Promise<Result<TeamRelayView>> {
    this.busy = 'saving';
    const sequence = ++this.#sequence;
    try {
      const result = await this.#api.relay.configure(input);
      if (result.ok && sequence === this.#sequence) this.view = result.value;
      return result;
    } finally {
      this.busy = null;
    }
  }

  async test(input: TeamRelayInput): Promise<Result<TeamRelayTest>> {
    this.busy = 'testing';
    try {
      return await this.#api.relay.test(input);
    } finally {
      this.busy = null;
    }
  }
}
