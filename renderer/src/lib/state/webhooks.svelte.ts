import type {
  BridgeApi,
  BridgeError,
  RegisterOutcome,
  Result,
  SetTunnelInput,
  WebhookActivity,
  WebhookCheck,
  WebhooksOverview,
} from '../../../../preload/contract';

export type WebhooksBridge = Pick<BridgeApi, 'webhooks'> & {
  events: Pick<BridgeApi['events'], 'webhooks.changed' | 'webhooks.activityChanged'>;
};

export interface ActivityFilter {
  /** null: every account. */
  accountId: string | null;
  /** '' : every event type. */
  type: string;
}

const ACTIVITY_LIMIT = 100;

/**
 * The tunnel choice, each account's registration and health, and the activity log.
 * Each read carries a sequence number: an answer older than the newest request is dropped,
 * so a slow read never overwrites a fresher one (a filter changed twice, a push in between).
 */
export class WebhooksState {
  overview = $state<WebhooksOverview | null>(null);
  overviewError = $state<BridgeError | null>(null);
  activity = $state<WebhookActivity[]>([]);
  activityError = $state<BridgeError | null>(null);
  activityLoading = $state(false);
  filter = $state<ActivityFilter>({ accountId: null, type: '' });
  /** Event types seen so far, for the filter's choices (kept when the filter narrows the list). */
  knownTypes = $state<string[]>([]);
  /** Accounts whose register or unregister call is on its way. */
  busyAccounts = $state<string[]>([]);
  savingTunnel = $state(false);
  /** The last delivery-path check of each account, by account id. */
  checks = $state<Record<string, WebhookCheck>>({});
  /** Accounts whose delivery-path check is on its way. */
  checkingAccounts = $state<string[]>([]);

  readonly #api: WebhooksBridge;
  #overviewSequence = 0;
  #activitySequence = 0;

  constructor(api: WebhooksBridge) {
    this.#api = api;
  }

  statusOf(accountId: string) {
    return this.overview?.accounts.find((account) => account.accountId === accountId) ?? null;
  }

  isBusy(accountId: string): boolean {
    return this.busyAccounts.includes(accountId);
  }

  /** Pushes from main: the overview they carry replaces the shown one; an activity entry is merged in place. */
  listen(): () => void {
    const offChanged = this.#api.events['webhooks.changed'](({ overview }) => {
      // Newer than any read still on its way: that one is dropped.
      this.#overviewSequence++;
      this.overview = overview;
      this.overviewError = null;
    });
    const offActivity = this.#api.events['webhooks.activityChanged']((entry) => this.#merge(entry));
    return () => {
      offChanged();
      offActivity();
    };
  }

  async loadOverview(): Promise<void> {
    const sequence = ++this.#overviewSequence;
    const result = await this.#api.webhooks.status();
    if (sequence !== this.#overviewSequence) return;
    if (result.ok) {
      this.overview = result.value;
      this.overviewError = null;
    } else {
      this.overviewError = result.error;
    }
  }

  async loadActivity(): Promise<void> {
    const sequence = ++this.#activitySequence;
    this.activityLoading = true;
    const { accountId, type } = this.filter;
    const result = await this.#api.webhooks.activity({
      limit: ACTIVITY_LIMIT,
      ...(accountId === null ? {} : { accountId }),
      ...(type === '' ? {} : { type }),
    });
    if (sequence !== this.#activitySequence) return;
    this.activityLoading = false;
    if (result.ok) {
      this.activity = newestFirst(result.value);
      this.activityError = null;
      this.#learnTypes(result.value);
    } else {
      this.activityError = result.error;
    }
  }

  setFilter(change: Partial<ActivityFilter>): Promise<void> {
    this.filter = { ...this.filter, ...change };
    return this.loadActivity();
  }

  async setTunnel(input: SetTunnelInput): Promise<Result<WebhooksOverview>> {
    this.savingTunnel = true;
    // A status read started before the save must not put the old mode back.
    const sequence = ++this.#overviewSequence;
    const result = await this.#api.webhooks.setTunnel(input);
    this.savingTunnel = false;
    if (result.ok && sequence === this.#overviewSequence) {
      this.overview = result.value;
      this.overviewError = null;
    }
    return result;
  }

  register(accountId: string, confirm = false): Promise<Result<RegisterOutcome>> {
    return this.#whileBusy(accountId, () => this.#api.webhooks.register({ accountId, confirm }));
  }

  unregister(accountId: string): Promise<Result<void>> {
    return this.#whileBusy(accountId, () => this.#api.webhooks.unregister({ accountId }));
  }

  isChecking(accountId: string): boolean {
    return this.checkingAccounts.includes(accountId);
  }

  /**
   * Reads the registration again and probes the public address; the status follows (the check
   * may have moved it, or found why it cannot be read), read before this answers so the caller
   * can say what it found.
   */
  async check(accountId: string): Promise<Result<WebhookCheck>> {
    this.checkingAccounts = [...this.checkingAccounts, accountId];
    try {
      const result = await this.#api.webhooks.check({ accountId });
      if (result.ok) this.checks = { ...this.checks, [accountId]: result.value };
      await this.loadOverview();
      return result;
    } finally {
      this.checkingAccounts = this.checkingAccounts.filter((id) => id !== accountId);
    }
  }

  replay(id: number): Promise<Result<{ caused: string | null }>> {
    return this.#api.webhooks.replay({ id });
  }

  async #whileBusy<T>(accountId: string, call: () => Promise<Result<T>>): Promise<Result<T>> {
    this.busyAccounts = [...this.busyAccounts, accountId];
    try {
      return await call();
    } finally {
      this.busyAccounts = this.busyAccounts.filter((id) => id !== accountId);
      void this.loadOverview();
    }
  }

  #merge(entry: WebhookActivity) {
    // A new delivery goes on top when it fits the filter; the end of its processing
    // (same id) replaces the entry where it is.
    this.#learnTypes([entry]);
    const { accountId, type } = this.filter;
    const matches = (accountId === null || entry.accountId === accountId) && (type === '' || entry.event === type);
    const index = this.activity.findIndex((candidate) => candidate.id === entry.id);
    if (index >= 0) {
      this.activity[index] = entry;
    } else if (matches) {
      this.activity = newestFirst([entry, ...this.activity]).slice(0, ACTIVITY_LIMIT);
    }
  }

  #learnTypes(entries: WebhookActivity[]) {
    const known = [...this.knownTypes];
    for (const entry of entries) {
      if (entry.event !== null && !known.includes(entry.event)) known.push(entry.event);
    }
    if (known.length > this.knownTypes.length) this.knownTypes = known.sort();
  }
}

function newestFirst(entries: WebhookActivity[]): WebhookActivity[] {
  return [...entries].sort((a, b) => b.receivedAt - a.receivedAt || b.id - a.id);
}
