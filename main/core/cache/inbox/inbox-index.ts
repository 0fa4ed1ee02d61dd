import type { KeyAccess } from '../../../../preload/contract';
import { quoteDateMs, timeOf } from '../../database/sort-keys';
import type { InboxSourceRow, PdfRow } from '../../database/types';
import { DAY_MS, FacetCounter, FacetFilter, FacetValues } from './facets';
import type { ValueFacet } from './facets';
import { QuoteEntry, QuoteView, Scope } from './members';
import { compare } from './sorted-order';
import { containsAll } from './search-text';
import { FoundBuilder } from './search-text';
import type { Found } from './search-text';
import { QuoteFacts } from './facts';
import { rowOf } from './rows';
import { chooseWindow } from './window-select';
import type { AccountState, Member } from './members';
import { narrows, needsAction, searchedFieldsDiffer, searchWords, stageOf } from './status';
import { INBOX_STAGES } from './types';
import type { InboxFacetQuery, InboxFacets, InboxQuery, InboxRow, InboxWindow, PdfBadge, QuoteAtAGlance, SelectedQuotes } from './types';
import type { SelectionScratch } from './selection-scratch';

/** More changes than this since the last search: a scan costs less than patching its result. */
const PATCH_LIMIT = 256;
/** Up to this far down a search's result, its window is chosen by key (window-select.ts); further down the order is walked or the matches sorted. */
const CHOOSE_LIMIT = 2_000;

/**
 * The inbox's in-memory index over the cache. Each quote is one entry across the accounts
 * that see it (same service, same id), with each account's view of its status. The scope
 * of each account and the scope of all accounts keep their own orders, kept sorted as
 * quotes change, and their own compact search text, so a query of one account never walks
 * another's quotes.
 */
export class InboxIndex {
  private readonly accounts = new Map<string, AccountState>();
  /** Key kinds and services known before (or without) any quote of the account. */
  private readonly access = new Map<string, KeyAccess>();
  private readonly services = new Map<string, string>();
  private quoteCount = 0;
  private readonly facts = new QuoteFacts();
  private all = new Scope(this.facts);
  /** By account, then quote. */
  private readonly pdfs = new Map<string, Map<string, PdfBadge>>();
  private readonly dictionaries: Record<ValueFacet, FacetValues> = {
    companies: new FacetValues(),
    currencies: new FacetValues(),
    serviceTypes: new FacetValues(),
    targetMarkets: new FacetValues(),
  };
  private readonly freeOrdinals: number[] = [];
  private nextOrdinal = 0;
  /**
   * One copy of each repeated value (account, status, company, currency, the day-only dates),
   * kept after the load too: a first sync puts every quote one by one, and each value read
   * from SQLite or parsed from JSON is a new string (about 150 bytes a quote). Few distinct
   * values: companies are in the facet dictionary anyway, dates are days.
   */
  private readonly shared = new Map<string, string>();


  load(
    rows: Iterable<InboxSourceRow>,
    access: ReadonlyMap<string, KeyAccess>,
    pdfs: readonly PdfRow[],
    services: ReadonlyMap<string, string> = new Map(),
  ): void {
    this.beginLoad(access, pdfs, services);
    try {
      this.loadRows(rows);
    } finally {
      this.endLoad();
    }
  }

  /**
   * A load in steps (the cache builds the index in slices between other work): empties the
   * index and takes the accounts' facts; then `loadRows` as often as needed, then `endLoad`.
   * Changes `put` in between are kept: a row loaded later is the stored row, as new as they.
   */
  beginLoad(access: ReadonlyMap<string, KeyAccess>, pdfs: readonly PdfRow[], services: ReadonlyMap<string, string> = new Map()): void {
    this.accounts.clear();
    this.access.clear();
    this.services.clear();
    this.quoteCount = 0;
    this.nextOrdinal = 0;
    this.freeOrdinals.length = 0;
    this.pdfs.clear();
    for (const [accountId, kind] of access) this.access.set(accountId, kind);
    for (const [accountId, service] of services) this.services.set(accountId, service);
    for (const pdf of pdfs) this.pdfsOf(pdf.accountId).set(pdf.quoteId, pdf.outdated ? 'outdated' : 'cached');
    this.all = new Scope(this.facts);
    this.shared.clear();
  }

  loadRows(rows: Iterable<InboxSourceRow>): void {
    // The rows read for the load are the index's own: kept as they are (`shareIn`).
    for (const row of rows) this.putRow(row, this.shareIn(row));
  }

  endLoad(): void {
    // The scopes are new: each order is built at its first read, in one sort.
  }

  setAccess(accountId: string, access: KeyAccess): void {
    if (this.access.get(accountId) === access) return;
    this.access.set(accountId, access);
    const account = this.accounts.get(accountId);
    if (!account) return;
    account.access = access;
    for (const view of account.views.values()) {
      view.needsAction = needsAction(access, view.source.status, view.source.quoteNumber);
      this.refresh(view.quote);
    }
  }

  /**
   * Tells the index which service an account is on (its base URL's origin, as
   * `serviceOf` writes it; null: unknown): accounts on one service see one quote per id.
   */
  setService(accountId: string, service: string | null): void {
    if ((this.services.get(accountId) ?? null) === service) return;
    if (service === null) this.services.delete(accountId);
    else this.services.set(accountId, service);
    const account = this.accounts.get(accountId);
    if (!account) return;
    // Its quotes change identity: out of the quotes they shared, into those of the new service.
    const views = [...account.views.values()];
    for (const view of views) this.dropView(view);
    account.service = service;
    account.namespace = namespaceOf(accountId, service);
    for (const view of views) this.put({ ...view.source, serviceTypes: view.serviceTypes, targetMarkets: view.targetMarkets });
  }

  put(row: InboxSourceRow): void {
    this.putRow(row, this.sourceOf(row));
  }

  /** Puts `row`, keeping `kept`: its columns as the index may hold them (repeated values shared). */
  private putRow(row: InboxSourceRow, kept: InboxSourceRow): void {
    const account = this.accountOf(row.accountId);
    let view = account.views.get(row.quoteId);
    if (!view) {
      const quote = this.entryOf(account.namespace, row.quoteId) ?? this.newQuote(account.namespace, row.quoteId);
      view = new QuoteView(account, quote);
      view.pdf = this.pdfs.get(account.id)?.get(row.quoteId) ?? 'none';
      quote.addView(view);
      account.views.set(row.quoteId, view);
      account.scope.add(view);
    }
    // The text the quote showed before: its shown view's row, which this row may replace.
    const shownBefore = view.quote.textSlot < 0 ? null : view.quote.shown.source;
    view.source = kept;
    view.stageNumber = INBOX_STAGES.indexOf(stageOf(row.status, row.quoteNumber));
    view.needsAction = needsAction(account.access, row.status, row.quoteNumber);
    // The list item does not carry them: a list change keeps what the details said.
    if (row.serviceTypes !== undefined) view.serviceTypes = row.serviceTypes;
    if (row.targetMarkets !== undefined) view.targetMarkets = row.targetMarkets;
    this.refresh(view.quote, shownBefore);
  }

  setPdf(accountId: string, quoteId: string, badge: PdfBadge): void {
    if (badge === 'none') this.pdfs.get(accountId)?.delete(quoteId);
    else this.pdfsOf(accountId).set(quoteId, badge);
    const view = this.accounts.get(accountId)?.views.get(quoteId);
    if (view) view.pdf = badge;
  }

  removeAccount(accountId: string): void {
    const account = this.accounts.get(accountId);
    this.accounts.delete(accountId);
    this.access.delete(accountId);
    this.services.delete(accountId);
    this.pdfs.delete(accountId);
    // Its own scope goes whole; the quotes it shared with other accounts stay, seen by those.
    for (const view of account?.views.values() ?? []) this.leaveQuote(view);
  }

  /** How many quotes the index holds (a quote seen by two accounts counts once). */
  get size(): number {
    return this.quoteCount;
  }

  query(query: InboxQuery): InboxWindow {
    const { offset } = query;
    const end = offset + query.limit;
    const scope = this.scopeOf(query.accountId);
    if (!scope) return { rows: [], total: 0, offset };
    const keep = this.filterOf(scope, query);
    const matched = this.search(scope, searchWords(query.search));
    const order = scope.ordered(query.sort);
    const rows: InboxRow[] = [];
    if (matched === null && keep === null) {
      // The whole scope: the window is a slice of the order.
      for (let index = offset; index < end && index < order.length; index += 1) rows.push(rowOf(order[index]!));
      return { rows, total: order.length, offset };
    }
    if (matched !== null && end <= CHOOSE_LIMIT) {
      // A search's window near the top: chosen from the matches by their keys.
      const chosen = chooseWindow(matched, scope.keysOf(query.sort), end, (slot) => scope.text.memberAt(slot)!, keep);
      for (let index = offset; index < chosen.slots.length; index += 1) rows.push(rowOf(scope.text.memberAt(chosen.slots[index]!)!));
      return { rows, total: chosen.total, offset };
    }
    if (matched === null || sortingIsCheaper(matched.length, order.length, end)) {
      // Every member passes through the filters (few matches: sorted by the key the order placed them under).
      const candidates = matched === null ? order : Array.from(matched, (slot) => scope.text.memberAt(slot)!).sort(byKey(scope.keysOf(query.sort)));
      let total = 0;
      for (let index = 0; index < candidates.length; index += 1) {
        const member = candidates[index]!;
        if (keep !== null && !keep(member.textSlot)) continue;
        if (total >= offset && total < end) rows.push(rowOf(member));
        total += 1;
      }
      return { rows, total, offset };
    }
    // Many matches (a first letter): counted from the matches, and the window read from the
    // order only as far as it reaches, rather than a walk of the whole order.
    let total = matched.length;
    if (keep !== null) {
      total = 0;
      for (let index = 0; index < matched.length; index += 1) if (keep(matched[index]!)) total += 1;
    }
    const stamp = scope.stampSlots(matched);
    const stamps = scope.stamps;
    let seen = 0;
    for (let index = 0; index < order.length && seen < end; index += 1) {
      const member = order[index]!;
      const slot = member.textSlot;
      if (stamps[slot] !== stamp || (keep !== null && !keep(slot))) continue;
      if (seen >= offset) rows.push(rowOf(member));
      seen += 1;
    }
    return { rows, total, offset };
  }

  /** Counts per facet value of the quotes the query's search, stages and filters select. */
  facets(query: InboxFacetQuery): InboxFacets {
    const counter = new FacetCounter(this.dictionaries, query, query.now);
    const scope = this.scopeOf(query.accountId);
    if (!scope) return counter.result();
    const base = this.baseFilterOf(scope, query);
    const facetFilter = new FacetFilter(query, this.dictionaries, query.now);
    const matched = this.search(scope, searchWords(query.search));
    const { ordinalOf, stageOf } = scope;
    const facts = this.facts;
    const count = (slot: number) => {
      const ordinal = ordinalOf[slot]!;
      if (ordinal < 0 || (base !== null && !base(slot))) return;
      const stage = stageOf[slot]!;
      counter.cover(facts.described[ordinal] === 1);
      counter.add(stage, ordinal, facts, facetFilter.failures(stage, ordinal, facts));
    };
    if (matched === null) for (let slot = 0, slots = scope.slots; slot < slots; slot += 1) count(slot);
    else for (let index = 0; index < matched.length; index += 1) count(matched[index]!);
    return counter.result();
  }

  /**
   * The quotes a selection holds (what `query` would list, with every filter), as the index's
   * columns rather than rows: their ordinals into `facts` and the stage the scope shows, so
   * 100,000 quotes are counted without a row or an object each (Insights).
   */
  selected(query: InboxFacetQuery, scratch?: SelectionScratch): SelectedQuotes {
    const scope = this.scopeOf(query.accountId);
    const names = { companies: this.dictionaries.companies.values, currencies: this.dictionaries.currencies.values, serviceTypes: this.dictionaries.serviceTypes.values, targetMarkets: this.dictionaries.targetMarkets.values };
    if (!scope) return { count: 0, ordinals: new Int32Array(0), stages: new Uint8Array(0), facts: this.facts, names, quoteIdOf: () => '' };
    const keep = this.filterOf(scope, query);
    const matched = this.search(scope, searchWords(query.search));
    const slots = matched === null ? scope.slots : matched.length;
    // A caller that reads each selection at once lends its buffers: three fresh columns of
    // 100,000 quotes at every read were most of what a read allocated (and what collected).
    const buffers = scratch ? scratch.fit(slots) : { ordinals: new Int32Array(slots), stages: new Uint8Array(slots), slotOf: new Int32Array(slots) };
    const { ordinals, stages, slotOf } = buffers;
    const { ordinalOf, stageOf } = scope;
    let count = 0;
    for (let index = 0; index < slots; index += 1) {
      const slot = matched === null ? index : matched[index]!;
      const ordinal = ordinalOf[slot]!;
      if (ordinal < 0 || (keep !== null && !keep(slot))) continue;
      ordinals[count] = ordinal;
      stages[count] = stageOf[slot]!;
      slotOf[count] = slot;
      count += 1;
    }
    return { count, ordinals, stages, facts: this.facts, names, quoteIdOf: (at) => scope.text.memberAt(slotOf[at]!)!.quote.quoteId };
  }

  /**
   * Up to `limit` of an account's quotes whose service types and target markets no account's
   * details gave yet, newest first: what the background reader fetches next. Read from the
   * quotes themselves, so it cannot drift from what the facets count.
   */
  undescribed(accountId: string, limit: number): string[] {
    const scope = this.accounts.get(accountId)?.scope;
    if (!scope) return [];
    const found: string[] = [];
    for (const member of scope.ordered('newest')) {
      if (found.length >= limit) break;
      if (this.facts.described[member.quote.ordinal] !== 1) found.push(member.quote.quoteId);
    }
    return found;
  }

  /** Whether the quote an account sees has known service types and target markets (some account's details, or refused ones). */
  describes(accountId: string, quoteId: string): boolean {
    const quote = this.accounts.get(accountId)?.views.get(quoteId)?.quote;
    return quote !== undefined && this.facts.described[quote.ordinal] === 1;
  }

  /** The IDs of an account's quotes needing action, newest first: what a query would return, without copying each row. */
  needingAction(accountId: string): string[] {
    return this.viewsNeedingAction(accountId).map((view) => view.quote.quoteId);
  }

  /** An account's quotes needing action, newest first, with the fields a reminder shows. */
  needingActionAtAGlance(accountId: string): QuoteAtAGlance[] {
    return this.viewsNeedingAction(accountId).map((view) => {
      const row = view.source;
      return {
        id: row.quoteId,
        quoteNumber: row.quoteNumber,
        projectName: row.projectName,
        companyName: row.companyName,
        status: row.status,
        // The columns split a price in two; a price always has both (Money requires them).
        totalPrice: row.totalAmount === null || row.currency === null ? null : { amount: row.totalAmount, currency: row.currency },
        validUntil: row.validUntil,
      };
    });
  }

  private viewsNeedingAction(accountId: string): QuoteView[] {
    const scope = this.accounts.get(accountId)?.scope;
    // An account's scope holds its views, which show themselves.
    return scope ? scope.ordered('newest').flatMap((member) => (member.shown.needsAction ? [member.shown] : [])) : [];
  }

  private scopeOf(accountId: string | undefined): Scope | null {
    if (accountId === undefined) return this.all;
    return this.accounts.get(accountId)?.scope ?? null;
  }

  /**
   * The slots of the scope's members whose text holds every word, ascending, or null
   * without words. A search for more letters than the last (each of its words inside one of
   * the new ones) narrows the last result while few quotes changed since; otherwise each
   * block's text is scanned for the longest word.
   */
  private search(scope: Scope, words: readonly string[]): Int32Array | null {
    if (words.length === 0) return null;
    const found = this.fromLastSearch(scope, words) ?? scope.text.find(words);
    scope.lastSearch = { words, version: scope.text.version, found };
    return found.slots;
  }

  /**
   * The result of the same words, or of more letters, from the last search's: its members
   * (narrowed to the new words when they differ), less those changed since, plus those of
   * the changed that match now. Null when the changes are too many to patch.
   */
  private fromLastSearch(scope: Scope, words: readonly string[]): Found | null {
    const last = scope.lastSearch;
    if (last === null) return null;
    const changes = scope.text.changedSince(last.version);
    if (changes === null || changes.length > PATCH_LIMIT) return null;
    const same = words.length === last.words.length && words.every((word, index) => word === last.words[index]);
    if (!same && !narrows(words, last.words)) return null;
    if (same && changes.length === 0) return last.found;
    let kept = last.found;
    if (changes.length > 0) {
      const touched = new Uint8Array(scope.slots);
      for (const slot of changes) touched[slot] = 1;
      const untouched = new FoundBuilder(kept.slots.length);
      for (let index = 0; index < kept.slots.length; index += 1) if (touched[kept.slots[index]!] === 0) untouched.add(kept.slots[index]!, kept.at[index]!);
      kept = untouched.done();
    }
    const shift = words[0]!.indexOf(last.words[0]!);
    if (!same && changes.length === 0 && !scope.text.narrowingPays(kept, shift, words[0]!)) return null;
    const narrowed = same ? kept : scope.text.narrow(kept, shift, words, last.words);
    if (changes.length === 0) return narrowed;
    // The changed members that match now, merged in by slot.
    const fresh = [...new Set(changes)].sort((a, b) => a - b).filter((slot) => {
      const member = scope.text.memberAt(slot);
      return member !== null && containsAll(member.searchText, words, 0);
    });
    const matching = new FoundBuilder(fresh.length);
    for (const slot of fresh) matching.add(slot, scope.text.memberAt(slot)!.searchText.indexOf(words[0]!));
    return mergeBySlot(narrowed, matching.done());
  }

  /** Everything a query asks but its search, by slot of the scope; null when it asks nothing else. */
  private filterOf(scope: Scope, query: InboxFacetQuery): ((slot: number) => boolean) | null {
    const base = this.baseFilterOf(scope, query);
    const facets = new FacetFilter(query, this.dictionaries, query.now);
    if (!facets.active) return base;
    const { ordinalOf, stageOf } = scope;
    const facts = this.facts;
    return (slot) => (base === null || base(slot)) && facets.failures(stageOf[slot]!, ordinalOf[slot]!, facts) === 0;
  }

  /** The filters that are not facets: needs action, expiring soon, chosen quotes, hidden quotes; null without any. */
  private baseFilterOf(scope: Scope, query: InboxFacetQuery): ((slot: number) => boolean) | null {
    const shown = this.chosenFilterOf(scope, query);
    const hidden = query.hidden !== undefined && query.hidden.size > 0 ? query.hidden : null;
    if (hidden === null) return shown;
    const { text } = scope;
    return (slot) => !hidden.has(text.memberAt(slot)!.quote.quoteId) && (shown === null || shown(slot));
  }

  /** Needs action, expiring soon, chosen quotes; null without any. */
  private chosenFilterOf(scope: Scope, query: InboxFacetQuery): ((slot: number) => boolean) | null {
    const expiringBefore = query.expiringWithinDays === undefined ? null : query.now + query.expiringWithinDays * DAY_MS;
    const ids = query.quoteIds ? new Set(query.quoteIds) : null;
    const wanted = query.needsAction === undefined ? -1 : query.needsAction ? 1 : 0;
    if (wanted < 0 && expiringBefore === null && ids === null) return null;
    const { now } = query;
    const { needsOf, ordinalOf } = scope;
    const validMs = this.facts.validMs;
    return (slot) => {
      if (wanted >= 0 && needsOf[slot] !== wanted) return false;
      if (expiringBefore !== null) {
        const valid = validMs[ordinalOf[slot]!]!;
        if (!(needsOf[slot] === 1 && valid >= now && valid <= expiringBefore)) return false;
      }
      return ids === null || ids.has(scope.text.memberAt(slot)!.quote.quoteId);
    };
  }

  private accountOf(accountId: string): AccountState {
    let account = this.accounts.get(accountId);
    if (!account) {
      const service = this.services.get(accountId) ?? null;
      account = {
        id: this.share(accountId),
        access: this.access.get(accountId) ?? 'internal',
        service,
        namespace: namespaceOf(accountId, service),
        views: new Map(),
        scope: new Scope(this.facts),
      };
      this.accounts.set(accountId, account);
    }
    return account;
  }

  /**
   * The quote of this id that an account on this service already sees: found through the
   * accounts' own maps (a few accounts), not a map of every quote (50 bytes a quote).
   */
  private entryOf(namespace: string, quoteId: string): QuoteEntry | undefined {
    for (const account of this.accounts.values()) {
      if (account.namespace !== namespace) continue;
      const view = account.views.get(quoteId);
      if (view) return view.quote;
    }
    return undefined;
  }

  private newQuote(namespace: string, quoteId: string): QuoteEntry {
    const ordinal = this.freeOrdinals.pop() ?? this.nextOrdinal++;
    this.facts.bear(ordinal);
    const quote = new QuoteEntry(namespace, quoteId, ordinal);
    this.quoteCount += 1;
    return quote;
  }

  private pdfsOf(accountId: string): Map<string, PdfBadge> {
    let badges = this.pdfs.get(accountId);
    if (!badges) this.pdfs.set(accountId, (badges = new Map()));
    return badges;
  }

  /** Takes a view out of its account and its quote (the quote goes with its last view). */
  private dropView(view: QuoteView): void {
    view.account.views.delete(view.quote.quoteId);
    view.account.scope.remove(view);
    this.leaveQuote(view);
  }

  private leaveQuote(view: QuoteView): void {
    const quote = view.quote;
    if (quote.removeView(view) > 0) {
      this.refresh(quote);
      return;
    }
    this.all.remove(quote);
    this.quoteCount -= 1;
    this.freeOrdinals.push(quote.ordinal);
  }

  /**
   * After a view changed: which view the quote shows, its shared fields, and the orders
   * and search text of every scope it is in.
   */
  private refresh(quote: QuoteEntry, shownBefore: InboxSourceRow | null = quote.textSlot < 0 ? null : quote.shown.source): void {
    const isNew = quote.textSlot < 0;
    quote.sortViews(preferred);
    const views = quote.views;
    const shown = views[0]!;
    quote.shown = shown;
    const row = shown.source;
    const textChanged = shownBefore === null || searchedFieldsDiffer(shownBefore, row);
    const described = views.find((view) => view.serviceTypes !== undefined || view.targetMarkets !== undefined);
    this.facts.set(
      quote.ordinal,
      {
        quoteMs: quoteDateMs(row.quoteDate),
        dueMs: time(row.projectDueDate, Number.POSITIVE_INFINITY),
        validMs: time(row.validUntil, Number.POSITIVE_INFINITY),
        company: row.companyName === null ? -1 : this.dictionaries.companies.idOf(row.companyName),
        currency: row.currency === null ? -1 : this.dictionaries.currencies.idOf(row.currency),
        serviceTypes: idsOf(described?.serviceTypes, this.dictionaries.serviceTypes),
        targetMarkets: idsOf(described?.targetMarkets, this.dictionaries.targetMarkets),
        described: described !== undefined,
      },
      row,
    );
    if (isNew) this.all.add(quote);
    else this.all.touch(quote, textChanged);
    for (const view of views) view.account.scope.touch(view, textChanged);
  }

  /** The copy of `value` the index already holds; values read from SQLite are new strings each time. */
  private share<T extends string | null>(value: T): T {
    if (value === null) return value;
    const known = this.shared.get(value);
    if (known !== undefined) return known as T;
    this.shared.set(value, value);
    return value;
  }

  /** A row read for the load (its own object, with nothing but the columns): kept as it is, its repeated values shared. */
  private shareIn(row: InboxSourceRow): InboxSourceRow {
    row.accountId = this.share(row.accountId);
    row.status = this.share(row.status);
    row.companyName = this.share(row.companyName);
    row.currency = this.share(row.currency);
    row.deadlineForQuote = this.share(row.deadlineForQuote);
    row.projectDueDate = this.share(row.projectDueDate);
    return row;
  }

  /** The columns alone: a row the cache just stored also holds its JSON documents, which the index must not keep alive. */
  private sourceOf(row: InboxSourceRow): InboxSourceRow {
    return {
      accountId: this.share(row.accountId),
      quoteId: row.quoteId,
      hasDetails: row.hasDetails,
      status: this.share(row.status),
      quoteNumber: row.quoteNumber,
      projectName: row.projectName,
      companyName: this.share(row.companyName),
      referenceNumber: row.referenceNumber,
      totalAmount: row.totalAmount,
      currency: this.share(row.currency),
      quoteDate: row.quoteDate,
      deadlineForQuote: this.share(row.deadlineForQuote),
      projectDueDate: this.share(row.projectDueDate),
      validUntil: row.validUntil,
    };
  }
}

/** A service's namespace is its origin; an account of unknown service has its own (no origin starts with \u0001). */
const namespaceOf = (accountId: string, service: string | null) => service ?? `\u0001${accountId}`;

const time = timeOf;

function idsOf(values: readonly string[] | undefined, dictionary: FacetValues): number[] {
  return values ? [...new Set(values)].map((value) => dictionary.idOf(value)) : [];
}

/** The view a row across accounts shows: one that needs action, then a client key's, then by account. */
function preferred(a: QuoteView, b: QuoteView): number {
  if (a.needsAction !== b.needsAction) return a.needsAction ? -1 : 1;
  if (a.account.access !== b.account.access) return a.account.access === 'client' ? -1 : 1;
  return a.account.id < b.account.id ? -1 : a.account.id > b.account.id ? 1 : 0;
}

/**
 * Whether `matches` members sorted by themselves (about m·log2 m comparisons, each reading two
 * members) cost less than walking the scope's order until the window's `end` is reached
 * (about end·n/m members read, all n at most).
 */
function sortingIsCheaper(matches: number, scope: number, end: number): boolean {
  return matches * Math.log2(matches + 1) < Math.min(scope, (end * scope) / Math.max(matches, 1));
}

/** Two results, ascending by slot and without a slot in common, as one. */
function mergeBySlot(a: Found, b: Found): Found {
  if (b.slots.length === 0) return a;
  const merged = new FoundBuilder(a.slots.length + b.slots.length);
  let i = 0;
  let j = 0;
  while (i < a.slots.length || j < b.slots.length) {
    const fromA = j >= b.slots.length || (i < a.slots.length && a.slots[i]! < b.slots[j]!);
    const source = fromA ? a : b;
    const index = fromA ? i++ : j++;
    merged.add(source.slots[index]!, source.at[index]!);
  }
  return merged.done();
}

/** Members in an order's sequence, by the keys it placed them under (`keys`: by slot, of a settled order). */
function byKey(keys: Float64Array): (a: Member, b: Member) => number {
  return (a, b) => compare(keys[a.textSlot]!, a, keys[b.textSlot]!, b);
}
