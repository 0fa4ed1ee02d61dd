import type {
  TeamRelayView,
  AccountDraft,
  AccountStatus,
  AccountUpdate,
  AccountView,
  AppInfo,
  BridgeApi,
  BridgeError,
  ConnectionReport,
  DesktopState,
  EventPayload,
  QuoteListItem,
  MethodInput,
  MethodName as Method,
  MethodOutput,
  NotificationPreferences,
  OfflineSettings,
  QuoteDetails,
  QuoteDetailView,
  Result,
  UnreadSummary,
  WebhookActivity,
  WebhookCheck,
  WebhooksOverview,
  WebhookStatus,
  TeamQuoteInput,
  TeamRowApproval,
} from '../../preload/contract';
import { InsightsExportInput, InsightsInput, ViewQuery } from '../../preload/contract';
import { readInsights } from '../../main/core/insights/read';
import { createInsightsHandlers } from '../../main/core/insights/bridge';
import { comparedWithHistory } from '../../main/core/insights/compare';
import { PriceHistory } from '../../main/core/insights/price-history';
import { UnitPriceLines } from '../../main/core/insights/unit-price-lines';
import { DecisionTimes } from '../../main/core/insights/decision-times';
import type { HistoryFeed } from '../../main/core/insights/history-feed';
import { buildApi } from '../../preload/contract/plain';
import type { EventName } from '../../preload/contract/plain';
import { serviceOf } from '../../main/core/accounts/same-service';
import { internalPeers } from '../../main/core/inbox/quote-detail-view';
import { approvalOfRevision } from '../../main/core/team/quote-states';
import { decidability } from '../../main/core/quotes/decidability';
import { summariseUnread } from '../../main/core/notify/unread-summary';
import { InboxIndex } from '../../main/core/cache/inbox';
import { assigneeFacet, teamSelectionOf } from '../../main/core/inbox/team-filter';
import type { QuoteAssignee, TeamQuotes } from '../../main/core/inbox/team-filter';
import type { InboxFacetQuery } from '../../main/core/cache/inbox';
import type { InboxSourceRow } from '../../main/core/database/types';
import { pricingFacets } from '../../main/core/database/pricing-facets';
import type { AccountSyncState, InboxRow, InboxWindow } from '../../renderer/src/lib/inbox-bridge';
import { createMemorySettingsStore } from '../../main/core/settings-and-secrets/memory-settings';
import { createLanguage, type Language, type LanguageDeps } from '../../main/core/app-info/language';
import { createSavedViewsStore } from '../../main/core/views';
import { createRecordingLogger } from '../helpers/recording-logger';
import type { DecisionResult, DecisionSettings, OutboxEntry, StartReport } from '../../preload/contract/bridge/decisions';
import { createEventHub } from '../../main/core/bridge/events';
import { createEventBus } from '../../main/core/events';
import type { DomainEvents } from '../../main/core/events';
import type { StoredQuote } from '../../main/core/cache/events';
import { quoteVersion } from '../../main/core/cache/quote-version';
import { projectInboxEvents } from '../../main/core/inbox/projection';
import { countSelections } from '../../main/core/inbox/view-counts';
import { createTeamMarkHandlers } from '../../main/core/inbox/team-marks';
import { createSnoozeBook } from '../../main/core/snooze/snooze-book';
import { noTeamView } from '../../main/core/team/bridge';

const OFF_TEAM = ['team.create', 'team.join', 'team.admit', 'team.remove', 'team.leave', 'team.setServer', 'team.setPolicy', 'team.thread', 'team.assign', 'team.note', 'team.requestApproval', 'team.decide'] as const;
type TeamChangeMethod = (typeof OFF_TEAM)[number];

/** What the fake does for each method: a method the contract gains is a compile error here. */
type Answers = { [M in Method]: (input: MethodInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>> };

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
  /** The host's languages and switches for the core's language setting (the window's own locale is not touched: main's speaking is recorded in `spoken`). */
  language?: Pick<LanguageDeps, 'systemLanguages' | 'env'> & { stored?: string };
  /** What accounts.test and accounts.testDraft answer. */
  report?: ConnectionReport;
  /** Sync state per account id (every account is 'online', synced a minute ago, when left out). */
  sync?: Record<string, Partial<AccountSyncState>>;
  /** The cached PDF's badge per quote id. */
  pdfs?: Record<string, InboxRow['pdf']>;
  /** The clock the inbox's "expiring soon" and the sync states read. */
  now?: number;
  /** Cached quote details per quote id, for quotes.detail (a quote without is "not stored yet"). */
  details?: Record<string, QuoteDetails>;
}

/** As the core's handler (DEFAULT_INBOX_OPTIONS): "expiring soon" means within a week. */
const EXPIRING_SOON_DAYS = 7;

/**
 * An in-memory BridgeApi for renderer tests: real filtering and paging over the given
 * quotes, every call recorded, and failures or held answers that a test arranges.
 */
export class FakeBridge {
  readonly calls: RecordedCall[] = [];
  accounts: AccountView[];
  quotes: Record<string, QuoteListItem[]>;
  info: AppInfo;
  /** The core's own language setting over a memory store; what main would speak lands in `spoken`. */
  language: Language;
  readonly spoken: string[] = [];
  report: ConnectionReport;
  /** What desktop.state answers (the desktop app's own settings and its update). */
  desktop: DesktopState = {
    platform: 'linux',
    resident: { supported: true, enabled: true },
    openAtLogin: { supported: true, enabled: false },
    loginOffer: false,
    update: { phase: 'idle', channel: 'stable', currentVersion: '1.0.0', version: null, percent: null, checkedAt: null, message: null, waitingForDecision: false },
  };
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
  sync: Map<string, AccountSyncState>;
  pdfs: Record<string, InboxRow['pdf']>;
  now: number;
  details: Record<string, QuoteDetails>;
  /** What sync.settings answers; sync.setSettings changes it. */
  offline: OfflineSettings = { intervalMinutes: 5, pdfLimitMegabytes: 500 };
  pdfUsage = { files: 0, bytes: 0 };
  /** The decisions waiting to be sent; a test sets it and emits 'decisions.outboxChanged' as the core would. */
  outbox: OutboxEntry[] = [];
  /** What became of the decisions the last run left; a test sets it and emits 'decisions.startReportsChanged' as the core would. */
  startReports: StartReport[] = [];
  decisionSettings: DecisionSettings = { undoSeconds: 5 };
  /** What quotes.logo answers per quote id (a data: URL); no logo otherwise. */
  logos: Record<string, string> = {};
  /** The installation's tunnel choice and each account's registration, as webhooks.status answers. */
  webhooks: { mode: WebhooksOverview['mode']; manualUrl: string | null; cloudflaredAvailable: boolean; registered: Record<string, string> } = {
    mode: 'none',
    manualUrl: null,
    cloudflaredAvailable: false,
    registered: {},
  };
  /** The receiver's port as webhooks.status answers it; setTunnel with a port moves it. */
  webhookReceiver: WebhooksOverview['receiver'] = { port: 4100, unavailable: null, problem: null };
  /** Another installation's URL per account: register answers needs-confirmation until confirmed. */
  foreignWebhookUrls: Record<string, string> = {};
  /** What webhooks.activity lists, newest first; replay answers with an entry's `caused`. */
  webhookActivity: WebhookActivity[] = [];
  /** What webhooks.check says of the public address; by default it follows the registration. */
  webhookProbe: WebhookCheck['publicUrl'] | null = null;
  /** Accounts whose registration cannot be read (the service stopped...): status and check say so with this failure. */
  webhookReadFailures: Record<string, BridgeError> = {};
  /** The team relay as main would report it; relay.configure connects at once, relay.test says relayTestAnswer. */
  relay: TeamRelayView = { state: 'off', url: null, user: null, stream: null, accountId: null, consumer: '', lastEventAt: null, problem: null, source: null };
  relayTestAnswer = { ok: true, message: "Connected: the team relay's stream QUOTEDESK is there." };
  /** What accounts.remove says it could not do besides removing (e.g. a webhook left at the service). */
  removeNotes: string[] = [];
  /** Main's settings in memory: the saved views and the last view live there (main's own store over them). */
  readonly settings = createMemorySettingsStore();
  readonly viewsLog = createRecordingLogger();
  readonly snoozes = createSnoozeBook();
  readonly views = createSavedViewsStore(this.settings, this.viewsLog, { newId: () => `view-${this.#nextId++}` });
  readonly api: BridgeApi;

  #failures = new Map<Method, BridgeError[]>();
  #gates = new Map<Method, Gate[]>();
  #listeners = new Map<EventName, Set<(payload: never) => void>>();
  #nextId = 1;
  #arranged: Partial<Answers> = {};
  /**
   * The core's own projection (main/core/inbox/projection.ts) makes 'inbox.changed' from what
   * the fake "stores": the same payload, the same coalescing, a decision's echo included.
   */
  readonly #bus = createEventBus<DomainEvents>({ logger: this.viewsLog });
  readonly #stopProjection: () => void;
  #indexed: {
    quotes: Record<string, QuoteListItem[]> | null;
    accounts: AccountView[] | null;
    details: Record<string, QuoteDetails> | null;
    index: InboxIndex;
    pdfs: Record<string, InboxRow['pdf']>;
  } = { quotes: null, accounts: null, details: null, index: new InboxIndex(), pdfs: {} };

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
    this.language = createLanguage({
      settings: createMemorySettingsStore(options.language?.stored ? { language: options.language.stored } : {}),
      systemLanguages: options.language?.systemLanguages ?? (() => ['en']),
      env: options.language?.env ?? {},
      speak: (locale) => void this.spoken.push(locale),
    });
    this.language.start();
    this.report = options.report ?? { ok: true, diagnosis: 'ok', message: 'Connected.', detectedAccess: null, latencyMs: 42 };
    this.now = options.now ?? Date.now();
    this.pdfs = options.pdfs ?? {};
    this.details = options.details ?? {};
    this.sync = new Map(
      this.accounts.map((account) => [account.id, { ...this.#syncState(account.id), ...options.sync?.[account.id] }]),
    );
    this.api = this.#buildApi();
    const hub = createEventHub({ logger: this.viewsLog });
    hub.subscribe(({ name, payload }) => this.emit(name, payload as never));
    this.#stopProjection = projectInboxEvents(this.#bus, hub);
  }

  /** Stops the projection's pending change (a test that ends while one waits). */
  close(): void {
    this.#stopProjection();
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

  /** Whether the page listens for `event` yet (an event pushed before that is lost, as in the app). */
  listensTo(event: EventName): boolean {
    return (this.#listeners.get(event)?.size ?? 0) > 0;
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners.get(event) ?? []) (listener as (payload: EventPayload<E>) => void)(payload);
  }

  /** An account's registration or health moved: pushed with the overview, as main does. */
  webhooksChanged(accountId: string | null): void {
    this.emit('webhooks.changed', { accountId, overview: this.#webhooksOverview() });
  }

  /** An account's sync state moves, as main pushes it. */
  setSync(accountId: string, state: Partial<AccountSyncState>): void {
    const next = { ...(this.sync.get(accountId) ?? this.#syncState(accountId)), ...state };
    this.sync.set(accountId, next);
    this.emit('sync.changed', next);
  }

  /**
   * Quotes changed in the cache, as a sync pass stores a list page: the quotes whose item
   * moved are announced as the cache does (their details, if any, are behind the list now).
   */
  changeQuotes(accountId: string, quotes: QuoteListItem[]): void {
    const previous = this.quotes[accountId] ?? [];
    const before = new Map(previous.map((quote) => [quote.id, JSON.stringify(quote)]));
    this.quotes = { ...this.quotes, [accountId]: quotes };
    const moved = quotes.filter((quote) => before.get(quote.id) !== JSON.stringify(quote));
    // A test may also take quotes away (the cache never does but with its account): named too.
    const kept = new Set(quotes.map((quote) => quote.id));
    const gone = previous.filter((quote) => !kept.has(quote.id));
    this.#store(accountId, 'sync', [...moved, ...gone].map((quote) => storedQuote(quote, null)));
  }

  /** Details read in the background, as the core's details reader stores them: the facets learn their service types and target markets. */
  describeQuotes(accountId: string, details: QuoteDetails[]): void {
    this.details = { ...this.details, ...Object.fromEntries(details.map((each) => [each.id, each])) };
    this.#bus.publish('quotes.described', { accountId, count: details.length });
  }

  #store(accountId: string, source: 'sync' | 'decision', quotes: StoredQuote[]): void {
    if (quotes.length > 0) this.#bus.publish('quotes.stored', { accountId, source, baseline: false, quotes });
  }

  /**
   * A decision's answer carries the quote the core stored: its list row takes the new status
   * and total, its details are the answer's, and the cache's echo names it with their version,
   * before the answer reaches the page (the core stores it before it answers).
   */
  #echoDecision(accountId: string, result: DecisionResult): void {
    const quote = result.quote;
    if (!quote) return;
    this.details = { ...this.details, [quote.id]: quote };
    const listed = this.quotes[accountId] ?? [];
    this.quotes = { ...this.quotes, [accountId]: listed.map((item) => (item.id === quote.id ? { ...item, status: quote.status, totalPrice: quote.totalPrice } : item)) };
    const item = this.quotes[accountId]?.find((each) => each.id === quote.id);
    if (item) this.#store(accountId, 'decision', [storedQuote(item, quoteVersion(quote))]);
  }

  #syncState(accountId: string): AccountSyncState {
    return {
      accountId,
      phase: 'online',
      progress: null,
      lastSyncedAt: this.now - 60_000,
      offlineSince: null,
      rateLimitedUntil: null,
      summary: 'Up to date',
      message: null,
    };
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
      const value = answer();
      // Only an answer that is a promise (the core's own insights) waits a turn more: the others answer as before.
      return { ok: true, value: value instanceof Promise ? await value : value };
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

  /**
   * The inbox over the given quotes, answered by the core's own index
   * (main/core/cache/inbox): the same one-row-per-quote, filters, search, order and facets
   * as the app, so this fake cannot drift from it.
   */
  #query(input: MethodInput<'inbox.query'>): InboxWindow {
    const { sort = 'newest', offset = 0, limit = 100, ...selection } = input;
    const accounts = input.accountId === undefined ? this.accounts : [this.#find(input.accountId)];
    const window = this.#index().query({ ...this.#selection(selection), sort, offset, limit });
    return { ...window, accounts: accounts.map((account) => structuredClone(this.sync.get(account.id) ?? this.#syncState(account.id))) };
  }

  #facets(input: MethodInput<'inbox.facets'>): MethodOutput<'inbox.facets'> {
    if (input.accountId !== undefined) this.#find(input.accountId);
    const cache = { inbox: (query: Parameters<InboxIndex['query']>[0]) => this.#index().query(query) };
    const assignees = assigneeFacet(cache, input, { expiringSoonDays: EXPIRING_SOON_DAYS, now: this.now, hidden: this.snoozes.hidden(), teamQuotes: this.#teamQuotes });
    return { ...this.#index().facets(this.#selection(input)), assignees };
  }

  #selection(input: MethodInput<'inbox.facets'>): InboxFacetQuery {
    return teamSelectionOf(input, { expiringSoonDays: EXPIRING_SOON_DAYS, now: this.now, hidden: this.snoozes.hidden(), teamQuotes: this.#teamQuotes });
  }

  /** A team view's quotes as the core filters by them: those 'team.mine' answers now (none unless a test arranges it). */
  readonly #teamQuotes: TeamQuotes = Object.assign(
    (view: Parameters<TeamQuotes>[0]) => {
      const mine = (this.#arranged['team.mine'] as (() => MethodOutput<'team.mine'>) | undefined)?.();
      return new Set((mine?.[view] ?? []).map((ref) => ref.quoteId));
    },
    { assigneeOf: () => this.assignees },
  );

  /** Each assigned quote's assignee by quote id, as the team's state gives the core's assignee facet (none: no team). */
  assignees = new Map<string, QuoteAssignee>();

  /**
   * The index over the quotes of every account, loaded again when a test replaces the
   * quotes or the accounts (as the cache reloads what sync stored), and the PDF badges set
   * on it as they are at each query.
   */
  #index(): InboxIndex {
    if (this.#indexed.quotes !== this.quotes || this.#indexed.accounts !== this.accounts || this.#indexed.details !== this.details) {
      const index = new InboxIndex();
      // Stored details give their quote's service types and target markets, as the cache's facet columns do.
      const rows = this.accounts.flatMap((account) =>
        (this.quotes[account.id] ?? []).map((quote) => {
          const details = this.details[quote.id];
          return details ? { ...sourceRow(account.id, quote), ...pricingFacets(details) } : sourceRow(account.id, quote);
        }),
      );
      index.load(
        rows,
        new Map(this.accounts.map((account) => [account.id, account.access])),
        [],
        new Map(this.accounts.map((account) => [account.id, serviceOf(account.baseUrl)])),
      );
      this.#indexed = { quotes: this.quotes, accounts: this.accounts, details: this.details, index, pdfs: {} };
    }
    const indexed = this.#indexed;
    if (indexed.pdfs !== this.pdfs) {
      for (const account of this.accounts) {
        for (const quote of this.quotes[account.id] ?? []) indexed.index.setPdf(account.id, quote.id, this.pdfs[quote.id] ?? 'none');
      }
      indexed.pdfs = this.pdfs;
    }
    return indexed.index;
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

  /** A quote's detail from the "cache": the stored details, or none yet with the reason. */
  #detail(accountId: string, quoteId: string): QuoteDetailView {
    const account = this.#find(accountId);
    const details = this.details[quoteId] ?? null;
    const fetchedAt = details ? this.now - 60_000 : null;
    const list = (this.quotes[accountId] ?? []).find((quote) => quote.id === quoteId) ?? null;
    const own = details ?? list;
    // The core's own rule, over the internal keys' copies of the quote in this fake's lists.
    const stored = internalPeers(this.accounts, accountId).map((peer) => (this.quotes[peer] ?? []).find((quote) => quote.id === quoteId)?.status).find(Boolean) ?? null;
    return {
      accountId,
      quoteId,
      list,
      details,
      source: 'cache',
      fetchedAt,
      stale: false,
      notice: details ? null : "Quotedesk has not stored this quote's details yet, and the service could not be reached.",
      revisions: [],
      diff: null,
      pdf: { cached: false, outdated: false, bytes: null, fetchedAt: null, downloading: false },
      access: account.access,
      version: details ? quoteVersion(details) : null,
      cachedAt: fetchedAt === null ? null : new Date(fetchedAt).toISOString(),
      decidable: own ? decidability(own, account.access, stored) : { accept: false, decline: false },
    };
  }

  #syncStates(): AccountSyncState[] {
    return this.accounts.map((account) => this.sync.get(account.id) ?? this.#syncState(account.id));
  }

  #unreadSummary(): UnreadSummary {
    // Main's own count: a quote unread in two accounts of one service is one in the total.
    const unread = new Map(Object.entries(this.unread).map(([accountId, ids]) => [accountId, new Set(ids)]));
    const services = new Map(this.accounts.map((account) => [account.id, serviceOf(account.baseUrl)]));
    return summariseUnread(unread, (accountId) => services.get(accountId) ?? accountId);
  }

  #answers(): Answers {
    return {
      'app.info': () => this.info,
      'app.language': () => this.language.state(),
      'app.setLanguage': (input) => this.language.choose(input),
      'accounts.list': () => this.accounts,
      'accounts.add': (draft) => this.#add(draft as AccountDraft),
      'accounts.update': (update) => this.#update(update),
      'accounts.remove': (input) => {
        this.#find(input.id);
        this.accounts = this.accounts.filter((account) => account.id !== input.id);
        return { notes: this.removeNotes };
      },
      'accounts.test': (input) => (this.#find(input.id), this.report),
      'accounts.testDraft': () => this.report,
      'notifications.preferences': () => this.preferences,
      'notifications.setPreferences': (preferences) => (this.preferences = preferences as NotificationPreferences),
      'notifications.unread': () => this.#unreadSummary(),
      // As main does: the quotes read here are read in every account on the same service.
      'notifications.markRead': ({ accountId, quoteIds }) => {
        const service = this.#find(accountId).baseUrl;
        const read = quoteIds ?? this.unread[accountId] ?? [];
        for (const account of this.accounts.filter((candidate) => candidate.baseUrl === service)) {
          this.unread[account.id] = (this.unread[account.id] ?? []).filter((id) => !read.includes(id));
        }
        return this.#unreadSummary();
      },
      'notifications.markUnread': ({ accountId, quoteIds }) => {
        this.#find(accountId);
        this.unread[accountId] = [...new Set([...(this.unread[accountId] ?? []), ...quoteIds])];
        return this.#unreadSummary();
      },
      'inbox.query': (input) => this.#query(input),
      'inbox.facets': (input) => this.#facets(input),
      // The file is the core's to write (test/unit/core/export/bridge.test.ts); here, the count of the view it would hold.
      'inbox.export': ({ format, sort: _sort, selection: _picked, ...view }) => ({ kind: 'download', url: '/downloads/fake-export', fileName: `Quotes.${format}`, rows: this.#facets(view).total }),
      // Resolving a selection is the core's (test/unit/core/inbox/selection.test.ts).
      'selection.markRead': () => this.#notArranged('selection.markRead'),
      'selection.markUnread': () => this.#notArranged('selection.markUnread'),
      'selection.keepPdfsOffline': () => this.#notArranged('selection.keepPdfsOffline'),
      'selection.keepOfflinePlan': () => this.#notArranged('selection.keepOfflinePlan'),
      // No keep-offline job ran in the core unless a test arranges one.
      'selection.keepOfflineJob': () => null,
      'selection.stopKeepOffline': () => this.#notArranged('selection.stopKeepOffline'),
      'quotes.exportPricing': () => this.#notArranged('quotes.exportPricing'),
      'sync.status': () => this.#syncStates(),
      'sync.settings': () => ({ settings: { ...this.offline }, pdfs: { ...this.pdfUsage } }),
      'sync.setSettings': (change) => {
        this.offline = { ...this.offline, ...change };
        return { settings: { ...this.offline }, pdfs: { ...this.pdfUsage } };
      },
      'sync.refresh': (input) => {
        for (const state of this.#syncStates()) {
          if (!input?.accountId || state.accountId === input.accountId) this.sync.set(state.accountId, { ...state, lastSyncedAt: this.now });
        }
        return this.#syncStates();
      },
      'quotes.detail': (input) => this.#detail(input.accountId, input.quoteId),
      'quotes.extras': () => ({ people: [], summary: null }),
      'quotes.readAhead': () => undefined,
      'quotes.logo': (input) => ({ src: this.logos[input.quoteId] ?? null }),
      // The quote views' tests arrange their own answers; a test that calls one here gets a
      // clear failure rather than made-up data.
      'pdfs.get': () => this.#notArranged('pdfs.get'),
      'pdfs.status': () => this.#notArranged('pdfs.status'),
      'pdfs.open': () => this.#notArranged('pdfs.open'),
      'decisions.accept': () => this.#notArranged('decisions.accept'),
      'decisions.decline': () => this.#notArranged('decisions.decline'),
      'decisions.checkAgain': () => this.#notArranged('decisions.checkAgain'),
      'decisions.receipts': () => [],
      'decisions.savedReasons': () => [],
      'decisions.saveReasons': (reasons) => reasons,
      'decisions.outbox': () => this.outbox,
      'decisions.cancel': ({ id }) => {
        this.outbox = this.outbox.filter((entry) => entry.id !== id);
        this.emit('decisions.outboxChanged', { entries: this.outbox });
        return this.outbox;
      },
      'decisions.settings': () => this.decisionSettings,
      'decisions.setSettings': (settings) => (this.decisionSettings = settings),
      'decisions.startReports': () => this.startReports,
      'decisions.dismissStartReport': ({ entryId }) => {
        this.startReports = this.startReports.filter((report) => report.entryId !== entryId);
        this.emit('decisions.startReportsChanged', { reports: this.startReports });
        return this.startReports;
      },
      'decisions.dismissStartReports': () => {
        this.startReports = [];
        this.emit('decisions.startReportsChanged', { reports: this.startReports });
        return this.startReports;
      },
      'webhooks.status': () => this.#webhooksOverview(),
      'webhooks.setTunnel': (choice) => {
        this.webhooks.mode = choice.mode;
        this.webhooks.manualUrl = choice.mode === 'manual' ? choice.url : null;
        // As main: another way chosen, the team relay is forgotten.
        this.relay = { state: 'off', url: null, user: null, stream: null, accountId: null, consumer: '', lastEventAt: null, problem: null, source: null };
        if (choice.mode === 'manual' && choice.port !== undefined) this.webhookReceiver = { port: choice.port, unavailable: null, problem: null };
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
      'webhooks.check': ({ accountId }) => {
        this.#find(accountId);
        const url = this.webhooks.registered[accountId] ?? null;
        const failure = this.webhookReadFailures[accountId];
        return {
          accountId,
          checkedAt: Date.UTC(2026, 10, 22, 12, 30),
          registration: failure
            ? { state: 'unknown', registeredUrl: url, problem: `Could not read the registration: ${failure.message}` }
            : { state: url ? 'registered' : 'unregistered', registeredUrl: url, problem: null },
          publicUrl: this.webhookProbe ?? (url ? { result: 'reached', url, detail: 'The public address reached the receiver on this computer.' } : { result: 'not-tried', url: null, detail: 'There is no public address: choose a tunnel first.' }),
          lastVerifiedAt: this.webhookActivity.find((entry) => entry.accountId === accountId && entry.source === 'webhook' && entry.signature.ok)?.receivedAt ?? null,
        };
      },
      'webhooks.activity': (input) => {
        const limit = input.limit ?? 50;
        return this.webhookActivity.filter((entry) => (!input.accountId || entry.accountId === input.accountId) && (!input.type || entry.event === input.type)).slice(0, limit);
      },
      'webhooks.replay': ({ id }) => {
        const entry = this.webhookActivity.find((candidate) => candidate.id === id);
        if (entry?.source !== 'webhook' || !entry.signature.ok) throw this.#failure('invalid-input', 'Only a verified delivery can be replayed');
        return { caused: entry.caused };
      },
      'desktop.state': () => this.desktop,
      'desktop.setPreferences': (change) => {
        const { resident, openAtLogin, updateChannel } = change;
        if (resident !== undefined) this.desktop.resident.enabled = resident;
        if (openAtLogin !== undefined) this.desktop.openAtLogin.enabled = openAtLogin;
        if (updateChannel !== undefined) this.desktop.update.channel = updateChannel;
        return this.desktop;
      },
      'desktop.answerLoginOffer': ({ startAtLogin }) => {
        this.desktop = { ...this.desktop, loginOffer: false, openAtLogin: { supported: true, enabled: startAtLogin || this.desktop.openAtLogin.enabled } };
        return this.desktop;
      },
      'desktop.checkForUpdates': () => this.desktop,
      'desktop.restartToUpdate': () =>
        this.desktop.update.phase === 'ready' ? { restarting: true as const } : { restarting: false as const, reason: 'no-update' as const, message: 'No update is downloaded yet.' },
      'relay.status': () => this.relay,
      'relay.configure': (input) => {
        // As main: saved, the team relay is the choice (no tunnel).
        this.webhooks.mode = 'relay';
        const own = input.useTeamServer !== true;
        return (this.relay = { state: 'connected', url: own ? (input.url ?? null) : null, user: own ? input.user || null : null, stream: input.stream ?? 'QUOTEDESK', accountId: input.accountId, consumer: input.consumer || 'app-0123456789abcdef', lastEventAt: null, problem: null, source: own ? 'own' : 'team' });
      },
      'relay.test': () => this.relayTestAnswer,
      // Through the contract's schemas, as the dispatcher does: defaults filled, bad input refused.
      'views.list': () => ({ views: this.views.list(), last: this.views.last() }),
      'views.save': (input) => this.views.save(input.name, ViewQuery.parse(input.query)),
      'views.rename': (input) => this.views.rename(input.id, input.name),
      'views.remove': (input) => this.views.remove(input.id),
      'views.remember': (input) => this.views.remember(ViewQuery.parse(input)),
      // The core's own counting over the fake's index.
      'views.counts': ({ selections }) => ({
        counts: countSelections({ cache: { inbox: (query) => this.#index().query(query) }, clock: { now: () => this.now }, expiringSoonDays: EXPIRING_SOON_DAYS, hidden: () => this.snoozes.hidden(), teamQuotes: this.#teamQuotes }, selections),
      }),
      // The core's own snoozes, kept in memory: the quote's facts from the fake's lists.
      'snooze.list': () => this.snoozes.list(),
      'snooze.set': (input) => {
        const quote = (this.quotes[input.accountId] ?? []).find((candidate) => candidate.id === input.quoteId);
        if (!quote) throw this.#failure('not-found', 'That quote is not in this account any more, so it cannot be snoozed.');
        this.snoozes.set(input, { quoteNumber: quote.quoteNumber, projectName: quote.projectName, companyName: quote.companyName }, this.now);
        return this.#snoozesChanged();
      },
      'snooze.clear': ({ quoteId }) => (this.snoozes.clear(quoteId) ? this.#snoozesChanged() : this.snoozes.list()),
      // The core's own reading of the figures over the fake's index.
      'insights.figures': (input) => {
        if (input.accountId !== undefined) this.#find(input.accountId);
        return readInsights(this.#insightsDeps(), InsightsInput.parse(input), this.#insightsFacts());
      },
      // The core's own export of a table, the file offered at a download route as browser mode does.
      'insights.export': (input) =>
        createInsightsHandlers({
          ...this.#insightsDeps(),
          history: { feed: this.#insightsFeed(), cache: { get: () => null } },
          deliver: async () => ({ kind: 'download', url: '/downloads/fake-export' }),
        })['insights.export'](InsightsExportInput.parse(input)),
      // The core's own comparison over the fake's stored details (each quote once, as its cache holds them).
      'insights.history': ({ accountId, quoteId }) => {
        this.#find(accountId);
        const history = new PriceHistory();
        for (const [id, details] of Object.entries(this.details)) history.put(id, details);
        const details = this.details[quoteId];
        return { lines: details ? comparedWithHistory(history, quoteId, details, this.now) : [] };
      },
      // On no team unless a test arranges one (the team's own tests run the real desk).
      'team.state': () => noTeamView(),
      'team.mine': () => ({ assignedToMe: [], waitingForMe: [], myRequests: [] }),
      ...this.#offTeam(),
      // The core's own batching and approval reading over the thread a test arranges (none arranged: on no team, no marks).
      'inbox.teamMarks': (input) => {
        const thread = this.#arranged['team.thread'];
        const marks = thread
          ? async (quotes: readonly TeamQuoteInput[]) =>
              Promise.all(
                quotes.map(async (quote) => {
                  const said = await thread(quote);
                  const requests = [...said.approvals]
                    .sort((a, b) => a.at - b.at)
                    .map((approval) => ({ revision: approval.currentRevision ? 'current' : 'earlier', approval: (approval.decision === null ? 'requested' : approval.decision.approved ? 'approved' : 'refused') as TeamRowApproval }));
                  const assignee = said.assignee ? { name: said.assignee.name, email: said.assignee.email } : null;
                  return { quoteId: quote.quoteId, assignee, approval: approvalOfRevision({ assignee: null, requests }, 'current') };
                }),
              )
          : undefined;
        return createTeamMarkHandlers({ marks })['inbox.teamMarks']({ quotes: input.quotes });
      },
      ...this.#arranged,
    };
  }

  /** The unit-priced lines of the fake's stored details (each quote once), as the history feed keeps them. */
  #insightsFacts() {
    const unitPriceLines = new UnitPriceLines();
    for (const [id, details] of Object.entries(this.details)) unitPriceLines.put('fake', id, details);
    return { decisionTimes: new DecisionTimes(), revisionChanges: new Map(), unitPriceLines };
  }

  /** The history feed as the export reads it: the facts of the fake's stored details. */
  #insightsFeed(): HistoryFeed {
    return { ready: async () => new PriceHistory(), facts: async () => this.#insightsFacts(), quoteKeyOf: (_accountId, quoteId) => quoteId, start: () => () => {} };
  }

  /** What the core's Insights read over: the fake's index, clock and snoozes. */
  #insightsDeps() {
    return {
      cache: { inboxSelected: (query: InboxFacetQuery) => this.#index().selected(query) },
      clock: { now: () => this.now, sleep: () => Promise.resolve() },
      expiringSoonDays: EXPIRING_SOON_DAYS,
      hidden: () => this.snoozes.hidden(),
    };
  }

  /** What a team change answers on no team: refused, as the core refuses it. */
  #offTeam(): Pick<Answers, TeamChangeMethod> {
    const refuse = () => {
      throw this.#failure('invalid-state', 'this computer is on no team');
    };
    return Object.fromEntries(OFF_TEAM.map((method) => [method, refuse])) as unknown as Pick<Answers, TeamChangeMethod>;
  }

  /** The snoozes due at the fake's `now` wake, as the core's wake loop does at its time. */
  wakeSnoozes(): void {
    if (this.snoozes.wakeDue(this.now).length > 0) this.#snoozesChanged();
  }

  #snoozesChanged() {
    const snoozes = this.snoozes.list();
    this.emit('snooze.changed', snoozes);
    return snoozes;
  }

  /** How `method` answers from now on (a test's own data: a quote's detail, a decision's result). */
  arrange<M extends Method>(method: M, answer: (input: MethodInput<M>) => MethodOutput<M>): void {
    (this.#arranged as Record<string, unknown>)[method] = answer;
  }

  #webhookUrl(accountId: string): string | null {
    const origin = this.webhooks.mode === 'manual' ? this.webhooks.manualUrl : this.webhooks.mode === 'none' || this.webhooks.mode === 'relay' ? null : 'https://tunnel.example';
    return origin === null ? null : `${origin}/hooks/${accountId}`;
  }

  #webhooksOverview(): WebhooksOverview {
    const accounts = this.accounts.map((account): WebhookStatus => {
      const registeredUrl = this.foreignWebhookUrls[account.id] ?? this.webhooks.registered[account.id] ?? null;
      const takenOver = this.foreignWebhookUrls[account.id] !== undefined && this.webhooks.registered[account.id] !== undefined;
      const status: WebhookStatus = {
        accountId: account.id,
        mode: this.webhooks.mode,
        publicUrl: this.#webhookUrl(account.id),
        localUrl: `http://127.0.0.1:4100/hooks/${account.id}`,
        registeredUrl,
        state: takenOver ? 'taken-over' : this.webhooks.registered[account.id] ? 'registered' : 'unregistered',
        takenOver,
        lastVerifiedAt: this.webhookActivity.find((entry) => entry.accountId === account.id && entry.source === 'webhook' && entry.signature.ok)?.receivedAt ?? null,
        lastCheckedAt: null,
        signatureFailures: { count: this.webhookActivity.filter((entry) => entry.accountId === account.id && entry.source === 'webhook' && !entry.signature.ok).length, lastAt: null, lastReason: null },
        problem: null,
      };
      const failure = this.webhookReadFailures[account.id];
      if (!failure) return status;
      const { code, message, retryable } = failure;
      const problem = `Could not read the registration: ${message}`;
      return { ...status, state: 'unknown', takenOver: false, lastCheckedAt: Date.UTC(2026, 10, 22, 12, 30), problem, error: { code, message, retryable } };
    });
    return { mode: this.webhooks.mode, manualUrl: this.webhooks.manualUrl, cloudflaredAvailable: this.webhooks.cloudflaredAvailable, problem: null, receiver: this.webhookReceiver, accounts };
  }

  #buildApi(): BridgeApi {
    return buildApi<BridgeApi>(
      (method, input) =>
        this.#run(method, input, () => {
          const value = (this.#answers()[method] as (input: unknown) => unknown)(input);
          if (method === 'decisions.accept' || method === 'decisions.decline') this.#echoDecision((input as { accountId: string }).accountId, value as DecisionResult);
          return value;
        }),
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

/** What the cache announces of a stored quote (the projection reads its id and version). */
function storedQuote(quote: QuoteListItem, version: string | null): StoredQuote {
  return {
    quoteId: quote.id,
    quoteNumber: quote.quoteNumber,
    projectName: quote.projectName,
    companyName: quote.companyName,
    status: quote.status,
    totalPrice: quote.totalPrice ?? null,
    version,
    changes: [{ kind: 'updated', fields: [] }],
  };
}

/** A list item as the cache's columns hold it (the fake keeps no details in its inbox). */
function sourceRow(accountId: string, quote: QuoteListItem): InboxSourceRow {
  return {
    accountId,
    quoteId: quote.id,
    hasDetails: false,
    status: quote.status,
    quoteNumber: quote.quoteNumber,
    projectName: quote.projectName,
    companyName: quote.companyName,
    referenceNumber: quote.referenceNumber ?? null,
    totalAmount: quote.totalPrice?.amount ?? null,
    currency: quote.totalPrice?.currency ?? null,
    quoteDate: quote.quoteDate,
    deadlineForQuote: quote.deadlineForQuote,
    projectDueDate: quote.projectDueDate,
    validUntil: quote.validUntil ?? null,
  };
}
