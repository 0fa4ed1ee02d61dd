import type { BridgeApi, BridgeError, Result, TeamRelayInput, TeamRelayTest, TeamRelayView } from '../../../../preload/contract';

export type RelayBridge = Pick<BridgeApi, 'relay'> & { events: Pick<BridgeApi['events'], 'relay.changed'> };

/** The team relay's settings and live status (Settings → Team relay); only the newest answer is kept. */
export class RelayState {
  view = $state<TeamRelayView | null>(null);
  loadError = $state<BridgeError | null>(null);
  busy = $state<'saving' | 'testing' | 'forgetting' | null>(null);

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

  save(input: TeamRelayInput): Promise<Result<TeamRelayView>> {
    return this.#run('saving', () => this.#api.relay.configure(input));
  }

  forget(): Promise<Result<TeamRelayView>> {
    return this.#run('forgetting', () => this.#api.relay.forget());
  }

  async test(input: TeamRelayInput): Promise<Result<TeamRelayTest>> {
    this.busy = 'testing';
    try {
      return await this.#api.relay.test(input);
    } finally {
      this.busy = null;
    }
  }

  async #run(what: 'saving' | 'forgetting', call: () => Promise<Result<TeamRelayView>>): Promise<Result<TeamRelayView>> {
    this.busy = what;
    const sequence = ++this.#sequence;
    try {
      const result = await call();
      if (result.ok && sequence === this.#sequence) this.view = result.value;
      return result;
    } finally {
      this.busy = null;
    }
  }
}
