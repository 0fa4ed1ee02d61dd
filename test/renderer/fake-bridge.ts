import type {
  AccountDraft,
  AccountStatus,
  AccountUpdate,
  AccountView,
  AppInfo,
  BridgeApi,
  BridgeError,
  ConnectionReport,
  EventPayload,
  QuoteListItem,
  QuotesListInput,
  QuotesPage,
  MethodInput,
  MethodName as Method,
  MethodOutput,
  NotificationPreferences,
  Result,
  UnreadSummary,
  WebhookActivity,
  WebhooksOverview,
  WebhookStatus,
} from '../../preload/contract';
import { buildApi } from '../../preload/contract/plain';
import type { EventName } from '../../preload/contract/plain';

/** What the fake does for each method: a method the contract gains is a compile error here. */
type Answers = { [M in Method]: (input: MethodInput<M>) => MethodOutput<M> };

export interface RecordedCall {
  method: Method;
  input: unknown;
}

interface Gate {
  promise: Promise<void>;
  release: () => void;
}

export interface FakeBridgeOptions {
  accounts?: AccountView[];
  /** Quotes per account id. */
  quotes?: Record<string, QuoteListItem[]>;
  info?: Partial<AppInfo>;
  /** What accounts.test and accounts.testDraft answer. */
  report?: ConnectionReport;
}

/**
 * An in-memory BridgeApi for renderer tests: real filtering and paging over the given
 * quotes, every call recorded, and failures or held answers that a test arranges.
 */
export class FakeBridge {
  readonly calls: RecordedCall[] = [];
  accounts: AccountView[];
  quotes: Record<string, QuoteListItem[]>;
  info: AppInfo;
  report: ConnectionReport;
  /** What notifications.preferences answers; setPreferences replaces it. */
  preferences: NotificationPreferences = {
    muted: false,
    doNotDisturbUntil: null,
    quietHours: { enabled: false, start: '22:00', end: '07:00' },
    expiryReminders: true,
    groups: {},
    types: {},
    accounts: {},
  };
  /** Unread quote ids per account. */
  unread: Record<string, string[]> = {};
  /** The installation's tunnel choice and each account's registration, as webhooks.status answers. */
  webhooks: { mode: WebhooksOverview['mode']; manualUrl: string | null; cloudflaredAvailable: boolean; registered: Record<string, string> } = {
    mode: 'none',
    manualUrl: null,
    cloudflaredAvailable: false,
    registered: {},
  };
  /** Another installation's URL per account: register answers needs-confirmation until confirmed. */
  foreignWebhookUrls: Record<string, string> = {};
  /** What webhooks.activity lists, newest first; replay answers with an entry's `caused`. */
  webhookActivity: WebhookActivity[] = [];
  readonly api: BridgeApi;

  #failures = new Map<Method, BridgeError[]>();
  #gates = new Map<Method, Gate[]>();
  #listeners = new Map<EventName, Set<(payload: never) => void>>();
  #nextId = 1;

  constructor(options: FakeBridgeOptions = {}) {
    this.accounts = options.accounts ?? [];
    this.quotes = options.quotes ?? {};
    this.info = {
      version: '0.1.0',
      host: 'web',
      demo: false,
      credentialStorage: { backend: 'memory', weak: false, message: null },
      dataProblems: [],
      ...options.info,
    };
    this.report = options.report ?? { ok: true, diagnosis: 'ok', message: 'Connected.', detectedAccess: null, latencyMs: 42 };
    this.api = this.#buildApi();
  }

  /** The next call of `method` fails with this error (calls queue in order). */
  failNext(method: Method, error: Partial<BridgeError> & { message: string }): void {
    const queue = this.#failures.get(method) ?? [];
    queue.push({ code: 'server', retryable: true, ...error });
    this.#failures.set(method, queue);
  }

  /** The next call of `method` waits until the returned function is called. */
  holdNext(method: Method): () => void {
    let release = () => undefined as void;
    const promise = new Promise<void>((resolve) => (release = resolve));
    const queue = this.#gates.get(method) ?? [];
    queue.push({ promise, release });
    this.#gates.set(method, queue);
    return release;
  }

  callsOf(method: Method): unknown[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.input);
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners.get(event) ?? []) (listener as (payload: EventPayload<E>) => void)(payload);
  }

  setStatus(accountId: string, status: AccountStatus, message: string | null): void {
    this.accounts = this.accounts.map((account) =>
      account.id === accountId ? { ...account, status, statusMessage: message } : account,
    );
    this.emit('accounts.statusChanged', { accountId, status, message });
  }

  async #run<T>(method: Method, input: unknown, answer: () => T): Promise<Result<T>> {
    this.calls.push({ method, input });
    const gate = this.#gates.get(method)?.shift();
    const failure = this.#failures.get(method)?.shift();
    if (gate) await gate.promise;
    else await Promise.resolve();
    if (failure) return { ok: false, error: failure };
    try {
      return { ok: true, value: answer() };
    } catch (error) {
      return { ok: false, error: error as BridgeError };
    }
  }

  #notArranged(method: Method): never {
    throw { code: 'internal', message: `The fake bridge does not answer ${method} yet.`, retryable: false } satisfies BridgeError;
  }

  #failure(code: BridgeError['code'], message: string): BridgeError {
    return { code, message, retryable: false };
  }

  #find(id: string): AccountView {
    const account = this.accounts.find((candidate) => candidate.id === id);
    if (!account) throw { code: 'account-not-found', message: 'No such account.', retryable: false } satisfies BridgeError;
    return account;
  }

  #list(input: QuotesListInput): QuotesPage {
    const account = this.#find(input.accountId);
    const page = input.page ?? 1;
    const limit = input.limit ?? 50;
    const search = input.search?.toLowerCase();
    const matching = (this.quotes[account.id] ?? []).filter(
      (quote) =>
        (input.status === undefined || quote.status === input.status) &&
        (!search ||
          quote.projectName?.toLowerCase().includes(search) ||
          quote.quoteNumber?.toLowerCase().includes(search)),
    );
    const totalPages = Math.ceil(matching.length / limit);
    return {
      items: matching.slice((page - 1) * limit, page * limit),
      pagination: { page, limit, total: matching.length, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 },
      access: account.access,
    };
  }

  #add(draft: AccountDraft): AccountView {
    const view: AccountView = {
      id: `acc-new-${this.#nextId++}`,
      name: draft.name,
      environment: draft.environment,
      baseUrl: draft.baseUrl,
      mechanism: draft.credentials.mechanism,
      access: draft.access,
      credentialsSet: true,
      status: 'unknown',
      statusMessage: null,
      demo: false,
    };
    this.accounts = [...this.accounts, view];
    return view;
  }

  #update(update: AccountUpdate): AccountView {
    const current = this.#find(update.id);
    const { credentials, id: _id, ...fields } = update;
    const view: AccountView = {
      ...current,
      ...fields,
      ...(credentials ? { mechanism: credentials.mechanism, credentialsSet: true } : {}),
    };
    this.accounts = this.accounts.map((account) => (account.id === view.id ? view : account));
    return view;
  }

  #unreadSummary(): UnreadSummary {
    const accounts = Object.entries(this.unread)
      .filter(([, ids]) => ids.length > 0)
      .map(([accountId, quoteIds]) => ({ accountId, count: quoteIds.length, quoteIds }));
    return { total: accounts.reduce((sum, account) => sum + account.count, 0), accounts };
  }

  #answers(): Answers {
    return {
      'app.info': () => this.info,
      'accounts.list': () => this.accounts,
      'accounts.add': (draft) => this.#add(draft as AccountDraft),
      'accounts.update': (update) => this.#update(update),
      'accounts.remove': (input) => {
        this.#find(input.id);
        this.accounts = this.accounts.filter((account) => account.id !== input.id);
      },
      'accounts.test': (input) => (this.#find(input.id), this.report),
      'accounts.testDraft': () => this.report,
      'quotes.list': (input) => this.#list(input as QuotesListInput),
      'notifications.preferences': () => this.preferences,
      'notifications.setPreferences': (preferences) => (this.preferences = preferences as NotificationPreferences),
      'notifications.unread': () => this.#unreadSummary(),
      'notifications.markRead': ({ accountId, quoteIds }) => {
        this.#find(accountId);
        this.unread[accountId] = quoteIds ? (this.unread[accountId] ?? []).filter((id) => !quoteIds.includes(id)) : [];
        return this.#unreadSummary();
      },
      'notifications.markUnread': ({ accountId, quoteIds }) => {
        this.#find(accountId);
        this.unread[accountId] = [...new Set([...(this.unread[accountId] ?? []), ...quoteIds])];
        return this.#unreadSummary();
      },
      // The offline methods: no renderer test uses them yet (the inbox still pages with
      // quotes.list); a test that calls one gets a clear failure rather than made-up data.
      'inbox.query': () => this.#notArranged('inbox.query'),
      'quotes.detail': () => this.#notArranged('quotes.detail'),
      'pdfs.get': () => this.#notArranged('pdfs.get'),
      'pdfs.status': () => this.#notArranged('pdfs.status'),
      'sync.status': () => this.#notArranged('sync.status'),
      'sync.refresh': () => this.#notArranged('sync.refresh'),
      'webhooks.status': () => this.#webhooksOverview(),
      'webhooks.setTunnel': (choice) => {
        this.webhooks.mode = choice.mode;
        this.webhooks.manualUrl = choice.mode === 'manual' ? choice.url : null;
        return this.#webhooksOverview();
      },
      'webhooks.register': ({ accountId, confirm }) => {
        this.#find(accountId);
        const url = this.#webhookUrl(accountId);
        if (url === null) throw this.#failure('invalid-state', 'Choose how deliveries reach this computer first.');
        const foreign = this.foreignWebhookUrls[accountId];
        if (foreign && !confirm) return { status: 'needs-confirmation', url, currentUrl: foreign };
        delete this.foreignWebhookUrls[accountId];
        if (this.webhooks.registered[accountId] === url) return { status: 'already-registered', url };
        this.webhooks.registered[accountId] = url;
        return { status: 'registered', url };
      },
      'webhooks.unregister': ({ accountId }) => {
        this.#find(accountId);
        delete this.webhooks.registered[accountId];
      },
      'webhooks.activity': (input) => {
        const limit = input.limit ?? 50;
        return this.webhookActivity.filter((entry) => (!input.accountId || entry.accountId === input.accountId) && (!input.type || entry.event === input.type)).slice(0, limit);
      },
      'webhooks.replay': ({ id }) => {
        const entry = this.webhookActivity.find((candidate) => candidate.id === id);
        if (!entry || !entry.signature.ok) throw this.#failure('invalid-input', 'Only a verified delivery can be replayed');
        return { caused: entry.caused };
      },
    };
  }

  #webhookUrl(accountId: string): string | null {
    const origin = this.webhooks.mode === 'manual' ? this.webhooks.manualUrl : this.webhooks.mode === 'none' ? null : 'https://tunnel.example';
    return origin === null ? null : `${origin}/hooks/${accountId}`;
  }

  #webhooksOverview(): WebhooksOverview {
    const accounts = this.accounts.map((account): WebhookStatus => {
      const registeredUrl = this.foreignWebhookUrls[account.id] ?? this.webhooks.registered[account.id] ?? null;
      const takenOver = this.foreignWebhookUrls[account.id] !== undefined && this.webhooks.registered[account.id] !== undefined;
      return {
        accountId: account.id,
        mode: this.webhooks.mode,
        publicUrl: this.#webhookUrl(account.id),
        localUrl: `http://127.0.0.1:4100/hooks/${account.id}`,
        registeredUrl,
        state: takenOver ? 'taken-over' : this.webhooks.registered[account.id] ? 'registered' : 'unregistered',
        takenOver,
        lastVerifiedAt: this.webhookActivity.find((entry) => entry.accountId === account.id && entry.signature.ok)?.receivedAt ?? null,
        lastCheckedAt: null,
        signatureFailures: { count: this.webhookActivity.filter((entry) => entry.accountId === account.id && !entry.signature.ok).length, lastAt: null, lastReason: null },
        problem: null,
      };
    });
    return { mode: this.webhooks.mode, manualUrl: this.webhooks.manualUrl, cloudflaredAvailable: this.webhooks.cloudflaredAvailable, problem: null, accounts };
  }

  #buildApi(): BridgeApi {
    const answers = this.#answers();
    return buildApi<BridgeApi>(
      (method, input) => this.#run(method, input, () => (answers[method] as (input: unknown) => unknown)(input)),
      (event, listener) => this.#subscribe(event, listener),
    );
  }

  #subscribe(event: EventName, listener: (payload: never) => void): () => void {
    const listeners = this.#listeners.get(event) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(event, listeners);
    return () => listeners.delete(listener);
  }
}
